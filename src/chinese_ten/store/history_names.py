"""Who a stored name is: the default names are one person in every language.

A game played in French keeps "Vous" in its record, one played in English "You"; both are the
human against the computer, so the history files them under one key and shows them in the
language of the day. The rule needs no flag in the record: a name equal (up to case and
Unicode form) to a default name in any of our languages *is* that default
(:func:`chinese_ten.text.wording.default_identity`, the one place that knows them). Other names
are keyed by :func:`chinese_ten.lang.folding.name_key`. Only the standard library is used.
"""

from chinese_ten.lang.folding import name_key
from chinese_ten.text.wording import (
    DEFAULT_MARK,
    computer_identity,
    identity_name,
    is_computer_identity,
    keys_of_identity,
    person_key,
)


def computer_key(level: str, number: int = 0) -> str:
    """The key of the default name of the computer at ``level`` ("Computer (hard)"; with a
    seat ``number``, "Computer 3 (hard)", beside another computer of its level)."""
    return DEFAULT_MARK + computer_identity(level, number)


def is_computer_default(key: str, level: str) -> bool:
    """Whether ``key`` is that of a default name of the computer at ``level`` (the name then
    says the level: it is not said twice)."""
    return key.startswith(DEFAULT_MARK) and is_computer_identity(
        key.removeprefix(DEFAULT_MARK), level
    )


def history_key(name: str) -> str:
    """The key a stored name is counted and searched by.

    >>> history_key("Vous") == history_key("you"), history_key("Ana")
    (True, 'ana')
    """
    return person_key(name)


def keys_in_older_files(name: str) -> frozenset[str]:
    """Every key a schema-1 file (keyed by :func:`name_key` alone) may hold for ``name``."""
    key = history_key(name)
    if not key.startswith(DEFAULT_MARK):
        return frozenset({name_key(name), key})
    return frozenset({name_key(name), key} | keys_of_identity(key.removeprefix(DEFAULT_MARK)))


def shown_name(name: str, key: str) -> str:
    """``name`` (keyed ``key`` by :func:`history_key`) as the current language says it when it
    is a default name, else as stored."""
    if not key.startswith(DEFAULT_MARK):
        return name
    return identity_name(key.removeprefix(DEFAULT_MARK))
