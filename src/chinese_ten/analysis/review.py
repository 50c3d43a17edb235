"""The review of a game: every decision of its finished deals judged
(:func:`analyse`), in worker processes or in this one, and which games it can judge.

One decision is judged by :mod:`chinese_ten.analysis.review_search`, into the values of
:mod:`chinese_ten.analysis.review_types`; the stored form is
:mod:`chinese_ten.analysis.review_stored`, the words :mod:`chinese_ten.analysis.review_words`.
A seeded analysis repeats exactly, whatever the number of worker processes: each decision's
worlds come from its own seed (:func:`~chinese_ten.analysis.review_search.decision_rng`).
"""

import contextlib
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Final

from chinese_ten.analysis.review_search import Decision, decisions, finished_deals, judge
from chinese_ten.analysis.review_types import AnalysisCancelledError, GameReview, Judgement
from chinese_ten.engine.errors import ChineseTenError, RecordError
from chinese_ten.engine.variant import FEWEST_SEATS, MOST_SEATS, SEAT_COUNTS
from chinese_ten.lang.i18n import _, ngettext
from chinese_ten.players.levels import MAX_REVIEW_SAMPLES, MIN_REVIEW_SAMPLES, REVIEW_SAMPLES

if TYPE_CHECKING:  # only the hints name a record
    from chinese_ten.store.records import GameRecord


def reviewable(record: "GameRecord") -> tuple[str, ...]:
    """The names of a game the review can judge: two, three or four players; RecordError for
    any other table (one clear line at every way in; a record read from a file cannot hold
    one, but a record built in code can)."""
    if len(record.players) not in SEAT_COUNTS:
        raise RecordError(
            _("the review judges games of {fewest} to {most} players; this one has {count}").format(
                fewest=FEWEST_SEATS, most=MOST_SEATS, count=len(record.players)
            )
        )
    return tuple(record.players)


def analyse(
    record: "GameRecord",
    *,
    samples: int = REVIEW_SAMPLES,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> GameReview:
    """Judge every decision of the record's finished deals.

    ``progress(done, total)`` is called after each decision; ``cancelled()`` is asked several
    times a second: once it says True, the workers are stopped and AnalysisCancelledError
    raised.
    ``jobs`` worker processes (capped by the usable CPUs) give exactly what one gives.
    """
    if not MIN_REVIEW_SAMPLES <= samples <= MAX_REVIEW_SAMPLES:
        raise ChineseTenError(
            ngettext(
                "the budget must be {least} to {most} world, not {samples}",
                "the budget must be {least} to {most} worlds, not {samples}",
                MAX_REVIEW_SAMPLES,
            ).format(least=MIN_REVIEW_SAMPLES, most=MAX_REVIEW_SAMPLES, samples=samples)
        )
    players = reviewable(record)
    finals = finished_deals(record)
    found = decisions(finals, samples=samples, seed=seed)
    from chinese_ten.analysis.workers import usable_jobs

    judged: list[Judgement] = []
    stop = cancelled if cancelled is not None else lambda: False
    with contextlib.closing(_run(found, usable_jobs(jobs, len(found)), stop)) as results:
        for done, result in enumerate(results, start=1):
            if result is not None:
                judged.append(result)
            if progress is not None:
                progress(done, len(found))
    return GameReview(
        players=players,
        deals=len(finals),
        samples=samples,
        seed=seed,
        judgements=tuple(judged),
    )


_LOOK_AHEAD: Final = 4
"""Decisions handed to the pool per worker before the oldest result is awaited."""


def _run(
    tasks: list[Decision], workers: int, stop: Callable[[], bool]
) -> Generator[Judgement | None, None, None]:
    """Judgements in task order (:func:`chinese_ten.analysis.workers.ordered_results`); like
    simulate's pool, workers ignore SIGINT, and leaving the generator early (``stop``)
    terminates them."""
    if workers <= 1:
        for task in tasks:
            yield judge(task, stop)
        return
    from chinese_ten.analysis.workers import ordered_results

    def waiting() -> None:
        if stop():
            raise AnalysisCancelledError(_("the analysis was cancelled"))

    yield from ordered_results(judge, tasks, workers, _LOOK_AHEAD, waiting)
