"""The rules brief's random-play figures for 2, 3 and 4 players, measured with our engine.

Run: ``nice uv run python benchmarks/bench_order.py [--deals 3000] [--seed 1] [--jobs 1]``.

Two tables, each figure with its 95% interval beside the brief's (measured with an
independent engine over 3,000 deals):

1. Random play: the mean result a deal (points - the base) by order of play, from the first
   to play (the seat after the dealer) to the dealer, who plays last.
2. Greedy in one seat against random in the others, every deal played once with greedy in
   each seat on the same cards (``simulate --duplicate``): greedy's mean result a deal.

Both run through :func:`chinese_ten.analysis.simulate.simulate`, the loop of
``chinese-ten simulate``.
"""

import argparse
import functools

from chinese_ten.analysis.simulate import RunningMean, SeriesPlay, simulate
from chinese_ten.engine.deal import outcome
from chinese_ten.engine.series import default_deals

BY_ORDER = {2: (-2.7, 2.7), 3: (-4.4, -0.2, 4.7), 4: (-5.3, -2.9, 1.9, 6.3)}
"""The brief's mean result by order of play, first to play .. dealer."""
GREEDY = {2: 24.7, 3: 23.1, 4: 19.3}
"""The brief's greedy result a deal against random players, every seat in turn."""


def results_by_order(play: SeriesPlay, means: list[RunningMean]) -> None:
    """Add each deal's results to ``means``, indexed by order of play (0: first to play)."""
    seats = len(play.players)
    for state in play.states:
        result = outcome(state)
        assert result is not None
        for order in range(seats):
            means[order].add(result.results[(state.setup.dealer + 1 + order) % seats])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=3000, help="deals per seat count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()

    print(f"Random play, mean result a deal by order of play ({args.deals} deals each)")
    for seats, brief in BY_ORDER.items():
        means = [RunningMean() for _ in range(seats)]
        deals = default_deals(seats)
        simulate(
            -(-args.deals // deals),
            deals,
            ("random",) * seats,
            args.seed,
            on_series=functools.partial(results_by_order, means=means),
            jobs=args.jobs,
        )
        ours = ", ".join(f"{m.mean:+5.1f} ± {m.ci95:3.1f}" for m in means)
        theirs = ", ".join(f"{figure:+.1f}" for figure in brief)
        print(f"  {seats} players: {ours}   (brief: {theirs}; n={means[0].count})")

    print(f"Greedy in one seat against random, every seat in turn ({args.deals} deals each)")
    for seats, figure in GREEDY.items():
        deals = default_deals(seats)
        summary = simulate(
            -(-args.deals // deals),
            deals,
            ("greedy",) + ("random",) * (seats - 1),
            args.seed,
            duplicate=True,
            jobs=args.jobs,
        )
        print(
            f"  {seats} players: {summary.mean:+5.1f} ± {summary.ci95:3.1f}   "
            f"(brief: {figure:+.1f}; n={summary.deals_scored} deals, each in {seats} seatings)"
        )


if __name__ == "__main__":
    main()
