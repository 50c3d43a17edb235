"""Bot-against-bot play: deals, series, duplicate pairs and their statistics.

The benchmark measures :func:`play_deal`, the same loop ``chinese-ten simulate`` runs.
"""

import contextlib
import itertools
import math
import os
import random
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.pool import AsyncResult, Pool
from typing import Final

from chinese_ten.deal import OVER, DealSetup, DealState, advance, legal_actions, outcome, start
from chinese_ten.dealing import draw_lots, random_setup
from chinese_ten.names import check_names, name_key
from chinese_ten.players import Player, make_player
from chinese_ten.series import SeriesScore
from chinese_ten.view import PlayerView


def play_deal(setup: DealSetup, players: Sequence[Player]) -> DealState:
    """Play a deal to its end; a forced action (one legal choice) is made without asking."""
    choosers = [player.choose for player in players]
    state = start(setup, check=False)
    while state.phase != OVER:
        legal = legal_actions(state)
        if len(legal) == 1:
            action = legal[0]
        else:
            seat = state.to_move
            action = choosers[seat](PlayerView(state, seat), legal)
        state = advance(state, action)
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

    players: tuple[str, str]
    deals_planned: int
    states: tuple[DealState, ...]

    @property
    def score(self) -> SeriesScore:
        score = SeriesScore(self.deals_planned, self.states[0].setup.dealer)
        for state in self.states:
            result = outcome(state)
            assert result is not None  # play_deal only returns finished deals
            score = score.add(result)
        return score


@dataclass
class SimulationSummary:
    """Counts and the mean result per deal of the first-named player, with a 95% interval.

    The mean and variance are kept as running sums (Welford), so memory stays the same for
    any number of series.
    """

    players: tuple[str, str]
    series_played: int = 0
    series_won: list[int] = field(default_factory=lambda: [0, 0])
    series_tied: int = 0
    deals_scored: int = 0
    """First player's results counted (per duplicate pair: the mean of both seatings)."""
    mean: float = 0.0
    _squares: float = 0.0
    """Sum of squared differences from the running mean."""

    def add_result(self, result: float) -> None:
        self.deals_scored += 1
        delta = result - self.mean
        self.mean += delta / self.deals_scored
        self._squares += delta * (result - self.mean)

    @property
    def ci95(self) -> float:
        n = self.deals_scored
        if n < 2:
            return math.inf
        return 1.96 * math.sqrt(self._squares / (n - 1) / n)

    def as_json(self) -> dict[str, object]:
        return {
            "players": list(self.players),
            "series_played": self.series_played,
            "series_won": {
                self.players[0]: self.series_won[0],
                self.players[1]: self.series_won[1],
            },
            "series_tied": self.series_tied,
            "deals_scored": self.deals_scored,
            "mean_result_per_deal": round(self.mean, 3),
            "ci95": round(self.ci95, 3),
        }


def _players(names: tuple[str, str], seed: int, think: float | None) -> list[Player]:
    return [
        make_player(name, random.Random(seed * 2 + seat), think=think)
        for seat, name in enumerate(names)
    ]


def seat_names(kinds: tuple[str, str]) -> tuple[str, str]:
    """The names two computer players go by in records and summaries: their kinds, told
    apart by seat when both are the same (``greedy 1``, ``greedy 2``), since a record refuses
    two names that read the same. Checked like a record's names, before anything is played.

    >>> seat_names(("greedy", "random")), seat_names(("hard", "hard"))
    (('greedy', 'random'), ('hard 1', 'hard 2'))
    """
    first, second = kinds
    if name_key(first) == name_key(second):
        first, second = f"{first} 1", f"{second} 2"
    return check_names((first, second))


def usable_jobs(jobs: int, series: int) -> int:
    """Worker processes worth starting: no more than asked, series to play, or CPUs usable."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        cpus = os.cpu_count() or 1
    return max(1, min(jobs, series, cpus))


def simulate(
    games: int,
    deals: int,
    names: tuple[str, str],
    seed: int | None = None,
    *,
    duplicate: bool = False,
    on_series: Callable[[SeriesPlay], None] | None = None,
    think: float | None = None,
    jobs: int = 1,
) -> SimulationSummary:
    """Play ``games`` series of ``deals`` deals between the players ``names`` (kinds such as
    ``greedy``); with ``duplicate``, each again seats swapped.

    Every series has its own seed drawn from ``seed`` in order, so ``jobs`` worker processes
    (capped by :func:`usable_jobs`) give exactly the same results, in the same order, as one.
    """
    seats = seat_names(names)
    master = random.Random(seed)
    tasks = (
        _SeriesTask(master.getrandbits(48), deals, names, seats, duplicate, think)
        for _ in range(games)
    )
    summary = SimulationSummary(seats)
    with contextlib.closing(_run(tasks, usable_jobs(jobs, games))) as results:
        for play_pair in results:
            _count(summary, play_pair, deals, on_series)
    return summary


def _count(
    summary: SimulationSummary,
    play_pair: list[tuple[SeriesPlay, int]],
    deals: int,
    on_series: Callable[[SeriesPlay], None] | None,
) -> None:
    """Add one series (or duplicate pair) to the summary, in the order they were dealt."""
    first_results = [0.0] * deals
    for play, first_seat in play_pair:
        summary.series_played += 1
        score = play.score
        if score.winner is None:
            summary.series_tied += 1
        else:
            summary.series_won[0 if score.winner == first_seat else 1] += 1
        for k, o in enumerate(score.outcomes):
            first_results[k] += o.results[first_seat] / len(play_pair)
        if on_series is not None:
            on_series(play)
    for result in first_results:
        summary.add_result(result)


@dataclass(frozen=True, slots=True)
class _SeriesTask:
    seed: int
    deals: int
    names: tuple[str, str]
    seats: tuple[str, str]
    duplicate: bool
    think: float | None


_LOOK_AHEAD: Final = 2
"""Series handed to the pool per worker before the oldest result is awaited."""


def _run(
    tasks: Iterator[_SeriesTask], workers: int
) -> Generator[list[tuple[SeriesPlay, int]], None, None]:
    """Results in task order; tasks are taken from the iterator only as workers need them.

    ``Pool.imap`` would drain the iterator at once, so at most ``workers * _LOOK_AHEAD``
    tasks are pending here. Workers ignore SIGINT (they are started while it is ignored, so
    none prints a traceback); Ctrl+C interrupts this process only, and the pool is terminated.
    """
    if workers <= 1:
        yield from map(_play_task, tasks)
        return
    with worker_pool(workers) as pool:
        pending: deque[AsyncResult[list[tuple[SeriesPlay, int]]]] = deque(
            pool.apply_async(_play_task, (task,))
            for task in itertools.islice(tasks, workers * _LOOK_AHEAD)
        )
        while pending:
            result = pending.popleft().get()
            for task in itertools.islice(tasks, 1):
                pending.append(pool.apply_async(_play_task, (task,)))
            yield result


def worker_pool(workers: int) -> Pool:
    """A pool of ``workers`` fresh processes that ignore SIGINT (Ctrl+C interrupts the main
    process only, which terminates the pool on its way out) and end with this process, even
    when it is killed; for simulate and the review."""
    import multiprocessing

    with _sigint_ignored():
        return multiprocessing.get_context("spawn").Pool(
            workers, initializer=_start_worker, initargs=(os.getpid(),)
        )


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Ignore SIGINT while workers start: they inherit it (a signal can only be set from the
    main thread; elsewhere the workers' initializer alone sets it)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


_SET_PARENT_DEATH_SIGNAL: Final = 1
"""Linux's ``PR_SET_PDEATHSIG`` (``serve``'s games use it too)."""


def _start_worker(parent: int) -> None:
    """Ignore SIGINT, and end with ``parent``: a worker whose parent was killed (``kill -9``)
    otherwise plays on for minutes, then prints BrokenPipeError tracebacks. The kernel sends
    SIGTERM when the parent dies (Linux); the parent may have died before that was asked."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_SET_PARENT_DEATH_SIGNAL, signal.SIGTERM)
    if os.getppid() != parent:
        os.kill(os.getpid(), signal.SIGTERM)


def _play_task(task: _SeriesTask) -> list[tuple[SeriesPlay, int]]:
    """One series (and its seats-swapped twin), with the first-named player's seat."""
    setups = series_setups(random.Random(task.seed), task.deals)
    pair = [(_play_series(setups, task.names, task.seats, task.seed, task.think), 0)]
    if task.duplicate:
        names, seats = (task.names[1], task.names[0]), (task.seats[1], task.seats[0])
        pair.append((_play_series(setups, names, seats, task.seed, task.think), 1))
    return pair


def _play_series(
    setups: list[DealSetup],
    names: tuple[str, str],
    seats: tuple[str, str],
    seed: int,
    think: float | None,
) -> SeriesPlay:
    players = _players(names, seed, think)
    states = tuple(play_deal(setup, players) for setup in setups)
    return SeriesPlay(seats, len(setups), states)
