"""Sentences about a player by name.

Against the computer the human is called "You", so "You deals" must read "You deal"; every
present-tense sentence that starts with a player's name goes through :func:`says`.
"""

YOU = "You"
"""The human's name in a game against the computer."""


def says(name: str, verb: str) -> str:
    """``name`` and a third-person ``verb`` that agrees with it.

    >>> says("Ana", "deals first")
    'Ana deals first'
    >>> says("You", "shuffles")
    'You shuffle'
    >>> says("you", "wins the series!")
    'you win the series!'
    >>> says("You", "is thinking")
    'You are thinking'
    """
    if not _is_you(name):
        return f"{name} {verb}"
    word, _, rest = verb.partition(" ")
    word = "are" if word == "is" else word.removesuffix("s")
    return f"{name} {word} {rest}".rstrip()


def possessive(name: str) -> str:
    """``Ana's``, or ``Your`` for the human against the computer.

    >>> possessive("Ben"), possessive("You")
    ("Ben's", 'Your')
    """
    return "Your" if _is_you(name) else f"{name}'s"


def _is_you(name: str) -> bool:
    return name.casefold() == YOU.casefold()


def signed(result: int) -> str:
    """A deal or series result with its sign, and a tie as a plain ``0``.

    >>> signed(15), signed(-5), signed(0)
    ('+15', '-5', '0')
    """
    return f"{result:+d}" if result else "0"
