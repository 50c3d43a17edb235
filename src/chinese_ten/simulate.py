"""Bot-against-bot play: deals, series, duplicate pairs and their statistics.

The benchmark measures :func:`play_deal`, the same loop ``chinese-ten simulate`` runs.
"""

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from chinese_ten.deal import OVER, DealSetup, DealState, advance, legal_actions, outcome, start
from chinese_ten.dealing import draw_lots, random_setup
from chinese_ten.players import Player, make_player
from chinese_ten.series import SeriesScore
from chinese_ten.view import PlayerView


def play_deal(setup: DealSetup, players: Sequence[Player]) -> DealState:
    """Play a deal to its end; a forced action (one legal choice) is made without asking."""
    state = start(setup, check=False)
    while state.phase != OVER:
        legal = legal_actions(state)
        if len(legal) == 1:
            action = legal[0]
        else:
            seat = state.to_move
            action = players[seat].choose(PlayerView(state, seat), legal)
        state = advance(state, action)
    return state


def series_setups(rng: random.Random, deals: int) -> list[DealSetup]:
    """The deals of one series: dealer by lot, then alternating; shuffled from ``rng``."""
    first = draw_lots(rng)
    return [random_setup(rng, first if k % 2 == 0 else 1 - first) for k in range(deals)]


@dataclass(frozen=True, slots=True)
class SeriesPlay:
    """One series as played: who sat where, and every final deal state."""

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
    """Counts and the mean result per deal of the first-named player, with a 95% interval."""

    players: tuple[str, str]
    series_played: int = 0
    series_won: list[int] = field(default_factory=lambda: [0, 0])
    series_tied: int = 0
    deal_results: list[float] = field(default_factory=list)
    """First player's result per deal (per duplicate pair: the mean of both seatings)."""

    @property
    def mean(self) -> float:
        return sum(self.deal_results) / len(self.deal_results) if self.deal_results else 0.0

    @property
    def ci95(self) -> float:
        n = len(self.deal_results)
        if n < 2:
            return math.inf
        m = self.mean
        var = sum((x - m) ** 2 for x in self.deal_results) / (n - 1)
        return 1.96 * math.sqrt(var / n)

    def as_json(self) -> dict[str, object]:
        return {
            "players": list(self.players),
            "series_played": self.series_played,
            "series_won": {
                self.players[0]: self.series_won[0],
                self.players[1]: self.series_won[1],
            },
            "series_tied": self.series_tied,
            "deals_scored": len(self.deal_results),
            "mean_result_per_deal": round(self.mean, 3),
            "ci95": round(self.ci95, 3),
        }


def _players(names: tuple[str, str], seed: int, think: float | None) -> list[Player]:
    return [
        make_player(name, random.Random(seed * 2 + seat), think=think)
        for seat, name in enumerate(names)
    ]


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
    """Play ``games`` series of ``deals`` deals; with ``duplicate``, each again seats swapped.

    Every series has its own seed drawn from ``seed`` up front, so ``jobs`` worker processes
    give exactly the same results, in the same order, as one.
    """
    master = random.Random(seed)
    tasks = [
        _SeriesTask(master.getrandbits(48), deals, names, duplicate, think) for _ in range(games)
    ]
    summary = SimulationSummary(names)
    for play_pair in _run(tasks, jobs):
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
        summary.deal_results += first_results
    return summary


@dataclass(frozen=True, slots=True)
class _SeriesTask:
    seed: int
    deals: int
    names: tuple[str, str]
    duplicate: bool
    think: float | None


def _run(tasks: list[_SeriesTask], jobs: int) -> Iterator[list[tuple[SeriesPlay, int]]]:
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(_play_task, tasks)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_play_task, tasks)


def _play_task(task: _SeriesTask) -> list[tuple[SeriesPlay, int]]:
    """One series (and its seats-swapped twin), with the first-named player's seat."""
    setups = series_setups(random.Random(task.seed), task.deals)
    pair = [(_play_series(setups, task.names, task.seed, task.think), 0)]
    if task.duplicate:
        swapped = (task.names[1], task.names[0])
        pair.append((_play_series(setups, swapped, task.seed, task.think), 1))
    return pair


def _play_series(
    setups: list[DealSetup], names: tuple[str, str], seed: int, think: float | None
) -> SeriesPlay:
    players = _players(names, seed, think)
    states = tuple(play_deal(setup, players) for setup in setups)
    return SeriesPlay(names, len(setups), states)
