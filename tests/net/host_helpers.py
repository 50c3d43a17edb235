"""A host on loopback for the net tests, and its seats' connections."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from chinese_ten.net.client import Connection, Link, parse_link
from chinese_ten.serve.host import Host, listen
from chinese_ten.serve.host_table import HostTable
from tests.options_helpers import game_options


def new_table(
    folder: Path, computer: tuple[str | None, ...], deals: int | None = 1, seed: int = 7
) -> HostTable:
    options = game_options(computer=computer, deals_planned=deals, seed=seed)
    return HostTable.new("tbl1", options, folder / "tbl1")


@asynccontextmanager
async def hosting(*tables: HostTable) -> AsyncIterator[tuple[Host, str]]:
    """The tables served on a free port of 127.0.0.1; the base of their links."""
    host = Host({t.table_id: t for t in tables})
    runner, port = await listen(host, "127.0.0.1", 0)
    try:
        yield host, f"http://127.0.0.1:{port}"
    finally:
        await host.close_all()
        await runner.cleanup()


def link_of(table: HostTable, base: str, seat: int) -> Link:
    return parse_link(table.authority.link(base, seat))


async def seated(table: HostTable, base: str, seat: int, *, keep: bool = True) -> Connection:
    connection = Connection(link_of(table, base, seat))
    connection.keep = keep
    await connection.open()
    return connection
