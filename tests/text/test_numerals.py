"""Numbers in the reader's language: Babel's CLDR forms in French and Portuguese, English as
the code writes it, the same rounding everywhere, and Babel imported only when used."""

import subprocess
import sys
from collections.abc import Iterator

import pytest

from chinese_ten.lang import i18n
from chinese_ten.lang.folding import ascii_text
from chinese_ten.lang.numerals import decimal, integer, shortest

NARROW, NO_BREAK = "\u202f", "\u00a0"


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("en", ["1.4", "-13.0", "+0.12", "1600", "16000", "122.2", "0.5", "2", "1e-07"]),
        ("fr", ["1,4", "-13,0", "+0,12", f"1{NARROW}600", f"16{NARROW}000", "122,2", "0,5", "2"]),
        ("pt", ["1,4", "-13,0", "+0,12", "1600", f"16{NO_BREAK}000", "122,2", "0,5", "2"]),
    ],
    indirect=["language"],
)
def test_numbers_are_written_as_the_language_writes_them(language: str, written: list[str]) -> None:
    shown = [
        decimal(1.4, 1),
        decimal(-13.0, 1),
        decimal(0.123, 2, signed=True),
        integer(1600),
        integer(16000),
        decimal(122.25, 1),  # Python's rounding (half to even on the binary value), everywhere
        shortest(0.5),
        shortest(2.0),
    ]
    if language == "en":
        shown.append(shortest(1e-7))  # English is what {:g} writes, exponent and all
    assert shown == written


@pytest.mark.parametrize("language", ["en", "fr", "pt"], indirect=True)
def test_an_interval_not_known_is_written_as_python_writes_it(language: str) -> None:
    """One game simulated has no interval (infinite): simulate's table printed a traceback in
    French and Portuguese, Babel having no digits to write."""
    assert decimal(float("inf"), 2) == "inf" and decimal(float("-inf"), 2, signed=True) == "-inf"
    assert decimal(float("nan"), 1) == "nan"


@pytest.mark.parametrize("language", ["fr", "pt"], indirect=True)
def test_a_large_signed_number_is_grouped_not_just_given_a_comma(language: str) -> None:
    """What replacing the point by a comma would miss: the groups, and the sign kept."""
    space = NARROW if language == "fr" else NO_BREAK
    assert decimal(-1234567.891, 2) == f"-1{space}234{space}567,89"
    assert decimal(12345.5, 1, signed=True) == f"+12{space}345,5"
    assert "." not in decimal(1234.5, 1)


@pytest.fixture
def ascii_screen() -> Iterator[None]:
    i18n.fold_with(ascii_text)
    yield
    i18n.fold_with(None)


@pytest.mark.parametrize("language", ["fr"], indirect=True)
def test_an_ascii_screen_gets_an_ascii_space(language: str, ascii_screen: None) -> None:
    assert integer(1600) == "1 600"


def _imports_babel(code: str) -> bool:
    probe = f"import sys\n{code}\nprint('babel' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True
    )
    return result.stdout.strip() == "True"


def test_babel_is_imported_only_when_a_number_is_written_in_a_language() -> None:
    start = "from chinese_ten.lang import i18n, numerals\nimport chinese_ten.tui.app\n"
    assert not _imports_babel(start + "i18n.choose('fr')")
    assert not _imports_babel(start + "i18n.choose('en'); numerals.decimal(1.5, 1)")
    assert _imports_babel(start + "i18n.choose('fr'); numerals.decimal(1.5, 1)")
