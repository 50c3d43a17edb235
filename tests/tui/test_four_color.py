"""``--four-color``: one colour a suit, diamonds blue, all readable on dark and light themes."""

import colorsys
from pathlib import Path

import pytest
from rich.color import Color as RichColor
from rich.style import Style
from textual.color import Color
from textual.theme import BUILTIN_THEMES

from chinese_ten.engine.cards import parse_card
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.cardtext import card_style
from tests.contrast import contrast
from tests.tui_helpers import options

SUITS = "SHDC"


def drawn_colors(app: ChineseTenApp) -> dict[str, Color]:
    """The colour each suit is drawn in under the app's theme (ANSI names as Textual maps them)."""
    colors = {}
    for suit in SUITS:
        color: RichColor | None = Style.parse(
            card_style(parse_card("5" + suit), four_color=True)
        ).color
        if color is None:
            colors[suit] = Color.parse(app.theme_variables["foreground"])
        else:
            colors[suit] = Color(*color.get_truecolor(app.ansi_theme))
    return colors


THEMES = sorted(name for name in BUILTIN_THEMES if not name.startswith("ansi-"))
"""Every built-in theme but the ``ansi-`` ones, whose colours are the terminal's own."""


@pytest.mark.parametrize("theme", THEMES)
async def test_four_colors_are_distinct_and_readable(tmp_path: Path, theme: str) -> None:
    app = ChineseTenApp(options(tmp_path, four_color=True))
    async with app.run_test() as pilot:
        app.theme = theme
        await pilot.pause()
        background = Color.parse(app.theme_variables["background"])
        colors = drawn_colors(app)
    for suit, color in colors.items():
        assert contrast(color, background) >= 3, (theme, suit, color.hex)
    values = list(colors.values())
    for k, first in enumerate(values):
        for second in values[k + 1 :]:
            distance = sum((a - b) ** 2 for a, b in zip(first.rgb, second.rgb, strict=True)) ** 0.5
            assert distance > 100, (theme, first.hex, second.hex)
    hue = colorsys.rgb_to_hsv(*(c / 255 for c in colors["D"].rgb))[0] * 360
    assert 200 <= hue <= 240, f"diamonds are not blue: {colors['D'].hex}"


def test_without_four_color_only_red_is_coloured() -> None:
    styles = [card_style(parse_card("5" + s), four_color=False) for s in SUITS]
    assert styles[0] == styles[3] == "" and styles[1] == styles[2] == "bold red"
