"""Who a stored name is: the default names are one person in every language.

A game played in French keeps "Vous" in its record, one played in English "You"; both are the
human against the computer, so the history files them under one key and shows them in the
language of the day. The rule needs no flag in the record: a name equal (up to case and
Unicode form) to a default name in any of our languages *is* that default. Other names are
keyed by :func:`chinese_ten.names.name_key`. Only the standard library is used.
"""

import gettext
from functools import cache
from typing import Final

from chinese_ten.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, _
from chinese_ten.levels import LEVELS
from chinese_ten.names import name_key
from chinese_ten.wording import YOU, computer_name, default_names

DEFAULT_MARK: Final = "\x00"
"""Starts the key of a default name; no typed name can hold it (names refuse controls)."""
_PLAYERS: Final = ("Player 1", "Player 2", "Player 3", "Player 4")
_COMPUTER: Final = "Computer ({level})"
_COMPUTER_IN_SEAT: Final = "Computer {number} ({level})"
_SEATS: Final = range(1, 5)


@cache
def _defaults() -> dict[str, str]:
    """The name key of every default name in every language, to its history key."""
    keys: dict[str, str] = {}
    for code in LANGUAGES:
        words = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True).gettext
        keys[name_key(words(YOU))] = DEFAULT_MARK + "you"
        for number, player in zip(_SEATS, _PLAYERS, strict=True):
            keys[name_key(words(player))] = f"{DEFAULT_MARK}player {number}"
        for level in LEVELS:
            name = words(_COMPUTER).format(level=words(level))
            keys[name_key(name)] = computer_key(level)
            for number in _SEATS:
                name = words(_COMPUTER_IN_SEAT).format(number=number, level=words(level))
                keys[name_key(name)] = computer_key(level, number)
    return keys


def computer_key(level: str, number: int = 0) -> str:
    """The key of the default name of the computer at ``level`` ("Computer (hard)"; with a
    seat ``number``, "Computer 3 (hard)", beside another computer of its level)."""
    if number:
        return f"{DEFAULT_MARK}computer {number} {level}"
    return f"{DEFAULT_MARK}computer {level}"


def is_computer_default(key: str, level: str) -> bool:
    """Whether ``key`` is that of a default name of the computer at ``level`` (the name then
    says the level: it is not said twice)."""
    return key == computer_key(level) or (
        key.startswith(f"{DEFAULT_MARK}computer ") and key.endswith(f" {level}")
    )


def history_key(name: str) -> str:
    """The key a stored name is counted and searched by.

    >>> history_key("Vous") == history_key("you"), history_key("Ana")
    (True, 'ana')
    """
    return _defaults().get(name_key(name)) or name_key(name)


def keys_in_older_files(name: str) -> frozenset[str]:
    """Every key a schema-1 file (keyed by :func:`name_key` alone) may hold for ``name``."""
    key = history_key(name)
    return frozenset(
        {name_key(name), key} | {typed for typed, default in _defaults().items() if default == key}
    )


def shown_name(name: str, key: str) -> str:
    """``name`` (keyed ``key`` by :func:`history_key`) as the current language says it when it
    is a default name, else as stored."""
    if not key.startswith(DEFAULT_MARK):
        return name
    word = key.removeprefix(DEFAULT_MARK)
    if word == "you":
        return _("You")
    if word.startswith("player "):
        return default_names(len(_PLAYERS))[int(word.removeprefix("player ")) - 1]
    *number, level = word.removeprefix("computer ").split(" ")
    return computer_name(level, number=int(number[0]) if number else 0)
