"""Sentences about a player by name.

Against the computer the human is called "You", so "You deals" must read "You deal"; every
sentence that starts with a player's name goes through :func:`says`.
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
    if name.casefold() != YOU.casefold():
        return f"{name} {verb}"
    word, _, rest = verb.partition(" ")
    if word == "is":
        word = "are"
    elif word.endswith(("shes", "ches", "sses", "xes")):
        word = word[:-2]
    elif word.endswith("s"):
        word = word[:-1]
    return f"{name} {word} {rest}".rstrip()


def possessive(name: str) -> str:
    """``Ana's``, or ``Your`` for the human against the computer.

    >>> possessive("Ben"), possessive("You")
    ("Ben's", 'Your')
    """
    return "Your" if name.casefold() == YOU.casefold() else f"{name}'s"
