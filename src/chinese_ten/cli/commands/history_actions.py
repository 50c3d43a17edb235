"""``chinese-ten history``: list the games kept, export one, import records made elsewhere.

Names and paths come from outside: they are drawn as Rich ``Text`` (never markup) and paths
with their control characters made visible.
"""

import json
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, JustifyMethod
from rich.measure import Measurement
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


def _measured(console: Console, renderable: Table | Text) -> Measurement:
    return Measurement.get(console, console.options, renderable)


def _measuring() -> Console:
    """A console to measure on: its width is unbounded, as ``Measurement.get`` caps a measure
    at the console's width and a table wider than the terminal must say so."""
    return Console(width=sys.maxsize)


def _natural_widths(
    console: Console, headers: Sequence[tuple[str, JustifyMethod]], rows: Sequence[Sequence[Text]]
) -> list[int]:
    """Each column as wide as its widest cell or its header's longest word. Rich sizes a
    header and the cells under it alike, with no option to wrap one and not the other: a
    column is given this width for its header to wrap at spaces while its cells stay whole."""
    return [
        max(
            _measured(console, Text(header)).minimum,
            *(_measured(console, row[i]).maximum for row in rows),
        )
        for i, (header, _justify) in enumerate(headers)
    ]


def _table(
    headers: Sequence[tuple[str, JustifyMethod]],
    rows: Sequence[Sequence[Text]],
    *,
    compact: bool,
    widths: Sequence[int] | None = None,
    flexible: int | None = None,
    title: Text | None = None,
    section_before: int | None = None,
) -> Table:
    """A boxed table of ``rows``, or ``compact``: no vertical lines, one space between columns.
    ``widths`` fixes each column's, but column ``flexible`` takes what the others leave,
    never less than its given width (a ratio column of an expanded table)."""
    table = (
        Table(
            box=box.SIMPLE_HEAD,
            show_edge=False,
            pad_edge=False,
            collapse_padding=True,
            expand=flexible is not None,
        )
        if compact
        else Table()
    )
    if title is not None:
        table.title, table.title_justify = title, "left"
    # No column is no_wrap: a width given holds its cells already; where the terminal is too
    # narrow for even the compact table, Rich narrows every column, and there wrapping keeps
    # figures and headers whole where no_wrap would cut them with an ellipsis.
    for i, (header, justify) in enumerate(headers):
        table.add_column(
            header,
            justify=justify,
            width=None if widths is None else widths[i],
            ratio=1 if i == flexible else None,
        )
    for number, row in enumerate(rows):
        if number == section_before:
            table.add_section()
        table.add_row(*row)
    return table


def room_for(
    headers: Sequence[tuple[str, JustifyMethod]],
    rows: Sequence[Sequence[Text]],
    column: int,
    width: int,
) -> tuple[int, int]:
    """What :func:`fitted` leaves to ``column`` once the others have their widths: (boxed,
    compact)."""
    console = _measuring()
    widths = _natural_widths(console, headers, rows)
    widths[column] = 0
    boxed, compact = (
        _measured(console, _table(headers, rows, compact=compact, widths=widths)).maximum
        for compact in (False, True)
    )
    return width - boxed, width - compact


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
    Where the compact table is too wide with that column at its header's longest word, Rich
    narrows every column alike.
    """
    console = _measuring()
    natural = _natural_widths(console, headers, rows)
    shaped = partial(_table, headers, rows, title=title, section_before=section_before)
    for compact, widths in ((False, None), (False, natural), (True, natural)):
        if _measured(console, table := shaped(compact=compact, widths=widths)).maximum <= width:
            return table
    narrowed = list(natural)
    narrowed[flexible] = _measured(console, Text(headers[flexible][0])).minimum
    return shaped(compact=True, widths=narrowed, flexible=flexible)


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
        (_("Last played"), "left"),
        (_("Players"), "left"),
        (_("Deals"), "right"),
        (_("Totals"), "right"),
        (_("Winner"), "left"),
    ]
    width = Console().width
    cells = [_list_cells(row, broken=False) for row in rows]
    room = max(room_for(headers, cells, 2, width))
    console = _measuring()
    cells = [
        _list_cells(row, broken=True)  # one seat a line
        if _measured(console, line[2]).maximum > room
        else line
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
