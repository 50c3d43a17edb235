"""``chinese-ten serve`` at its edges: other local pages, hostile headers, floods of keys,
silent browsers, and what reaches the server's own outputs."""

import asyncio
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from chinese_ten.serve import server as served_module
from chinese_ten.serve.guard import MAX_MESSAGE, read_message
from chinese_ten.serve.server import GameServer, ServeOptions
from tests.serve.test_serve import connected, get, memory_mb, screen_bytes, shown
from tests.serve_tabs import Served

KEPT = (aiohttp.WSMsgType.PING, aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
UNFRAMED = {"Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY"}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Served]:
    served = Served(tmp_path)
    yield served
    served.stop()


async def headers_of(url: str, **headers: str) -> tuple[int, dict[str, str]]:
    async with (
        aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar()) as session,
        session.get(url, headers=headers, allow_redirects=False) as response,
    ):
        await response.read()
        return response.status, dict(response.headers)


async def test_no_response_may_be_framed(server: Served) -> None:
    cookies = (await get(server.url))[2]
    cookie = "; ".join(f"{name}={value}" for name, value in cookies.items())
    for url, sent, status in (
        (server.url, "", 200),  # the game's page
        (server.origin + "/", "", 403),  # a refusal
        (server.origin + "/idle", cookie, 200),
        (server.origin + "/static/js/textual.js", cookie, 200),  # a file
        (server.origin + "/nothing", cookie, 404),
    ):
        got, headers = await headers_of(url, Cookie=sent)
        assert got == status, url
        for name, value in UNFRAMED.items():
            assert headers.get(name) == value, (url, name)


@pytest.mark.parametrize("origin", ["http://localhost:{port}", "http://[::1]:{port}"])
async def test_a_websocket_needs_exactly_its_page_s_origin(server: Served, origin: str) -> None:
    """The page at 127.0.0.1 opens its socket with Origin 127.0.0.1: another name of this
    machine, with the cookie, is another page (another program may serve it)."""
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        async with connected(server, origin=origin.format(port=server.port)):
            pass
    assert refused.value.status == 403
    assert server.children() == []


async def raw(port: int, request: bytes) -> bytes:
    """What the server answers to ``request`` sent as it is (headers no client would send)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        await writer.drain()
        return await asyncio.wait_for(reader.read(), 30)
    finally:
        writer.close()


def request(port: int, *headers: str) -> bytes:
    lines = ["GET / HTTP/1.1", f"Host: 127.0.0.1:{port}", *headers, "Connection: close", "", ""]
    return "\r\n".join(lines).encode()


async def test_hostile_headers_are_one_line_each_and_never_the_token(server: Served) -> None:
    cookies = (await get(server.url))[2]
    ours = "; ".join(f"{name}={value}" for name, value in cookies.items())
    long_cookie = f"Cookie: {ours}; x={'y' * 70_000}"
    long_line = f"GET /{'z' * 70_000} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n"
    hostile = [
        request(server.port, long_cookie),
        request(server.port, f"Host: 127.0.0.1:{server.port}", f"Cookie: {ours}"),
        long_line.encode(),
    ]
    for each in hostile:
        answer = await raw(server.port, each)
        assert answer.startswith((b"HTTP/1.0 400 ", b"HTTP/1.1 400 ")), answer[:80]
        assert server.token.encode() not in answer
    _, err = server.stop()
    assert "Traceback" not in err
    assert server.token not in err
    assert all(value not in err for value in cookies.values())
    lines = err.splitlines()
    assert lines[:-1] == [
        "chinese-ten: a request was refused: its headers are malformed or too long."
    ] * len(hostile)
    assert lines[-1] == "chinese-ten: stopped; no game was running."


async def test_other_pages_cookies_do_not_stop_the_game_loading(server: Served) -> None:
    """A page on another port of this host can set cookies a browser then sends here too:
    nine of 1,000 characters are more than aiohttp's default 8,190 bytes a header."""
    cookies = (await get(server.url))[2]
    theirs = "; ".join(f"c{n}={'v' * 1000}" for n in range(9))
    ours = "; ".join(f"{name}={value}" for name, value in cookies.items())
    status, page, _ = await get(server.origin + "/", Cookie=f"{theirs}; {ours}")
    assert status == 200 and "data-session-websocket-url" in page
    _, err = server.stop()
    assert err == "chinese-ten: stopped; no game was running.\n"


def test_allowance_refills_at_its_rate_up_to_its_size() -> None:
    from chinese_ten.serve.guard import Allowance

    now = [0.0]
    allowance = Allowance(lambda: now[0], sizes=(100, 3), rates=(10, 1))
    assert allowance.take(60) and allowance.take(40)
    assert not allowance.take(1)  # no bytes left
    now[0] = 1.0
    assert allowance.take(10) and not allowance.take(1)  # 10 bytes a second
    now[0] = 1000.0
    assert allowance.take(1) and allowance.take(1) and allowance.take(1)  # 3 messages, full
    assert not allowance.take(1)  # refilled no further than its size


def test_a_steady_flood_gets_no_more_than_a_game_reads() -> None:
    """Keys of 16 KiB every tenth of a second for a minute: what passes is the allowance's
    size and then 2 KiB a second (a rate a game reads without growing: docs/performance.md),
    counted in the UTF-8 bytes the game reads."""
    from chinese_ten.serve.guard import KEY_BYTES, Allowance

    now = [0.0]
    allowance = Allowance(lambda: now[0])
    wide = "\u4e00" * 5400  # 16,200 bytes, in a message of 16,213
    assert 2 * len(wide) < len(wide.encode()) < MAX_MESSAGE  # characters would undercount it
    assert read_message(json.dumps(["stdin", wide], ensure_ascii=False)) == ("stdin", wide)
    taken = 0
    for tenth in range(600):
        now[0] = tenth / 10
        if allowance.take_message(("stdin", wide)):
            taken += len(wide.encode())
    assert KEY_BYTES[0] <= 64 * 1024
    assert taken <= KEY_BYTES[0] + 60 * 2 * 1024
    assert taken >= 60 * 2 * 1024  # a paste now and then still passes


def test_a_mouse_moved_fast_for_minutes_is_never_cut() -> None:
    """A move is 13 bytes of escape for the game (31 of JSON, which spells ESC in 6): a
    hundred a second for ten minutes all pass, and so do the resizes and pings between."""
    from chinese_ten.serve.guard import Allowance

    now = [0.0]
    allowance = Allowance(lambda: now[0])
    move = read_message(json.dumps(["stdin", "\x1b[<35;123;45M"]))
    assert move is not None
    for hundredth in range(60_000):
        now[0] = hundredth / 100
        assert allowance.take_message(move), now[0]
        if hundredth % 50 == 0:
            assert allowance.take_message(("resize", 120, 40))
            assert allowance.take_message(("ping", "x"))


def ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def peak_until_quiet(pid: int, bound: float) -> float:
    """The game's largest memory (MB) until it has used under a tenth of a second of processor
    in one second (it has done with what it was sent), or until it passes ``bound``."""
    peak, since, used = 0.0, time.monotonic(), ticks(pid)
    deadline = since + 120
    while time.monotonic() < deadline and peak < bound:
        peak = max(peak, memory_mb(pid))
        if time.monotonic() - since >= 1.0:
            now = ticks(pid)
            if now - used < 10:  # clock ticks of 10 ms
                break
            since, used = time.monotonic(), now
        time.sleep(0.05)
    return peak


async def test_a_flood_of_keys_is_cut_and_the_game_stays_small(server: Served) -> None:
    """500 messages of 16 KiB at once (8 MB; unbounded, docs/performance.md): what a
    connection may send a second is bounded, the rest dropped with one line."""
    async with connected(server) as websocket:
        await shown(websocket)
        (game,) = server.wait_children(1)
        before = memory_mb(game)
        key = json.dumps(["stdin", "\x1b[A" * 1900])  # 15,200 bytes: 1,900 arrow keys
        assert len(key) < MAX_MESSAGE
        for _ in range(500):
            await websocket.send_str(key)
        await websocket.send_json(["ping", "after"])
        while (message := await websocket.receive(timeout=120)).type is aiohttp.WSMsgType.BINARY:
            pass
        assert message.type is aiohttp.WSMsgType.TEXT
        peak = await asyncio.to_thread(peak_until_quiet, game, 200)
        assert server.wait_children(1) == [game]  # the game goes on
    print(f"game memory: {before:.0f} MB, at most {peak:.0f} MB after 500 messages of 15 kB")
    assert peak < 200
    _, err = server.stop()
    assert err.splitlines()[0] == (
        "chinese-ten: a browser sent keys faster than anyone types; what came too fast was dropped."
    )
    assert err.count("faster than anyone types") == 1


def message_of(size: int) -> str:
    """A ``stdin`` message of exactly ``size`` bytes (a paste of x's)."""
    return json.dumps(["stdin", "x" * (size - len(json.dumps(["stdin", ""])))])


async def test_a_message_of_16_kib_is_taken_and_one_byte_more_is_not(server: Served) -> None:
    for size in (MAX_MESSAGE, MAX_MESSAGE + 1):
        assert len(message_of(size).encode()) == size
    async with connected(server) as websocket:
        await shown(websocket)
        await websocket.send_str(message_of(MAX_MESSAGE))
        await websocket.send_json(["ping", "still here"])
        while (message := await websocket.receive(timeout=60)).type is aiohttp.WSMsgType.BINARY:
            pass
        assert message.type is aiohttp.WSMsgType.TEXT
        assert json.loads(message.data) == ["pong", "still here"]
    server.wait_children(0)
    async with connected(server) as websocket:
        await shown(websocket)
        await websocket.send_str(message_of(MAX_MESSAGE + 1))
        assert await screen_bytes(websocket, 60) == -1
    server.wait_children(0)
    _, err = server.stop()
    assert err.splitlines()[0] == (
        "chinese-ten: a browser sent a malformed message; its game was ended."
    )
    assert err.count("malformed") == 1


async def test_a_browser_that_goes_silent_is_said_to_be_silent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A browser that stops answering pings (a laptop asleep, a network gone) is no hostile
    page: its game is ended, saved, and the line says what happened."""
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path))
    monkeypatch.setattr(served_module, "HEARTBEAT", 1.0, raising=False)
    options = ServeOptions(
        host="127.0.0.1", port=0, max_games=1, idle_minutes=5, game=("play",), lang="en"
    )
    game_server = GameServer(options)
    test_server = TestServer(game_server.web_app(), host="127.0.0.1", port=0)
    await test_server.start_server()
    try:
        assert test_server.port is not None
        url = game_server.listening(test_server.port)
        origin = url.split("/?", 1)[0]
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            async with session.get(url) as page:
                assert page.status == 200
            async with session.ws_connect(
                origin + "/ws?width=80&height=24", headers={"Origin": origin}, autoping=False
            ) as websocket:  # answers pings until the game has shown, then never
                drawn = unanswered = 0
                while (message := await websocket.receive(timeout=60)).type in KEPT:
                    if message.type is aiohttp.WSMsgType.PING and drawn < 1000:
                        await websocket.pong(message.data)
                    elif message.type is aiohttp.WSMsgType.PING:
                        unanswered += 1
                    elif message.type is aiohttp.WSMsgType.BINARY:
                        drawn += len(message.data)
                assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                assert drawn >= 1000 and unanswered == 1  # it played, then was silent
        deadline = asyncio.get_running_loop().time() + 30
        while game_server.games and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)  # the server ends the game (saved) after closing the socket
        assert not game_server.games
    finally:
        await test_server.close()
    err = capsys.readouterr().err
    assert err == (
        "chinese-ten: a browser stopped answering (no reply to a ping within 0.5 seconds); "
        "its game was ended, saved.\n"
    )


def in_each_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    """Run ``code`` (with ``os`` and ``sys``) as each of serve's games starts, not in serve
    itself: a ``sitecustomize`` on the ``PYTHONPATH`` the games inherit."""
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(
        "import os, sys\n"
        "if 'TEXTUAL_DRIVER' in os.environ:  # a game of serve's, not serve itself\n"
        f"    {code}\n"
        "    sys.stderr.flush()\n"
    )
    paths = [str(hook), os.environ.get("PYTHONPATH")]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, paths)))


RESET = "\x1b[<u\x1b[?1000l\x1b[?1049l\x1b[?25h"
"""What a game writes on its standard error when it restores a terminal at its end."""


def test_what_games_write_never_reaches_the_server_s_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game ending writes the escapes that reset a terminal on its standard error (its signal
    watchdog does, when the app is slow to exit); serve's own output (a terminal, a log file)
    must not receive them. Here every game writes them as it starts (``sitecustomize``)."""
    in_each_game(tmp_path, monkeypatch, f"sys.stderr.write({RESET!r})")

    async def play_then_stop(served: Served) -> None:
        async with connected(served) as websocket:  # a tab closed: its game ends
            await shown(websocket)
        served.wait_children(0)
        async with connected(served) as websocket:  # the server stopped during a game
            await shown(websocket)
            served.process.send_signal(signal.SIGINT)
            assert await screen_bytes(websocket, 60) == -1

    served = Served(tmp_path / "home")
    try:
        asyncio.run(play_then_stop(served))
        assert served.process.stdout is not None and served.process.stderr is not None
        out = served.process.stdout.read()
        err = served.process.stderr.read()
        assert served.process.wait(timeout=30) == 130
    finally:
        served.stop()
    assert "\x1b" not in served.first_line + out + err
    assert out == ""
    assert err == "chinese-ten: stopped; 1 game ended, saved.\n"


def test_a_game_that_fails_to_start_is_one_line_on_stderr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    in_each_game(
        tmp_path, monkeypatch, "sys.stderr.write('Traceback\\n  boom\\x1b[2J\\n'); os._exit(3)"
    )

    async def open_tab(served: Served) -> None:
        async with connected(served) as websocket:
            assert await screen_bytes(websocket, 60) == -1  # closed: no game to show

    served = Served(tmp_path / "home")
    try:
        asyncio.run(open_tab(served))
        served.wait_children(0)
    finally:
        code, err = served.stop()
    assert code == 130
    assert err.splitlines() == [
        "chinese-ten: a game failed to start: boom\\x1b[2J",
        "chinese-ten: stopped; no game was running.",
    ]


def test_an_origin_is_the_page_s_own_only_under_the_same_name_and_port() -> None:
    from chinese_ten.serve.guard import Address

    local = Address.of("127.0.0.1", 8000)
    assert local.is_own_origin("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert local.is_own_origin("http://LOCALHOST:8000", "localhost:8000")
    assert not local.is_own_origin("http://localhost:8000", "127.0.0.1:8000")
    assert not local.is_own_origin("http://127.0.0.1:8001", "127.0.0.1:8000")
    assert not local.is_own_origin("https://127.0.0.1:8000", "127.0.0.1:8000")
    every = Address.of("0.0.0.0", 80)
    assert every.is_own_origin("http://192.168.1.20", "192.168.1.20:80")
    assert not every.is_own_origin("http://192.168.1.21", "192.168.1.20")


async def test_slow_many_or_crowded_requests_are_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Anyone who reaches the port, with no token, could hold unfinished requests of 128
    headers of 64 KiB (8 MiB each) for an hour each, as many as file descriptors allow: the
    headers a request may have, the connections open at once and the time headers may take
    are bounded."""
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path))
    monkeypatch.setattr(served_module, "KEEP_OPEN", 1.0)
    monkeypatch.setattr(served_module, "CONNECTIONS", 8)
    options = ServeOptions(
        host="127.0.0.1", port=0, max_games=1, idle_minutes=5, game=("play",), lang="en"
    )
    game_server = GameServer(options)
    runner = served_module.runner_of(game_server.web_app())
    await runner.setup()
    site = aiohttp.web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    game_server.listening(port)
    start = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode()
    try:
        many = start + b"".join(b"X-%d: y\r\n" % n for n in range(40)) + b"\r\n"
        assert (await raw(port, many)).startswith((b"HTTP/1.0 400 ", b"HTTP/1.1 400 "))
        assert (await raw(port, start + b"\r\n")).startswith(b"HTTP/1.1 403 ")  # no token
        held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(8)]
        for _, writer in held:
            writer.write(start)  # headers begun, never ended
        extra = await raw(port, start + b"\r\n")
        assert extra == b""  # closed at once: 8 connections are all there may be
        for reader, writer in held:  # ended after KEEP_OPEN, not after an hour
            assert await asyncio.wait_for(reader.read(), 30) == b""
            writer.close()
        assert (await raw(port, start + b"\r\n")).startswith(b"HTTP/1.1 403 ")
    finally:
        await runner.cleanup()


def test_a_warning_is_one_line_with_its_numbers_and_no_text_arguments(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """asyncio warns of a game's pid it could not wait for: the pid is said, not ``%d``; a
    text argument (it may be a header, with the token's cookie) is never put in."""
    import logging

    handler = served_module._OneLine(logging.WARNING)
    for message, args in (
        ("Unknown child process pid %d, will report returncode 255", (4242,)),
        ("Bad header %s", ("chinese-ten-token-8000=secret",)),
    ):
        handler.emit(logging.LogRecord("asyncio", logging.WARNING, "", 0, message, args, None))
    assert capsys.readouterr().err == (
        "chinese-ten: Unknown child process pid 4242, will report returncode 255\n"
        "chinese-ten: Bad header %s\n"
    )
