"""Complete deals per second on one core: random play through ``simulate.play_deal``, and the
greedy playouts of the ``hard`` search, stepping the engine and on ints.

Run: ``uv run python benchmarks/bench_engine.py [--deals N]``. The set-ups are dealt before the
clock starts, so the figure is the engine and the players, not the shuffling.

Figures (this machine, ``--repeat 1``): about 13,000 random deals/s; greedy playouts
10,300/s through the engine, 35,300/s on ints (``players/playout.py``): 3.4 times as fast.
"""

import argparse
import random
import time

from chinese_ten.deal import OVER, DealSetup, advance, legal_actions, start
from chinese_ten.players import make_player
from chinese_ten.players.greedy import greedy_choice
from chinese_ten.players.playout import greedy_points
from chinese_ten.simulate import play_deal, series_setups


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--players", default="random,random")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    names = args.players.split(",")
    setups = series_setups(random.Random(1), args.deals)
    best = 0.0
    for _ in range(args.repeat):
        players = [make_player(n, random.Random(seat)) for seat, n in enumerate(names)]
        t0 = time.perf_counter()
        for setup in setups:
            play_deal(setup, players)
        rate = args.deals / (time.perf_counter() - t0)
        best = max(best, rate)
        print(f"{rate:10,.0f} deals/s")
    print(f"best of {args.repeat}: {best:,.0f} deals/s ({names[0]} vs {names[1]})")
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
