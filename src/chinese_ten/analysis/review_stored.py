"""A review kept in the history database: its key, keeping it, reading it back, and the
checks a stored review passes before a verdict of it is shown.

A stored analysis is read from a file: it is checked like any input
(:func:`checked_review`), and one that does not fit its game is done again.
"""

import math
from pathlib import Path
from typing import TYPE_CHECKING, Final

from chinese_ten.analysis.review import reviewable
from chinese_ten.analysis.review_search import Decision, decisions, finished_deals, judge
from chinese_ten.analysis.review_types import VERSION, GameReview, Reason
from chinese_ten.engine.actions import is_flip
from chinese_ten.engine.deal import legal_actions
from chinese_ten.engine.errors import RecordError
from chinese_ten.engine.variant import MOST_POINTS
from chinese_ten.lang.i18n import _

if TYPE_CHECKING:  # only the hints name a record
    from chinese_ten.store.records import GameRecord


_MOST_POINTS: Final = float(MOST_POINTS)
"""No value, loss or reason figure of a decision is beyond the points of the whole pack."""


def _figure(value: float, low: float = -_MOST_POINTS, high: float = _MOST_POINTS) -> bool:
    return math.isfinite(value) and low <= value <= high


def _fits_reason(reason: Reason | None) -> bool:
    return reason is None or (
        _figure(reason.best)
        and _figure(reason.chosen)
        and _figure(reason.best_share, 0.0, 1.0)
        and _figure(reason.chosen_share, 0.0, 1.0)
    )


def analysis_key(samples: int, seed: int, seats: int = 2) -> str:
    """The history database's key for an analysis at this budget and seed, by this version,
    of a game of ``seats`` players (two: a key without the table's size)."""
    table = "" if seats == 2 else f"-seats{seats}"
    return f"review-v{VERSION}{table}-samples{samples}-seed{seed}"


def checked_review(
    review: GameReview, record: "GameRecord", *, samples: int, seed: int
) -> GameReview:
    """``review`` if it can be the analysis of ``record`` at this budget and seed, else
    RecordError: the same players, budget and finished deals, each judgement at one of the
    record's decisions (the mover's seat, the action played there, a best option legal
    there) with finite figures within the pack's points, and every decision with a real
    choice judged. A stored analysis is read from a
    file: it is checked like any input before a verdict of it is shown."""
    finals = finished_deals(record)
    positions = {
        (d.deal, d.turn, 1 if is_flip(d.chosen) else 0): d
        for d in decisions(finals, samples=samples, seed=seed)
    }
    fits = (
        review.players == reviewable(record)
        and review.deals == len(finals)
        and (review.samples, review.seed) == (samples, seed)
        and len({j.key for j in review.judgements}) == len(review.judgements)
    )
    for judgement in review.judgements if fits else ():
        decision = positions.get(judgement.key)
        if not (
            decision is not None
            and judgement.seat == decision.state.to_move
            and judgement.chosen == decision.chosen
            and judgement.best in legal_actions(decision.state)
            and _figure(judgement.chosen_value)
            and _figure(judgement.best_value)
            and _figure(judgement.loss, 0.0)
            and _figure(judgement.loss_se, 0.0)
            and _fits_reason(judgement.reason)
        ):
            fits = False
            break
    judged = {j.key for j in review.judgements}
    if fits and not all(_no_real_choice(d) for k, d in positions.items() if k not in judged):
        fits = False  # a judgement left out: the review would show fewer decisions than were
    if not fits:
        raise RecordError(_("the stored analysis cannot be read"))
    return review


def _no_real_choice(decision: Decision) -> bool:
    """Whether the review leaves ``decision`` unjudged: no plausible world tells its options
    apart (:func:`~chinese_ten.analysis.review_search.judge` says None), as with twins or,
    with few cards unseen, options worth exactly the same; every other decision is judged."""
    return judge(decision) is None


def stored_review(
    game_id: int, record: "GameRecord", *, samples: int, seed: int, folder: Path | None
) -> GameReview | None:
    """The analysis of history game ``game_id`` (whose record is ``record``) at this budget,
    if one was stored, reads back and fits the record (:func:`checked_review`; any other is
    done again); HistoryError when the history cannot be read. The history is only read."""
    from chinese_ten.store.history import read_history

    with read_history(folder) as history:
        text = history.analysis(game_id, analysis_key(samples, seed, len(record.players)))
    if text is None:
        return None
    try:
        review = GameReview.from_text(text)
        return checked_review(review, record, samples=samples, seed=seed)
    except RecordError:
        return None


def store_review(game_id: int, review: GameReview, folder: Path | None) -> None:
    """Keep the analysis of history game ``game_id``, so it is done once: only in a history
    file that is there and can be written (none is created, nothing is moved aside; on a
    read-only place nothing is kept and nothing said). HistoryError when writing fails."""
    from chinese_ten.store.history import open_existing_history

    history = open_existing_history(folder)
    if history is None:
        return
    with history:
        key = analysis_key(review.samples, review.seed, len(review.players))
        history.store_analysis(game_id, key, review.to_text())
