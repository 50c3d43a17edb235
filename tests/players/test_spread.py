"""The one standard error (``chinese_ten.players.spread``): exactly the figures of the formulas it
replaced in the search, the review, simulate and the statistics."""

import math
import random

from chinese_ten.analysis.simulate import RunningMean
from chinese_ten.players.spread import Z_95, interval_95, mean_and_error, paired_difference


def _old_paired(first: list[int], second: list[int]) -> tuple[float, float]:
    """As ``hard``'s racing and the review wrote it."""
    diffs = [a - b for a, b in zip(first, second, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def test_the_paired_difference_is_the_old_formula_to_the_last_bit() -> None:
    rng = random.Random(5)
    for _ in range(200):
        n = rng.randint(2, 300)
        first = [rng.randint(0, 210) for _ in range(n)]
        second = [rng.randint(0, 210) for _ in range(n)]
        assert paired_difference(first, second) == _old_paired(first, second)


def test_too_few_values_have_no_spread() -> None:
    assert mean_and_error([]) == (0.0, 0.0) and mean_and_error([7]) == (7.0, 0.0)
    assert paired_difference([3], [1]) == (2.0, 0.0)


def test_the_running_interval_agrees_with_the_interval_of_the_values() -> None:
    rng = random.Random(2)
    values = [rng.randint(-40, 40) for _ in range(50)]
    running = RunningMean()
    for value in values:
        running.add(value)
    assert interval_95(values) > 1 and math.isclose(running.ci95, interval_95(values))
    assert math.isclose(interval_95(values), Z_95 * mean_and_error(values)[1])
