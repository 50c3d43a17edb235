"""Time per decision of each computer player, on positions from seeded deals.

Run: ``uv run python benchmarks/bench_players.py [--positions N] [--seats 2|3|4]``. The
positions are the decisions with more than one legal action met while greedy plays every seat
of a table of ``--seats`` (default 2); each player decides every one of them from that seat's
view. Wall clock and processor time (which others' load on a shared machine stretches far
less). Strength is measured separately with
``chinese-ten simulate --duplicate`` (README, "Computer opponents").
"""

import argparse
import random
import statistics
import time
from collections.abc import Iterator
from itertools import chain, islice

from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import OVER, DealState, advance, legal_actions, start
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.base import make_player
from chinese_ten.players.greedy import greedy_choice
from chinese_ten.players.levels import PLAYER_NAMES


def greedy_decisions(seed: int, seats: int = 2) -> Iterator[list[DealState]]:
    """The positions with more than one legal action in each of an endless run of deals
    that greedy plays for every seat."""
    rng = random.Random(seed)
    while True:
        state = start(random_setup(rng, rng.randrange(seats), seats=seats))
        found = []
        while state.phase != OVER:
            legal = legal_actions(state)
            if len(legal) > 1:
                found.append(state)
            state = advance(state, greedy_choice(legal, state.setup.layout, seats))
        yield found


def positions(count: int, seats: int = 2) -> list[DealState]:
    return list(islice(chain.from_iterable(greedy_decisions(11, seats)), count))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--think", type=float, default=None, help="time budget for hard")
    parser.add_argument("--seats", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--players", default=",".join(PLAYER_NAMES), help="whom to time")
    args = parser.parse_args()
    states = positions(args.positions, args.seats)
    for name in args.players.split(","):
        player = make_player(name, random.Random(1), think=args.think)
        times, spent = [], []
        for state in states:
            view = PlayerView(state, state.to_move)
            legal = view.legal_actions()
            start_time, start_cpu = time.perf_counter(), time.process_time()
            player.choose(view, legal)
            times.append(time.perf_counter() - start_time)
            spent.append(time.process_time() - start_cpu)
        for clock, taken in (("wall clock", times), ("processor", spent)):
            taken.sort()
            print(
                f"{name:>7}, {clock}: median {statistics.median(taken) * 1000:8.3f} ms, "
                f"p90 {taken[int(len(taken) * 0.9)] * 1000:8.3f} ms, "
                f"max {taken[-1] * 1000:8.3f} ms per decision (n={len(taken)})",
                flush=True,
            )


if __name__ == "__main__":
    main()
