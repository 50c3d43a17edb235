"""Strength of ``hard`` and variants of it against ``greedy``, paired on the same deals.

Run: ``uv run python benchmarks/bench_strength.py [--deals N] [--variants a,b,...] [--jobs J]``.
Every variant plays each seeded deal twice against ``greedy`` (once from each seat), so the
variants meet exactly the same cards; the report gives each one's mean result per deal and
its difference from the first variant, both with 95% intervals. Pairing matters: the paired
difference's interval is narrower than either variant's (docs/strength.md, "How to measure
an idea").

Variants:

- ``hard``: the shipped player.
- ``blind``: ``hard`` drawing the other hand uniformly (no inference from the other's plays).
- ``old``: ``hard`` with an inference that does not learn how sharp to be (the sharp greedy
  model alone: ``bench_beliefs.old_drawer``).
- ``noties``: ``hard`` reading the other player's captures but not its ties.
- ``greedyplay``: ``hard`` with greedy play for its own later moves in the playouts instead
  of the learned policy (:mod:`chinese_ten.players.policy`).
- ``oracle``: ``hard`` handed the true other hand (and so the set of stock cards, not their
  order). Not a fair player: an upper bound on what inference about the hand can give.
- ``hard@N``: ``hard`` searching N worlds for every option and no more (``hard@120``: no
  extra worlds for the contenders).
- ``hard+N``: ``hard`` with N further worlds for the options still in contention (instead of
  4,000).

``--opponent dealt`` replaces ``greedy`` by a greedy player that breaks ties in a random card
order fixed for each deal, as a greedy player keeping its hand as dealt would; ``--opponent
blind`` by the ``blind`` search, to play the variants against the same search with a uniform
prior head to head.

Figures, with the commands that made them: docs/strength.md.
"""

import argparse
import random
import sys
from collections.abc import Sequence

from bench_beliefs import old_drawer

from chinese_ten.analysis.workers import worker_pool
from chinese_ten.engine.actions import Action
from chinese_ten.engine.cards import Card
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import OVER, DealState, advance, legal_actions, outcome, start
from chinese_ten.engine.view import PlayerView
from chinese_ten.engine.worlds import HandDrawer
from chinese_ten.players.base import Player
from chinese_ten.players.greedy import GreedyPlayer, greedy_score
from chinese_ten.players.hard import HardPlayer, believed_hands
from chinese_ten.players.playout import greedy_points
from chinese_ten.players.spread import Z_95, mean_and_error


class BlindHard(HardPlayer):
    def hand_drawer(self, view: PlayerView) -> HandDrawer:
        unseen = list(view.unseen())

        def draw(rng: random.Random, count: int) -> list[tuple[Card, ...]]:
            hands = []
            for _ in range(count):
                rng.shuffle(unseen)
                hands.append(tuple(sorted(unseen[: view.opponent_hand_count])))
            return hands

        return draw


class OldHard(HardPlayer):
    def hand_drawer(self, view: PlayerView) -> HandDrawer:
        return old_drawer(view)


class NoTiesHard(HardPlayer):
    def hand_drawer(self, view: PlayerView) -> HandDrawer:
        return believed_hands(view, tie_penalty=0.0)


class GreedyPlayoutHard(HardPlayer):
    playout = staticmethod(greedy_points)


class OracleHard(HardPlayer):
    true_hand: tuple[Card, ...] = ()
    """Set by the benchmark before each decision."""

    def hand_drawer(self, view: PlayerView) -> HandDrawer:
        return lambda rng, count: [self.true_hand] * count


class DealtOrderGreedy:
    """Greedy, ties going to the card first in an order shuffled once per deal."""

    name = "greedy (dealt order)"

    def __init__(self, rng: random.Random) -> None:
        self.order = list(range(52))
        rng.shuffle(self.order)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        ranked = sorted(legal, key=lambda a: (self.order[a & 63], a))
        return max(ranked, key=lambda a: greedy_score(a, view.layout))


def make_variant(name: str, rng: random.Random) -> HardPlayer:
    if name.startswith("hard@"):
        return HardPlayer(rng, samples=int(name[5:]), contenders=0)
    if name.startswith("hard+"):
        return HardPlayer(rng, contenders=int(name[5:]))
    variants = {
        "hard": HardPlayer,
        "blind": BlindHard,
        "old": OldHard,
        "noties": NoTiesHard,
        "greedyplay": GreedyPlayoutHard,
        "oracle": OracleHard,
    }
    return variants[name](rng)


def play(setup_seed: int, name: str, seat: int, opponent: str) -> int:
    """``name`` in ``seat`` against ``opponent`` on the deal of ``setup_seed``: its result."""
    player = make_variant(name, random.Random(setup_seed * 2 + seat))
    greedy: Player
    if opponent == "dealt":
        greedy = DealtOrderGreedy(random.Random(setup_seed))
    elif opponent == "blind":
        greedy = BlindHard(random.Random(setup_seed * 2 + 1 - seat))
    else:
        greedy = GreedyPlayer(random.Random(0))
    state: DealState = start(random_setup(random.Random(setup_seed), setup_seed % 2))
    while state.phase != OVER:
        legal: Sequence[Action] = legal_actions(state)
        if len(legal) == 1:
            action = legal[0]
        elif state.to_move == seat:
            if isinstance(player, OracleHard):
                player.true_hand = state.hands[1 - seat]
            action = player.choose(PlayerView(state, seat), legal)
        else:
            action = greedy.choose(PlayerView(state, state.to_move), legal)
        state = advance(state, action)
    result = outcome(state)
    assert result is not None
    return result.results[seat]


def pair(task: tuple[int, str, str]) -> float:
    seed, name, opponent = task
    return (play(seed, name, 0, opponent) + play(seed, name, 1, opponent)) / 2


def interval(xs: list[float]) -> tuple[float, float]:
    mean, error = mean_and_error(xs)
    return mean, Z_95 * error


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=6000, help="first deal's seed")
    parser.add_argument("--variants", default="hard,blind")
    parser.add_argument("--opponent", choices=("greedy", "dealt", "blind"), default="greedy")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    names = args.variants.split(",")
    seeds = range(args.seed, args.seed + args.deals)
    results: dict[str, list[float]] = {name: [] for name in names}
    with worker_pool(args.jobs) as pool:
        tasks = [(seed, name, args.opponent) for seed in seeds for name in names]
        for (seed, name, _), result in zip(tasks, pool.imap(pair, tasks), strict=True):
            results[name].append(result)  # each deal as it ends, for a run cut short
            print(f"{name} {seed} {result:+.1f}", file=sys.stderr, flush=True)
    base = results[names[0]]
    for name in names:
        mean, ci = interval(results[name])
        line = f"{name:>10}: {mean:+6.2f} ± {ci:.2f} a deal v {args.opponent} ({args.deals} deals)"
        if name != names[0]:
            d_mean, d_ci = interval([a - b for a, b in zip(results[name], base, strict=True)])
            line += f"; {d_mean:+.2f} ± {d_ci:.2f} against {names[0]}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
