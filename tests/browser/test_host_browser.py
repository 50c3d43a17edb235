"""A browser tab opened on an invite link plays its seat, beside a client of another kind."""

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.net.test_processes import bot, start_host, stop
from tests.serve_tabs import CHROMIUM, CHROMIUM_ARGS, Tab, wait_until

if not CHROMIUM.exists():
    pytest.skip("Chromium is not installed", allow_module_level=True)

from playwright.sync_api import sync_playwright


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def test_a_browser_and_a_network_client_play_a_deal_at_one_table(
    tmp_path: Path, browser: Any
) -> None:
    host, links = start_host(tmp_path, "--players", "Ana,Ben", "--deals", "1")
    ben = subprocess.Popen(
        [sys.executable, "-m", "chinese_ten.net.bot", links[1], "5"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    page = browser.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    try:
        base, secret = links[0].split("#", 1)
        page.goto(f"{base}/plain#{secret}")  # the plain page, beside the terminal's
        page.wait_for_selector("#seats li", timeout=20000)
        assert "Ana" in page.inner_text("#seats") and "Ben" in page.inner_text("#seats")
        for _ in range(200):
            status = page.inner_text("#status")
            if "The series is over." in status:
                break
            page.wait_for_selector(
                "button.move, button.ready, #status:has-text('over')", timeout=20000
            )
            buttons = page.query_selector_all("button.move, button.ready")
            if buttons:
                buttons[0].click()  # the page clears its buttons until the next update
        assert "The series is over." in page.inner_text("#status")
        out, err = ben.communicate(timeout=60)
        assert out.startswith("records 1 "), err
        assert not [url for url in requests if secret in url]  # the secret stays in the page
    finally:
        page.close()
        if ben.poll() is None:
            ben.kill()
        stop(host)


def test_a_page_of_another_site_cannot_open_the_tables_socket(tmp_path: Path, browser: Any) -> None:
    host, links = start_host(tmp_path, "--players", "Ana,Ben", "--deals", "1")
    page = browser.new_page()
    try:
        page.goto("about:blank")
        base = links[0].partition("#")[0]
        socket = base.replace("http://", "ws://") + "/ws"
        opened = page.evaluate(
            """(url) => new Promise((done) => {
                const s = new WebSocket(url);
                s.onopen = () => done("open"); s.onerror = () => done("refused");
            })""",
            socket,
        )
        assert opened == "refused"  # about:blank's origin is "null": not this host's
    finally:
        page.close()
        stop(host)


def _command_lines(parent: int) -> list[str]:
    """The command lines of ``parent``'s children (what any local user can read in /proc)."""
    found: list[str] = []
    for child in _children(parent):
        with contextlib.suppress(OSError):
            found.append(
                (Path("/proc") / str(child) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            )
    return found


def test_the_invite_link_shows_the_seats_board_in_a_terminal_and_plays_a_card(
    tmp_path: Path, browser: Any
) -> None:
    host, links = start_host(tmp_path, "--players", "Ana,Ben", "--deals", "1")
    ben = bot(links[1], 5)
    tab = Tab(browser, links[0])
    requests: list[str] = []
    tab.page.on("request", lambda request: requests.append(request.url))
    tab.page.on("websocket", lambda socket: requests.append(socket.url))
    secret = links[0].split("#", 1)[1]
    try:
        tab.wait_for("Your hand")  # the join client's board, drawn by textual.js
        assert "Ben" in tab.text
        tab.wait_for("Your turn")
        played = tab.text.count("Ana played") + tab.text.count("You played")
        children = _command_lines(host.pid)
        assert any(" join" in line for line in children), children
        assert not [line for line in children if secret in line]  # argv is open to all
        tab.press("Enter")  # the card the board proposes
        tab.until(
            lambda: tab.text.count("Ana played") + tab.text.count("You played") > played,
            "the card was never played",
        )
        assert not [url for url in requests if secret in url]
        tab.page.close()  # the tab goes: its client goes with it
        wait_until(
            lambda: not [line for line in _command_lines(host.pid) if " join" in line],
            "the tab's join client outlived the tab",
        )
    finally:
        if not tab.page.is_closed():
            tab.page.close()
        ben.kill()
        err = stop(host)
    assert secret not in err


def test_a_tab_without_the_seats_secret_starts_no_client(tmp_path: Path, browser: Any) -> None:
    host, links = start_host(tmp_path, "--players", "Ana,Ben", "--deals", "1")
    page = browser.new_page()
    try:
        base = links[0].partition("#")[0]
        page.goto(base + "#" + "A" * 43)  # the table's page, another secret
        page.wait_for_selector("body.-closed", timeout=20000)  # the host closed the socket
        assert not [line for line in _command_lines(host.pid) if " join" in line]
    finally:
        page.close()
        stop(host)


def test_a_page_of_another_site_cannot_open_a_tables_terminal(tmp_path: Path, browser: Any) -> None:
    host, links = start_host(tmp_path, "--players", "Ana,Ben", "--deals", "1")
    page = browser.new_page()
    try:
        page.goto("about:blank")
        socket = links[0].partition("#")[0].replace("http://", "ws://") + "/tty"
        opened = page.evaluate(
            """(url) => new Promise((done) => {
                const s = new WebSocket(url);
                s.onopen = () => done("open"); s.onerror = () => done("refused");
            })""",
            socket,
        )
        assert opened == "refused"
    finally:
        page.close()
        stop(host)


def test_a_tabs_client_ends_with_its_host_even_killed(tmp_path: Path, browser: Any) -> None:
    host, links = start_host(tmp_path, "--players", "Ana,Ben", "--deals", "1")
    tab = Tab(browser, links[0])
    try:
        tab.wait_for("Your hand")
        [child] = _children(host.pid)
        host.kill()  # no clean-up of its own
        host.communicate(timeout=30)
        wait_until(
            lambda: not Path(f"/proc/{child}/cmdline").exists() or _zombie(child),
            "the tab's client outlived its host",
        )
    finally:
        tab.page.close()
        if host.poll() is None:
            stop(host)


def _children(parent: int) -> list[int]:
    """The processes whose parent is ``parent``."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            status = (entry / "status").read_text() if entry.name.isdigit() else ""
        except OSError:
            continue
        if f"PPid:\t{parent}\n" in status:
            found.append(int(entry.name))
    return found


def _zombie(pid: int) -> bool:
    try:
        return "State:\tZ" in (Path("/proc") / str(pid) / "status").read_text()
    except OSError:
        return True
