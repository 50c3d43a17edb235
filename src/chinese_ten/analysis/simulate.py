"""Bot-against-bot play for 2 to 4 seats: deals, series, duplicate sets and their statistics.

The benchmark measures :func:`play_deal`, the same loop ``chinese-ten simulate`` runs.
"""

import contextlib
import functools
import math
import random
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from chinese_ten.analysis.workers import ordered_results, usable_jobs
from chinese_ten.engine.actions import Action
from chinese_ten.engine.chance import draw_lots, random_setup
from chinese_ten.engine.deal import OVER, DealSetup, DealState, advance, legal_actions, start
from chinese_ten.engine.errors import ChineseTenError
from chinese_ten.engine.series import SeriesScore, default_deals
from chinese_ten.engine.variant import FEWEST_SEATS, MOST_SEATS, SEAT_COUNTS
from chinese_ten.engine.view import PlayerView
from chinese_ten.lang.folding import name_key
from chinese_ten.lang.i18n import _
from chinese_ten.players.base import Player, player_maker
from chinese_ten.players.spread import Z_95, error_of_squares
from chinese_ten.text.names import check_names


def play_deal(setup: DealSetup, players: Sequence[Player]) -> DealState:
    """Play a deal to its end; a forced action (one legal choice) is made without asking.

    The hot loop of ``simulate``: names are bound to locals, and the phase and seat read by
    position (the named tuple's fields 2 and 1), which is measurably cheaper per action.
    When every player chooses from the legal actions alone (``choose_among``, see
    :class:`~chinese_ten.players.base.Player`), no view is built."""
    among = [c for p in players if (c := getattr(p, "choose_among", None)) is not None]
    if len(among) == len(players):
        return _play_among(setup, among)
    choosers = [player.choose for player in players]
    legal_of, step, view_of, over = legal_actions, advance, PlayerView, OVER
    state = start(setup, check=False)
    while state[2] != over:
        legal = legal_of(state)
        if len(legal) == 1:
            state = step(state, legal[0])
        else:
            seat = state[1]
            state = step(state, choosers[seat](view_of(state, seat), legal))
    return state


def _play_among(setup: DealSetup, choosers: list[Callable[[list[Action]], Action]]) -> DealState:
    """:func:`play_deal`'s loop for players that read the legal actions only."""
    legal_of, step, over = legal_actions, advance, OVER
    state = start(setup, check=False)
    while state[2] != over:
        legal = legal_of(state)
        state = step(state, legal[0] if len(legal) == 1 else choosers[state[1]](legal))
    return state


def series_setups(rng: random.Random, deals: int, *, seats: int = 2) -> list[DealSetup]:
    """The deals of one series: dealer by lot, then the next seat each deal; shuffled from
    ``rng``."""
    first = draw_lots(rng, seats)
    return [random_setup(rng, (first + k) % seats, seats=seats) for k in range(deals)]


@dataclass(frozen=True, slots=True)
class SeriesPlay:
    """One series as played: who sat where (see :func:`seat_names`), and every final deal
    state."""

    players: tuple[str, ...]
    deals_planned: int
    states: tuple[DealState, ...]

    @property
    def score(self) -> SeriesScore:
        score = SeriesScore.of_states(self.deals_planned, self.states, len(self.players))
        assert len(score.outcomes) == len(self.states)  # play_deal only returns finished deals
        return score


@dataclass(slots=True)
class RunningMean:
    """A mean with its 95% interval, kept as running sums (Welford): memory stays the same
    for any number of results."""

    count: int = 0
    mean: float = 0.0
    _squares: float = 0.0
    """Sum of squared differences from the running mean."""

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self._squares += delta * (value - self.mean)

    @property
    def ci95(self) -> float:
        n = self.count
        if n < 2:
            return math.inf
        return Z_95 * error_of_squares(self._squares, n)


def _figure(value: float) -> float | None:
    """``value`` for JSON, to three places; ``None`` (``null``) for the interval of a single
    deal, which is infinite: strict JSON has no ``Infinity``."""
    return round(value, 3) if math.isfinite(value) else None


@dataclass(slots=True)
class SimulationSummary:
    """Counts, and every player's mean result per deal (against the base) with a 95%
    interval; a duplicate set (the series played once with each seating) counts its mean."""

    players: tuple[str, ...]
    series_played: int = 0
    series_tied: int = 0
    """Series with no single winner (the highest total shared)."""
    series_won: list[int] = field(init=False)
    series_shared: list[int] = field(init=False)
    """Per player: series whose highest total it shared with another."""
    results: list[RunningMean] = field(init=False)

    def __post_init__(self) -> None:
        count = len(self.players)
        self.series_won = [0] * count
        self.series_shared = [0] * count
        self.results = [RunningMean() for _seat in range(count)]

    @property
    def deals_scored(self) -> int:
        """Results counted per player (per duplicate set: the mean of its seatings)."""
        return self.results[0].count

    @property
    def mean(self) -> float:
        """The first-named player's mean result per deal."""
        return self.results[0].mean

    @property
    def ci95(self) -> float:
        return self.results[0].ci95

    def as_json(self) -> dict[str, object]:
        """The first-named player's figures at the top (the only ones with two players: the
        other's are their negation); with three or four, every player's under ``per_player``."""
        data: dict[str, object] = {
            "players": list(self.players),
            "series_played": self.series_played,
            "series_won": dict(zip(self.players, self.series_won, strict=True)),
            "series_tied": self.series_tied,
            "deals_scored": self.deals_scored,
            "mean_result_per_deal": round(self.mean, 3),
            "ci95": _figure(self.ci95),
        }
        if len(self.players) > 2:
            data["per_player"] = {
                name: {
                    "series_won": won,
                    "series_shared": shared,
                    "mean_result_per_deal": round(result.mean, 3),
                    "ci95": _figure(result.ci95),
                }
                for name, won, shared, result in zip(
                    self.players, self.series_won, self.series_shared, self.results, strict=True
                )
            }
        return data


def _players(names: tuple[str, ...], seed: int, think: float | None) -> list[Player]:
    """Each seat's player, with its own RNG seeded from the series' seed and the seat."""
    count = len(names)
    return [
        make(random.Random(seed * count + seat)) for seat, make in enumerate(_makers(names, think))
    ]


@functools.cache
def _makers(
    names: tuple[str, ...], think: float | None
) -> tuple[Callable[[random.Random], Player], ...]:
    """Each seat's :func:`~chinese_ten.players.base.player_maker`, found once a run."""
    return tuple(player_maker(name, think=think) for name in names)


def seat_names(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The names computer players go by in records and summaries: their kinds, told apart by
    seat where several read the same (``greedy 1``, ``greedy 2``), since a record refuses two
    names that read the same. Checked like a record's names, before anything is played.

    >>> seat_names(("greedy", "random")), seat_names(("hard", "hard"))
    (('greedy', 'random'), ('hard 1', 'hard 2'))
    >>> seat_names(("hard", "greedy", "greedy"))
    ('hard', 'greedy 2', 'greedy 3')
    """
    if len(kinds) not in SEAT_COUNTS:
        raise ChineseTenError(
            _("computer players play {fewest} to {most} at a table, not {count}").format(
                fewest=FEWEST_SEATS, most=MOST_SEATS, count=len(kinds)
            )
        )
    keys = [name_key(kind) for kind in kinds]
    named = tuple(
        f"{kind} {seat}" if keys.count(key) > 1 else kind
        for seat, (kind, key) in enumerate(zip(kinds, keys, strict=True), start=1)
    )
    return check_names(named)


def simulate(
    games: int,
    deals: int | None,
    names: tuple[str, ...],
    seed: int | None = None,
    *,
    duplicate: bool = False,
    on_series: Callable[[SeriesPlay], None] | None = None,
    think: float | None = None,
    jobs: int = 1,
) -> SimulationSummary:
    """Play ``games`` series of ``deals`` deals (``None``: the default length for as many
    players) between the players ``names``, as many as a table seats (kinds such as
    ``greedy``); with ``duplicate``, each series is played once more for every other
    seating, the players rotated round the table on the same cards, so each sits in every
    seat.

    Every series has its own seed drawn from ``seed`` in order, so ``jobs`` worker processes
    (capped by :func:`usable_jobs`) give exactly the same results, in the same order, as one.
    """
    shown = seat_names(names)
    if deals is None:
        deals = default_deals(len(names))
    master = random.Random(seed)
    tasks = (
        _SeriesTask(master.getrandbits(48), deals, names, shown, duplicate, think)
        for _ in range(games)
    )
    summary = SimulationSummary(shown)
    with contextlib.closing(_run(tasks, usable_jobs(jobs, games))) as results:
        for plays in results:
            _count(summary, plays, deals, on_series)
    return summary


_Seated = tuple[SeriesPlay, tuple[int, ...]]
"""A series as played, and the seat each named player had in it."""


def _count(
    summary: SimulationSummary,
    plays: list[_Seated],
    deals: int,
    on_series: Callable[[SeriesPlay], None] | None,
) -> None:
    """Add one series (or duplicate set) to the summary, in the order they were dealt."""
    count = len(summary.players)
    results = [[0.0] * deals for _player in range(count)]
    for play, seat_of in plays:
        summary.series_played += 1
        score = play.score
        leaders = score.leaders  # the totals summed once; a played series is over
        if len(leaders) > 1:
            summary.series_tied += 1
            for seat in leaders:
                summary.series_shared[seat_of.index(seat)] += 1
        else:
            summary.series_won[seat_of.index(leaders[0])] += 1
        for k, o in enumerate(score.outcomes):
            for player, seat in enumerate(seat_of):
                results[player][k] += o.results[seat] / len(plays)
        if on_series is not None:
            on_series(play)
    for player, deal_results in enumerate(results):
        for result in deal_results:
            summary.results[player].add(result)


class _SeriesTask(NamedTuple):
    """One series to play: a named tuple, made for every series, costs half a frozen
    dataclass."""

    seed: int
    deals: int
    names: tuple[str, ...]
    seats: tuple[str, ...]
    """The names shown (:func:`seat_names`), in the order of ``names``."""
    duplicate: bool
    think: float | None


_LOOK_AHEAD: Final = 2
"""Series handed to the pool per worker before the oldest result is awaited."""


def _run(tasks: Iterator[_SeriesTask], workers: int) -> Generator[list[_Seated], None, None]:
    """Results in task order; tasks are taken from the iterator only as workers need them
    (:func:`chinese_ten.analysis.workers.ordered_results`). Workers ignore SIGINT (they are started
    while it is ignored, so none prints a traceback); Ctrl+C interrupts this process only,
    and the pool is terminated."""
    if workers <= 1:
        yield from map(_play_task, tasks)
    else:
        yield from ordered_results(_play_task, tasks, workers, _LOOK_AHEAD)


def _play_task(task: _SeriesTask) -> list[_Seated]:
    """One series (and with ``duplicate`` its twins, the players rotated one seat further
    round each time: with two, seats swapped), with the seat each named player had."""
    setups = series_setups(random.Random(task.seed), task.deals, seats=len(task.names))
    return [
        (_play_series(setups, names, shown, task.seed, task.think), seat_of)
        for names, shown, seat_of in _seatings(task.names, task.seats, task.duplicate)
    ]


@functools.cache
def _seatings(
    names: tuple[str, ...], seats: tuple[str, ...], duplicate: bool
) -> tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]], ...]:
    """Each seating a task plays: who sits where (kinds and names shown), and the seat each
    named player has; worked out once a run, not once a series."""
    count = len(names)
    seatings = []
    for turn in range(count if duplicate else 1):
        at_seat = [(seat - turn) % count for seat in range(count)]  # who sits there
        seat_of = tuple((player + turn) % count for player in range(count))
        seatings.append(
            (tuple(names[p] for p in at_seat), tuple(seats[p] for p in at_seat), seat_of)
        )
    return tuple(seatings)


def _play_series(
    setups: list[DealSetup],
    names: tuple[str, ...],
    seats: tuple[str, ...],
    seed: int,
    think: float | None,
) -> SeriesPlay:
    players = _players(names, seed, think)
    states = tuple(play_deal(setup, players) for setup in setups)
    return SeriesPlay(seats, len(setups), states)
