"""Complete deals per second on one core: random play through ``simulate.play_deal`` with 2, 3
and 4 seats, and the greedy playouts of the ``hard`` search (2 seats), stepping the engine and
on ints.

Run: ``uv run python benchmarks/bench_engine.py [--deals N] [--repeat R]``. The set-ups are
dealt before the clock starts, so the random figures are the engine and the players, not the
shuffling (``bench_simulate_process.py`` measures the whole ``simulate`` command).

A deal's instructions are counted by callgrind, which no load sways: ``PYTHONHASHSEED=0``,
300 deals dealt beforehand and played by ``play_deal``, less the same run that only deals
them. Figures, and the runs before and after the engine's speed work: docs/performance.md.
"""

import argparse
import random
import time

from chinese_ten.analysis.simulate import play_deal, series_setups
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import OVER, DealSetup, advance, legal_actions, start
from chinese_ten.players.base import make_player
from chinese_ten.players.greedy import greedy_choice
from chinese_ten.players.playout import greedy_points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for seats in (2, 3, 4):
        rng = random.Random(1)
        setups = [random_setup(rng, k % seats, seats=seats) for k in range(args.deals)]
        best = 0.0
        for _ in range(args.repeat):
            players = [make_player("random", random.Random(seat)) for seat in range(seats)]
            t0 = time.perf_counter()
            for setup in setups:
                play_deal(setup, players)
            best = max(best, args.deals / (time.perf_counter() - t0))
        print(f"random, {seats} seats: {best:10,.0f} deals/s (best of {args.repeat})")
    setups = series_setups(random.Random(1), args.deals)
    for label, playout in (("engine", _engine_playout), ("ints", _int_playout)):
        t0 = time.perf_counter()
        for setup in setups:
            playout(setup)
        rate = args.deals / (time.perf_counter() - t0)
        print(f"greedy playouts, {label}: {rate:10,.0f} deals/s")


def _engine_playout(setup: DealSetup) -> None:
    state = start(setup, check=False)
    while state.phase != OVER:
        state = advance(state, greedy_choice(legal_actions(state), setup.layout))


def _int_playout(setup: DealSetup) -> None:
    greedy_points(start(setup, check=False), 0)


if __name__ == "__main__":
    main()
