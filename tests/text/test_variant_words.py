"""The words read the variants: no message holds a figure of a table (its base, its pack's
points, its seat counts), which a change of the variant would leave behind; the figure is a
``{}`` field filled from :mod:`chinese_ten.engine.variant`."""

import re

import pytest

from chinese_ten.engine.variant import FEWEST_SEATS, MOST_SEATS, VARIANTS, variant
from chinese_ten.lang import i18n
from scripts.catalogs import template

SEAT_RANGES = re.compile(
    r"\b(2, 3 or 4|2 to 4|two to four|2 à 4|de 2 a 4)\b|more than three computers", re.IGNORECASE
)


def _figures(text: str) -> set[int]:
    """The whole numbers written in ``text`` (not inside a ``{}`` field)."""
    return {int(n) for n in re.findall(r"(?<![\w{.])\d+(?![\w}])", text)}


def test_the_figures_of_the_variants_are_no_message_s() -> None:
    figures = {n for v in VARIANTS.values() for n in (v.base, v.pack_points)}
    found = []
    for message in template():
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        for text in map(str, ids):
            if text and (_figures(text) & figures or SEAT_RANGES.search(text)):
                found.append(text)
    assert found == []


def test_the_check_sees_a_planted_figure() -> None:
    assert _figures("more than 105 red points; {count} seats") == {105}
    assert SEAT_RANGES.search("a table has 2, 3 or 4 seats")
    assert not SEAT_RANGES.search("a table has {fewest} to {most} seats")


@pytest.mark.parametrize("language", ["en", "fr", "pt"], indirect=True)
def test_the_base_and_seat_counts_are_filled_in(language: str) -> None:
    tie = i18n._("The deal is a tie: {points} points each.").format(points=variant(2).base)
    assert "105" in tie
    seats = i18n._("a table has {fewest} to {most} seats, not {count}")
    said = seats.format(fewest=FEWEST_SEATS, most=MOST_SEATS, count=5)
    assert f"{FEWEST_SEATS} " in said and f"{MOST_SEATS} " in said and said.endswith("5")
