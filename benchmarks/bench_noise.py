"""What too few worlds and the unseen other hand cost ``hard``, in red points a deal.

Run: ``uv run python benchmarks/bench_noise.py [--positions N] [--reference W]
[--variants hard,hard@120,...] [--jobs J]``.

Games are a slow yardstick (thousands of duplicate deals for a third of a point), so this one
measures decisions. On positions met while greedy plays both seats, every legal option is played
in ``W`` worlds drawn as ``hard`` draws them: its reference value. Each variant then decides
every position four times; its regret is the best reference value minus that of its choice. The
mean regret times the number of decisions with a choice per seat in a deal (counted and printed)
is the points a deal it loses to sampling noise. The last line does the same for the reference's
own choice against values from worlds holding the true other hand: what not seeing that hand
costs a noise-free ``hard`` under today's inference, an upper bound for better inference (much
of it is which cards lie in the stock, which nothing can tell).

Figures: docs/strength.md, "What sampling noise still costs".
"""

import argparse
import random
from functools import cache

from bench_players import greedy_decisions
from bench_strength import OracleHard, interval, make_variant

from chinese_ten.analysis.workers import worker_pool
from chinese_ten.engine.deal import DealState, legal_actions
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.hard import HardPlayer

REPEATS = 4
"""Decisions of each variant per position, with different seeds."""


@cache
def positions(count: int) -> tuple[tuple[DealState, ...], float]:
    """``count`` positions with a choice, about one in eight of those met in greedy deals, and the
    number of decisions with a choice per seat per deal."""
    pick = random.Random(12)
    found: list[DealState] = []
    decisions = 0
    for deals, deal in enumerate(greedy_decisions(11), start=1):
        decisions += len(deal)
        found += [state for state in deal if pick.random() < 0.12]
        if len(found) >= count:
            return tuple(found[:count]), decisions / deals / 2
    raise AssertionError("greedy_decisions never ends")


def values(state: DealState, worlds: int, seed: int, true_hand: bool) -> list[float]:
    """Mean final points of the player to move after each option, over ``worlds`` worlds
    drawn as ``hard`` draws them, or holding the true other hand."""
    rng = random.Random(seed)
    if true_hand:
        oracle = OracleHard(rng, samples=worlds, contenders=0)
        oracle.true_hand = state.hands[1 - state.to_move]
        player: HardPlayer = oracle
    else:
        player = HardPlayer(rng, samples=worlds, contenders=0)
    return player.scores(PlayerView(state, state.to_move), legal_actions(state))


def regrets(task: tuple[int, int, int, tuple[str, ...]]) -> list[float]:
    """Regret of each variant at one position, then that of the reference's choice against
    the true-hand values."""
    index, count, worlds, names = task
    state = positions(count)[0][index]
    legal = legal_actions(state)
    reference = values(state, worlds, index, true_hand=False)
    best = max(reference)
    view = PlayerView(state, state.to_move)
    out = []
    for name in names:
        total = 0.0
        for repeat in range(REPEATS):
            choice = make_variant(name, random.Random(index * REPEATS + repeat)).choose(view, legal)
            total += best - reference[legal.index(choice)]
        out.append(total / REPEATS)
    seen = values(state, worlds // 2, index, true_hand=True)
    chosen = max(range(len(legal)), key=reference.__getitem__)
    out.append(max(seen) - seen[chosen])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--reference", type=int, default=8000, help="worlds for the reference")
    parser.add_argument("--variants", default="hard,hard@120")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    names = tuple(args.variants.split(","))
    for name in names:  # a bad name fails here, not in a worker
        try:
            if isinstance(make_variant(name, random.Random(0)), OracleHard):
                raise ValueError("it would need the true hand")
        except (KeyError, ValueError) as error:
            known = "hard, hard@N, hard+N, blind, noties or greedyplay"
            parser.error(f"variant {name!r}: {error}; try {known}")
    per_deal = positions(args.positions)[1]
    tasks = [(i, args.positions, args.reference, names) for i in range(args.positions)]
    with worker_pool(args.jobs) as pool:
        rows = pool.map(regrets, tasks, chunksize=2)
    print(f"decisions with a choice per seat per deal: {per_deal:.2f}")
    for column, label in enumerate([*names, "unseen hand"]):
        mean, ci = interval([row[column] * per_deal for row in rows])
        print(f"{label:>12}: {mean:.3f} ± {ci:.3f} points a deal")


if __name__ == "__main__":
    main()
