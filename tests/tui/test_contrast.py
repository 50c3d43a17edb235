"""Legible highlights: the chosen card, the cards it takes, the turned card, the layout
triple and the cards of the last turn are told apart by the shape of their frames and by
colour, and every character on them (the card's text and the frame) is at least 4.5:1 on
its background (WCAG AA), in the dark and the light theme, as the terminal (or the browser)
gets the colours."""

from pathlib import Path

import pytest
from textual.geometry import Region

from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.glyphs import ASCII, UNICODE, Glyphs
from chinese_ten.tui.widgets.card import MARKS, CardStrip
from tests.contrast import cells, contrast
from tests.tui_helpers import hand_key, make_setup, options, save_position

AA = 4.5
SIZES = [(100, 32), (120, 40)]
"""The small cards and the medium ones (whose suits are drawn large, in the card's colour)."""

SCENES = {
    # Ana chooses 3♣: nothing to take; then the turned Q♦ may take Q♠ or Q♥ (one chosen)
    "turned card's choice": ((1, "3C", "QS QH 5C 6D", "QD"), ["3♣", "enter", "space"]),
    # Ana chooses 8♦, which takes 2♣, beside the layout triple of kings
    "a card and its target": ((1, "KC 8D", "KS KH KD 2C", "2S"), ["8♦"]),
    # Ana plays 3♣ and turns 8♠, neither taking: Ben, at the keyboard, sees both marked
    "the last turn": ((1, "3C", "QS 5C 6D 9H", "8S"), ["3♣", "enter", "space", "enter", "enter"]),
}


def _marked_cards(app: ChineseTenApp) -> list[tuple[str, Region]]:
    """Each marked card on the board: its mark and its region on the screen."""
    found: list[tuple[str, Region]] = []
    for strip in app.screen.query(CardStrip).results():
        area = strip.content_region
        for k, region in strip.card_regions():
            look = strip.looks[k]
            if look.mark:
                found.append((look.mark, region.translate(area.offset)))
    return found


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
async def test_every_highlight_is_legible(
    tmp_path: Path, theme: str, size: tuple[int, int]
) -> None:
    seen: set[str] = set()
    for number, (setup, keys) in enumerate(SCENES.values()):
        folder = tmp_path / str(number)
        save_position(folder, make_setup(*setup))  # type: ignore[arg-type]
        app = ChineseTenApp(options(folder, resume=True))
        async with app.run_test(size=size) as pilot:
            app.theme = theme
            await pilot.press("enter")  # past the hand-over
            await pilot.pause()
            for key in keys:
                await pilot.press(key if key.isascii() else hand_key(app, key))
            await pilot.pause()
            background = app.screen.styles.background
            for mark, region in _marked_cards(app):
                seen.add(mark)
                for char, fg, bg, _style in cells(app, region):
                    assert bg == background, (theme, mark, "a fill", bg.hex)
                    if char.strip():
                        ratio = contrast(fg, bg)
                        assert ratio >= AA, (theme, mark, char, fg.hex, bg.hex, round(ratio, 2))
    assert seen == set(MARKS), seen  # every highlight was measured


@pytest.mark.parametrize("glyphs", [UNICODE, ASCII], ids=["unicode", "ascii"])
def test_each_highlight_has_its_own_frame(glyphs: Glyphs) -> None:
    """Shape, not colour alone: the chosen card, the cards it takes, the turned card, the
    triple, a card of the last turn and a plain card each have their own frame (``target``
    and ``choice`` are the same meaning, the cards a card takes, in two stages never shown
    together)."""
    marks = ("", "selected", "target", "triple", "turned", "last")
    frames = {mark: glyphs.boxes[mark] for mark in marks}
    assert len(set(frames.values())) == len(frames), frames
    assert glyphs.boxes["choice"] == glyphs.boxes["target"]
    for frame in glyphs.boxes.values():
        assert len(frame) in (6, 8)
        assert frame.isascii() == glyphs.ascii
