"""Player names and other text from outside: what a name may hold, and how to echo the rest.

A name comes from the command line, the start screen, a save or a record someone mailed;
it is checked once, here, with one rule, so every screen and command can draw it as plain
text. Everything else quoted from outside (a path, a bad card text) goes through
:func:`visible`, so no control character reaches a terminal.
"""

import unicodedata
from collections.abc import Sequence
from typing import Final

from chinese_ten.engine.errors import PlayerNameError
from chinese_ten.engine.variant import FEWEST_SEATS, MOST_SEATS
from chinese_ten.lang.i18n import _, ngettext
from chinese_ten.text.wording import person_key

MAX_NAME_LENGTH: Final = 40
"""Characters (code points) in a name: the start screen's field holds as many."""

BIDI_CONTROLS: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embeddings, overrides and isolates: they reorder the rest of a line, so names refuse them.
The marks U+200E, U+200F and U+061C only set a direction and are allowed."""

_SHORT_ESCAPES: Final = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def unsafe(char: str) -> bool:
    """A control character (C0, DEL, C1), a line or paragraph break, a bidi control, or
    half of a surrogate pair (an undecodable byte from the command line)."""
    return unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp") or char in BIDI_CONTROLS


def visible(text: str) -> str:
    """``text`` with every unsafe character written as an escape (ESC as the 4 characters
    ``\\x1b``), so it can be echoed to a terminal as it is; the rest is left alone."""
    if not any(unsafe(c) for c in text):
        return text
    return "".join(_escape(c) if unsafe(c) else c for c in text)


def _escape(char: str) -> str:
    code = ord(char)
    return _SHORT_ESCAPES.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def why_refused(char: str) -> str:
    """Why a name cannot hold the :func:`unsafe` character ``char``."""
    code = f"U+{ord(char):04X}"
    if char in "\n\r\x0b\x0c\x1c\x1d\x1e\x85" or unicodedata.category(char) in ("Zl", "Zp"):
        return _("a name must be one line (it holds a line break, {code})").format(code=code)
    if unicodedata.category(char) == "Cs":
        return _("a name must be valid text (it holds an undecodable byte, {code})").format(
            code=code
        )
    if char in BIDI_CONTROLS:
        return _("a name cannot hold a control that reorders the text ({code})").format(code=code)
    return _("a name cannot hold control characters (it holds {code})").format(code=code)


def check_name(text: str) -> str:
    """The name with surrounding space stripped; :class:`PlayerNameError` says why not.

    Letters of any script, digits, punctuation, symbols and emoji (with their joiners) are
    welcome; control characters, line breaks and bidi controls are refused.
    """
    name = text.strip()
    if not name:
        raise PlayerNameError(_("a name cannot be empty"))
    if len(name) > MAX_NAME_LENGTH:
        raise PlayerNameError(
            ngettext(
                "a name can have at most {most} character ({count} given)",
                "a name can have at most {most} characters ({count} given)",
                MAX_NAME_LENGTH,
            ).format(most=MAX_NAME_LENGTH, count=len(name))
        )
    for char in name:
        if unsafe(char):
            raise PlayerNameError(why_refused(char))
    if not any(unicodedata.category(c)[0] in "LNPS" for c in name):
        raise PlayerNameError(
            _("a name needs a letter, digit, punctuation mark or symbol, not only spacing")
        )
    return name


def check_names(names: Sequence[str]) -> tuple[str, ...]:
    """Checked names, one per seat (as many as a table seats), that can be told apart: no
    two the same up to case (or Unicode form, such as full-width letters), nor two of one
    default name in any of our languages ("You" and "Vous", "Player 1" and "Joueur 1"),
    since the screens and the history tell the players apart by name
    (:func:`chinese_ten.text.wording.person_key`)."""
    if not FEWEST_SEATS <= len(names) <= MOST_SEATS:
        raise PlayerNameError(
            _("a game has {fewest} to {most} players, not {count}").format(
                fewest=FEWEST_SEATS, most=MOST_SEATS, count=len(names)
            )
        )
    checked = []
    for seat, name in enumerate(names, start=1):
        try:
            checked.append(check_name(name))
        except PlayerNameError as error:
            raise PlayerNameError(
                _("player {seat}: {problem}").format(seat=seat, problem=error)
            ) from None
    for later, second in enumerate(checked):
        for first in checked[:later]:
            if person_key(first) == person_key(second):
                raise PlayerNameError(_same(first, second, len(checked)))
    return tuple(checked)


def _same(first: str, second: str, seats: int) -> str:
    if seats == 2:
        same = (
            _("the two players need different names (both are {name})")
            if first == second
            else _("the two players need different names ({first} and {second} read the same)")
        )
    else:
        same = (
            _("every player needs a name of their own (two are {name})")
            if first == second
            else _("every player needs a name of their own ({first} and {second} read the same)")
        )
    return same.format(name=first, first=first, second=second)
