"""The door stays open for the seated: strangers' connections, silent or half-sent, give way
to a seat's, and the plain requests that are no websocket leave nothing behind."""

import asyncio
import resource
from pathlib import Path

import aiohttp
import pytest

from chinese_ten.net.protocol import Pong
from chinese_ten.serve import host as host_module
from chinese_ten.serve import server as server_module
from tests.net.host_helpers import hosting, new_table, seated

SILENT = 1100
"""Websockets upgraded that never say hello."""
HALF_SENT = 1200
"""Requests whose headers never end (slow-loris)."""


def enough_files(wanted: int) -> None:
    """This process may hold ``wanted`` files (both ends of every connection are here)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.skip(f"needs {wanted} open files, the hard limit is {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


async def wait_until(condition: "object") -> None:
    for _ in range(1000):
        if condition():  # type: ignore[operator]
            return
        await asyncio.sleep(0.01)
    raise AssertionError("never happened")


async def half_sent(port: int) -> asyncio.StreamWriter:
    """A connection whose request line and first header are sent, and no more."""
    _reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /t/tbl1/plain HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Slow: " % port)
    return writer


async def silent_websocket(port: int) -> asyncio.StreamWriter:
    """A websocket upgraded by hand that never says a word."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        b"GET /t/tbl1/ws HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
        b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        b"Sec-WebSocket-Version: 13\r\n\r\n" % port
    )
    answer = await reader.readuntil(b"\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 101 "), answer[:40]
    return writer


async def test_a_seat_joins_while_strangers_hold_every_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """1,200 half-sent requests fill the server's bound on connections, 1,100 silent
    websockets the greeting budget; no deadline frees a place; a seat already seated keeps
    its connection, and a seat arriving now is welcomed while the test holds every one."""
    monkeypatch.setattr(host_module, "HELLO_SECONDS", 3600.0)
    monkeypatch.setattr(server_module, "KEEP_OPEN", 3600.0)
    enough_files(2 * (SILENT + HALF_SENT) + 512)
    table = new_table(tmp_path, (None, None))
    held: list[asyncio.StreamWriter] = []
    async with hosting(table) as (host, base):
        door = host.door
        assert door is not None
        port = int(base.rsplit(":", 1)[1])
        first = await seated(table, base, 0)
        try:
            for _ in range(HALF_SENT):
                held.append(await half_sent(port))
            await wait_until(lambda: door.unproven == host.most_connections() - 1)  # full
            for _ in range(SILENT):
                held.append(await silent_websocket(port))
            await wait_until(lambda: host.greeting == host_module.MOST_GREETINGS)  # full
            late = await seated(table, base, 1)
            assert late.seat == 1 and table.sockets.keys() == {0, 1}
            assert not any(writer.is_closing() for writer in held)  # all still held
            await first.ping("still here")  # the first seat was never made to give way
            while not isinstance(answer := await first.receive(), Pong):
                pass
            assert answer.data == "still here"
            await late.close()
        finally:
            await first.close()
            for writer in held:
                writer.close()


PLAIN_GETS = 200
"""Plain requests of each websocket address (the leak grew with each one)."""


@pytest.mark.parametrize("address", ["ws", "tty"])
async def test_plain_gets_of_a_websocket_address_leave_nothing_behind(
    tmp_path: Path, address: str
) -> None:
    """A request that is no websocket upgrade is answered 400 and kept nowhere: no socket
    to close when the host stops, no greeting counted."""
    table = new_table(tmp_path, (None, None))
    async with hosting(table) as (host, base), aiohttp.ClientSession() as session:
        url = f"{base}/t/{table.table_id}/{address}"
        for _ in range(PLAIN_GETS):
            async with session.get(url) as response:
                assert response.status == 400
        assert not host.open_sockets and host.greeting == 0
        seat = await seated(table, base, 0)  # the address still works as a websocket
        assert len(host.open_sockets) == 1
        await seat.close()
