"""``chinese-ten history``: list the games kept, export one, import records made elsewhere.

Names and paths come from outside: they are drawn as Rich ``Text`` (never markup) and paths
with their control characters made visible.
"""

import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chinese_ten.errors import RecordError, WriteError
from chinese_ten.files import file_problem, write_new
from chinese_ten.history import GameRow, History, open_history
from chinese_ten.i18n import _
from chinese_ten.names import visible
from chinese_ten.stats import computer_label
from chinese_ten.wording import signed


def opened() -> History:
    """The history of the data folder; a broken file moved aside is said on stderr."""
    history = open_history()
    for warning in history.warnings:
        print(visible(warning), file=sys.stderr)
    return history


def nothing_yet(player: str | None) -> str:
    if player is None:
        return _("No games in the history yet.")
    return _("No games of {name} in the history yet.").format(name=player)


def row_json(row: GameRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "players": list(row.players),
        "computers": list(row.computers),
        "started": None if row.started is None else row.started.isoformat(),
        "ended": None if row.ended is None else row.ended.isoformat(),
        "deals_planned": row.deals_planned,
        "deals_played": row.deals_played,
        "totals": list(row.totals),
        "winner": row.winner,
        "over": row.over,
        "results": list(row.results),
        "imported": row.imported,
    }


def seat_label(row: GameRow, seat: int) -> str:
    """A player's name, with the computer's level where a computer sat."""
    level = row.computers[seat]
    name = row.players[seat]
    if level is None or f"({level})" in name:  # the default name says it already
        return name
    return _("{name} ({computer})").format(name=name, computer=computer_label(level))


def when(moment: datetime | None) -> str:
    """A stored time in local time, to the minute; a dash when not known (an import)."""
    return "-" if moment is None else moment.astimezone().strftime("%Y-%m-%d %H:%M")


def deals_text(row: GameRow) -> str:
    if row.deals_planned is None:
        return str(row.deals_played)
    return _("{played} of {planned}").format(played=row.deals_played, planned=row.deals_planned)


def outcome_text(row: GameRow) -> str:
    """The series result: the winner's name, a tie, or not over yet."""
    if row.winner is not None:
        return row.players[row.winner]
    if row.over:
        return _("tied")
    return _("not over") if row.deals_planned is not None else _("open-ended")


def run_list(*, player: str | None, limit: int, as_json: bool) -> int:
    with opened() as history:
        rows = history.games(player=player, limit=limit)
    if as_json:
        print(json.dumps([row_json(row) for row in rows]))
        return 0
    console = Console()
    if not rows:
        console.print(Text(nothing_yet(player)))
        return 0
    table = Table()
    table.add_column(_("Game"), justify="right")
    table.add_column(_("Ended"), no_wrap=True)
    table.add_column(_("Players"))
    table.add_column(_("Deals"), justify="right")
    table.add_column(_("Totals"), justify="right")
    table.add_column(_("Winner"))
    for row in rows:
        table.add_row(
            str(row.id),
            when(row.when()),
            Text(
                _("{first} v {second}").format(first=seat_label(row, 0), second=seat_label(row, 1))
            ),
            deals_text(row),
            f"{signed(row.totals[0])} / {signed(row.totals[1])}",
            Text(outcome_text(row)),
        )
    console.print(table)
    return 0


def run_export(game_id: int, path: Path | None) -> int:
    from chinese_ten.records import record_json

    with opened() as history:
        text = record_json(history.record(game_id))
    if path is None:
        sys.stdout.write(text)
        return 0
    try:
        write_new(path, text)
    except OSError as error:
        raise WriteError(file_problem(path, error)) from None
    print(_("Game {id} written to {path}").format(id=game_id, path=visible(str(path))))
    return 0


def run_import(paths: list[Path]) -> int:
    """Each file checked like ``replay``, then added once; one line per file."""
    from chinese_ten.records import load_and_replay

    refused = 0
    with opened() as history:
        for path in paths:
            try:
                record, _states = load_and_replay(path)
                game_id, added = history.import_record(record)
            except RecordError as error:
                refused += 1
                print(visible(_("refused: {problem}").format(problem=error)), file=sys.stderr)
                continue
            line = (
                _("{path}: added as game {id}")
                if added
                else _("{path}: already there, as game {id}")
            )
            print(line.format(path=visible(str(path)), id=game_id))
    return 1 if refused else 0
