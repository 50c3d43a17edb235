"""Complete deals per second on one core: random play through ``simulate.play_deal`` with 2, 3
and 4 seats, and the greedy playouts of the ``hard`` search (2 seats), stepping the engine and
on ints.

Run: ``uv run python benchmarks/bench_engine.py [--deals N] [--repeat R]``. The set-ups are
dealt before the clock starts, so the random figures are the engine and the players, not the
shuffling (``bench_simulate_process.py`` measures the whole ``simulate`` command).

Figures: before the N-seat engine, about 13,000 random deals/s (2 seats) on a quiet machine;
greedy playouts 10,300/s through the engine, 35,300/s on ints (``players/playout.py``).

Before and after the speed work of #24 (the N-seat engine of commit d0c0159 against branch
``perf``), run alternately twice with ``--deals 20000`` on the 2-core machine under a load
average of 6 to 10 (so a third of the quiet figures; compare the columns, not the machine):

    random deals/s      2 seats        3 seats        4 seats        greedy playouts, engine
    before          4,723  5,006   5,004  5,128   5,293  5,275   3,772  4,044
    after           5,596  5,604   5,769  5,724   6,203  7,059   4,477  4,467

Counted by callgrind, which no load sways (``PYTHONHASHSEED=0``, 300 deals dealt and played
less the same run with none): a 2-seat random deal took 1,055,500 instructions before and
906,600 after (dealing 151,000 and 77,200 of them).

Random players then came to choose from the legal actions alone, so ``play_deal`` builds them
no view (branch ``speed``). Counted by callgrind (``PYTHONHASHSEED=0``; 300 deals dealt
beforehand and played by ``play_deal``, less the same run that only deals them), a deal played:

    instructions        2 seats      3 seats      4 seats
    before              794,600      760,100      730,900
    after               754,300      721,600      694,100

Timed, ``--deals 10000``, before and after alternately twice, load average 1.6 to 1.9 (this
machine's speed jumps between runs by a third, so only the counts above are firm):

    random deals/s      2 seats          3 seats          4 seats
    before          7,117   7,009    9,408   9,368   10,568   6,963
    after          11,139   7,577    9,410  10,376    7,970   6,960
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
