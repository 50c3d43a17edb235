"""``chinese-ten replay FILE``: check a record turn by turn and print the scores.

The record may come from anyone: its names and the file name are drawn as Rich ``Text``
(never markup), and the file name with its control characters made visible. Every seat is
shown, 2, 3 or 4; with 3 or 4 a column says who won each deal, or who shares it.
"""

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chinese_ten.game.table import record_you, shown_names
from chinese_ten.lang.i18n import _, ngettext
from chinese_ten.store.records import load_and_replay, replay_summary
from chinese_ten.text.names import visible
from chinese_ten.text.wording import is_you, listed, signed, versus


def run_replay(path: Path, *, as_json: bool) -> int:
    record, states = load_and_replay(path)
    summary = replay_summary(record, states)
    if as_json:
        print(json.dumps(summary))
        return 0
    names: Sequence[str] = shown_names(record)  # default names in the reader's language
    many = len(names) > 2
    title = _("{file}: {first} v {second}").format(
        file=visible(path.name), first=names[0], second=versus(names[1:])
    )
    table = Table(title=Text(title))
    table.add_column(_("Deal"), justify="right")
    table.add_column(_("Dealer"))
    if many:  # a column a seat, "points (result)", so four seats fit 80 columns
        for name in names:
            table.add_column(Text(name), justify="right")
        table.add_column(_("Winner"))
    else:
        for name in names:
            table.add_column(Text(_("{name} points").format(name=name)), justify="right")
        for name in names:
            table.add_column(Text(_("{name} result").format(name=name)), justify="right")
    for k, deal in enumerate(summary["deals"], start=1):
        results = deal["results"] or [_("unfinished")] * len(names)
        shown = [signed(r) if isinstance(r, int) else r for r in results]
        if many:
            cells = [
                f"{points} ({result})" for points, result in zip(deal["points"], shown, strict=True)
            ]
            cells.append(_deal_winner(names, deal["winners"]))
        else:
            cells = [*(str(p) for p in deal["points"]), *shown]
        table.add_row(str(k), Text(names[deal["dealer"]]), *(Text(cell) for cell in cells))
    totals = summary["totals"]
    table.add_section()
    if many:
        table.add_row(_("Total"), "", *(signed(t) for t in totals), "", style="bold")
    else:
        blank = [""] * len(names)
        table.add_row(_("Total"), "", *blank, *(signed(t) for t in totals), style="bold")
    console = Console()
    console.print(table)
    you = record_you(record)
    if you is not None and not is_you(names[you]):  # a name typed is named, as the file says
        you = None
    console.print(Text(_verdict(record.deals_planned, names, summary, you)))
    return 0


def _deal_winner(names: Sequence[str], winners: list[int] | None) -> str:
    """A finished deal's winner, or the players who share it (equal highest scores): the
    column says "winner", so ``Ana and Ben`` reads as both, and stays narrow at 80 columns."""
    if winners is None:
        return ""
    return listed([names[s] for s in winners])


def _verdict(
    planned: int | None, names: Sequence[str], summary: dict[str, Any], you: int | None
) -> str:
    """The series result as one whole sentence per case (a name is a placeholder, so each
    language can agree with it; the seat ``you``, the human against the computer, is
    addressed as "you")."""
    done = sum(1 for d in summary["deals"] if d["complete"])
    if summary["winner"] is not None:
        if summary["winner"] == you:
            return _("You win the series.")
        return _("{name} wins the series.").format(name=names[summary["winner"]])
    if planned is not None and done == planned and summary["deals"][-1]["complete"]:
        sharing = summary.get("winners") or []  # listed from three seats on
        if 1 < len(sharing) < len(names):
            if you in sharing:
                others = listed([names[s] for s in sharing if s != you])
                return _("You share the series with {names}.").format(names=others)
            return _("{names} share the series.").format(names=listed([names[s] for s in sharing]))
        return _("The series is tied.")
    if planned == 1:  # its one deal is unfinished
        return _("0 of 1 deal finished; no series result yet.")
    if planned:  # the words agree with the deals finished in French and Portuguese
        return ngettext(
            "{done} of {planned} deals finished; no series result yet.",
            "{done} of {planned} deals finished; no series result yet.",
            done,
        ).format(done=done, planned=planned)
    return ngettext(
        "{done} deal finished; no series result yet.",
        "{done} deals finished; no series result yet.",
        done,
    ).format(done=done)
