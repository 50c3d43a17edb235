"""Complete random-vs-random deals per second on one core, through ``simulate.play_deal``.

Run: ``uv run python benchmarks/bench_engine.py [--deals N]``. The set-ups are dealt before the
clock starts, so the figure is the engine and the players, not the shuffling.
"""

import argparse
import random
import time

from chinese_ten.players import make_player
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


if __name__ == "__main__":
    main()
