"""How far a mean may be off: the standard error of a mean, of a paired difference, and the
95% interval, written once for the search, the review, simulate, the statistics and the
benchmarks.

The sample standard deviation (``n - 1``) over the square root of the count, the normal
approximation for the interval.
"""

import math
from collections.abc import Sequence
from typing import Final

Z_95: Final = 1.96
"""Standard errors either side of a mean in its 95% interval (normal approximation)."""


def error_of_squares(squares: float, count: int) -> float:
    """The standard error of a mean of ``count`` values (two or more) whose squared
    differences from their mean add up to ``squares``."""
    return math.sqrt(squares / (count - 1) / count)


def standard_error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values``; 0.0 below two values.

    >>> standard_error([1, 2, 3, 4])
    0.6454972243679028
    """
    return mean_and_error(values)[1]


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` (two or more; 0.0 for none) and its standard error (0.0 below
    two values)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    return mean, error_of_squares(sum((x - mean) ** 2 for x in values), n)


def paired_difference(first: Sequence[float], second: Sequence[float]) -> tuple[float, float]:
    """The mean of ``first - second``, paired value by value (the same worlds, the same
    deals), and its standard error (0.0 below two pairs).

    >>> paired_difference([10, 12, 9], [8, 9, 9])
    (1.6666666666666667, 0.8819171036881969)
    """
    return mean_and_error([a - b for a, b in zip(first, second, strict=True)])


def interval_95(values: Sequence[float]) -> float:
    """Half the width of the 95% interval of the mean of ``values``."""
    return Z_95 * standard_error(values)
