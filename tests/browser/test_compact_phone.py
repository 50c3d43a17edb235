"""``chinese-ten serve`` on a phone (headless Chromium as a 390x844 touch screen at device
scale 3): a whole deal against the computer by taps alone on the compact board, its text and
its keys measured on the page, the phone turned to landscape and back; the keyboard that
only a name field raises, taps that land where they are aimed, tap targets, the words of a
touch screen, the page's title and notices."""

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.tui.glyphs import UNICODE
from chinese_ten.tui.screens.cut import TOUCH_LINES
from tests.serve_tabs import CHROMIUM, Served, Tab, wait_until

pytestmark = pytest.mark.browser

if not CHROMIUM.exists():
    pytest.skip(
        "no Chromium at /usr/bin/chromium (install Debian's chromium package; .ci/run does)",
        allow_module_level=True,
    )


PHONE = (390, 844)
SHOTS = "CHINESE_TEN_README_SHOTS"
"""Set to a folder (docs) to keep the phone's board there, for the README."""


UNMAGNIFIED = "delete ResizeObserverEntry.prototype.devicePixelContentBoxSize;"
"""Headless Chromium under emulation reports this measurement in CSS pixels, and xterm.js
then draws its canvas magnified at device scale 3; without it xterm.js sizes the canvas
from ``devicePixelRatio``, as a real phone draws it."""


def phone_context(chromium: Any, **more: Any) -> Any:
    """A browser context as a phone: small, touch, a mobile page layout, device scale 3."""
    context = chromium.new_context(
        viewport={"width": PHONE[0], "height": PHONE[1]},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=3,
        **more,
    )
    context.add_init_script(UNMAGNIFIED)
    return context


@pytest.fixture
def phone(chromium: Any) -> Iterator[Any]:
    context = phone_context(chromium)
    yield context
    context.close()


def tap(tab: Tab, column: int, row: int) -> None:
    """A finger on the middle of one character cell (touch events, not the mouse)."""
    box = tab.page.locator(".xterm-screen").bounding_box()
    assert box is not None
    width = box["width"] / tab.screen.columns
    height = box["height"] / tab.screen.lines
    tab.page.touchscreen.tap(box["x"] + (column + 0.5) * width, box["y"] + (row + 0.5) * height)


def key(tab: Tab, label: str) -> tuple[int, int]:
    """Where the key bar's button ``label`` is: its last place on the screen (the words
    above may name it: "Tap Deal the cards below.")."""
    for row in range(tab.screen.lines - 1, -1, -1):
        if (column := tab.screen.display[row].find(label)) >= 0:
            return column, row
    raise AssertionError(f"{label!r} not on screen:\n{tab.text}")


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
    cut = key(tab, "Deal the cards")
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
        if "Results" in text:  # a guarded screen: a tap once it has stood still
            tab.answered(lambda: tap(tab, *key(tab, "Results")), "Next deal")
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
    settled(tab)
    tab.wait_for("Next deal")
    assert_legible_and_tappable(tab, "Next deal")
    assert tab.screen.lines < 24


def keyboard_state(tab: Tab) -> dict[str, Any]:
    """The terminal's hidden field: whether it has the focus, its ``inputmode``, and whether
    a tap can land on it."""
    state: dict[str, Any] = tab.page.evaluate(
        """() => {
            const input = document.querySelector(".xterm-helper-textarea");
            return {focused: document.activeElement === input,
                    mode: input.getAttribute("inputmode"),
                    pointer: getComputedStyle(input).pointerEvents};
        }"""
    )
    return state


def test_only_a_name_field_raises_the_keyboard(
    phone: Any, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """On the start screen a name field has the focus: the hidden field takes text. On the
    board a tap on a card focuses the hidden field with ``inputmode="none"``: no keyboard
    comes up over the key bar. A tap never lands on that field."""
    server = Served(tmp_path, "--vs", "easy", "--seed", "1")
    request.addfinalizer(server.stop)
    tab = Tab(phone, server.url, size=PHONE)
    tab.wait_for("Start")
    settled(tab)
    tab.until(lambda: keyboard_state(tab)["mode"] == "text", "a name field raises no keyboard")
    assert keyboard_state(tab)["pointer"] == "none"
    tap(tab, *tab.find("Start"))
    tab.wait_for("Deal the cards")
    tab.until(lambda: keyboard_state(tab)["mode"] == "none", "the keyboard stays up")
    tab.answered(lambda: tap(tab, *key(tab, "Deal the cards")), "Your hand")
    settled(tab)
    hand = tab.find("Your hand")
    tap(tab, 3, hand[1] + 1)  # the first card of the hand
    state = keyboard_state(tab)
    assert state["focused"] and state["mode"] == "none", state


def test_a_tap_on_a_name_field_types_there(
    phone: Any, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Seat 2 becomes the computer by taps on its list; a tap on seat 1's field (now "You")
    and "Zoe" typed: the name is Zoe (touch adjustment once pulled the tap elsewhere)."""
    server = Served(tmp_path, "--seed", "1")
    request.addfinalizer(server.stop)
    tab = Tab(phone, server.url, size=PHONE)
    tab.wait_for("Start")
    settled(tab)
    seat = tab.find("Seat 2")
    tap(tab, seat[0] + 14, seat[1])  # its list, beside the label
    tab.wait_for("the computer, hard")
    tap(tab, *tab.find("the computer, hard"))
    tab.wait_for("You")
    settled(tab)
    tap(tab, *tab.find("You"))
    tab.page.keyboard.type("Zoe")
    tab.wait_for("Zoe")  # in seat 1's field, where "You" was its placeholder
    column, row = tab.find("Zoe")
    assert tab.screen.display[row][column - 3 : column].strip() in ("▊", "▌", "")
    assert row > tab.find("Seat 1")[1] and row < tab.find("Seat 2")[1]


def test_touch_wording_and_tall_controls_on_the_start_screen(
    phone: Any, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """The page tells the game it is on a touch screen: the start screen says tap words,
    its key buttons are words, and each control fills three rows of at least 40 CSS px."""
    server = Served(tmp_path)
    request.addfinalizer(server.stop)
    tab = Tab(phone, server.url, size=PHONE)
    tab.wait_for("Start")
    settled(tab)
    text = tab.text
    assert "The Rules button below" in text and "F1" not in text
    keys = tab.screen.display[-2]
    assert "Rules" in keys and "Menu" in keys and "^p" not in keys and "f2" not in keys
    cell = measure(tab)["cell_height"]
    assert 3 * cell >= 40, cell
    for label in ("Seat 1", "Seat 2"):  # each list framed: the label beside its middle row
        column, row = tab.find(label)
        above, below = tab.screen.display[row - 1], tab.screen.display[row + 1]
        assert above[column + 12 :].strip() and below[column + 12 :].strip(), (label, text)
    assert key_height(tab, "Rules") * cell >= 40


def test_each_place_of_the_cut_is_a_target_for_a_finger(
    phone: Any, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Each card of the pack on the cut screen is at least 24 CSS px each way on this phone
    (WCAG 2.5.8; one cell a card would be 8 CSS px wide), and a tap on any part of one, its
    edges included, cuts there."""
    server = Served(tmp_path, "--vs", "easy", "--seed", "5")  # you cut first
    request.addfinalizer(server.stop)
    tab = Tab(phone, server.url, size=PHONE)
    tab.wait_for("Start")
    settled(tab)
    tap(tab, *tab.find("Start"))
    tab.wait_for("26 cards lifted")
    settled(tab)
    card = UNICODE.pack_wide
    sizes = measure(tab)
    cell_width = sizes["width"] / tab.screen.columns
    assert len(card) * cell_width >= 24 and TOUCH_LINES * sizes["cell_height"] >= 24, sizes
    rows = [row for row, line in enumerate(tab.screen.display) if card in line]
    first = rows[0]
    start = tab.screen.display[first].find(card)
    assert rows[:4] == [first, first + 1, first + 2, first + 3]  # two lines a row of cards
    # the third card of the first row, by its left edge on its second line
    tab.answered(lambda: tap(tab, start + 2 * len(card), first + 1), "2 cards lifted")
    per_row = tab.screen.display[first + 2].count(card)
    # the third card of the second row, by its right edge on its first line
    tap(tab, start + 3 * len(card) - 1, first + 2)
    tab.wait_for(f"{per_row + 2} cards lifted")


def test_turned_round_and_back_the_page_is_as_fresh(
    chromium: Any, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Portrait, landscape (with the passing size a phone reports on the way), portrait: the
    same font size and columns as a page opened in portrait."""
    server = Served(tmp_path)
    request.addfinalizer(server.stop)
    fresh_context = phone_context(chromium)
    request.addfinalizer(fresh_context.close)
    fresh = Tab(fresh_context, server.url, size=PHONE)
    fresh.wait_for("Start")
    settled(fresh)
    expected = (measure(fresh)["font"], fresh.screen.columns)
    assert expected == (14, 46)  # the page chose its font: the compact board at 14 px
    fresh.page.close()
    context = phone_context(chromium)
    request.addfinalizer(context.close)
    tab = Tab(context, server.url, size=PHONE)
    tab.wait_for("Start")
    settled(tab)
    assert (measure(tab)["font"], tab.screen.columns) == expected
    tab.page.set_viewport_size({"width": PHONE[1], "height": PHONE[0]})
    tab.until(lambda: tab.screen.columns > 80, "no resize to landscape")
    settled(tab)
    tab.page.set_viewport_size({"width": 1027, "height": 2223})  # the passing size
    tab.page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    settled(tab)
    assert (measure(tab)["font"], tab.screen.columns) == expected, measure(tab)


def test_the_page_title_and_the_notice_pages_speak_the_language(
    chromium: Any, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A French browser: the tab's title in French; an address without the token gets its
    refusal in the notice pages' box, not bare text."""
    server = Served(tmp_path, lang=None)
    request.addfinalizer(server.stop)
    context = phone_context(chromium, locale="fr-FR")
    request.addfinalizer(context.close)
    page = context.new_page()
    page.goto(server.url)
    assert page.title() == "Dix chinois"
    other = phone_context(chromium, locale="pt-PT")
    request.addfinalizer(other.close)
    refused = other.new_page()
    response = refused.goto(server.origin + "/")
    assert response is not None and response.status == 403
    assert refused.title() == "Dez Chinês"
    box = refused.locator(".intro")
    assert box.count() == 1 and "token" in box.inner_text()
    assert refused.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(12, 24, 31)"
