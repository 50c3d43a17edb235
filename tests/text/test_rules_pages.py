"""The rules pages in every language describe the game for three and four players with the
engine's own figures (hand sizes, the black aces, pack totals, bases, series lengths)."""

import re

import pytest

from chinese_ten.engine.series import default_deals
from chinese_ten.engine.variant import variant
from chinese_ten.text.rules import more_seats_section, rules_markdown

HEADINGS = {
    "en": "## Three and four players",
    "fr": "## À trois et à quatre joueurs",
    "pt": "## Com três e quatro jogadores",
}


@pytest.mark.parametrize("language", ["en", "fr", "pt"])
def test_each_page_has_the_three_and_four_player_figures(language: str) -> None:
    page = rules_markdown(language)
    heading = HEADINGS[language]
    assert heading in page
    section = page.split(heading, 1)[1].split("\n## ", 1)[0]
    bold = set(re.findall(r"\*\*([^*]+)\*\*", section))
    for seats in (3, 4):
        assert f"{variant(seats).hand_size} " in " ".join(bold) + " "
        assert str(variant(seats).pack_points) in bold and str(variant(seats).base) in bold
    assert {"30", "40", "24"} <= bold  # the black aces' points, the stock
    assert default_deals(4) == 8 and any(w in bold for w in ("eight", "huit", "oito"))


@pytest.mark.parametrize("language", ["en", "fr", "pt"])
def test_f1_finds_the_section_for_three_and_four_in_every_language(language: str) -> None:
    """F1 at a table of three or four opens on that section, found by its place."""
    section = more_seats_section()
    assert section is not None
    headings = [line for line in rules_markdown(language).splitlines() if line.startswith("## ")]
    assert headings[section] == HEADINGS[language]
