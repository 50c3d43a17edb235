"""A browser tab's terminal at an invite link (``/t/TABLE/tty``): the secret comes as the
socket's first message, and only a seat's secret starts that seat's ``join`` client, its
link in the client's environment and never on its command line."""

import json
import logging
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import WSMsgType, web

from chinese_ten.game.options import TOUCH_VARIABLE
from chinese_ten.net.client import LINK_VARIABLE
from chinese_ten.serve import host_tabs as host_module
from chinese_ten.serve.host_table import HostTable
from chinese_ten.serve.server import TabProcess
from tests.net.host_helpers import hosting, new_table


async def _first(
    base: str, table: HostTable, message: str | bytes | None, query: str = "", **headers: str
) -> tuple[WSMsgType, int | None]:
    """Open the tab's socket, send ``message`` first (None: nothing), and say how it ended."""
    async with aiohttp.ClientSession() as session:
        url = f"{base.replace('http', 'ws')}/t/{table.table_id}/tty?width=80&height=24{query}"
        async with session.ws_connect(url, headers=headers) as socket:
            if isinstance(message, str):
                await socket.send_str(message)
            elif isinstance(message, bytes):
                await socket.send_bytes(message)
            answer = await socket.receive(timeout=10)
            return answer.type, socket.close_code


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[TabProcess]:
    """The tab clients the host would start (none is run: the test looks at what it got)."""
    games: list[TabProcess] = []

    async def run_tab(request: web.Request, socket: web.WebSocketResponse, game: Any) -> None:
        games.append(game)
        await socket.close()

    monkeypatch.setattr(host_module, "run_tab", run_tab)
    return games


async def test_a_seats_secret_starts_its_join_client_with_the_link_in_its_environment(
    tmp_path: Path, started: list[TabProcess]
) -> None:
    table = new_table(tmp_path, (None, None))
    async with hosting(table) as (_host, base):
        secret = table.authority.link(base, 1).split("#", 1)[1]
        kind, _code = await _first(base, table, json.dumps(["secret", secret]))
    assert kind in (WSMsgType.CLOSE, WSMsgType.CLOSED)
    [game] = started
    assert game.command.endswith(" join") and secret not in game.command
    environment = game._build_environment()
    assert environment[LINK_VARIABLE] == table.authority.link(base, 1)
    assert "web_driver" in environment["TEXTUAL_DRIVER"]


@pytest.mark.parametrize(
    ("query", "variable"),
    [("&touch=1", "1"), ("", "0"), ("&touch=yes", "0"), ("&touch=1%0Ax", "0")],
)
async def test_the_join_client_is_told_whether_the_page_is_a_touch_screen(
    tmp_path: Path, started: list[TabProcess], query: str, variable: str
) -> None:
    table = new_table(tmp_path, (None, None))
    async with hosting(table) as (_host, base):
        secret = table.authority.link(base, 1).split("#", 1)[1]
        await _first(base, table, json.dumps(["secret", secret]), query)
    [game] = started
    assert game._build_environment()[TOUCH_VARIABLE] == variable


@pytest.mark.parametrize(
    "first",
    [
        json.dumps(["secret", "A" * 43]),  # no seat's
        json.dumps(["secret", "A" * 300]),  # oversized
        json.dumps({"kind": "hello", "secret": "A" * 43}),
        json.dumps(["secret"]),
        json.dumps(["secret", 7]),
        json.dumps(["secret", "\ud800"]),  # a lone surrogate: no UTF-8
        "not json",
        b"\x00binary",
        None,  # nothing within the time allowed
    ],
)
async def test_anything_but_a_seats_secret_first_starts_nothing(
    tmp_path: Path,
    started: list[TabProcess],
    monkeypatch: pytest.MonkeyPatch,
    first: str | bytes | None,
) -> None:
    monkeypatch.setattr(host_module, "HELLO_SECONDS", 0.2)
    table = new_table(tmp_path, (None, None))
    async with hosting(table) as (host, base):
        kind, _code = await _first(base, table, first)
    assert host.greeting == 0 and not host.tabs.slots.taken  # nothing held once it is closed
    assert kind in (WSMsgType.CLOSE, WSMsgType.CLOSED)
    assert not started


async def test_a_foreign_origin_opens_no_tab(tmp_path: Path, started: list[TabProcess]) -> None:
    table = new_table(tmp_path, (None, None))
    async with hosting(table) as (_host, base):
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await _first(base, table, None, Origin="http://evil.example")
    assert refused.value.status == 403 and not started


async def test_an_origin_of_another_of_the_hosts_names_opens_no_tab(
    tmp_path: Path, started: list[TabProcess]
) -> None:
    """As ``serve``: the page's own origin only, not any name the host answers to."""
    table = new_table(tmp_path, (None, None))
    async with hosting(table) as (_host, base):
        port = base.rsplit(":", 1)[1]
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await _first(base, table, None, Origin=f"http://localhost:{port}")
        secret = table.authority.link(base, 0).split("#", 1)[1]
        await _first(base, table, json.dumps(["secret", secret]), Origin=base)  # its own
    assert refused.value.status == 403 and len(started) == 1


async def test_a_tab_over_the_hosts_bound_starts_nothing(
    tmp_path: Path, started: list[TabProcess]
) -> None:
    table = new_table(tmp_path, (None, None))
    async with hosting(table) as (host, base):
        assert host.tabs.slots.most == 4  # twice the seats
        host.tabs.slots.most = 0
        secret = table.authority.link(base, 0).split("#", 1)[1]
        kind, _code = await _first(base, table, json.dumps(["secret", secret]))
    assert kind in (WSMsgType.CLOSE, WSMsgType.CLOSED) and not started


async def test_tabs_without_a_secret_take_no_tab_slot(
    tmp_path: Path, started: list[TabProcess]
) -> None:
    table = new_table(tmp_path, (None, None))
    async with hosting(table) as (host, base), aiohttp.ClientSession() as session:
        host.tabs.slots.most = 1
        url = f"{base.replace('http', 'ws')}/t/{table.table_id}/tty?width=80&height=24"
        async with session.ws_connect(url):  # says nothing: holds no slot while it waits
            assert host.greeting == 1 and not host.tabs.slots.taken
            secret = table.authority.link(base, 0).split("#", 1)[1]
            await _first(base, table, json.dumps(["secret", secret]))
    assert len(started) == 1


@pytest.mark.parametrize("secret", ["\ud800", "\ud800" * 43, "é" * 43, "A" * 42, "A" * 44])
def test_a_secret_no_utf8_or_of_another_length_is_no_seats(tmp_path: Path, secret: str) -> None:
    table = new_table(tmp_path, (None, None))
    assert table.authority.seat_of(secret) is None
    assert table.authority.seat_of(table.authority.secrets[1]) == 1


async def test_the_host_logs_a_requests_error_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    logger = logging.getLogger("aiohttp")
    monkeypatch.setattr(logger, "handlers", [])  # as in a fresh process; put back after
    monkeypatch.setattr(logger, "propagate", True)
    table = new_table(tmp_path, (None, None))
    async with hosting(table):
        handlers = logger.handlers
    assert [type(handler).__name__ for handler in handlers] == ["_OneLine"]
    assert not logger.propagate
