"""A seat at a hosted table played on a phone through its invite link (headless Chromium as a
390x844 touch screen at device scale 3): the compact board with the hand, the table and the
stock, in portrait (46x44 cells) and landscape (110x21), and a whole deal by taps alone."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.net.test_processes import bot, start_host, stop
from tests.serve_tabs import CHROMIUM, Tab

pytestmark = pytest.mark.browser

if not CHROMIUM.exists():
    pytest.skip(
        "no Chromium at /usr/bin/chromium (install Debian's chromium package; .ci/run does)",
        allow_module_level=True,
    )


from tests.browser.test_compact_phone import (  # noqa: E402
    PHONE,
    chosen_card,
    key,
    phone_context,
    settled,
    tap,
)


@pytest.fixture
def phone(chromium: Any) -> Iterator[Any]:
    context = phone_context(chromium)
    yield context
    context.close()


def board_drawn(tab: Tab) -> bool:
    """Whether the compact board's hand, table and stock are on the screen, with cards."""
    text = tab.text
    if not ("Your hand" in text and "Table" in text and "Stock" in text):
        return False
    hand = tab.find("Your hand")[1]
    table = tab.find("Table")[1]
    cards = tab.screen.display[hand + 1]
    on_table = "".join(tab.screen.display[table : hand - 1])
    return sum(ch in "♠♥♦♣" for ch in cards) >= 3 and any(ch in "♠♥♦♣" for ch in on_table)


def test_the_invite_link_on_a_phone_draws_the_compact_board_upright_and_turned(
    phone: Any, tmp_path: Path
) -> None:
    host, links = start_host(tmp_path, "--players", "Ana,Ben", "--deals", "1")
    ben = bot(links[1], 5)
    try:
        tab = Tab(phone, links[0], size=PHONE)
        tab.wait_for("Your hand")
        settled(tab)
        assert (tab.screen.columns, tab.screen.lines) == (46, 44)
        tab.until(lambda: board_drawn(tab), "no hand, table or stock upright")
        tab.page.set_viewport_size({"width": PHONE[1], "height": PHONE[0]})
        tab.until(lambda: tab.screen.columns > 80, "no resize to landscape")
        settled(tab)
        assert (tab.screen.columns, tab.screen.lines) == (110, 21)
        tab.until(lambda: board_drawn(tab), "no hand, table or stock turned")
    finally:
        ben.kill()
        stop(host)


def test_a_phone_plays_a_whole_deal_at_a_hosted_table_by_taps(phone: Any, tmp_path: Path) -> None:
    host, links = start_host(tmp_path, "--players", "Ana,Ben", "--deals", "1")
    ben = bot(links[1], 5)
    try:
        tab = Tab(phone, links[0], size=PHONE)
        tab.wait_for("Your hand")
        settled(tab)
        taps = 0
        for turn in range(400):
            text = tab.text
            if "Red cards captured" in text:  # the results screen: the deal is over
                break
            chosen = chosen_card(tab) if "Your hand" in text else None
            if "<Stock" in text:
                tap(tab, *tab.find("<Stock"))
            elif "Play / take" in text:
                # the key on every other turn, else the card itself; a capture whose target
                # is marked ("< >") by the key, since a tap on the hand card chooses it again
                above = text.split("Your hand")[0]
                by_key = turn % 2 or chosen is None or "<" in above
                tap(tab, *(key(tab, "Play / take") if by_key else chosen))
            else:
                taps -= 1  # Ben plays
            taps += 1
            tab.until(lambda before=text: tab.text != before, "a tap changed nothing")
        else:
            raise AssertionError(f"the deal did not end:\n{tab.text}")
        assert taps >= 24  # a card and the stock for each of twelve turns
        out, err = ben.communicate(timeout=60)
        assert out.startswith("records 1 "), err
    finally:
        if ben.poll() is None:
            ben.kill()
        stop(host)
