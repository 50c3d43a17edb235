"""Strength and decision time of ``hard`` with 3 or 4 seats, against ``greedy`` in every
other seat, on duplicate deals with every seat rotated.

Run: ``uv run python benchmarks/bench_strength_seats.py --seats 3 [--deals N] [--seed S]
[--jobs J]``. Every seeded deal is played ``seats`` times on the same cards, ``hard`` in each
seat in turn and greedy (valuing the black aces where they score) in the others. Greedy in
every seat would score exactly 0 a deal over the rotations (the results of a deal sum to 0),
so ``hard``'s mean result over the rotations is its lead over greedy in its place; the report
gives it with a 95% interval over the deals, and the median and 90th percentile of the time
``hard`` took for a decision with a real choice: wall clock (say the load beside it) and the
processor time of its process, which others' load on a shared machine stretches far less.

Figures: docs/strength.md, "Three and four players: hard".
"""

import argparse
import random
import sys
import time
from typing import TypeAlias

from chinese_ten.analysis.workers import worker_pool
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import OVER, advance, legal_actions, outcome, start
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.greedy import greedy_choice
from chinese_ten.players.hard import HardPlayer
from chinese_ten.players.spread import Z_95, mean_and_error

Times: TypeAlias = list[tuple[float, float]]
"""Decision times: (wall clock, processor time) in seconds."""


def rotations(task: tuple[int, int]) -> tuple[float, Times]:
    """``hard``'s mean result over every seat of the deal of ``seed``, and its decision times."""
    seed, seats = task
    setup = random_setup(random.Random(seed), seed % seats, seats=seats)
    results: list[int] = []
    times: Times = []
    for hard_seat in range(seats):
        hard = HardPlayer(random.Random(seed * seats + hard_seat))
        state = start(setup)
        while state.phase != OVER:
            legal = legal_actions(state)
            if state.to_move == hard_seat and len(legal) > 1:
                t0, c0 = time.perf_counter(), time.process_time()
                action = hard.choose(PlayerView(state, hard_seat), legal)
                times.append((time.perf_counter() - t0, time.process_time() - c0))
            else:
                action = greedy_choice(legal, setup.layout, seats)
            state = advance(state, action)
        result = outcome(state)
        assert result is not None
        results.append(result.results[hard_seat])
    return sum(results) / seats, times


def interval(xs: list[float]) -> tuple[float, float]:
    mean, error = mean_and_error(xs)
    return mean, Z_95 * error


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seats", type=int, choices=(3, 4), default=3)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=6000, help="first deal's seed")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    tasks = [(seed, args.seats) for seed in range(args.seed, args.seed + args.deals)]
    means: list[float] = []
    times: Times = []
    with worker_pool(args.jobs) as pool:
        for (seed, _), (mean, took) in zip(tasks, pool.imap(rotations, tasks), strict=True):
            means.append(mean)  # each deal as it ends, for a run cut short
            times += took
            shown = " ".join(f"{wall:.3f}/{cpu:.3f}" for wall, cpu in took)
            print(f"{seed} {mean:+.2f} {shown}", file=sys.stderr, flush=True)
    mean, ci = interval(means)
    print(
        f"hard v greedy, {args.seats} seats: {mean:+.2f} ± {ci:.2f} a deal "
        f"({args.deals} deals x {args.seats} rotations)"
    )
    for label, column in (("wall clock", 0), ("processor", 1)):
        spent = sorted(t[column] for t in times)
        print(
            f"decision time, {label}: median {spent[len(spent) // 2] * 1000:.0f} ms, "
            f"90th percentile {spent[int(len(spent) * 0.9)] * 1000:.0f} ms ({len(spent)} decisions)"
        )


if __name__ == "__main__":
    main()
