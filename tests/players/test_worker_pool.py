"""The one ordered pool (``chinese_ten.analysis.workers``) that simulate and the review share."""

import itertools
import math
from collections.abc import Iterator

import pytest

from chinese_ten.analysis.workers import ordered_results, usable_jobs


def test_results_come_back_in_task_order_and_tasks_are_taken_lazily() -> None:
    taken = 0

    def tasks() -> Iterator[int]:
        nonlocal taken
        for n in itertools.count(30, -1):
            taken += 1
            yield n

    results = ordered_results(math.factorial, tasks(), 2, 2)
    try:
        first = [next(results) for _ in range(3)]
        assert first == [math.factorial(n) for n in (30, 29, 28)]
        assert taken <= 3 + 2 * 2  # never the whole (endless) iterator
    finally:
        results.close()


class StopError(Exception):
    pass


def test_a_wait_that_raises_ends_the_run() -> None:
    def waiting() -> None:
        raise StopError

    with pytest.raises(StopError):
        list(ordered_results(math.factorial, [20000] * 4, 2, 1, waiting))


def test_no_more_workers_than_tasks() -> None:
    assert usable_jobs(8, 1) == 1 and usable_jobs(0, 5) == 1
