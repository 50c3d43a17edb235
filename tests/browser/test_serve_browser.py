"""``chinese-ten serve`` in headless Chromium: play by keyboard and mouse, tabs, limits, signals.

Each test starts the real server on a free port and reads each tab's screen from the bytes its
websocket carries; the game's own save says what was played.
"""

import os
import re
import signal
import time
import urllib.error
import urllib.request
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

ARTIFACTS = Path(__file__).parents[1] / "artifacts"
README_SHOT = "CHINESE_TEN_README_SHOT"
"""Set to a path (docs/serve.png) to keep the played board there too, for the README."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[list[Served]]:
    """Servers a test starts; whatever is left running is stopped at the end."""
    servers: list[Served] = []
    yield servers
    for server in servers:
        server.stop()


def start(servers: list[Served], home: Path, *options: str) -> Served:
    server = Served(home, *options)
    servers.append(server)
    return server


def turns(server: Served, name: str = "current.json") -> list[dict[str, Any]]:
    saves = server.saves()
    if name not in saves or not saves[name]["deals"]:
        return []
    return list(saves[name]["deals"][-1]["turns"])


def begin(tab: Tab, first: str, second: str) -> None:
    """Names, then the cut by keyboard (one card further than the middle)."""
    tab.wait_for("Start: draw lots")
    tab.type(first, first)
    tab.click(*tab.find("Player 2"))  # the second field (a click focuses it at once)
    tab.type(second, second)
    tab.press("Enter", "lifted")
    tab.press("ArrowRight", "27 cards lifted")
    tab.press("Enter", "Pass the keyboard", guarded=True)  # the cut
    tab.press("Enter", "Play / take", guarded=True)  # the hand-over


def hand_card(tab: Tab, owner: str, index: int) -> tuple[int, int]:
    """The cell in the middle of the ``index``-th card of ``owner``'s hand."""
    _, row = tab.find(f"{owner}'s hand")
    boxes = [m.start() for m in re.finditer("[╭┏]", tab.screen.display[row + 1])]
    return boxes[index + 1] + 2, row + 2  # boxes[0] is the pile


def test_a_cut_and_turns_by_keyboard_and_mouse_are_saved(
    browser: Any, served: list[Served], tmp_path: Path
) -> None:
    server = start(served, tmp_path, "--seed", "1")
    profile = browser.new_context()  # one person's browser: the same saves in each of its tabs
    tab = Tab(profile, server.url)
    begin(tab, "Ana", "Ben")
    tab.wait_for("Ben cut at 27")  # the log, drawn beside the board
    assert server.saves()["current.json"]["players"] == ["Ana", "Ben"]

    # Ben's turn by keyboard: play the chosen card, turn over the stock card (7♣ may take
    # either 3), take the chosen one, pass the keyboard.
    tab.press("Enter", "to turn over", guarded=True)  # the board waits a moment too
    wait_until(lambda: len(turns(server)) == 1, "the played card is saved")
    tab.press("Space", "choose")
    tab.press("Enter")
    wait_until(lambda: turns(server)[0].get("flipped", True), "the turned-over card is saved")
    tab.press("Enter", "Pass the keyboard to Ana")
    tab.press("Enter", "Ana's hand", guarded=True)
    assert turns(server)[0]["play"] == "3H"
    assert turns(server)[0]["flip_capture"] in ("3C", "3H")

    # Ana's turn by mouse: click the second card, the ace of diamonds (choose), click it again
    # (play: it takes the 9), click the stock.
    tab.answered(lambda: tab.click(*hand_card(tab, "Ana", 1)), "Ana: play A♦ and take 9♥?")
    tab.click(*hand_card(tab, "Ana", 1))
    wait_until(lambda: len(turns(server)) == 2, "the clicked card is saved")
    tab.wait_for("Turn over stock")
    tab.click(*tab.find("Stock"))
    wait_until(lambda: turns(server)[1].get("flipped", True), "the clicked stock card is saved")
    assert turns(server)[1]["play"] == "AD"
    assert turns(server)[1]["capture"] == "9H"

    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "serve-board.png"
    tab.page.screenshot(path=str(shot))
    print(f"screenshot: {shot}")
    if os.environ.get(README_SHOT):
        tab.page.screenshot(path=os.environ[README_SHOT])

    # Closing the tab ends its game; a new tab asks to continue it, and it goes on.
    (game,) = server.wait_children(1)
    tab.page.close()
    server.wait_children(0)
    assert len(turns(server)) == 2
    again = Tab(profile, server.origin)  # a reload: the cookie holds the token
    again.wait_for("Continue the unfinished game?")
    again.press("c", "I am ready", guarded=True)
    assert server.wait_children(1) != [game]
    assert len(turns(server)) == 2


def test_two_tabs_play_two_games_and_ctrl_c_ends_both_saved(
    browser: Any, served: list[Served], tmp_path: Path
) -> None:
    server = start(served, tmp_path)
    profile = browser.new_context()
    first, second = Tab(profile, server.url), Tab(profile, server.url)
    begin(first, "Ana", "Ben")
    begin(second, "Cy", "Di")
    saves = server.saves()
    assert sorted(saves) == ["current-2.json", "current.json"]
    assert sorted(tuple(s["players"]) for s in saves.values()) == [("Ana", "Ben"), ("Cy", "Di")]
    games = server.wait_children(2)

    code, err = server.stop(signal.SIGINT)
    assert code == 130
    assert err.strip().splitlines()[-1] == "chinese-ten: stopped; 2 games ended, each saved."
    assert "Traceback" not in err
    assert all(ended(pid) for pid in games)
    assert all(s["deals"] for s in server.saves().values())


def test_a_tab_over_max_games_is_told_so(
    browser: Any, served: list[Served], tmp_path: Path
) -> None:
    server = start(served, tmp_path, "--max-games", "1")
    playing = Tab(browser, server.url)
    playing.wait_for("Start: draw lots")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(server.url, timeout=10)
    assert refused.value.code == 503
    assert "The one game this server allows is being played" in refused.value.read().decode()

    over = browser.new_page()
    over.goto(server.url)
    assert "The one game this server allows is being played" in over.inner_text("body")
    # A tab whose page loaded while there was room is sent to that page by its websocket.
    sent = over.evaluate(
        """() => new Promise(done => {
            const socket = new WebSocket(location.origin.replace("http", "ws") + "/ws");
            socket.onmessage = event => done(event.data);
        })"""
    )
    assert sent == '["open_url", {"url": "/full", "new_tab": false}]'
    assert len(server.wait_children(1)) == 1

    playing.page.close()
    server.wait_children(0)
    over.goto(server.url)  # a game has ended: there is room again
    over.wait_for_selector("body.-first-byte", timeout=30_000)

    # Even a server killed outright leaves no game behind (it gets SIGHUP from the kernel).
    (game,) = server.wait_children(1)
    server.process.kill()
    wait_until(lambda: ended(game), "the game of a killed server ends")


def ended(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_an_idle_game_is_ended_saved(browser: Any, served: list[Served], tmp_path: Path) -> None:
    server = start(served, tmp_path, "--seed", "1", "--idle-minutes", "0.15")
    tab = Tab(browser, server.url)
    begin(tab, "Ana", "Ben")  # keys keep it busy; then nobody touches it
    started = time.monotonic()
    tab.page.wait_for_url("**/idle", timeout=30_000)
    assert time.monotonic() - started >= 5  # 9 s idle, less the last key's way here
    assert "without a key or a click" in tab.page.inner_text("body")
    server.wait_children(0)
    assert server.saves()["current.json"]["deals"]


def test_a_browser_is_offered_only_its_own_saved_game(
    browser: Any, served: list[Served], tmp_path: Path
) -> None:
    server = start(served, tmp_path)
    mine, other = browser.new_context(), browser.new_context()
    tab = Tab(mine, server.url)
    begin(tab, "Ana", "Ben")
    tab.page.close()
    server.wait_children(0)
    (folder,) = server.browsers()
    assert (folder / "current.json").exists()

    stranger = Tab(other, server.url)  # another browser, even with the token
    stranger.wait_for("Start: draw lots")
    assert "Ana" not in stranger.text
    stranger.page.close()
    server.wait_children(0)
    Tab(mine, server.url).wait_for("Continue the unfinished game?")


def test_keys_reach_the_game_without_a_click(
    browser: Any, served: list[Served], tmp_path: Path
) -> None:
    server = start(served, tmp_path)
    tab = Tab(browser, server.url)
    tab.wait_for("Start: draw lots")
    tab.page.keyboard.type("Zed")  # no click, no focus() from the test
    tab.wait_for("Zed")
    assert "token" not in tab.page.url  # kept in the cookie, out of the address bar


def fits(tab: Tab) -> dict[str, float]:
    """The terminal's box and the window's size, once the game has drawn at its new size."""
    box: dict[str, float] = tab.page.evaluate(
        """() => {
            const box = document.querySelector(".xterm-screen").getBoundingClientRect();
            const font = document.querySelector(".textual-terminal").dataset.fontSize;
            return {bottom: box.bottom, right: box.right, width: innerWidth,
                    height: innerHeight, font: Number(font)};
        }"""
    )
    return box


def test_the_board_follows_each_window_size_with_the_footer_in_view(
    browser: Any, served: list[Served], tmp_path: Path
) -> None:
    server = start(served, tmp_path)
    tab = Tab(browser, server.url)
    tab.wait_for("Start: draw lots")
    for width, height in ((1200, 700), (683, 768), (1100, 720)):
        before = (tab.screen.columns, tab.screen.lines)
        tab.page.set_viewport_size({"width": width, "height": height})
        tab.until(lambda b=before: (tab.screen.columns, tab.screen.lines) != b, "no resize")
        tab.until(lambda: "Quit" in tab.screen.display[-1], "no footer on the last row")
        box = fits(tab)
        assert box["bottom"] <= height and box["right"] <= width, (width, height, box)
        assert tab.screen.columns >= 80 and box["font"] >= 12, (tab.screen.columns, box)

    small = Tab(browser, server.url, size=(683, 768))  # a small window from the start
    small.wait_for("Start: draw lots")
    assert small.screen.columns >= 80 and 12 <= fits(small)["font"] < 16


def test_a_french_browser_gets_the_game_in_french(
    browser: Any, served: list[Served], tmp_path: Path
) -> None:
    server = Served(tmp_path, lang=None)
    served.append(server)
    tab = Tab(browser.new_context(locale="fr-FR"), server.url)
    tab.wait_for("Commencer : tirer au sort")
    assert tab.page.get_attribute("html", "lang") == "fr"


SHOTS = "CHINESE_TEN_README_SHOTS"
"""Set to a folder (docs) to keep the boards at 1366x768 and 683x768 there, for the README."""


@pytest.mark.parametrize("size", [(1366, 768), (683, 768)], ids=["1366", "683"])
def test_the_board_at_laptop_sizes_with_its_log_whole(
    browser: Any, served: list[Served], tmp_path: Path, size: tuple[int, int]
) -> None:
    """No log line is cut at 1366 px ("... cut at", "(no captur"). At 1366 px (151 x 36)
    the board has its large cards and the log runs under it, as wide as the window: the
    long lines show whole, each on one line. The boards are the README's pictures (with
    CHINESE_TEN_README_SHOTS)."""
    server = start(served, tmp_path, "--seed", "1")
    tab = Tab(browser, server.url, size=size)
    begin(tab, "Anastasia Longname", "Bartholomew Longername")
    tab.press("Enter", "to turn over", guarded=True)  # the board waits a moment after a hand-over
    tab.press("Space", "choose")
    tab.press("Enter")
    tab.press("Enter", "Pass the keyboard to Anastasia")
    tab.press("Enter", "Anastasia Longname's hand", guarded=True)
    tab.answered(
        lambda: tab.click(*hand_card(tab, "Anastasia Longname", 1)), "play A♦ and take 9♥?"
    )
    if size[0] == 1366:
        for line in (
            "Deal 1: Anastasia Longname deals; Bartholomew Longername cut at 27.",
            "Bartholomew Longername turned over 7♣ and took 3♥",
        ):
            assert any(line in row for row in tab.screen.display), (line, tab.text)
    if os.environ.get(SHOTS):
        tab.page.wait_for_timeout(300)
        tab.page.screenshot(path=str(Path(os.environ[SHOTS]) / f"board-{size[0]}.png"))


def test_a_tab_of_serve_vs_offers_the_opponent_first(
    browser: Any, served: list[Served], tmp_path: Path
) -> None:
    """``serve --vs easy --seat 2``: the tab's start screen offers that choice (not the cut at
    once), and the game is saved with the computer in the first seat."""
    server = start(served, tmp_path, "--vs", "easy", "--seat", "2")
    tab = Tab(browser, server.url)
    tab.wait_for("Computer (easy)")
    assert "Seat 2" in tab.text and "the computer, easy" in tab.text
    tab.type("Ana")
    tab.press("Enter", "lifted")  # the only name field starts the game
    tab.press("Enter", "Your hand", guarded=True)  # the cut
    wait_until(lambda: "current.json" in server.saves(), "the game is saved")
    seats = server.saves()["current.json"]["seats"]
    assert [s["computer"] for s in seats] == ["easy", None]
    assert server.saves()["current.json"]["players"][1] == "Ana"


def test_a_tab_starts_three_players_against_two_computers_by_clicks(
    browser: Any, served: list[Served], tmp_path: Path
) -> None:
    """The start page offers how many play and who sits where: three, two of them the
    computer, by mouse alone; the game is saved with the person and two computers, and the
    board shows both."""
    server = start(served, tmp_path)
    tab = Tab(browser, server.url)
    tab.wait_for("Players")
    players = tab.find("Players")
    tab.click(*tab.find("3", after=(players[0] + len("Players"), players[1])))
    tab.wait_for("Seat 3")
    for seat in (2, 3):  # each seat's list opened and the hard computer chosen, by clicks
        _column, row = tab.find(f"Seat {seat}")
        tab.click(*tab.find("a person here", after=(0, row)))
        tab.until(lambda: "▲" in tab.text, "the list never opened")
        tab.click(*tab.find("the computer, hard", after=(0, row + 1)))  # in the list below
        tab.wait_for(f"Computer {seat} (hard)" if seat == 3 else "Computer (hard)")
    tab.click(*tab.find("Start"))
    tab.wait_for("lifted")
    tab.press("Enter", "Your hand", guarded=True)  # the cut
    wait_until(lambda: "current.json" in server.saves(), "the game is saved")
    saved = server.saves()["current.json"]
    assert [s["computer"] for s in saved["seats"]] == [None, "hard", "hard"]
    assert saved["seat_count"] == 3 and len(saved["deals"][0]["hands"]) == 3
    tab.wait_for("Computer 2 (hard)")
