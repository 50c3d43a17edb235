"""``chinese-ten replay FILE``: check a record turn by turn and print the scores.

The record may come from anyone: its names and the file name are drawn as Rich ``Text``
(never markup), and the file name with its control characters made visible.
"""

import json
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chinese_ten.names import visible
from chinese_ten.records import load_and_replay, replay_summary
from chinese_ten.wording import says, signed


def run_replay(path: Path, *, as_json: bool) -> int:
    record, states = load_and_replay(path)
    summary = replay_summary(record, states)
    if as_json:
        print(json.dumps(summary))
        return 0
    names = record.players
    table = Table(title=Text(f"{visible(path.name)}: {names[0]} v {names[1]}"))
    table.add_column("Deal", justify="right")
    table.add_column("Dealer")
    for name in names:
        table.add_column(Text(f"{name} points"), justify="right")
    for name in names:
        table.add_column(Text(f"{name} result"), justify="right")
    for k, deal in enumerate(summary["deals"], start=1):
        results = deal["results"] or ["unfinished", "unfinished"]
        table.add_row(
            str(k),
            Text(names[deal["dealer"]]),
            *(str(p) for p in deal["points"]),
            *(signed(r) if isinstance(r, int) else r for r in results),
        )
    totals = summary["totals"]
    table.add_section()
    table.add_row("Total", "", "", "", signed(totals[0]), signed(totals[1]), style="bold")
    console = Console()
    console.print(table)
    planned = record.deals_planned
    done = sum(1 for d in summary["deals"] if d["complete"])
    if summary["winner"] is not None:
        verdict = f"{says(names[summary['winner']], 'wins the series')}."
    elif planned is not None and done == planned and summary["deals"][-1]["complete"]:
        verdict = "The series is tied."
    else:
        of = f" of {planned}" if planned else ""
        deals = "deal" if (planned or done) == 1 else "deals"
        verdict = f"{done}{of} {deals} finished; no series result yet."
    console.print(Text(verdict))
    return 0
