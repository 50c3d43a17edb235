"""The players' default names and the words for results, in the current language.

A sentence about a player is a whole catalog entry chosen by the situation, never a name
glued to a verb: the human against the computer is addressed as "you" ("You deal"), anyone
else by name ("{name} deals"), whatever the names are. The default names translate by seat
when the game is set up; a name a person typed is kept as typed, and records keep the name
that was used.
"""

from chinese_ten.i18n import N_, _, every_translation

YOU = "You"
"""The English default name of the human against the computer."""

_LEVELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def level_name(level: str) -> str:
    """A computer level (``easy``, ``normal``, ``hard``) as the language says it."""
    return _(_LEVELS[level]) if level in _LEVELS else level


def computer_name(level: str) -> str:
    """The default name of the computer at ``level``: ``Computer (hard)``."""
    return _("Computer ({level})").format(level=level_name(level))


def default_names() -> tuple[str, str]:
    """The names offered for two people: ``Player 1``, ``Player 2``."""
    return _("Player 1"), _("Player 2")


def names_against_computer(level: str, human: int) -> tuple[str, str]:
    """The default names when the person in seat ``human`` (0 or 1) plays the computer.

    >>> names_against_computer("easy", 1)
    ('Computer (easy)', 'You')
    """
    you, computer = _("You"), computer_name(level)
    return (you, computer) if human == 0 else (computer, you)


def is_you(name: str) -> bool:
    """Whether ``name`` is the default name of the human against the computer, in any of our
    languages (a record keeps the name used: a game played in French has "Vous").

    >>> is_you("vous"), is_you("Ana")
    (True, False)
    """
    return name.casefold() in {word.casefold() for word in every_translation(YOU)}


def signed(result: int) -> str:
    """A deal or series result with its sign, and a tie as a plain ``0``.

    >>> signed(15), signed(-5), signed(0)
    ('+15', '-5', '0')
    """
    return f"{result:+d}" if result else "0"
