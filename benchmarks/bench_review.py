"""Time to review a 6-deal game, and the calibration of the review's labels.

Run: ``uv run python benchmarks/bench_review.py [--deals 6] [--samples N] [--jobs 2]`` for the
time (goal: a 6-deal game in at most 20 s with 2 jobs at the default budget, at a load of
2), and
``... --calibrate [--deals 2]`` for the figures behind
:data:`chinese_ten.analysis.review_types.THRESHOLDS`:

- noise: the same decisions (``hard`` v ``greedy``) judged with two seeds; the percentiles of
  the difference between the two losses measured for the same chosen option;
- the loss per decision of ``random``, ``greedy`` and ``hard`` play (each seat of seeded
  series: ``greedy`` v ``random`` and ``hard`` v ``greedy``), and how often each label falls.

and, with the labels, how often a loss of a point or more gets a plain reason, of which kind.

``... --seats [--deals 3] --jobs 1`` for three and four players: the processor time a
decision at 2, 3 and 4 seats (``greedy`` against ``random`` in every other seat, one deal of
each seat count in turn, so the machine's load falls on all alike), and the seed noise of a
verdict at 3 seats (the same decisions judged with two seeds: the loss's difference, and how
many labels differ).

Figures are in docs/performance.md and the README's review section (this 2-core machine is
shared, so they are upper bounds).
"""

import argparse
import statistics
import time

from chinese_ten.analysis.review import analyse
from chinese_ten.analysis.review_search import decisions, finished_deals
from chinese_ten.analysis.review_types import LABELS, THRESHOLDS, GameReview, Judgement
from chinese_ten.analysis.simulate import SeriesPlay, simulate
from chinese_ten.engine.variant import SEAT_COUNTS
from chinese_ten.players.levels import REVIEW_SAMPLES
from chinese_ten.store.records import GameRecord, game_record


def played(names: tuple[str, ...], deals: int, seed: int) -> GameRecord:
    """A seeded series of these players (each seat named after its player and its place)."""
    plays: list[SeriesPlay] = []
    simulate(1, deals, names, seed, on_series=plays.append)
    shown = (
        names if len(set(names)) == len(names) else tuple(f"{n}{k}" for k, n in enumerate(names))
    )
    return game_record(shown, deals, plays[0].states)


def time_one(deals: int, samples: int, jobs: int) -> None:
    record = played(("greedy", "random"), deals, 5)
    began = time.perf_counter()
    review = analyse(record, samples=samples, jobs=jobs)
    took = time.perf_counter() - began
    print(
        f"{deals} deals, {len(review.judgements)} judged decisions, {samples} worlds, "
        f"{jobs} jobs: {took:.1f} s ({took / max(1, len(review.judgements)) * 1000:.0f} ms a "
        "decision)"
    )


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    at = [ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in (0.5, 0.9, 0.99)]
    return "p50 {:.2f}  p90 {:.2f}  p99 {:.2f}  max {:.2f}".format(*at, ordered[-1])


def judged(review: GameReview, seat: int) -> list[Judgement]:
    return [j for j in review.judgements if j.seat == seat]


def calibrate(deals: int, samples: int, jobs: int) -> None:
    hard_game = played(("hard", "greedy"), deals, 21)
    first = analyse(hard_game, samples=samples, jobs=jobs, seed=0)
    second = analyse(hard_game, samples=samples, jobs=jobs, seed=1)
    again = {j.key: j for j in second.judgements}
    gaps = [abs(j.loss - again[j.key].loss) for j in first.judgements if j.key in again]
    print(f"noise, |loss(seed 0) - loss(seed 1)| over {len(gaps)} decisions: {percentiles(gaps)}")
    weak_game = played(("greedy", "random"), deals, 22)
    weak = analyse(weak_game, samples=samples, jobs=jobs)
    for name, mine in (
        ("random", judged(weak, 1)),
        ("greedy", judged(weak, 0) + judged(first, 1)),
        ("hard", judged(first, 0)),
    ):
        losses = [j.loss for j in mine]
        borderline = sum(j.borderline for j in mine)
        counts = {kind: sum(1 for j in mine if j.label == kind) for kind in LABELS}
        print(
            f"{name}: {len(losses)} decisions, mean loss {statistics.fmean(losses):.2f}, "
            f"{percentiles(losses)}; labels {counts}, borderline {borderline}, "
            f"median standard error {statistics.median(j.loss_se for j in mine):.2f}"
        )
    reasons(first.judgements + weak.judgements)


def reasons(judgements: tuple[Judgement, ...]) -> None:
    """How often a loss of a point or more gets a plain reason, and of which kind."""
    explained = [j for j in judgements if j.loss >= THRESHOLDS[0]]
    kinds = {
        "takes more now": sum(1 for j in explained if j.reason and j.reason.kind == "takes"),
        "leaves a named card": sum(
            1 for j in explained if j.reason and j.reason.kind == "leaves" and j.reason.card
        ),
        "leaves more (no one card)": sum(
            1 for j in explained if j.reason and j.reason.kind == "leaves" and not j.reason.card
        ),
        "no clear reason": sum(1 for j in explained if j.reason is None),
    }
    print(f"reasons for the {len(explained)} losses of a point or more: {kinds}")


def seat_counts(deals: int, samples: int, jobs: int) -> None:
    """Processor time a decision with 2, 3 and 4 players; the seed noise at 3."""
    spent = dict.fromkeys(SEAT_COUNTS, 0.0)
    counted = dict.fromkeys(SEAT_COUNTS, 0)
    judged_ = dict.fromkeys(SEAT_COUNTS, 0)
    for deal in range(deals):
        for n in SEAT_COUNTS:
            record = played(("greedy",) + ("random",) * (n - 1), 1, 300 + deal)
            counted[n] += len(decisions(finished_deals(record), samples=samples, seed=0))
            began = time.process_time()
            judged_[n] += len(analyse(record, samples=samples, jobs=jobs).judgements)
            spent[n] += time.process_time() - began
    for n in SEAT_COUNTS:
        print(
            f"{n} seats: {counted[n]} decisions ({judged_[n]} judged) over {deals} deals, "
            f"{spent[n]:.1f} s of processor time: {spent[n] / counted[n] * 1000:.0f} ms a "
            f"decision, {spent[n] / counted[n] / (spent[2] / counted[2]):.2f}x two seats"
        )
    three = played(("hard", "greedy", "random"), deals, 400)
    first = analyse(three, samples=samples, jobs=jobs, seed=0)
    second = analyse(three, samples=samples, jobs=jobs, seed=1)
    again = {j.key: j for j in second.judgements}
    pairs = [(j, again[j.key]) for j in first.judgements if j.key in again]
    gaps = [abs(a.loss - b.loss) for a, b in pairs]
    flips = sum(a.label != b.label for a, b in pairs)
    best = sum(a.best != b.best for a, b in pairs)
    once = len(first.judgements) + len(second.judgements) - 2 * len(pairs)
    print(
        f"3 seats, seed noise over {len(pairs)} decisions of {deals} deals: |loss(seed 0) - "
        f"loss(seed 1)| {percentiles(gaps)}; labels differ in {flips}, best option in {best} "
        f"(judged with one seed only: {once})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=None)
    parser.add_argument("--samples", type=int, default=REVIEW_SAMPLES)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--calibrate", action="store_true")
    parser.add_argument("--seats", action="store_true", help="3 and 4 seats against 2")
    args = parser.parse_args()
    if args.seats:
        seat_counts(args.deals or 3, args.samples, args.jobs)
    elif args.calibrate:
        calibrate(args.deals or 2, args.samples, args.jobs)
    else:
        time_one(args.deals or 6, args.samples, args.jobs)


if __name__ == "__main__":
    main()
