"""The players' default names and the words for results, in the current language.

A sentence about a player is a whole catalog entry chosen by the situation, never a name
glued to a verb: the human against the computer is addressed as "you" ("You deal"), anyone
else by name ("{name} deals"), whatever the names are. The default names translate by seat
when the game is set up; a name a person typed is kept as typed, and records keep the name
that was used.
"""

from collections.abc import Callable, Sequence
from functools import cache
from gettext import NullTranslations

from chinese_ten.lang.folding import name_key
from chinese_ten.lang.i18n import N_, _, every_catalog
from chinese_ten.players.levels import LEVELS, lone_person

YOU = N_("You")
"""The English default name of the human against the computer."""


def level_name(level: str) -> str:
    """A computer level (one of :data:`~chinese_ten.players.levels.LEVELS`) as the language
    says it; any other name as it is."""
    return _(LEVELS[level].words) if level in LEVELS else level


_COMPUTER = N_("Computer ({level})")
_COMPUTER_IN_SEAT = N_("Computer {number} ({level})")
"""A computer's default name at a table with another computer of its level."""
# TRANSLATORS: the computer's default name without its level, where a line has no room for
# it (the status line at 80 columns: "Deal 2 · totals You -23, Computer +23 · dealer Computer").
_COMPUTER_SHORT = N_("Computer")
_COMPUTER_SHORT_IN_SEAT = N_("Computer {number}")
_PLAYERS = (N_("Player 1"), N_("Player 2"), N_("Player 3"), N_("Player 4"))
_SEATS = range(1, len(_PLAYERS) + 1)

# The default names are the one place above; each is known by an identity that is the same in
# every language: "you", "player 2", "computer hard", "computer 3 hard" (the history's keys).
_YOU_IDENTITY = "you"
_RETIRED = {"Você": _YOU_IDENTITY}
"""Default names that no catalog gives but saves, records and histories may hold (Portuguese
"Você"), each to the identity it names."""


def computer_identity(level: str, number: int = 0) -> str:
    """The identity of the computer at ``level`` (``computer hard``; with a seat ``number``
    beside another computer of its level, ``computer 3 hard``)."""
    return f"computer {number} {level}" if number else f"computer {level}"


def is_computer_identity(identity: str | None, level: str) -> bool:
    """Whether ``identity`` is a default name of the computer at ``level`` (which says the
    level already: it is not said twice)."""
    return identity is not None and (
        identity == computer_identity(level)
        or (identity.startswith("computer ") and identity.endswith(f" {level}"))
    )


def _every_identity() -> tuple[str, ...]:
    players = tuple(f"player {number}" for number in _SEATS)
    computers = tuple(
        computer_identity(level, number) for level in LEVELS for number in (0, *_SEATS)
    )
    return (_YOU_IDENTITY, *players, *computers)


def identity_name(identity: str, translate: Callable[[str], str] = _) -> str:
    """The default name whose identity is ``identity``, as ``translate`` says it.

    >>> identity_name("you"), identity_name("player 2"), identity_name("computer 3 hard")
    ('You', 'Player 2', 'Computer 3 (hard)')
    """
    if identity == _YOU_IDENTITY:
        return translate(YOU)
    if identity.startswith("player "):
        return translate(_PLAYERS[int(identity.removeprefix("player ")) - 1])
    *number, level = identity.removeprefix("computer ").split(" ")
    return computer_name(level, translate, int(number[0]) if number else 0)


def default_identity(name: str) -> str | None:
    """Which default name ``name`` is, in any of our languages (up to case and Unicode form):
    its identity, such as ``you`` for "Vous" or ``player 2`` for "Jogador 2"; None for a name
    that is no default name.

    >>> default_identity("vous"), default_identity("Ordinateur (difficile)")
    ('you', 'computer hard')
    >>> default_identity("Ana") is None
    True
    """
    return _identities(every_catalog()).get(name_key(name))


DEFAULT_MARK = "\x00"
"""Starts the key of a default name; no typed name can hold it (names refuse controls)."""


def person_key(name: str) -> str:
    """Who ``name`` is: two names with one key are one player. A default name in any of our
    languages is its identity ("You", "Vous" and "Jogador" are the one person against the
    computer), any other name its letters up to case and Unicode form (:func:`name_key`).

    >>> person_key("Vous") == person_key("you"), person_key("Ana")
    (True, 'ana')
    """
    identity = default_identity(name)
    return name_key(name) if identity is None else DEFAULT_MARK + identity


def keys_of_identity(identity: str) -> frozenset[str]:
    """The name key of every way our languages say the default name ``identity``."""
    known = _identities(every_catalog())
    return frozenset(key for key, said in known.items() if said == identity)


@cache
def _identities(catalogs: tuple[NullTranslations, ...]) -> dict[str, str]:
    """The name key of every default name in English and each catalog, and of each of
    :data:`_RETIRED`, to its identity (by the catalogs read: a test may read a damaged copy of
    them)."""
    keys: dict[str, str] = {}
    for translate in (_english, *(c.gettext for c in catalogs)):
        for identity in _every_identity():
            keys.setdefault(name_key(identity_name(identity, translate)), identity)
    for name, identity in _RETIRED.items():
        keys.setdefault(name_key(name), identity)
    return keys


def computer_name(level: str, translate: Callable[[str], str] = _, number: int = 0) -> str:
    """The default name of the computer at ``level``: ``Computer (hard)``; with a seat
    ``number`` (from 1), ``Computer 3 (hard)``."""
    said = translate(LEVELS[level].words if level in LEVELS else level)
    if number:
        return translate(_COMPUTER_IN_SEAT).format(number=number, level=said)
    return translate(_COMPUTER).format(level=said)


def short_computer_name(name: str, level: str | None) -> str | None:
    """``name`` without its level if it is a default name of the computer at ``level`` in
    the current language (``Computer`` for ``Computer (hard)``, ``Computer 3`` for
    ``Computer 3 (hard)``); None for any other name.

    >>> short_computer_name("Computer 3 (hard)", "hard"), short_computer_name("Ana", "hard")
    ('Computer 3', None)
    """
    if level is None:
        return None
    for number in range(len(_PLAYERS) + 1):
        if name == computer_name(level, number=number):
            short = _(_COMPUTER_SHORT_IN_SEAT) if number else _(_COMPUTER_SHORT)
            return short.format(number=number)
    return None


def default_names(seats: int = 2) -> tuple[str, ...]:
    """The names offered for people sharing the keyboard: ``Player 1``, ``Player 2``..."""
    return tuple(_(name) for name in _PLAYERS[:seats])


def _english(message: str) -> str:
    return message


def seat_identity(seat: int, levels: Sequence[str | None]) -> str:
    """The identity of ``seat``'s default name at a table whose computer seats play at
    ``levels`` (see :func:`seat_default`)."""
    level = levels[seat]
    if level is not None:
        twins = sum(other == level for other in levels) > 1
        return computer_identity(level, seat + 1 if twins else 0)
    if lone_person(levels) is not None:
        return _YOU_IDENTITY
    return f"player {seat + 1}"


def seat_default(
    seat: int, levels: Sequence[str | None], translate: Callable[[str], str] = _
) -> str:
    """The default name of ``seat`` at a table whose computer seats play at ``levels``: the
    computer is ``Computer (hard)`` (``Computer 3 (hard)`` beside another at its level), the
    one person at the table ``You``, people sharing the keyboard ``Player 1``, ``Player 2``...
    A default name is a seat's identity, not a word: saves and records keep it as such and it
    is shown in the reader's language.

    >>> seat_default(1, (None, "hard")), seat_default(0, (None, "hard"))
    ('Computer (hard)', 'You')
    >>> seat_default(1, (None, None))
    'Player 2'
    >>> [seat_default(k, (None, "hard", "hard", "easy")) for k in range(4)]
    ['You', 'Computer 2 (hard)', 'Computer 3 (hard)', 'Computer (easy)']
    """
    return identity_name(seat_identity(seat, levels), translate)


def english_default(seat: int, levels: Sequence[str | None]) -> str:
    """:func:`seat_default` as records and the history write it, whatever the language."""
    return seat_default(seat, levels, _english)


def is_default(name: str, seat: int, levels: Sequence[str | None]) -> bool:
    """Whether ``name`` is ``seat``'s default name in any of our languages (a name offered by
    the start screen and kept, or written by an older version in the language of its day).

    >>> is_default("Joueur 2", 1, (None, None)), is_default("Ana", 1, (None, None))
    (True, False)
    """
    return default_identity(name) == seat_identity(seat, levels)


def is_you(name: str) -> bool:
    """Whether ``name`` is the default name of the human against the computer, in any of our
    languages (a record keeps the name used: a game played in French has "Vous").

    >>> is_you("vous"), is_you("Ana")
    (True, False)
    """
    return default_identity(name) == _YOU_IDENTITY


def listed(names: Sequence[str]) -> str:
    """``Ana``, ``Ana and Ben``, ``Ana, Ben and Cy``.

    >>> listed(["Ana", "Ben", "Cy"])
    'Ana, Ben and Cy'
    """
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {name}").format(names=", ".join(names[:-1]), name=names[-1])


def versus(names: Sequence[str]) -> str:
    """``Ana v Ben``, and at a larger table ``Ana v Ben v Cy``.

    >>> versus(("Ana", "Ben", "Cy"))
    'Ana v Ben v Cy'
    """
    text = names[0]
    for other in names[1:]:
        text = _("{first} v {second}").format(first=text, second=other)
    return text


def signed(result: int) -> str:
    """A deal or series result with its sign, and a tie as a plain ``0``.

    >>> signed(15), signed(-5), signed(0)
    ('+15', '-5', '0')
    """
    return f"{result:+d}" if result else "0"
