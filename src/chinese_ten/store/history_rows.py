"""A listed game of the history, read from the file as input: every column checked.

What we wrote yesterday is input today (a person with ``sqlite3`` may have changed it, a disk
may have damaged it): a row whose column is not as :mod:`chinese_ten.store.history` writes it raises
:class:`DamagedRowError` saying which and how, and the caller leaves it out with one line
(:func:`damaged_line`). Names go through the one rule of :mod:`chinese_ten.text.names`, so none
that could reach a terminal as a control sequence is ever listed.
"""

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from operator import neg
from pathlib import Path
from typing import Final

from chinese_ten.engine.errors import PlayerNameError
from chinese_ten.engine.leaders import highest
from chinese_ten.engine.series import MAX_DEALS
from chinese_ten.engine.variant import FEWEST_SEATS, MOST_POINTS, MOST_SEATS, variant
from chinese_ten.lang.i18n import _
from chinese_ten.players.levels import LEVELS
from chinese_ten.store.files import shown
from chinese_ten.store.history_names import history_key, shown_name
from chinese_ten.text.names import check_name, visible

MAX_RESULTS_TEXT: Final = 1_000_000
"""The longest ``results`` column read (a deal's result takes a few characters)."""


def deal_bounds(seats: int) -> tuple[int, int]:
    """The lowest and the highest result of one seat in one deal at a table of ``seats``:
    nothing taken (the base lost) and every point of the pack taken (the pack less the base).

    >>> deal_bounds(2), deal_bounds(4)
    ((-105, 105), (-70, 210))
    """
    return variant(seats).result_bounds


MAX_RESULT: Final = MOST_POINTS
"""No seat wins or loses more than the whole pack in one deal."""
MAX_TOTAL: Final = MAX_RESULT * MAX_DEALS
"""Nor more than that in every deal of the longest series."""
EARLIEST: Final = datetime(2, 1, 1, tzinfo=UTC)
LATEST: Final = datetime(9998, 12, 31, tzinfo=UTC)
"""A stored time is within these, so it can be shown in any time zone and compared."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """One stored game, as listed (the record itself: :meth:`History.record`); every tuple
    holds one item a seat, 2 to 4."""

    id: int
    players: tuple[str, ...]
    """The names as shown: a default name in the current language (see history_names)."""
    keys: tuple[str, ...]
    """Who each seat is (:func:`chinese_ten.store.history_names.history_key`)."""
    computers: tuple[str | None, ...]
    """The level of each computer seat; None for a person (and for every imported seat)."""
    started: datetime | None
    ended: datetime | None
    """When the last finished deal stored ended; None when not known (an import)."""
    deals_planned: int | None
    deals_played: int
    totals: tuple[int, ...]
    winner: int | None
    """The seat that won the series; None while tied or not over."""
    over: bool
    """A planned series played to its last deal."""
    results: tuple[tuple[int, ...], ...]
    """Each finished deal's results, one a seat (of two seats, the file keeps seat 0's)."""
    imported: bool

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total once the series is over (several: shared)."""
        return highest(self.totals) if self.over else ()

    def when(self) -> datetime | None:
        """The time the list is sorted by: the end, else the start."""
        return self.ended or self.started


ROW_NAMES: Final = (
    "id",
    "seat_count",
    *(
        f"{column}{seat}"
        for column in ("player", "computer", "total")
        for seat in range(MOST_SEATS)
    ),
    "started",
    "ended",
    "deals_planned",
    "deals_played",
    "winner",
    "over",
    "results",
    "imported",
)
"""The listed columns, in the order :func:`checked_row` reads them."""


def _seat_of(column: str) -> int:
    """The seat a seat's column is of (``total3``: 3), -1 for any other column."""
    return int(column[-1]) if column[-1].isdigit() else -1


def _row_columns(seat_columns: bool) -> str:
    """The listed columns; without ``seat_columns`` (a file written before version 3, every
    game of two seats), the same read as constants."""
    names = [
        "2" if name == "seat_count" else "NULL" if _seat_of(name) >= 2 else name
        for name in ROW_NAMES
    ]
    return ", ".join(ROW_NAMES if seat_columns else names)


ROW_COLUMNS: Final = _row_columns(True)
ROW_COLUMNS_OF_TWO: Final = _row_columns(False)
""":data:`ROW_COLUMNS` of a file written before version 3."""


class DamagedRowError(Exception):
    """A stored row that breaks what we write: ``str`` says which column and how."""


def _whole(value: object, column: str, low: int | None = None, high: int | None = None) -> int:
    if (
        type(value) is not int
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        raise DamagedRowError(_("{column} is not a whole number in range").format(column=column))
    return value


def _maybe_whole(value: object, column: str, low: int, high: int | None = None) -> int | None:
    return None if value is None else _whole(value, column, low, high)


def stored_time(value: object, column: str) -> datetime | None:
    """A stored time as we write it (ISO 8601 with its offset, within :data:`EARLIEST` ..
    :data:`LATEST`), or None; DamagedRowError otherwise."""
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    try:
        if moment is not None and moment.tzinfo is not None and EARLIEST <= moment <= LATEST:
            return moment
    except OverflowError:  # a time whose offset takes it past the calendar
        pass
    raise DamagedRowError(_("{column} is not a date").format(column=column))


def _stored_name(value: object, column: str) -> str:
    """A name as :func:`check_name` leaves it (stored names are checked, then stripped)."""
    if not isinstance(value, str):
        problem = _("it is not text")
    else:
        try:
            if check_name(value) == value:
                return value
            problem = _("a name cannot have space around it")
        except PlayerNameError as error:
            problem = str(error)
    raise DamagedRowError(
        _("{column} is not a valid name: {problem}").format(column=column, problem=problem)
    )


def stored_level(value: object, column: str) -> str | None:
    """A computer seat's level as we write it, or None (a person); DamagedRowError otherwise."""
    if value is None or value in LEVELS:
        return value
    raise DamagedRowError(_("{column} is not a computer level").format(column=column))


def _stored_results(value: object, played: int, seats: int) -> tuple[tuple[int, ...], ...]:
    """Of two seats, seat 0's result in each deal (seat 1's is its negative); of more, a list
    of every seat's results in each deal."""
    try:
        results = (
            json.loads(value) if isinstance(value, str) and len(value) < MAX_RESULTS_TEXT else None
        )
    except (ValueError, RecursionError):  # RecursionError: lists nested past Python's stack
        results = None
    low, high = deal_bounds(seats)

    def _is_result(value: object) -> bool:
        return type(value) is int and low <= value <= high

    if not isinstance(results, list) or len(results) != played:
        results = None
    elif seats == 2:
        if all(_is_result(r) for r in results):
            return tuple(zip(results, map(neg, results), strict=True))
    elif all(
        isinstance(deal, list) and len(deal) == seats and all(_is_result(r) for r in deal)
        for deal in results
    ):
        return tuple(tuple(deal) for deal in results)
    if seats == 2:
        raise DamagedRowError(_("results is not a list of numbers, one a deal"))
    raise DamagedRowError(_("results is not a list of each seat's results, one a deal"))


def _seat(value: object, column: str, names: dict[str, tuple[str, str]]) -> tuple[str, str]:
    """A stored name checked, as shown and as keyed; ``names`` keeps the names already seen
    (a name is checked and keyed once for a whole list, not once a game)."""
    known = names.get(value) if isinstance(value, str) else None
    if known is None:
        name = _stored_name(value, column)
        key = history_key(name)
        known = names[name] = (shown_name(name, key), key)
    return known


_PLAYERS: Final = tuple(f"player{seat}" for seat in range(MOST_SEATS))
_COMPUTERS: Final = tuple(f"computer{seat}" for seat in range(MOST_SEATS))
_TOTALS: Final = tuple(f"total{seat}" for seat in range(MOST_SEATS))
_NOBODY: Final = (None,) * 3


def _empty_seat(values: tuple[object, ...], seat: int, seats: int) -> None:
    """A seat beyond the table's holds nothing."""
    if values == _NOBODY:
        return
    column = next(
        c for c, v in zip((_PLAYERS, _COMPUTERS, _TOTALS), values, strict=True) if v is not None
    )
    raise DamagedRowError(
        _("{column} is filled at a table of {count}").format(column=column[seat], count=seats)
    )


def checked_row(values: tuple[object, ...], names: dict[str, tuple[str, str]]) -> GameRow:
    """A listed row (:data:`ROW_COLUMNS`), every column checked (:class:`DamagedRowError` says
    the first that is not as we write it): the file is input like any other."""
    game_id, count, *rest = values
    most = MOST_SEATS
    players, computers, totals = rest[0:most], rest[most : 2 * most], rest[2 * most : 3 * most]
    started, ended, planned, played, winner, over, results, imp = rest[3 * most :]
    seats = _whole(count, "seat_count", FEWEST_SEATS, most)
    for seat in range(seats, most):
        _empty_seat((players[seat], computers[seat], totals[seat]), seat, seats)
    shown, keys = zip(*[_seat(players[k], _PLAYERS[k], names) for k in range(seats)], strict=True)
    if len(set(keys)) < seats:  # "You" and "Vous": one player in two seats
        raise DamagedRowError(_("two seats hold the same player"))
    deals_played = _whole(played, "deals_played", 0, MAX_DEALS)
    low, high = deal_bounds(seats)
    return GameRow(
        id=_whole(game_id, "id"),
        players=shown,
        keys=keys,
        computers=tuple([stored_level(computers[k], _COMPUTERS[k]) for k in range(seats)]),
        started=stored_time(started, "started"),
        ended=stored_time(ended, "ended"),
        deals_planned=_maybe_whole(planned, "deals_planned", 1, MAX_DEALS),
        deals_played=deals_played,
        totals=tuple(
            [
                _whole(totals[k], _TOTALS[k], low * deals_played, high * deals_played)
                for k in range(seats)
            ]
        ),
        winner=_maybe_whole(winner, "winner", 0, seats - 1),
        over=bool(_whole(over, "over", 0, 1)),
        results=_stored_results(results, deals_played, seats),
        imported=bool(_whole(imp, "imported", 0, 1)),
    )


def damaged_line(path: Path, game_id: object, why: str) -> str:
    number = game_id if type(game_id) is int else visible(repr(game_id)[:20])
    return _("{path}: game {id} is damaged ({problem}); skipped").format(
        path=shown(path), id=number, problem=why
    )
