"""Numbers as the reader's language writes them: ``1,4`` and ``1 600`` in French.

French and European Portuguese numbers are written by Babel from CLDR's data (decimal comma;
groups of three apart by a narrow no-break space in French, a no-break space in Portuguese).
Babel is imported on the first number it writes, so a screen that shows no such number does
not pay for the import. English writes plain figures (``1.4``, ``1600``).

The digits are rounded once, by Python as for English, and only then written in the language:
every language shows the same rounding of the same value.
"""

from decimal import Decimal
from typing import Final

from chinese_ten.lang import i18n

LOCALES: Final = {"fr": "fr_FR", "pt": "pt_PT"}
"""The CLDR locale whose numbers each translated language uses."""
_MIN_GROUPING: Final = {"pt": 2}
"""CLDR's minimumGroupingDigits where it is not 1, which Babel does not apply: European
Portuguese groups 16 000 but writes 1600."""


def decimal(value: float, places: int, signed: bool = False) -> str:
    """``value`` with ``places`` decimals (a sign before a positive one if ``signed``); an
    interval that cannot be known (one game) stays ``inf`` in every language.

    >>> decimal(1.25, 1), decimal(-13.0, 1), decimal(0.5, 2, signed=True)
    ('1.2', '-13.0', '+0.50')
    >>> decimal(float("inf"), 2)
    'inf'
    """
    return _written(f"{value:+.{places}f}" if signed else f"{value:.{places}f}", places)


def shortest(value: float) -> str:
    """``value`` with only the decimals it needs, as ``{value:g}`` writes it (a threshold, a
    number of minutes).

    >>> shortest(0.5), shortest(2.0), shortest(1440.0)
    ('0.5', '2', '1440')
    """
    plain = f"{value:g}"
    if "e" in plain and i18n.current() in LOCALES:  # Babel's patterns have no exponent
        plain = format(Decimal(repr(value)), "f")
    return _written(plain, len(plain.partition(".")[2]))


def integer(number: int) -> str:
    """A whole number, such as a count of simulated deals.

    >>> integer(1600)
    '1600'
    """
    return _written(str(number), 0)


def _written(plain: str, places: int) -> str:
    """``plain`` (Python's figures) as the current language writes them."""
    language = i18n.current()
    locale = LOCALES.get(language)
    if locale is None or not plain.lstrip("+-")[:1].isdigit():  # inf, nan: as Python says
        return plain
    from babel.numbers import format_decimal  # here: its import is the start-up cost

    number = Decimal(plain)
    pattern = "#,##0" + ("." + "0" * places if places else "")
    if plain.startswith("+"):
        pattern = f"+{pattern};-{pattern}"
    whole_digits = len(str(abs(int(number))))
    grouped = whole_digits >= 4 + _MIN_GROUPING.get(language, 1) - 1
    text = format_decimal(number, format=pattern, locale=locale, group_separator=grouped)
    return i18n.folded(text)
