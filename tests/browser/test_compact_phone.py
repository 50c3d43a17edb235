"""``chinese-ten serve`` on a phone (headless Chromium as a 390x844 touch screen): a whole deal
against the computer by taps alone on the compact board, its text and its keys measured on
the page, then the phone turned to landscape."""

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serve_tabs import CHROMIUM, CHROMIUM_ARGS, Served, Tab, wait_until

pytestmark = pytest.mark.browser

if not CHROMIUM.exists():
    pytest.skip(
        "no Chromium at /usr/bin/chromium (install Debian's chromium package; .ci/run does)",
        allow_module_level=True,
    )

from playwright.sync_api import sync_playwright  # noqa: E402 (only where Chromium is)

PHONE = (390, 844)
SHOTS = "CHINESE_TEN_README_SHOTS"
"""Set to a folder (docs) to keep the phone's board there, for the README."""


@pytest.fixture(scope="module")
def phone() -> Iterator[Any]:
    """A browser context as a phone: small, touch, a mobile page layout."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = chromium.new_context(
            viewport={"width": PHONE[0], "height": PHONE[1]},
            is_mobile=True,
            has_touch=True,
            # at 2, headless Chromium screenshots its WebGL canvas at twice the size
            device_scale_factor=1,
        )
        yield context
        chromium.close()


def tap(tab: Tab, column: int, row: int) -> None:
    """A finger on the middle of one character cell (touch events, not the mouse)."""
    box = tab.page.locator(".xterm-screen").bounding_box()
    assert box is not None
    width = box["width"] / tab.screen.columns
    height = box["height"] / tab.screen.lines
    tab.page.touchscreen.tap(box["x"] + (column + 0.5) * width, box["y"] + (row + 0.5) * height)


def measure(tab: Tab) -> dict[str, float]:
    """The page's font size, its cells and the window, in CSS pixels."""
    sizes: dict[str, float] = tab.page.evaluate(
        """() => {
            const box = document.querySelector(".xterm-screen").getBoundingClientRect();
            const font = document.querySelector(".textual-terminal").dataset.fontSize;
            return {font: Number(font), width: box.width, height: box.height,
                    right: box.right, bottom: box.bottom,
                    window_width: innerWidth, window_height: innerHeight,
                    zoom: visualViewport.scale};
        }"""
    )
    sizes["cell_height"] = sizes["height"] / tab.screen.lines
    return sizes


def key_height(tab: Tab, label: str) -> int:
    """How many rows the key bar's button for ``label`` fills: the rows above and below its
    words that have the button's background."""
    column, row = tab.find(label)
    buffer = tab.screen.buffer
    background = buffer[row][column].bg
    assert background != "default", f"{label!r} has no button"
    rows = 1
    for step in (-1, 1):
        other = row + step
        while 0 <= other < tab.screen.lines and buffer[other][column].bg == background:
            rows += 1
            other += step
    return rows


def assert_legible_and_tappable(tab: Tab, label: str) -> None:
    """Text of at least 12 CSS px, no zoom, the board as wide as the window, the key
    ``label`` at least 40 CSS px high (WCAG's target size)."""
    sizes = measure(tab)
    assert sizes["font"] >= 12 and sizes["zoom"] == 1, sizes
    assert sizes["right"] <= sizes["window_width"] and sizes["bottom"] <= sizes["window_height"]
    assert sizes["width"] >= 0.9 * sizes["window_width"], sizes
    assert key_height(tab, label) * sizes["cell_height"] >= 40, (sizes, tab.text)


def settled(tab: Tab) -> None:
    """Wait until the terminal's size and text stay the same for half a second (bounded)."""
    seen: list[tuple[int, int, str]] = []

    def still() -> bool:
        seen.append((tab.screen.columns, tab.screen.lines, tab.text))
        tab.page.wait_for_timeout(250)
        return len(seen) > 2 and seen[-1] == seen[-2] == seen[-3]

    tab.until(still, "the page never settled")


def chosen_card(tab: Tab) -> tuple[int, int] | None:
    """The card in square brackets above the prompt (the hand card or target chosen): a tap
    on it plays it, or takes it."""
    prompt = tab.find("Your hand")[1] + 1
    for row, line in enumerate(tab.screen.display[: prompt + 4]):
        if (column := line.find("[")) >= 0:
            return column + 2, row
    return None


def test_a_deal_against_the_computer_by_taps_on_a_phone(
    phone: Any, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    server = Served(tmp_path, "--vs", "easy", "--seed", "1")
    request.addfinalizer(server.stop)
    tab = Tab(phone, server.url, size=PHONE)
    tab.wait_for("Start")
    settled(tab)  # the page chooses its font after the first frame: the layout moves once
    assert tab.screen.columns < 80  # the compact board's width, not 80 columns shrunk
    tap(tab, *tab.find("Start"))  # the defaults: one tap, then one for the cut
    tab.wait_for("Deal the cards")  # you deal first (seed 1): the computer has cut
    assert_legible_and_tappable(tab, "Deal the cards")
    cut = tab.find("Deal the cards")
    tab.answered(lambda: tap(tab, *cut), "Your hand")  # the cut ignores a tap at first sight
    assert_legible_and_tappable(tab, "Export")
    if os.environ.get(SHOTS):
        tab.wait_for("Play / take")  # your turn: a card chosen, the prompt asks
        tab.page.wait_for_timeout(300)
        tab.page.screenshot(path=str(Path(os.environ[SHOTS]) / "phone-board.png"))
    taps = 0
    for turn in range(400):
        text = tab.text
        if "Next deal" in text:
            break
        chosen = chosen_card(tab)
        if "Results" in text:
            tap(tab, *tab.find("Results"))
            tab.wait_for("Next deal")
        elif "<Stock" in text:
            tap(tab, *tab.find("<Stock"))
        elif "Play / take" in text and chosen is not None:
            # the key on every other turn, else the card itself; a capture whose target is
            # marked ("< >") by the key, since a tap on the hand card there chooses it again
            by_key = turn % 2 or "<" in text.split("Your hand")[0]
            tap(tab, *(tab.find("Play / take") if by_key else chosen))
        else:
            taps -= 1  # the computer plays
        taps += 1
        tab.until(lambda before=text: tab.text != before, "a tap changed nothing")
    else:
        raise AssertionError(f"the deal did not end:\n{tab.text}")
    assert taps >= 24  # a card and its play key for each of twelve turns, the stock too
    assert_legible_and_tappable(tab, "Next deal")
    saved = wait_until(lambda: server.saves().get("current.json"), "the game is saved")
    assert len(saved["deals"][0]["turns"]) >= 24
    if os.environ.get(SHOTS):
        tab.page.screenshot(path=str(Path(os.environ[SHOTS]) / "phone-results.png"))

    # Landscape: the same game, the compact board again (24 rows do not fit), keys tall.
    tab.page.set_viewport_size({"width": PHONE[1], "height": PHONE[0]})
    tab.until(lambda: tab.screen.columns > 80, "no resize to landscape")
    tab.wait_for("Next deal")
    assert_legible_and_tappable(tab, "Next deal")
    assert tab.screen.lines < 24
