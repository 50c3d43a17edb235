"""One hosted table on the event loop: its authority, its seats' sockets, its writes.

The rules of the table are :class:`~chinese_ten.net.table.TableAuthority`'s; this module
carries messages to it and from it. Every accepted change is written to the table's file
(off the event loop, one write at a time, under the table's lock) before any seat hears of it:
a host killed at any moment comes back at the last state a seat was told. A change that cannot
be written is undone, refused (``unsaved``) and said on the host's terminal.
"""

import asyncio
import contextlib
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Final

from aiohttp import web

from chinese_ten.game.options import GameOptions
from chinese_ten.game.turn import Request
from chinese_ten.lang.i18n import N_, _
from chinese_ten.net.protocol import (
    Act,
    Cut,
    Hand,
    Ready,
    RefusalCode,
    Refused,
    dump,
)
from chinese_ten.net.table import (
    Accepted,
    DamagedTableError,
    Refusal,
    TableAuthority,
)
from chinese_ten.serve.table_files import (
    TableFileError,
    hold,
    own_folder,
    read_table,
    write_table,
)
from chinese_ten.store.files import shown
from chinese_ten.store.saves import SaveSlot
from chinese_ten.text.names import visible

REASONS: Final[Mapping[RefusalCode, str]] = {
    "no_hello": N_("The first message must be a hello with the seat's secret."),
    "version": N_(
        "This table speaks protocol version {server}, this client version {client}: "
        "use the same version of chinese-ten as the host."
    ),
    "secret": N_("This link is not one of this table's seats (or the table was started anew)."),
    "replaced": N_("This seat was taken up by another connection with the same link."),
    "flood": N_("Too many messages: the connection is closed."),
    "too_big": N_("A message this table does not understand: nothing changed."),
    "malformed": N_("A message this table does not understand: nothing changed."),
    "hello_again": N_("A message this table does not understand: nothing changed."),
    "turn": N_("It is not your turn."),
    "illegal": N_("That move is not allowed here."),
    "stale": N_("That answers a position gone by: nothing changed."),
    "not_now": N_("Nothing to be ready for now."),
    "unchanged": N_("That is so already: nothing changed."),
    "not_host": N_("Only the host's seat may hand a seat to the computer."),
    "present": N_(
        "That seat is played already (its person is here, or it is the computer's): only an "
        "absent person's seat goes to the computer."
    ),
    "unsaved": N_("The table could not be saved, so nothing changed: try again."),
}
"""Each refusal's words for a person (the code is the protocol's; these are the host's)."""

RETRY_SECONDS: Final = 5.0
"""After a failed write of the table's own step (a computer's move, a cut, a deal), the wait
before it is tried again."""
_WRITER = ThreadPoolExecutor(max_workers=8, thread_name_prefix="table-write")
"""The tables' files are written here (each an fsync), off the event loop."""


async def send(socket: web.WebSocketResponse, text: str) -> None:
    if not socket.closed:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await socket.send_str(text)


async def refuse(
    socket: web.WebSocketResponse, code: RefusalCode, *, fatal: bool = False, reason: str = ""
) -> None:
    """Tell ``socket`` why its message changed nothing (and close it when ``fatal``)."""
    await send(socket, dump(Refused(code=code, reason=reason or _(REASONS[code]), fatal=fatal)))
    if fatal:
        await socket.close()


class HostTable:
    """A table served: the authority, each seat's socket, and the file written before a seat
    is told anything."""

    def __init__(
        self, authority: TableAuthority, folder: Path, options: GameOptions, slot: SaveSlot
    ) -> None:
        self.authority = authority
        self.folder = folder
        self.options = options
        self._slot = slot
        self._written = authority.snapshot()
        """The table's file as last written: what a failed write goes back to."""
        self.sockets: dict[int, web.WebSocketResponse] = {}
        self.lock = asyncio.Lock()
        self.problems: list[str] = []
        """What went wrong writing (said on the host's terminal)."""
        self.say: Callable[[str], None] | None = None
        """Where a failed write is said at once (the host's terminal, without a seat)."""
        self._moving: asyncio.Task[None] | None = None

    @property
    def table_id(self) -> str:
        return self.authority.table_id

    # ------------------------------------------------------------ opening
    @staticmethod
    def _options(options: GameOptions, folder: Path) -> GameOptions:
        return replace(options, session=replace(options.session, save_dir=folder))

    @classmethod
    def new(cls, table_id: str, options: GameOptions, folder: Path) -> "HostTable":
        """A new table, its first deal dealt and written: TableFileError when its folder
        cannot be made or written."""
        own_folder(folder.parent, make=True)
        own_folder(folder, make=True)
        slot = hold(folder)
        options = cls._options(options, folder)
        authority = TableAuthority(table_id, options)
        authority.start()
        table = cls(authority, folder, options, slot)
        try:
            write_table(folder, table._written)
        except OSError as error:
            slot.release()
            raise TableFileError(str(error.strerror or error)) from None
        return table

    @classmethod
    def load(cls, folder: Path, options: GameOptions) -> "HostTable":
        """The table written in ``folder``, taken up: TableFileError (one line) when it
        cannot be, whatever the file holds."""
        own_folder(folder, make=False)
        text = read_table(folder)
        options = cls._options(options, folder)
        try:
            authority = TableAuthority.taken_up(text, options)
        except DamagedTableError as error:
            problem = _(error.problem)
            if error.detail:
                problem = f"{problem}: {visible(error.detail)}"
            raise TableFileError(
                _("{path}: damaged ({problem})").format(path=shown(folder), problem=problem)
            ) from None
        if authority.table_id != folder.name:
            raise TableFileError(
                _("{path}: damaged ({problem})").format(
                    path=shown(folder), problem=_("the table's id is not its folder's")
                )
            )
        return cls(authority, folder, options, hold(folder))

    def close(self) -> None:
        """The host stops: every change is written already; the table's lock is let go."""
        self._slot.release()
        self.authority.flow.release()

    # ------------------------------------------------------------ changes
    async def receive(
        self,
        seat: int,
        message: Act | Cut | Ready | Hand,
        socket: web.WebSocketResponse | None = None,
    ) -> RefusalCode | None:
        """A seat's message (from ``socket``, if given: ignored once another connection has
        taken the seat): written and told, or the refusal's code (nothing changed)."""
        async with self.lock:
            if socket is not None and self.sockets.get(seat) is not socket:
                return None
            result = self.authority.receive(seat, message)
            if isinstance(result, Refusal):
                return result.code
            if not await self._written_then_told(result):
                return "unsaved"
        self.kick_computers()
        return None

    async def hand(self, seat: int, level: str | None) -> RefusalCode | None:
        """The host's own choice, as its seat's ``hand``: ``seat`` to the computer at
        ``level``, or back to its person (None)."""
        return await self.receive(self.authority.host_seat, Hand(seat=seat, level=level))

    async def _written_then_told(self, change: Accepted) -> bool:
        """Write the table, then tell every seat (the lock held); False: the write failed,
        the change is undone and nobody was told."""
        snapshot = self.authority.snapshot()
        try:
            await asyncio.get_running_loop().run_in_executor(
                _WRITER, write_table, self.folder, snapshot
            )
        except OSError as error:
            self._problem(str(error.strerror or error))
            here = self.authority.here
            self.authority = TableAuthority.taken_up(self._written, self.options)
            self.authority.here = here
            return False
        self._written = snapshot
        await self.tell(record=change.deal_ended)
        return True

    async def tell(self, *, record: bool = False) -> None:
        """Every connected seat gets its own update; at a deal's end the record first, so a
        client that reads the update saying the deal is over holds it already."""
        sockets = dict(self.sockets)
        if record:
            message = dump(self.authority.record_message())
            for socket in sockets.values():
                await send(socket, message)
        for seat, update in self.authority.updates(list(sockets)).items():
            await send(sockets[seat], dump(update))

    def _problem(self, problem: str) -> None:
        line = _("chinese-ten: table {table} could not be saved: {problem}").format(
            table=self.table_id, problem=visible(problem)
        )
        if line not in self.problems:
            self.problems.append(line)
            if self.say is not None:
                self.say(line)

    # ------------------------------------------------------------ presence
    async def arrive(self, seat: int, socket: web.WebSocketResponse) -> None:
        """A proven seat sits down: an older connection of the seat is closed, every seat
        is told (presence is no move: the ``seq`` stays)."""
        async with self.lock:
            old = self.sockets.get(seat)
            self.sockets[seat] = socket
            self.authority.arrive(seat)
            if old is not None:
                await refuse(old, "replaced", fatal=True)
            await self.tell()
            if self.authority.deal_over:
                await send(socket, dump(self.authority.record_message()))
        self.kick_computers()

    async def leave(self, seat: int, socket: web.WebSocketResponse) -> None:
        async with self.lock:
            if self.sockets.get(seat) is not socket:
                return
            del self.sockets[seat]
            self.authority.leave(seat)
            await self.tell()  # the others see the seat away

    # ------------------------------------------------------------ the computers
    def kick_computers(self) -> None:
        if self._moving is None or self._moving.done():
            self._moving = asyncio.ensure_future(self.computers_move())

    async def computers_move(self) -> None:
        """The computers to move play, one action at a time, their thinking off the loop;
        the table's own steps (a cut for a computer, a deal nobody waits for) as well."""
        while True:
            async with self.lock:
                change = self.authority.on_its_own()
                if change is not None:
                    if not await self._written_then_told(change):
                        self._try_again_soon()
                        return
                    continue
                turn = self.authority.computer_turn()
                if turn is None:
                    return
            player, state = turn
            action = await asyncio.to_thread(Request(player, state, "computer").choose)
            async with self.lock:
                change = self.authority.computer_plays(state, action)
                if change is not None and not await self._written_then_told(change):
                    self._try_again_soon()
                    return

    def _try_again_soon(self) -> None:
        """A write failed with nobody's message to answer: the table tries again by itself."""
        asyncio.get_running_loop().call_later(RETRY_SECONDS, self.kick_computers)
