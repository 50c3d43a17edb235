"""The computer players' names, the levels offered to a person and the review's budget, apart
from the players and the review themselves so that parsing a command line does not load the
engine (it would cost the first frame of ``chinese-ten play`` a tenth of a second)."""

from collections.abc import Sequence
from typing import Final

PLAYER_NAMES: tuple[str, ...] = ("random", "greedy", "hard")
LEVELS: dict[str, str] = {"easy": "random", "normal": "greedy", "hard": "hard"}
"""Difficulty levels offered to a person, and the players behind them."""


def lone_person(levels: Sequence[str | None]) -> int | None:
    """The seat of the one person at a table whose other seats the computer plays (each
    seat's level; None for a person): the person addressed as "you", at whose seat the board
    is drawn. None when several people share the keyboard, or none plays.

    >>> lone_person((None, "hard", "easy")), lone_person((None, None)), lone_person(("hard",))
    (0, None, None)
    """
    people = [seat for seat, level in enumerate(levels) if level is None]
    return people[0] if len(people) == 1 else None


REVIEW_SAMPLES: Final = 1600
"""Worlds the review plays the chosen and the close options in (an eighth of them for the rest)."""
MIN_REVIEW_SAMPLES: Final = 40
MAX_REVIEW_SAMPLES: Final = 100_000
"""The budget a person may ask for: 40 worlds (rough) to 100,000 (hours for a long game)."""
