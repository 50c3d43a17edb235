"""Where the exact solver is faster than the sampling search, by unseen cards and seat count.

Run: ``nice -n 10 uv run python benchmarks/bench_exact.py [--per 12] [--seats 2,3,4]``. The
positions are the decisions with a real choice met while greedy plays every seat (as in
``bench_players.py``); for each count of unseen cards (the other hands and the stock) up to
``--most``, ``--per`` of them are decided by the sampling search of ``hard`` (its option
values, :class:`benchmarks.previous_hard.PreviousHardPlayer`) and solved by
:func:`chinese_ten.players.exact.exact_values` with ``hard``'s model weights. Processor time,
median over the positions of each count. :data:`chinese_ten.players.exact.EXACT_UNSEEN` is the
largest count at which exact is the faster at the median and its slowest position stays
under a second. Each line also says how far the sampling search's choice falls behind the
exact best by the exact values (what exact play gains there, under its model).
"""

import argparse
import random
import statistics
import time
from itertools import chain, islice

from bench_players import greedy_decisions
from previous_hard import PreviousHardPlayer

from chinese_ten.engine.deal import DealState
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.exact import exact_values
from chinese_ten.players.hard import exact_weights


def by_unseen(seats: int, per: int, most: int) -> dict[int, list[DealState]]:
    """Up to ``per`` positions for each count of unseen cards from 1 to ``most``."""
    found: dict[int, list[DealState]] = {n: [] for n in range(1, most + 1)}
    for state in chain.from_iterable(islice(greedy_decisions(11, seats), 2000)):
        view = PlayerView(state, state.to_move)
        count = len(view.unseen())
        if count in found and len(found[count]) < per:
            found[count].append(state)
        if all(len(v) >= per for v in found.values()):
            break
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--per", type=int, default=12)
    parser.add_argument("--most", type=int, default=11)
    parser.add_argument("--seats", default="2,3,4")
    args = parser.parse_args()
    for seats in (int(s) for s in args.seats.split(",")):
        groups = by_unseen(seats, args.per, args.most)
        for count, states in groups.items():
            if not states:
                continue
            sampled, exact, regret = [], [], []
            player = PreviousHardPlayer(random.Random(1))
            for state in states:
                view = PlayerView(state, state.to_move)
                legal = view.legal_actions()
                t0 = time.process_time()
                choice = player.choose(view, legal)
                sampled.append(time.process_time() - t0)
                t0 = time.process_time()
                values = exact_values(view, legal, exact_weights(view))
                exact.append(time.process_time() - t0)
                regret.append(max(values) - values[legal.index(choice)])
            print(
                f"{seats} seats, {count:2} unseen ({len(states)} positions): "
                f"sampling median {statistics.median(sampled) * 1000:8.1f} ms "
                f"max {max(sampled) * 1000:8.1f}; "
                f"exact median {statistics.median(exact) * 1000:8.1f} ms "
                f"max {max(exact) * 1000:8.1f}; "
                f"sampling's choice {statistics.mean(regret):.3f} points behind exact's "
                f"(mean; {sum(r > 1e-9 for r in regret)} of {len(regret)} differ)",
                flush=True,
            )


if __name__ == "__main__":
    main()
