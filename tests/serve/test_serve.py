"""``chinese-ten serve`` without a browser: its options, its edges and its bookkeeping."""

import asyncio
import contextlib
import os
import re
import select
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import aiohttp
import pytest

from chinese_ten.cli.commands.serve import tab_arguments
from chinese_ten.cli.main import build_parser
from chinese_ten.serve.games import TabGames, is_local, reachable, url_of
from chinese_ten.serve.guard import MAX_MESSAGE, Address, BadMessageError, language_of, read_message
from chinese_ten.serve.server import game_command
from tests.serve_tabs import Served


def serve(home: Path, *options: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "chinese_ten", "--lang", "en", "serve", *options],
        env=dict(os.environ, CHINESE_TEN_HOME=str(home)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finished(home: Path, *options: str) -> tuple[int, str]:
    process = serve(home, *options)
    _, err = process.communicate(timeout=60)
    return process.returncode, err


def test_a_port_in_use_is_one_line_and_exit_1(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, err = finished(tmp_path, "--port", str(port))
    assert code == 1
    assert err.count("\n") == 1
    assert err.startswith(f"chinese-ten: cannot listen on http://127.0.0.1:{port}: ")
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--port", "70000"),
        ("--port", "-1"),
        ("--port", "http"),
        ("--max-games", "0"),
        ("--max-games", "17"),
        ("--idle-minutes", "0"),
        ("--idle-minutes", "nan"),
        ("--idle-minutes", "100000"),
        ("--deals", "0"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(tmp_path: Path, option: str, value: str) -> None:
    code, err = finished(tmp_path, option, value)
    assert code == 2
    assert err.count("\n") == 1
    assert option in err


@pytest.mark.parametrize(
    "host",
    [
        "192.0.2.1",
        "a" * 64,  # a label longer than a name may have: the IDNA codec refuses it
        "a." * 130,  # a name longer than any
        "\u00e9" * 70,
    ],
)
def test_a_host_that_is_not_here_is_one_line_and_exit_2(tmp_path: Path, host: str) -> None:
    code, err = finished(tmp_path, "--host", host, "--port", "0")
    assert code == 2
    assert err == (
        f"chinese-ten: cannot listen on http://{host}:0: {host} is not an address of this machine\n"
    )


def test_other_hosts_are_warned_about_and_sigterm_ends_the_server(tmp_path: Path) -> None:
    process = serve(tmp_path, "--host", "0.0.0.0", "--port", "0")
    assert process.stdout is not None and process.stderr is not None
    ready, _, _ = select.select([process.stderr], [], [], 30)
    assert ready
    warning = process.stderr.readline()
    assert warning.startswith("chinese-ten: warning: listening on 0.0.0.0: anyone who can reach")
    assert "has the address above (with its token) can play here, up to 4 games" in warning
    assert "not encrypted" in warning
    assert "continue that browser's saved games and read its history, with every name" in warning
    first = process.stdout.readline()
    assert first.startswith("chinese-ten: open http://")
    assert "0.0.0.0" not in first  # no other machine can open that
    port = re.search(r":(\d+)/\?token=", first).group(1)  # type: ignore[union-attr]
    hosts = reachable("0.0.0.0")
    lines = [first, *(process.stdout.readline() for _ in hosts[1:])]
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=30)
    assert out == ""
    for line, word, host in zip(lines, ["open", *["or open"] * len(hosts)], hosts, strict=False):
        assert line.startswith(f"chinese-ten: {word} http://{host}:{port}/?token=")
    assert hosts[-1] == "127.0.0.1"
    assert process.returncode == 143
    assert err == "chinese-ten: stopped; no game was running.\n"


@pytest.mark.parametrize(
    ("host", "same"),
    [("::0", "::"), ("0:0:0:0:0:0:0:0", "::"), ("0", "0.0.0.0"), ("127.1", "127.0.0.1")],
)
def test_an_address_in_another_spelling_is_served_as_its_usual_one(
    tmp_path: Path, host: str, same: str
) -> None:
    """``0`` binds every address as ``0.0.0.0`` does, and ``127.1`` is 127.0.0.1: the address
    printed, the ``Host`` a browser sends (it writes the usual spelling) and the warning are
    those of the usual spelling."""
    process = serve(tmp_path, "--host", host, "--port", "0")
    assert process.stdout is not None
    first = process.stdout.readline()
    found = re.search(r"http://(\S+):(\d+)/\?token=(\S+) ", first)
    assert found, first
    shown, port, token = found.groups()
    assert shown.strip("[]") == reachable(same)[0]
    with socket.create_connection((reachable(same)[-1], int(port)), timeout=30) as browser:
        browser.sendall(
            f"GET /?token={token} HTTP/1.1\r\nHost: {url_of(reachable(same)[-1], int(port))[7:]}"
            "\r\nConnection: close\r\n\r\n".encode()
        )
        assert browser.recv(12) == b"HTTP/1.1 200"
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=30)
    assert ("warning" in err) == (same != "127.0.0.1")
    assert ("warning" not in err) or f"listening on {same}: anyone" in err


def test_localhost_gets_no_warning(tmp_path: Path) -> None:
    process = serve(tmp_path, "--port", "0")
    assert process.stdout is not None
    assert process.stdout.readline().startswith("chinese-ten: open http://127.0.0.1:")
    process.send_signal(signal.SIGHUP)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 129
    assert "warning" not in err


def test_each_tab_runs_play_or_series_with_the_servers_options() -> None:
    args = build_parser().parse_args(
        ["serve", "--vs", "hard", "--seat", "2", "--deals", "3", "--four-color", "--think", "0.5"]
    )
    assert tab_arguments(args) == (
        "series", "--deals", "3", "--vs", "hard", "--seat", "2", "--think", "0.5", "--four-color"
    )  # fmt: skip
    assert tab_arguments(build_parser().parse_args(["serve"])) == ("play",)
    command = game_command(("play", "--seed", "1"), "pt")
    assert command.startswith("exec ")
    assert command.endswith("-m chinese_ten --lang pt play --seed 1")


def test_seats_are_limited_and_idle_ones_are_found() -> None:
    now = [0.0]
    seats = TabGames(most=2, idle=60, clock=lambda: now[0])
    first, second = seats.admit(), seats.admit()
    assert first is not None and second is not None
    assert seats.admit() is None and seats.full
    now[0] = 50
    seats.touch(second)
    now[0] = 60
    assert seats.idle_games() == [first]
    seats.leave(first)
    seats.leave(first)  # twice is harmless
    assert not seats.full and seats.admit() is not None


def test_every_address_is_this_machine_s_own_with_loopback_last() -> None:
    for wildcard, loopback in (("0.0.0.0", "127.0.0.1"), ("::", "::1")):
        hosts = reachable(wildcard)
        assert hosts[-1] == loopback and wildcard not in hosts
        assert len(set(hosts)) == len(hosts)
        for host in hosts[:-1]:  # each one a machine elsewhere can use: bound here
            with socket.create_server((host, 0), family=socket.getaddrinfo(host, 0)[0][0]):
                pass
    assert reachable("games.lan") == ["games.lan"]


def test_an_empty_host_is_refused_in_one_line(tmp_path: Path) -> None:
    for empty in ("", " "):
        code, err = finished(tmp_path, "--host", empty, "--port", "0")
        assert code == 2
        assert err == (
            "chinese-ten serve: error: argument --host: an empty host is no address: "
            "give 127.0.0.1, a name, or 0.0.0.0 for every one (see --help)\n"
        )


def test_hosts_and_urls() -> None:
    assert is_local("127.0.0.1") and is_local("::1") and is_local("LOCALHOST")
    assert not is_local("0.0.0.0") and not is_local("192.168.1.2")
    assert url_of("::1", 8000) == "http://[::1]:8000"
    assert url_of("localhost", 80) == "http://localhost:80"


def test_the_server_itself_does_not_import_textual() -> None:
    """Only each tab's game loads Textual; the web server stays light."""
    probe = "import sys, chinese_ten.serve.server; print(' '.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "chinese_ten.serve.server" in out.stdout.split()
    assert not [m for m in out.stdout.split() if m.split(".")[0] == "textual"]


# The guard: only the page of the server's own address, with the token it printed, gets a game.


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Served]:
    """A server of the test's own: for a test that plays, or stops the server."""
    served = Served(tmp_path)
    yield served
    served.stop()


@pytest.fixture(scope="module")
def guard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One server for the tests that only knock at its door: none of them gets a game."""
    served = Served(tmp_path_factory.mktemp("guard"))
    yield served
    assert served.children() == []
    served.stop()


async def get(url: str, **headers: str) -> tuple[int, str, dict[str, str]]:
    """Status, text and cookies set, for a request with exactly these headers."""
    async with (
        aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar()) as session,
        session.get(url, headers=headers, allow_redirects=False) as response,
    ):
        cookies = {name: morsel.value for name, morsel in response.cookies.items()}
        return response.status, await response.text(), cookies


async def test_the_page_needs_the_token_and_keeps_it_out_of_the_page(guard: Served) -> None:
    status, page, cookies = await get(guard.url)
    assert status == 200
    assert guard.token not in page  # it travels in the HttpOnly cookie, not in any link
    value = cookies[f"chinese-ten-token-{guard.port}"]
    assert guard.token not in value  # bound to this server's port, and not the printed token
    assert re.fullmatch(r"[\w-]{43}", cookies["chinese-ten-browser"])
    assert f'data-session-websocket-url="ws://127.0.0.1:{guard.port}/ws"' in page
    token = f"chinese-ten-token-{guard.port}={value}"
    status, text, _ = await get(guard.origin + "/?token=" + value)
    assert status == 403 and "not the one chinese-ten serve printed" in text
    another = f"chinese-ten-token-{guard.port + 1}={value}"
    assert (await get(guard.origin + "/", Cookie=another))[0] == 403
    assert (await get(guard.origin + "/", Cookie=token))[0] == 200  # a reload
    for path in ("/", "/ws", "/static/js/textual.js", "/download/key", "/idle"):
        status, text, cookies = await get(guard.origin + path)
        assert (status, text.count("\n"), cookies) == (403, 1, {}), path
        assert "needs the token chinese-ten serve printed" in text
    status, text, _ = await get(guard.origin + "/?token=" + guard.token[::-1])
    assert status == 403 and "not the one chinese-ten serve printed" in text
    status, text, _ = await get(guard.origin + "/", Cookie=token.replace("=", "=x", 1))
    assert status == 403


@pytest.mark.parametrize(
    "headers",
    [
        {"Host": "evil.example:{port}"},  # DNS rebinding: a page of evil.example, on this server
        {"Host": "127.0.0.1:1"},
        {"Host": "localhost"},
        {"Host": "[::1]:{port}x"},
        {"Origin": "http://evil.example"},
        {"Origin": "https://127.0.0.1:{port}"},
        {"Origin": "null"},
    ],
)
async def test_a_foreign_host_or_origin_is_refused_even_with_the_token(
    guard: Served, headers: dict[str, str]
) -> None:
    filled = {name: value.format(port=guard.port) for name, value in headers.items()}
    status, text, cookies = await get(guard.url, **filled)
    assert (status, cookies) == (403, {})
    assert text.count("\n") == 1
    assert guard.token not in text


async def test_the_server_answers_at_each_loopback_name(guard: Served) -> None:
    for name in ("localhost", "127.0.0.1", "[::1]"):
        origin = f"http://{name}:{guard.port}"
        status, page, _ = await get(guard.url, Host=f"{name}:{guard.port}", Origin=origin)
        assert status == 200
        assert f'"ws://{name}:{guard.port}/ws"' in page


async def test_a_long_query_is_refused(guard: Served) -> None:
    status, text, _ = await get(guard.url + "&x=" + "y" * 300)
    assert (status, text) == (403, "This address is too long.\n")


@contextlib.asynccontextmanager
async def connected(
    server: Served, *, origin: str | None = None, browser: bool = True, token: bool = True
) -> AsyncIterator[aiohttp.ClientWebSocketResponse]:
    """A websocket as the page opens it (its Origin, the cookies it was given), or with one
    of those left out or changed."""
    async with aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar()) as session:
        cookies = (await get(server.url))[2]
        if not browser:
            del cookies["chinese-ten-browser"]
        if not token:
            del cookies[f"chinese-ten-token-{server.port}"]
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}
        headers["Origin"] = server.origin if origin is None else origin
        if not headers["Origin"]:
            del headers["Origin"]
        url = server.origin + "/ws?width=80&height=24"
        async with session.ws_connect(url, headers=headers) as websocket:
            yield websocket


async def screen_bytes(
    websocket: aiohttp.ClientWebSocketResponse, seconds: float, enough: int | None = None
) -> int:
    """The bytes of screen the game sends within ``seconds``, or as soon as ``enough`` have
    come; -1 when the socket closes."""
    count = 0
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while (left := end - loop.time()) > 0 and (enough is None or count < enough):
        try:
            message = await asyncio.wait_for(websocket.receive(), left)
        except TimeoutError:
            break
        if message.type is aiohttp.WSMsgType.BINARY:
            count += len(message.data)
        elif message.type is not aiohttp.WSMsgType.TEXT:
            return -1
    return count


async def shown(websocket: aiohttp.ClientWebSocketResponse) -> None:
    """Until the game has drawn its first screen (a start is slow on a busy machine)."""
    if await screen_bytes(websocket, 60, enough=1000) < 1000:
        raise AssertionError("the game never showed")


async def test_the_page_s_own_websocket_gets_a_game(server: Served) -> None:
    async with connected(server) as websocket:
        await shown(websocket)
        assert len(server.wait_children(1)) == 1
    server.wait_children(0)  # a tab closed is no malformed message
    assert server.stop() == (130, "chinese-ten: stopped; no game was running.\n")  # no token


@pytest.mark.parametrize(
    "change",
    [
        {"origin": "http://evil.example"},
        {"origin": "http://127.0.0.1:1"},
        {"origin": ""},  # no Origin: not a browser's page
        {"token": False},
        {"browser": False},  # no browser of its own: no saves to play with
    ],
)
async def test_a_websocket_from_elsewhere_gets_no_game(
    guard: Served, change: dict[str, object]
) -> None:
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        async with connected(guard, **change):  # type: ignore[arg-type]
            pass
    assert refused.value.status == 403
    assert guard.children() == []


def memory_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024  # type: ignore[union-attr]


async def test_a_huge_resize_is_bounded_and_memory_stays_flat(server: Served) -> None:
    """A resize to 100000x100000 draws 480x200 and the game's memory stays flat (unbounded:
    docs/performance.md)."""
    async with connected(server) as websocket:
        await shown(websocket)
        (game,) = server.wait_children(1)
        before = memory_mb(game)
        for _ in range(3):
            await websocket.send_json(["resize", {"width": 100000, "height": 100000}])
        assert await screen_bytes(websocket, 60, enough=1) > 0  # drawn at the bounded size
        after = memory_mb(game)
        assert server.wait_children(1) == [game]  # and still there
    print(f"game memory: {before:.0f} MB, then {after:.0f} MB after 3 huge resizes")
    assert after - before < 30


BAD_MESSAGES = (
    "x" * (MAX_MESSAGE + 1),  # longer than any key or paste
    '["stdin", "' + "a" * MAX_MESSAGE + '"]',
    '["resize", {"width": "wide", "height": 24}]',
    '["resize", {"width": NaN, "height": 24}]',
    '["stdin", 3]',
    '["stdin", "\\ud800"]',  # a lone surrogate: no UTF-8 for the game's pipe
    "{}",
    "[" * 10_000,
)


async def test_a_bad_message_ends_only_its_game_in_one_line(server: Served) -> None:
    for number, message in enumerate(BAD_MESSAGES):
        async with connected(server) as websocket:
            await shown(websocket)
            await websocket.send_str(message)
            assert await screen_bytes(websocket, 60) == -1, number
        server.wait_children(0)
    async with connected(server) as websocket:  # the server goes on
        await shown(websocket)
    _, err = server.stop()
    assert "Traceback" not in err
    assert err.splitlines()[: len(BAD_MESSAGES)] == [
        "chinese-ten: a browser sent a malformed message; its game was ended."
    ] * len(BAD_MESSAGES)


async def test_sizes_and_unknown_messages_are_taken_in_bounds(server: Served) -> None:
    async with connected(server) as websocket:
        await shown(websocket)
        await websocket.send_str('["resize", {"width": -5, "height": 1e308}]')
        await websocket.send_str('["something new", 1]')
        assert await screen_bytes(websocket, 60, enough=1) > 0  # drawn at the bounded size
        await websocket.send_json(["ping", "42"])
        answer: object = None
        while answer is None:  # past the screen's bytes and the name field's "typing"
            message = await websocket.receive(timeout=60)
            assert message.type in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY), message
            if message.type == aiohttp.WSMsgType.TEXT and message.json()[0] != "typing":
                answer = message.json()
        assert answer == ["pong", "42"]
        assert len(server.wait_children(1)) == 1


def test_messages_are_read_within_bounds() -> None:
    assert read_message('["resize", {"width": 100000, "height": 0}]') == ("resize", 480, 10)
    assert read_message('["resize", {"width": 90.5, "height": 30}]') == ("resize", 90, 30)
    assert read_message('["stdin", "\\u001bOQ"]') == ("stdin", "\x1bOQ")
    assert read_message('["focus"]') == ("focus",)
    assert read_message('["new kind"]') is None
    for bad in ('["resize", {"width": true, "height": 3}]', '["ping", "' + "9" * 65 + '"]', "3"):
        with pytest.raises(BadMessageError):
            read_message(bad)


def test_addresses_name_this_server_only() -> None:
    local = Address.of("127.0.0.1", 8000)
    assert local.named_by("localhost:8000") and local.named_by("[::1]:8000")
    assert local.named_by("LOCALHOST:8000") and local.is_origin("http://127.0.0.1:8000")
    assert not local.named_by("localhost:8001") and not local.named_by("evil.example:8000")
    assert not local.named_by("127.0.0.1") and not local.named_by("127.0.0.1:")
    assert not local.is_origin("http://127.0.0.1:8000/x") and not local.is_origin("null")
    every = Address.of("0.0.0.0", 80)
    assert every.named_by("192.168.1.20") and every.named_by("[fe80::1]:80")
    assert not every.named_by("rebind.evil.example") and not every.named_by("10.0.0.1:81")
    named = Address.of("Games.LAN", 8000)
    assert named.named_by("games.lan:8000") and not named.named_by("127.0.0.1:8000")


def test_the_browser_s_language_is_the_first_of_ours() -> None:
    assert language_of("pt-BR,pt;q=0.9,en;q=0.8", "en") == "pt"
    assert language_of("en;q=0.2, fr", "pt") == "fr"
    assert language_of("fr;q=abc, de", "en") == "en"
    assert language_of("fr;q=0, pt;q=2", "en") == "en"
    assert language_of(None, "fr") == "fr"
    assert language_of("fr," * 10_000, "en") == "fr"


async def test_the_browser_s_language_is_used_unless_lang_was_given(
    server: Served, tmp_path: Path
) -> None:
    _, page, _ = await get(server.url, **{"Accept-Language": "fr-FR,fr;q=0.9"})
    assert '<html lang="en">' in page  # serve --lang en: every tab in English
    unset = Served(tmp_path / "unset", lang=None)
    try:
        _, page, _ = await get(unset.url, **{"Accept-Language": "fr-FR,fr;q=0.9"})
        assert '<html lang="fr">' in page and "Dix chinois démarre" in page
        status, text, _ = await get(unset.origin, **{"Accept-Language": "pt-PT"})
        assert status == 403 and text.startswith("Este endereço precisa do token")
        _, page, _ = await get(unset.url, **{"Accept-Language": "de-DE"})
        assert '<html lang="en">' in page  # none of ours: the server's own language
    finally:
        unset.stop()


def test_serve_offers_no_more_games_than_save_slots(capsys: pytest.CaptureFixture[str]) -> None:
    from chinese_ten.store.slots import MAX_SLOTS

    parser = build_parser()
    assert parser.parse_args(["serve", "--max-games", str(MAX_SLOTS)]).max_games == MAX_SLOTS
    with pytest.raises(SystemExit) as refused:
        parser.parse_args(["serve", "--max-games", str(MAX_SLOTS + 1)])
    assert refused.value.code == 2
    assert "--max-games" in capsys.readouterr().err
