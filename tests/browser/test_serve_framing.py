"""Another program's page on this host (another port) against ``chinese-ten serve``, in Chromium.

Browsers scope cookies by host, not by port: a page on 127.0.0.1:OTHER is same-site with the
server and is sent its cookies. It must still not start a game, in a frame or by a socket.
"""

import http.server
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serve_tabs import CHROMIUM, CHROMIUM_ARGS, Served, wait_until

pytestmark = pytest.mark.browser

if not CHROMIUM.exists():
    pytest.skip(
        "no Chromium at /usr/bin/chromium (install Debian's chromium package; .ci/run does)",
        allow_module_level=True,
    )

from playwright.sync_api import sync_playwright  # noqa: E402 (only where Chromium is)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Served]:
    served = Served(tmp_path)
    yield served
    served.stop()


@pytest.fixture
def other_page() -> Iterator[tuple[int, dict[str, str]]]:
    """A page of another program on 127.0.0.1 (its port, and the body it serves by path)."""
    bodies: dict[str, str] = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = bodies.get(self.path, "").encode()
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            del args

    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=other.serve_forever, daemon=True)
    thread.start()
    yield other.server_address[1], bodies
    other.shutdown()
    other.server_close()


def cookies_of(server: Served) -> list[Any]:
    """The cookies the server gives a browser on its printed address (as if opened before)."""
    with urllib.request.urlopen(server.url, timeout=30) as response:
        set_cookies = response.headers.get_all("Set-Cookie")
    cookies: list[Any] = []  # Playwright's SetCookieParam, a TypedDict it does not export
    for line in set_cookies:
        name, _, value = line.split(";", 1)[0].partition("=")
        cookies.append(
            {
                "name": name,
                "value": value,
                "url": server.origin,
                "httpOnly": True,
                "sameSite": "Strict",
            }
        )
    return cookies


def test_a_page_on_another_port_cannot_frame_the_game(
    server: Served, other_page: tuple[int, dict[str, str]]
) -> None:
    port, bodies = other_page
    bodies["/"] = f'<!doctype html><iframe id="game" src="{server.origin}/"></iframe>'
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = chromium.new_context()
            context.add_cookies(cookies_of(server))  # this browser has played here before
            page = context.new_page()
            sockets: list[str] = []
            page.on("websocket", lambda socket: sockets.append(socket.url))
            page.goto(f"http://127.0.0.1:{port}/", wait_until="load")  # the frame loaded too
            (frame,) = [f for f in page.frames if f != page.main_frame]
            assert frame.url.startswith("chrome-error://"), frame.url  # refused to be framed
            assert "data-session-websocket-url" not in frame.content()
            assert sockets == []
            # Its own socket to the game: the browser sends the cookies, and its own Origin.
            outcome = page.evaluate(
                """url => new Promise(done => {
                    const socket = new WebSocket(url);
                    socket.onopen = () => done("open");
                    socket.onclose = () => done("refused");
                })""",
                f"ws://127.0.0.1:{server.port}/ws?width=80&height=24",
            )
            assert outcome == "refused"
            assert server.children() == []
            # The same browser, on the server's own address, plays: the cookies were good.
            own = context.new_page()
            played: list[str] = []
            own.on("websocket", lambda socket: played.append(socket.url))
            own.goto(server.origin + "/", wait_until="load")
            own.wait_for_function("document.querySelector('[data-session-websocket-url]')")
            assert len(wait_until(server.children, "the game never started")) == 1
            assert len(played) == 1
            assert played[0].startswith(f"ws://127.0.0.1:{server.port}/ws?")
        finally:
            chromium.close()
    server.wait_children(0)
