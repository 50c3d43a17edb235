"""A hosted seat in a browser tab: the invite link's terminal page, and the ``join`` client
each tab's seat runs under Textual's web driver (its screen in the tab, as ``serve`` draws)."""

import contextlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from aiohttp import WSMsgType, web
from textual_serve.download_manager import DownloadManager

from chinese_ten.lang import i18n
from chinese_ten.lang.i18n import N_
from chinese_ten.net.client import LINK_VARIABLE
from chinese_ten.serve.games import TabGame, TabGames
from chinese_ten.serve.guard import MAX_MESSAGE, language_of
from chinese_ten.serve.host_table import HostTable
from chinese_ten.serve.page import game_body
from chinese_ten.serve.page import page as terminal_page
from chinese_ten.serve.server import HEARTBEAT, TabProcess, game_command, run_tab

HELLO_SECONDS: Final = 10.0
"""A connection that has not proved a seat by then is closed."""
TAB_IDLE_SECONDS: Final = 24 * 3600.0
"""A browser's seat waits as long as the table does: the tab's game ends with the tab."""
TAB_SECRET_BYTES: Final = 256
"""The most a tab's first message (``["secret", SECRET]``) may hold."""
LEFT = N_("You have left the table. Open the link again to sit back down.")
_TERMINAL_SCRIPT: Final = (Path(__file__).parent / "static" / "host-terminal.js").read_text(
    encoding="utf-8"
)
"""The page's script: the seat's secret from the address's ``#`` as the socket's first message."""


class _JoinTab(TabProcess):
    """A browser tab's ``join`` client: the seat's link reaches it in its environment (which
    only its own user may read), never on its command line."""

    link = ""

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment[LINK_VARIABLE] = self.link
        return environment


async def tab_seat(table: HostTable, socket: web.WebSocketResponse) -> int | None:
    """The seat whose secret the tab sends first (``["secret", SECRET]``), or None: no
    message within :data:`HELLO_SECONDS`, a malformed or oversized one, or no seat's secret."""
    try:
        message = await socket.receive(timeout=HELLO_SECONDS)
    except TimeoutError:
        return None
    secret: object = None
    if message.type == WSMsgType.TEXT and len(message.data) <= TAB_SECRET_BYTES:
        with contextlib.suppress(ValueError, RecursionError):
            read = json.loads(message.data)
            if isinstance(read, list) and len(read) == 2 and read[0] == "secret":
                secret = read[1]
    return table.authority.seat_of(secret)


@dataclass
class HostTabs:
    """The browser tabs' join clients: at most ``most`` at once, shared by every seat (room
    for each seat's tab and the one replacing it); only a seat's secret takes one."""

    most: int
    local_base: str | None = None
    """The address a tab's join client reaches this host at."""
    slots: TabGames = field(init=False)
    games: set[TabProcess] = field(default_factory=set)
    download_manager: DownloadManager = field(default_factory=DownloadManager)

    def __post_init__(self) -> None:
        self.slots = TabGames(max(1, self.most), TAB_IDLE_SECONDS)

    def page(self, request: web.Request) -> web.StreamResponse:
        """The seat's board in a terminal in the page (textual.js), as ``serve`` draws it."""
        table_id = request.match_info["table"]
        language = language_of(request.headers.get("Accept-Language"), i18n.current())
        scheme = "wss" if request.secure else "ws"  # the Host was checked by the middleware
        body = game_body(language, f"{scheme}://{request.host}/t/{table_id}/tty", LEFT)
        return terminal_page(language, body, game=True, before=_TERMINAL_SCRIPT)

    async def serve(
        self,
        request: web.Request,
        socket: web.WebSocketResponse,
        table: HostTable,
        seat: int | None,
    ) -> None:
        """A prepared tab's socket whose first message proved ``seat`` (:func:`tab_seat`;
        None: it did not): a ``join`` client for that seat runs, its screen in the tab, and
        ends with the tab."""
        # only a seat's secret takes a slot; no await between the check and the taking
        tab = None if seat is None or self.local_base is None else self.slots.admit()
        if tab is None or seat is None:
            await socket.close()
            return
        try:
            await self._run(request, socket, tab, table, seat)
        finally:
            self.slots.leave(tab)

    async def _run(
        self,
        request: web.Request,
        socket: web.WebSocketResponse,
        tab: TabGame,
        table: HostTable,
        seat: int,
    ) -> None:
        assert self.local_base is not None
        folder = table.folder / f"browser-{seat}"  # the seat's own history, on this machine
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        language = language_of(request.headers.get("Accept-Language"), i18n.current())

        game = _JoinTab.of_tab(
            game_command(("join",), language),
            tab,
            self.slots,
            folder,
            request=request,
            websocket=socket,
            download_manager=self.download_manager,
        )
        game.link = table.authority.link(self.local_base, seat)
        self.games.add(game)
        try:
            await run_tab(request, socket, game)
        finally:
            self.games.discard(game)

    async def end(self) -> None:
        """Every tab's client ends (the host stops)."""
        for game in list(self.games):
            await game.end()

    @staticmethod
    def socket() -> web.WebSocketResponse:
        return web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE + 1)
