"""The one registry of the computer players and the levels offered to a person, and the
review's budget, apart from the players and the review themselves so that parsing a command
line does not load the engine.

Every list of levels reads :data:`LEVELS` (the records' and the history's checks, the
protocol, the start screen, the command line, the words): a level is added here, with its
words in the catalogs."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from chinese_ten.lang.i18n import N_


@dataclass(frozen=True, slots=True)
class Level:
    """A difficulty offered to a person: the computer player behind it and its name in
    English, the catalogs' message (``text.wording.level_name`` says it in the reader's
    language)."""

    player: str
    words: str


PLAYERS: Final[dict[str, tuple[str, str]]] = {
    "random": ("chinese_ten.players.random_player", "RandomPlayer"),
    "greedy": ("chinese_ten.players.greedy", "GreedyPlayer"),
    "hard": ("chinese_ten.players.hard", "HardPlayer"),
}
"""Each computer player by name, and where it lives (module, class): only the one asked for
is imported (``hard`` loads its playout tables, which a game of random players never needs)."""
PLAYER_NAMES: Final = tuple(PLAYERS)

LEVELS: Final[dict[str, Level]] = {
    "easy": Level("random", N_("easy")),
    "normal": Level("greedy", N_("normal")),
    "hard": Level("hard", N_("hard")),
}
"""Difficulty levels offered to a person, in the order they are offered."""


def computer_names() -> tuple[str, ...]:
    """Every name a record may give a computer seat: a level, or a player by name
    (``simulate``'s).

    >>> computer_names()
    ('easy', 'normal', 'hard', 'random', 'greedy')
    """
    return tuple(dict.fromkeys((*LEVELS, *PLAYERS)))


def player_of(name: str) -> str:
    """The player behind a level, or ``name`` itself (a player's name, or unknown).

    >>> player_of("normal"), player_of("greedy")
    ('greedy', 'greedy')
    """
    level = LEVELS.get(name)
    return name if level is None else level.player


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
