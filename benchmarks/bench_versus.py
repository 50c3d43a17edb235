"""One player against another on duplicate deals, every seat in turn, with its decision time.

Run: ``nice -n 10 uv run python benchmarks/bench_versus.py --players hard,previous --seats 2
[--deals N] [--seed S] [--jobs J]``. Every seeded deal is played once with the first player in
each seat in turn and the second player in every other seat, on the same cards. The second
player in every seat would score exactly 0 a deal over the rotations (a deal's results sum to
0), so the first player's mean result over the rotations is its lead over the second in its
place; the report gives it with a 95% interval over the deals, and the median and 90th
percentile of the processor time the first player took for a decision with a real choice.
Each deal's figure is printed to stderr as it ends, so a run cut short still counts.

Players: ``hard`` (the level as shipped: exact where few cards are unseen, sampling before),
``previous`` (the sampling search for every decision: ``previous_hard.py``), ``deep``
(``hard`` solving exactly from more unseen cards: :data:`DEEP_UNSEEN`), ``blind`` (``hard``
drawing and weighing the other hands uniformly: inference off), ``oracle`` (``hard`` handed
the other hands: a bound on inference) and ``oracle-refit`` (the same with ``refit``'s
playouts), ``shown``, ``everyone`` and
``refit`` (other seats by the learned policy in the playouts: ``seat_models.py``),
``greedy``, ``random``, and ``policy`` (the learned policy as a player: one the levels were
not measured against).
Figures: docs/strength.md.
"""

import argparse
import random
import sys
import time
from collections.abc import Sequence
from typing import TypeAlias

from previous_hard import PreviousHardPlayer
from seat_models import EveryoneHard, RefitHard, ShownHard

from chinese_ten.analysis.workers import worker_pool
from chinese_ten.engine.actions import Action
from chinese_ten.engine.cards import Card
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import OVER, DealState, advance, legal_actions, outcome, start
from chinese_ten.engine.view import PlayerView
from chinese_ten.engine.worlds import HandDrawer, uniform_hands
from chinese_ten.players.base import Player, make_player
from chinese_ten.players.exact import exact_values
from chinese_ten.players.hard import HardPlayer, WorldDrawer
from chinese_ten.players.policy import PolicyPlayer
from chinese_ten.players.spread import Z_95, mean_and_error

DEEP_UNSEEN = {2: 9, 3: 8, 4: 8}
"""Where ``deep`` solves exactly: as far as a decision stays well under the time limits
(``bench_exact.py``; figures in docs/strength.md, "Strength")."""


class DeepHard(HardPlayer):
    exact_unseen = DEEP_UNSEEN


class BlindHard(HardPlayer):
    """``hard`` with no inference: the other hands drawn and weighed uniformly."""

    def hand_drawer(self, view: PlayerView) -> HandDrawer:
        draw = uniform_hands(view)
        other = (view.seat + 1) % view.seats
        return lambda rng, count: [hands[other] for hands in draw(rng, count)]

    def world_drawer(self, view: PlayerView) -> WorldDrawer:
        return uniform_hands(view)

    def exact(self, view: PlayerView, legal: Sequence[Action]) -> list[float]:
        return exact_values(view, legal)


NEVER_EXACT = {2: 0, 3: 0, 4: 0}


class OracleHard(HardPlayer):
    """``hard`` handed every other seat's true hand (so also which cards are in the stock,
    not their order), sampling every decision: a bound on what any reading of the other
    hands could be worth. The benchmark sets :attr:`truth` before each of its decisions."""

    exact_unseen = NEVER_EXACT
    truth: DealState | None = None

    def _true_hands(self) -> tuple[tuple[Card, ...], ...]:
        assert self.truth is not None
        return tuple(tuple(sorted(hand)) for hand in self.truth.hands)

    def hand_drawer(self, view: PlayerView) -> HandDrawer:
        other = self._true_hands()[(view.seat + 1) % view.seats]
        return lambda rng, count: [other] * count

    def world_drawer(self, view: PlayerView) -> WorldDrawer:
        hands = self._true_hands()
        return lambda rng, count: [hands] * count


class OracleRefit(OracleHard, RefitHard):
    """``oracle`` with ``refit``'s playouts (every other seat by the refitted policy): what
    the other hands are worth to a search that does not take the others for greedy."""


def player(name: str, rng: random.Random) -> Player:
    made: dict[str, type[HardPlayer]] = {
        "hard": HardPlayer,
        "shown": ShownHard,
        "everyone": EveryoneHard,
        "refit": RefitHard,
        "previous": PreviousHardPlayer,
        "deep": DeepHard,
        "blind": BlindHard,
        "oracle": OracleHard,
        "oracle-refit": OracleRefit,
    }
    if name in made:
        return made[name](rng)
    if name == "policy":
        return PolicyPlayer()
    return make_player(name, rng)


Times: TypeAlias = list[float]


def rotations(task: tuple[int, int, str, str]) -> tuple[float, Times]:
    """The first player's mean result over every seat of the deal of ``seed``, and its
    decision times (processor)."""
    seed, seats, first, rest = task
    setup = random_setup(random.Random(seed), seed % seats, seats=seats)
    results: list[int] = []
    times: Times = []
    for seat_of_first in range(seats):
        players = [
            player(first if s == seat_of_first else rest, random.Random(seed * 97 + s))
            for s in range(seats)
        ]
        state = start(setup)
        while state.phase != OVER:
            legal = legal_actions(state)
            mover = state.to_move
            if len(legal) == 1:
                action = legal[0]
            else:
                moving = players[mover]
                if isinstance(moving, OracleHard):
                    moving.truth = state
                c0 = time.process_time()
                action = moving.choose(PlayerView(state, mover), legal)
                if mover == seat_of_first:
                    times.append(time.process_time() - c0)
            state = advance(state, action)
        result = outcome(state)
        assert result is not None
        results.append(result.results[seat_of_first])
    return sum(results) / seats, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", default="hard,previous")
    parser.add_argument("--seats", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=20000, help="first deal's seed")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    first, rest = args.players.split(",")
    tasks = [(s, args.seats, first, rest) for s in range(args.seed, args.seed + args.deals)]
    means: list[float] = []
    times: Times = []
    with worker_pool(args.jobs) as pool:
        for task, (mean, took) in zip(tasks, pool.imap(rotations, tasks), strict=True):
            means.append(mean)
            times += took
            print(f"{task[0]} {mean:+.2f} {len(took)}", file=sys.stderr, flush=True)
    mean, error = mean_and_error(means)
    print(
        f"{first} v {rest}, {args.seats} seats: {mean:+.2f} ± {Z_95 * error:.2f} a deal "
        f"(95%, {len(means)} deals x {args.seats} rotations)"
    )
    spent = sorted(times)
    if spent:
        print(
            f"{first}: decision processor time median {spent[len(spent) // 2] * 1000:.0f} ms, "
            f"90th percentile {spent[int(len(spent) * 0.9)] * 1000:.0f} ms, "
            f"max {spent[-1] * 1000:.0f} ms ({len(spent)} decisions)"
        )


if __name__ == "__main__":
    main()
