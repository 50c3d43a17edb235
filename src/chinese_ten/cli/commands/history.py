"""``chinese-ten history``: list the games kept, export one, import records made elsewhere.

Names and paths come from outside: they are drawn as Rich ``Text`` (never markup) and paths
with their control characters made visible.
"""

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, JustifyMethod
from rich.table import Table
from rich.text import Text

from chinese_ten.analysis.history_text import (
    deals_text,
    outcome_text,
    players_text,
    totals_text,
    when,
)
from chinese_ten.engine.errors import RecordError, WriteError
from chinese_ten.lang.i18n import _
from chinese_ten.store.files import file_problem, write_new
from chinese_ten.store.history import History, open_history, read_history
from chinese_ten.store.history_rows import GameRow
from chinese_ten.text.names import visible


def opened() -> History:
    """The history of the data folder, to write; a broken file moved aside is said on stderr."""
    history = open_history()
    for warning in history.warnings:
        print(visible(warning), file=sys.stderr)
    return history


def said_damage(history: History) -> int:
    """Say each damaged game left out, one line each on stderr; the exit status (1 if any)."""
    for line in history.damage:
        print(visible(line), file=sys.stderr)
    return 1 if history.damage else 0


def printed(text: str) -> None:
    """Print ``text`` to standard output at once (a reader that stopped early, ``| head``,
    or a full disk raises here, and ``cli.main`` ends the command: see ``outputs``)."""
    sys.stdout.write(text)
    sys.stdout.flush()


def shown_tables(tables: Sequence[Table | Text]) -> None:
    """Draw ``tables`` to standard output through :func:`printed`."""
    console = Console()
    with console.capture() as capture:
        for table in tables:
            console.print(table)
    printed(capture.get())


def _longest_word(text: str) -> int:
    return max((Text(word).cell_len for word in text.split()), default=0)


def _cell_widths(rows: Sequence[Sequence[Text]], count: int) -> list[int]:
    """The widest line of each column's cells."""
    return [max((_width(row[i]) for row in rows), default=0) for i in range(count)]


def _width(cell: Text) -> int:
    return max(Text(line).cell_len for line in cell.plain.split("\n"))


def _extra(count: int) -> tuple[int, int]:
    """The columns a table of ``count`` columns spends on lines and padding: boxed, compact."""
    return 3 * count + 1, 2 * (count - 1)


def room_for(
    headers: Sequence[tuple[str, JustifyMethod]],
    rows: Sequence[Sequence[Text]],
    column: int,
    width: int,
) -> tuple[int, int]:
    """What :func:`fitted` leaves to ``column`` once the others have their widths: (boxed,
    compact)."""
    count = len(headers)
    cells = _cell_widths(rows, count)
    others = sum(max(cells[i], _longest_word(headers[i][0])) for i in range(count) if i != column)
    boxed, compact = _extra(count)
    return width - boxed - others, width - compact - others


def fitted(
    headers: Sequence[tuple[str, JustifyMethod]],
    rows: Sequence[Sequence[Text]],
    *,
    width: int,
    flexible: int,
    title: Text | None = None,
    section_before: int | None = None,
) -> Table:
    """A table of ``rows`` that fits ``width`` columns without wrapping a cell where it can.

    Boxed when it fits (headers wrapped at spaces if need be), else compact: no vertical
    lines and one space between columns; if even that is too wide, column ``flexible`` (a
    name) is narrowed and wraps between words. Wider headers wrap, never cells of figures.
    """
    count = len(headers)
    cells = _cell_widths(rows, count)
    natural = [max(cells[i], _longest_word(headers[i][0])) for i in range(count)]
    full = [max(cells[i], Text(headers[i][0]).cell_len) for i in range(count)]
    boxed_extra, compact_extra = _extra(count)
    widths: list[int] | None = None
    compact = False
    if sum(full) + boxed_extra <= width:
        pass
    elif sum(natural) + boxed_extra <= width:
        widths = natural
    else:
        compact = True
        widths = list(natural)
        spare = width - compact_extra - sum(natural)
        if spare < 0:
            widths[flexible] = max(
                natural[flexible] + spare, _longest_word(headers[flexible][0]), 1
            )
    table = (
        Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
        if compact
        else Table()
    )
    if title is not None:
        table.title, table.title_justify = title, "left"
    for i, (header, justify) in enumerate(headers):
        table.add_column(header, justify=justify, width=None if widths is None else widths[i])
    for number, row in enumerate(rows):
        if number == section_before:
            table.add_section()
        table.add_row(*row)
    return table


def nothing_yet(player: str | None) -> str:
    if player is None:
        return _("No games in the history yet.")
    return _("No games of {name} in the history yet.").format(name=player)


def row_json(row: GameRow) -> dict[str, Any]:
    """A listed game; of two seats with ``results`` (seat 0's result a deal), of more with
    every seat's results a deal and the ``winners`` (the seats sharing the highest total once
    over), as ``replay --json`` says them."""
    document = {
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
        "results": [deal[0] for deal in row.results],
        "imported": row.imported,
    }
    if row.seats > 2:
        document["results"] = [list(deal) for deal in row.results]
        document["winners"] = list(row.winners)
    return document


def run_list(*, player: str | None, limit: int, as_json: bool) -> int:
    """The newest games; a damaged one is said on stderr (exit status 1) and left out."""
    with read_history() as history:
        rows = history.games(player=player, limit=limit)
    status = said_damage(history)
    if as_json:
        printed(json.dumps([row_json(row) for row in rows]) + "\n")
        return status
    if not rows:
        if not status:  # every game left out is said already: "no games" would be untrue
            shown_tables([Text(nothing_yet(player))])
        return status
    headers: list[tuple[str, JustifyMethod]] = [
        (_("Game"), "right"),
        (_("Ended"), "left"),
        (_("Players"), "left"),
        (_("Deals"), "right"),
        (_("Totals"), "right"),
        (_("Winner"), "left"),
    ]
    width = Console().width
    cells = [_list_cells(row, broken=False) for row in rows]
    room = max(room_for(headers, cells, 2, width))
    cells = [
        _list_cells(row, broken=True) if _width(line[2]) > room else line  # one seat a line
        for row, line in zip(rows, cells, strict=True)
    ]
    shown_tables([fitted(headers, cells, width=width, flexible=2)])
    return status


def _list_cells(row: GameRow, *, broken: bool) -> list[Text]:
    """A row of the list; ``broken``: the players on two lines, so a name is not split."""
    return [
        Text(str(row.id)),
        Text(when(row.when())),
        Text(players_text(row, broken=broken)),
        Text(deals_text(row)),
        Text(totals_text(row, broken=broken)),
        Text(outcome_text(row)),
    ]


def run_export(game_id: int, path: Path | None) -> int:
    from chinese_ten.store.records import record_json

    with read_history() as history:
        text = record_json(history.record(game_id))
    if path is None:
        printed(text)
        return 0
    try:
        write_new(path, text)
    except OSError as error:
        raise WriteError(file_problem(path, error)) from None
    print(_("Game {id} written to {path}").format(id=game_id, path=visible(str(path))))
    return 0


def run_import(paths: list[Path]) -> int:
    """Each file checked like ``replay``, then added once; one line per file."""
    from chinese_ten.store.records import load_and_replay

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
