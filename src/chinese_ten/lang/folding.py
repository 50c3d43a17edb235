"""Text folded: to ASCII for ``--ascii`` screens and for a standard output or error whose
encoding cannot show a character (``PYTHONIOENCODING=ascii``, a ``C`` locale); a name to the
key two spellings of it share.

Only the standard library is imported here: the headless commands use it without Textual.
"""

import unicodedata
from typing import Final

_WORDS: Final = {
    "←": "Left",
    "→": "Right",
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "·": "|",
    "•": "*",  # the rules page's bullets
    "…": "...",
    "—": "--",
    "\u2013": "-",  # en dash
    "\u00d7": "x",  # multiplication sign
    "±": "+/-",  # simulate's and stats' intervals
    "«": '"',  # French and Portuguese quotation marks
    "»": '"',
    "\u2019": "'",  # right single quotation mark
    "œ": "oe",  # cœur: NFKD does not take the ligature apart
    "Œ": "OE",
    "\u00a0": " ",  # no-break space
    "\u202f": " ",  # narrow no-break space (before French ; : ! ?)
    "捡红点": "Jian Hong Dian",
}


def ascii_text(text: str) -> str:
    """``text`` in ASCII: known symbols become letters or words, accents are dropped
    (``Jiǎn`` reads ``Jian``, ``Série`` ``Serie``) and anything else becomes ``?``.

    >>> ascii_text("Série · Jiǎn Hóng Diǎn (捡红点) ± 2…")
    'Serie | Jian Hong Dian (Jian Hong Dian) +/- 2...'
    """
    for symbol, word in _WORDS.items():
        text = text.replace(symbol, word)
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return "".join(c if c.isascii() else "?" for c in plain)


def name_key(name: str) -> str:
    """What two players' names must not share, and two spellings of one player's name do:
    the same letters up to case and Unicode form, leaving out invisible format characters
    (``Ana`` and ``Ana`` with a zero-width space read the same)."""
    normal = unicodedata.normalize("NFKC", name).casefold()
    return "".join(c for c in normal if unicodedata.category(c) != "Cf")
