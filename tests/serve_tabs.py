"""Drive ``chinese-ten serve`` from a real browser: a server process and tabs that read the screen.

Each tab keeps its own copy of the terminal (pyte fed with the bytes the websocket brings), so
a test waits for text on screen and clicks a card where it is drawn, as a person would.
"""

import contextlib
import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pyte

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
WAIT = 30.0
"""Seconds any one thing may take before the test fails (a bound, not a speed test)."""
QUIET = 0.5
"""Seconds a guarded screen stays unchanged before a key goes to it: longer than the guard
(``GameOptions.guard``, 0.4 s) with which the cut, a hand-over, the results and the continue
question ignore keys once drawn. A person reads the screen first; a test waits as long."""
RETRY_AFTER = (2.0, 4.0, 8.0)
"""Seconds to wait for a guarded screen's answer before the key goes again: only a loaded
machine needs it (the guard counted from a drawing later than the test saw it)."""


class Served:
    """A ``chinese-ten serve`` process on a free port, with its own data folder; ``url`` is the
    address it printed (with its token), ``origin`` the same without the token."""

    def __init__(self, home: Path, *options: str, lang: str | None = "en") -> None:
        self.home = home
        env = dict(os.environ, CHINESE_TEN_HOME=str(home))
        language = ["--lang", lang] if lang is not None else []
        self.process = subprocess.Popen(
            [sys.executable, "-m", "chinese_ten", *language, "serve", "--port", "0", *options],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.first_line = self._line()
        found = re.search(r"(http://\S+:(\d+))/\?token=(\S+)", self.first_line)
        assert found, self.first_line + self.stop()[1]
        self.url = found.group(0)
        self.origin = found.group(1)
        self.port = int(found.group(2))
        self.token = found.group(3)

    def _line(self) -> str:
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], WAIT)
        return self.process.stdout.readline() if ready else ""

    def children(self, *, unreaped: bool = False) -> list[int]:
        """The server's child processes (one game per tab), from /proc; with ``unreaped``,
        the ended ones its loop has not reaped (and so not counted as ended) as well."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            with contextlib.suppress(OSError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == self.process.pid and (unreaped or fields[0] != "Z"):
                    found.append(int(entry.name))
        return found

    def wait_children(self, count: int) -> list[int]:
        deadline = time.monotonic() + WAIT
        while (found := self.children(unreaped=count == 0)) and len(found) != count:
            if time.monotonic() > deadline:
                break
            time.sleep(0.1)
        if count == 0 and not found:  # reaped too: the server knows the game ended
            return found
        assert len(found) == count, (found, count)
        return found

    def stop(self, signum: int = signal.SIGINT) -> tuple[int, str]:
        """Signal the server; its exit code and what it wrote on stderr."""
        if self.process.poll() is None:
            self.process.send_signal(signum)
        try:
            _, err = self.process.communicate(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        return self.process.returncode, err

    def browsers(self) -> list[Path]:
        """The data folder of each browser that has played (``browsers/<hash>``)."""
        return sorted(p for p in (self.home / "browsers").glob("*") if p.is_dir())

    def saves(self) -> dict[str, dict[str, Any]]:
        """Every save of the one browser that has played, by file name."""
        folders = self.browsers()
        assert len(folders) <= 1, folders
        return {
            p.name: json.loads(p.read_text())
            for folder in folders
            for p in sorted(folder.glob("current*.json"))
        }


class Tab:
    """A browser tab playing one game; ``screen`` is what its terminal shows. ``browser`` is a
    Playwright browser (each tab a new profile, so its own saves) or a browser context."""

    def __init__(self, browser: Any, url: str, size: tuple[int, int] = (1100, 720)) -> None:
        self.page = browser.new_page()
        self.page.set_viewport_size({"width": size[0], "height": size[1]})
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.sockets: list[str] = []
        """The address of each websocket the page opened, its query included."""
        self.page.on("websocket", self._socket)
        self.page.goto(url)

    def _socket(self, socket: Any) -> None:
        self.sockets.append(socket.url)
        query = parse_qs(urlparse(socket.url).query)
        self.screen.resize(int(query["height"][0]), int(query["width"][0]))
        socket.on("framereceived", self._received)
        socket.on("framesent", self._sent)

    def _received(self, payload: bytes | str) -> None:
        if isinstance(payload, bytes):
            self.stream.feed(payload)

    def _sent(self, payload: bytes | str) -> None:
        if isinstance(payload, str) and payload.startswith('["resize"'):
            size = json.loads(payload)[1]
            self.screen.resize(size["height"], size["width"])

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, needle: str) -> None:
        self.until(lambda: needle in self.text, f"{needle!r} never shown")

    def until(self, check: Callable[[], object], what: str) -> None:
        """Poll ``check()`` while the page's events keep arriving (a sleep would hold them);
        bounded by WAIT, then the screen is shown with ``what``."""
        deadline = time.monotonic() + WAIT
        while not check():
            assert time.monotonic() < deadline, f"{what}:\n{self.text}"
            self.page.wait_for_timeout(50)

    def _front(self) -> None:
        """Bring this tab to the front, as a person would, and focus where xterm.js reads keys
        (a tab behind another gets no animation frames and may lose keys)."""
        self.page.bring_to_front()
        self.page.locator(".xterm-helper-textarea").focus()

    def still(self, quiet: float = QUIET) -> None:
        """Wait until the screen has not changed for ``quiet`` seconds (bounded by WAIT)."""
        last, since = self.text, time.monotonic()

        def unchanged() -> bool:
            nonlocal last, since
            if self.text != last:
                last, since = self.text, time.monotonic()
            return time.monotonic() - since >= quiet

        self.until(unchanged, "the screen never stood still")

    def answered(self, act: Callable[[], None], then: str) -> None:
        """Do ``act`` (a key, a click, a tap) on a guarded screen until ``then`` shows: once
        the screen has stood still, and again if the answer is slow (see RETRY_AFTER)."""
        self.still()
        act()
        for wait in RETRY_AFTER:
            deadline = time.monotonic() + wait
            while then not in self.text and time.monotonic() < deadline:
                self.page.wait_for_timeout(50)
            if then in self.text:
                return
            act()
        self.wait_for(then)

    def press(self, key: str, then: str | None = None, *, guarded: bool = False) -> None:
        """Press ``key`` and wait for ``then``; ``guarded``: the screen ignores keys a moment
        after it is drawn (the cut, a hand-over, the results, the continue question), so the
        key goes once it has stood still, and again until ``then`` shows."""
        self._front()
        if guarded:
            assert then is not None, "a guarded key needs the text that shows it was taken"
            self.answered(lambda: self.page.keyboard.press(key), then)
            return
        self.page.keyboard.press(key)
        if then is not None:
            self.wait_for(then)

    def type(self, text: str, then: str | None = None) -> None:
        self._front()
        self.page.keyboard.type(text)
        if then is not None:
            self.wait_for(then)

    def find(self, needle: str, after: tuple[int, int] = (0, 0)) -> tuple[int, int]:
        """Column and row of ``needle`` at or after (column, row)."""
        for row, line in enumerate(self.screen.display):
            start = after[0] if row == after[1] else 0
            if row >= after[1] and (column := line.find(needle, start)) >= 0:
                return column, row
        raise AssertionError(f"{needle!r} not on screen:\n{self.text}")

    def click(self, column: int, row: int) -> None:
        """A click in the middle of one character cell."""
        self._front()
        box = self.page.locator(".xterm-screen").bounding_box()
        assert box is not None
        width = box["width"] / self.screen.columns
        height = box["height"] / self.screen.lines
        self.page.mouse.click(box["x"] + (column + 0.5) * width, box["y"] + (row + 0.5) * height)


def wait_until(check: Any, what: str) -> Any:
    """Poll ``check()`` until it returns something true (bounded by WAIT)."""
    deadline = time.monotonic() + WAIT
    while not (result := check()):
        assert time.monotonic() < deadline, what
        time.sleep(0.05)
    return result
