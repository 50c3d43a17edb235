"""Statistics over the history: each person against each opponent, and the running total.

A *player* is a seat a person sat in (a computer seat is only ever an opponent), known by
name up to case and Unicode form, a default name ("You", "Vous") being one person in every
language (:mod:`chinese_ten.store.history_names`); an *opponent* is a person by name or a
computer level.
Series count only when a planned series was played to its end; deals count every finished
deal. The streak is over deals, from the most recent one back. Only the standard library is
used, so the TUI and the ``stats`` command share it.

At a table of two, a person is counted against each opponent. At 3 and 4 seats there is no
one opponent: a person's games there are counted by table size (:class:`TableStats`): the
places the series ended in (equal totals share a place, as ``SeriesScore.standing`` gives
them), and the result per deal against the table's base.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

from chinese_ten.lang.folding import name_key
from chinese_ten.lang.i18n import _
from chinese_ten.players.spread import Z_95, standard_error
from chinese_ten.store.history_names import history_key
from chinese_ten.store.history_rows import GameRow
from chinese_ten.text.wording import level_name

BLOCKS: Final = "▁▂▃▄▅▆▇█"
ASCII_BLOCKS: Final = "_.-~=+*#"
SPARK_WIDTH: Final = 24
_NO_TIME: Final = datetime.min.replace(tzinfo=UTC)


@dataclass(slots=True)
class Matchup:
    """One player's games against one opponent (or against everyone)."""

    opponent: str
    """A person's name, or ``computer (level)`` in the current language; empty for all."""
    computer: str | None = None
    """The computer level when the opponent is a computer."""
    series_won: int = 0
    series_lost: int = 0
    series_tied: int = 0
    results: list[int] = field(default_factory=list)
    """The player's result in each finished deal, oldest first."""

    @property
    def deals(self) -> int:
        return len(self.results)

    @property
    def mean(self) -> float | None:
        return sum(self.results) / len(self.results) if self.results else None

    @property
    def interval(self) -> float | None:
        """Half the width of the 95% confidence interval of the mean (normal approximation,
        sample standard deviation); None below two deals."""
        if len(self.results) < 2:
            return None
        return Z_95 * standard_error(self.results)

    @property
    def best(self) -> int | None:
        return max(self.results) if self.results else None

    @property
    def worst(self) -> int | None:
        return min(self.results) if self.results else None

    @property
    def streak(self) -> tuple[int, int]:
        """(sign, count): the last ``count`` deals were all won (1), lost (-1) or tied (0)."""
        if not self.results:
            return 0, 0
        sign = _sign(self.results[-1])
        count = 0
        for result in reversed(self.results):
            if _sign(result) != sign:
                break
            count += 1
        return sign, count

    @property
    def running(self) -> list[int]:
        """The running total after each deal."""
        total = 0
        out = []
        for result in self.results:
            total += result
            out.append(total)
        return out

    def as_json(self) -> dict[str, Any]:
        sign, count = self.streak
        return {
            "opponent": self.opponent or None,
            "computer": self.computer,
            "series": {"won": self.series_won, "lost": self.series_lost, "tied": self.series_tied},
            "deals": self.deals,
            "mean": self.mean,
            "interval95": self.interval,
            "best": self.best,
            "worst": self.worst,
            "streak": {"result": _STREAK_WORDS[sign], "deals": count},
            "running_total": self.running,
        }


_STREAK_WORDS: Final = {1: "won", -1: "lost", 0: "tied"}


def _sign(result: int) -> int:
    return (result > 0) - (result < 0)


@dataclass(slots=True)
class TableStats:
    """A person's games at tables of ``seats`` (3 or 4)."""

    seats: int
    games: int = 0
    places: list[int] = field(default_factory=list)
    """``places[k]``: the series finished in place ``k + 1`` (a shared place counts as it)."""
    figures: Matchup = field(default_factory=lambda: Matchup(""))
    """The results per deal (its series counts are not used: places say them)."""

    def __post_init__(self) -> None:
        self.places = self.places or [0] * self.seats

    def as_json(self) -> dict[str, Any]:
        return {
            "seats": self.seats,
            "games": self.games,
            "places": self.places,
            "deals": self.figures.deals,
            "mean": self.figures.mean,
            "interval95": self.figures.interval,
        }


@dataclass(slots=True)
class PlayerStats:
    """A person's figures: at tables of two against everyone and against each opponent; at
    larger tables by their size (``tables``, fewest seats first)."""

    player: str
    overall: Matchup
    opponents: list[Matchup]
    tables: list[TableStats] = field(default_factory=list)

    @property
    def deals(self) -> int:
        """Every finished deal the person played, at any table."""
        return self.overall.deals + sum(table.figures.deals for table in self.tables)

    def as_json(self) -> dict[str, Any]:
        """The document of a person; ``tables`` (the results by table size) is there only
        when they played at tables of three or four."""
        document = {
            "player": self.player,
            "overall": self.overall.as_json(),
            "opponents": [m.as_json() for m in self.opponents],
        }
        if self.tables:
            document["tables"] = [table.as_json() for table in self.tables]
        return document


def computer_label(level: str) -> str:
    return _("Computer ({level})").format(level=level_name(level))


def chronological(rows: Iterable[GameRow]) -> list[GameRow]:
    """Oldest first: by end (else start) time, games without a time (imports) by id first."""
    return sorted(rows, key=lambda row: (row.when() or _NO_TIME, row.id))


def player_stats(rows: Iterable[GameRow], player: str | None = None) -> list[PlayerStats]:
    """Every person's statistics (only ``player``'s, by name, if given), most deals first;
    each person's opponents most deals first. One pass over the games, oldest first: the
    cost grows with the games, not with the pairs of players."""
    wanted = None if player is None else history_key(player)
    players: dict[str, PlayerStats] = {}
    opponents: dict[str, dict[tuple[str, str], Matchup]] = {}
    tables: dict[str, dict[int, TableStats]] = {}
    for row in chronological(rows):
        for seat in range(row.seats):
            key = row.keys[seat]
            if row.computers[seat] is not None or wanted not in (None, key):
                continue
            if key not in players:
                players[key] = PlayerStats(row.players[seat], Matchup(""), [])
                opponents[key] = {}
                tables[key] = {}
            stats = players[key]
            stats.player = row.players[seat]  # the latest spelling
            if row.seats > 2:
                table = tables[key].get(row.seats)
                if table is None:
                    table = tables[key][row.seats] = TableStats(row.seats)
                _add_at_table(row, seat, table)
                continue
            level = row.computers[1 - seat]
            name = row.players[1 - seat]
            against = ("computer", level) if level is not None else ("person", row.keys[1 - seat])
            matchup = opponents[key].get(against)
            if matchup is None:
                matchup = opponents[key][against] = Matchup(name, level)
            matchup.opponent = name if level is None else computer_label(level)  # the latest
            _add(row, seat, (stats.overall, matchup))
    for key, stats in players.items():
        stats.opponents = sorted(
            opponents[key].values(), key=lambda m: (-m.deals, name_key(m.opponent))
        )
        stats.tables = [tables[key][seats] for seats in sorted(tables[key])]
    return sorted(players.values(), key=lambda s: (-s.deals, name_key(s.player)))


def _add(row: GameRow, seat: int, matchups: Iterable[Matchup]) -> None:
    """Count ``row`` (of two seats) for the person in ``seat``."""
    for target in matchups:
        target.results.extend(deal[seat] for deal in row.results)
        if row.over:
            if row.winner is None:
                target.series_tied += 1
            elif row.winner == seat:
                target.series_won += 1
            else:
                target.series_lost += 1


def _add_at_table(row: GameRow, seat: int, table: TableStats) -> None:
    """Count ``row`` (of 3 or 4 seats) for the person in ``seat``: a place once it is over."""
    table.games += 1
    table.figures.results.extend(deal[seat] for deal in row.results)
    if row.over:
        mine = row.totals[seat]
        table.places[sum(other > mine for other in row.totals)] += 1


def sparkline(values: Sequence[int], *, width: int = SPARK_WIDTH, ascii_only: bool = False) -> str:
    """``values`` as one line of block characters, lowest to highest, at most ``width``
    wide (evenly spaced samples, the last value always kept).

    >>> sparkline([0, 5, 10, 5]), sparkline([3, 3]), sparkline([1, 2, 3], ascii_only=True)
    ('▁▅█▅', '▄▄', '_=#')
    """
    if not values or width < 1:
        return ""
    if len(values) > width:
        last = len(values) - 1
        values = (
            [values[round(i * last / (width - 1))] for i in range(width)]
            if width > 1
            else [values[-1]]
        )
    levels = ASCII_BLOCKS if ascii_only else BLOCKS
    low, high = min(values), max(values)
    if low == high:
        return levels[len(levels) // 2 - 1] * len(values)
    top = len(levels) - 1
    return "".join(levels[round((v - low) * top / (high - low))] for v in values)
