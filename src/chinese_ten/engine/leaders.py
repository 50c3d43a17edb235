"""Who leads a set of scores: every seat with the most, and the one seat alone there, for a
deal, a series and the history's games alike."""

from collections.abc import Sequence


def highest(scores: Sequence[int]) -> tuple[int, ...]:
    """Every seat with the highest of ``scores``: equal highest scores share the lead, the
    deal or the series.

    >>> highest((90, 60, 90)), highest((117, 93))
    ((0, 2), (0,))
    """
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


def sole(seats: Sequence[int]) -> int | None:
    """The one seat of ``seats``, or None when several share (or none)."""
    return seats[0] if len(seats) == 1 else None
