"""``chinese-ten host``: the web application that serves one or more tables.

Each table's rules are its :class:`~chinese_ten.net.table.TableAuthority`'s, carried by a
:class:`~chinese_ten.serve.host_table.HostTable`; this module holds the routes: one middleware
checks every request's ``Host`` and ``Origin`` and that a table's address names one of ours;
a websocket at ``/t/TABLE/ws`` proves its seat with a hello and then only carries messages;
``/t/TABLE`` is the seat's terminal page (:mod:`~chinese_ten.serve.host_tabs`).
Secrets never reach a log or an error message.
"""

import contextlib
import ssl
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import textual_serve
from aiohttp import WSMsgType, web
from aiohttp.web_protocol import RequestHandler

from chinese_ten.lang import i18n
from chinese_ten.lang.i18n import _
from chinese_ten.net.protocol import (
    MAX_CLIENT_MESSAGE,
    VERSION,
    BadMessageError,
    Hello,
    Ping,
    Pong,
    Welcome,
    dump,
    read_client,
    version_of,
)
from chinese_ten.serve import host_page
from chinese_ten.serve.games import url_of
from chinese_ten.serve.guard import Address, language_of, unframed
from chinese_ten.serve.host_table import REASONS, HostTable, refuse, send
from chinese_ten.serve.host_tabs import HELLO_SECONDS, HostTabs, tab_seat
from chinese_ten.serve.server import CONNECTIONS, CappedServer, _quiet_logs, runner_of

RATE: Final = 20.0
BURST: Final = 40.0
"""Messages a connection may send: ``BURST`` at once, then ``RATE`` a second."""
MOST_GREETINGS: Final = 1024
"""Websockets at once that have not yet proved a seat (each waits at most
:data:`HELLO_SECONDS`): one more closes the oldest of them."""
SOCKET_HEARTBEAT: Final = 30.0
"""Seconds between the host's pings on a seat's socket (a silent peer is closed)."""
_TEXTUAL_STATIC: Final = Path(textual_serve.__file__).parent / "static"
"""textual.js, xterm's style and the terminal's font, as textual-serve ships them."""


@dataclass
class Bucket:
    """A token bucket: ``take`` is False once a connection sends faster than allowed."""

    rate: float = RATE
    burst: float = BURST
    clock: Callable[[], float] = time.monotonic
    tokens: float = BURST
    at: float = field(default=-1.0)

    def take(self) -> bool:
        now = self.clock()
        if self.at >= 0:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class Host:
    """The tables of one ``host`` process and the web application that serves them."""

    tables: dict[str, HostTable]
    address: Address | None = None
    open_sockets: set[web.WebSocketResponse] = field(default_factory=set)
    """Every prepared socket (closed when the host stops)."""
    door: CappedServer | None = None
    """The server's bound on connections, where a proven seat's connection is marked."""
    tabs: HostTabs = field(init=False)
    _greeting: dict[web.WebSocketResponse, RequestHandler] = field(default_factory=dict)
    """The websockets that have not proved a seat yet, oldest first, and their connections."""

    def __post_init__(self) -> None:
        seats = sum(len(table.authority.secrets) for table in self.tables.values())
        self.tabs = HostTabs(2 * seats)

    @property
    def greeting(self) -> int:
        """Websockets waiting for their first message (at most :data:`MOST_GREETINGS`)."""
        return len(self._greeting)

    @property
    def local_base(self) -> str | None:
        return self.tabs.local_base

    def most_connections(self) -> int:
        """Connections open at once: those not yet greeted (:data:`MOST_GREETINGS`), five a
        seat (its join client, two browser tabs and their join clients) and ``serve``'s
        bound for page loads (:data:`~chinese_ten.serve.server.CONNECTIONS`). Over it, the
        oldest connection that has not proved a seat is closed for the newcomer
        (:class:`~chinese_ten.serve.server.CappedServer`)."""
        seats = sum(len(table.authority.secrets) for table in self.tables.values())
        return MOST_GREETINGS + 5 * seats + CONNECTIONS

    async def close_all(self) -> None:
        """Close every connection (the host stops): clients see it at once and try again,
        and the server's clean-up does not wait for them. The browser tabs' clients end."""
        await self.tabs.end()
        for socket in list(self.open_sockets):
            with contextlib.suppress(ConnectionError, RuntimeError):
                await socket.close(code=1001, message=b"host stopping")

    def app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_CLIENT_MESSAGE, middlewares=[self._admitted])
        app.on_response_prepare.append(unframed)
        app.router.add_get("/t/{table}/ws", self.websocket)
        app.router.add_get("/t/{table}/tty", self.terminal)
        app.router.add_get("/t/{table}", self.terminal_page)
        app.router.add_get("/t/{table}/plain", self.page)
        app.router.add_static("/static", _TEXTUAL_STATIC)
        app.router.add_get("/t-static/host.js", self.static)
        app.router.add_get("/t-static/host.css", self.static)
        return app

    @web.middleware
    async def _admitted(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
    ) -> web.StreamResponse:
        """Every request passes :meth:`refusal` first (403 and its one line), and one that names
        a table names one of this host's (404): the handlers find their table there."""
        reason = self.refusal(request)
        if reason is not None:
            return web.Response(text=reason + "\n", status=403)
        table = request.match_info.get("table")
        if table is not None and table not in self.tables:
            return web.Response(text=_("There is no such table here.") + "\n", status=404)
        return await handler(request)

    def refusal(self, request: web.Request) -> str | None:
        """``serve``'s checks of ``Host`` and ``Origin``: a page of another site, or of
        another of this host's names, is refused. A request without ``Origin`` is let in (a
        browser always sends one on a socket, but the ``join`` client sends none, and it holds
        the seat's secret, which is what admits it)."""
        address = self.address
        host = request.headers.get("Host", "")
        if address is None or not address.named_by(host):
            return _("This table answers only at the address chinese-ten host printed.")
        origin = request.headers.get("Origin")
        if origin is not None and request.secure:  # behind TLS the page's own is https
            scheme, _sep, rest = origin.partition("://")
            origin = f"http://{rest}" if scheme.lower() == "https" else origin
        if origin is not None and not address.is_own_origin(origin, host):
            return _("Only this table's own page may join it.")
        return None

    async def page(self, request: web.Request) -> web.StreamResponse:
        language = language_of(request.headers.get("Accept-Language"), i18n.current())
        return host_page.page(language)

    async def terminal_page(self, request: web.Request) -> web.StreamResponse:
        return self.tabs.page(request)

    async def static(self, request: web.Request) -> web.StreamResponse:
        """The page's script and style (no data: the same for every table)."""
        return host_page.script() if request.path.endswith(".js") else host_page.style()

    async def _prepared(
        self, request: web.Request, socket: web.WebSocketResponse
    ) -> web.WebSocketResponse | None:
        """``socket`` upgraded and kept among the open ones, or None: a request that is no
        websocket upgrade is answered by aiohttp and kept nowhere."""
        try:
            await socket.prepare(request)
        except web.HTTPException:
            return None
        self.open_sockets.add(socket)
        return socket

    def _greet(self, request: web.Request, socket: web.WebSocketResponse) -> None:
        """``socket`` waits for its first message; at :data:`MOST_GREETINGS` the oldest
        waiting gives way to it (its connection closed): strangers never lock a seat out."""
        while len(self._greeting) >= MOST_GREETINGS and self._greeting:
            oldest = next(iter(self._greeting))
            self._greeting.pop(oldest).force_close()
        self._greeting[socket] = request.protocol

    def _prove(self, request: web.Request) -> None:
        """The connection proved a seat: it never gives way to a newcomer."""
        if self.door is not None:
            self.door.prove(request.protocol)

    async def terminal(self, request: web.Request) -> web.StreamResponse:
        """A browser tab's seat (:class:`~chinese_ten.serve.host_tabs.HostTabs`)."""
        table = self.tables[request.match_info["table"]]
        socket = self.tabs.socket()
        if await self._prepared(request, socket) is None:
            return web.Response(text=_("This address is a websocket.") + "\n", status=400)
        try:
            self._greet(request, socket)
            try:
                seat = await tab_seat(table, socket)
            finally:
                self._greeting.pop(socket, None)
            if seat is not None:
                self._prove(request)
            await self.tabs.serve(request, socket, table, seat)
        finally:
            self.open_sockets.discard(socket)
        return socket

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        table = self.tables[request.match_info["table"]]
        socket = web.WebSocketResponse(
            max_msg_size=MAX_CLIENT_MESSAGE + 1, heartbeat=SOCKET_HEARTBEAT
        )
        if await self._prepared(request, socket) is None:
            return web.Response(text=_("This address is a websocket.") + "\n", status=400)
        seat = None
        try:
            self._greet(request, socket)
            try:
                seat = await self._hello(table, socket)
            finally:
                self._greeting.pop(socket, None)
            if seat is not None:
                self._prove(request)
                await table.arrive(seat, socket)
                await self._serve(table, seat, socket)
        finally:
            self.open_sockets.discard(socket)
            if seat is not None:
                await table.leave(seat, socket)
        return socket

    async def _hello(self, table: HostTable, socket: web.WebSocketResponse) -> int | None:
        """The seat a connection's first message proves, or None (refused and closed)."""
        try:
            message = await socket.receive(timeout=HELLO_SECONDS)
        except TimeoutError:
            await refuse(socket, "no_hello", fatal=True)
            return None
        if message.type != WSMsgType.TEXT:
            await refuse(socket, "no_hello", fatal=True)
            return None
        claimed = version_of(message.data)
        if claimed is not None and claimed != VERSION:
            text = _(REASONS["version"]).format(server=VERSION, client=claimed)
            await refuse(socket, "version", fatal=True, reason=text)
            return None
        try:
            hello = read_client(message.data)
        except BadMessageError:
            hello = None
        if not isinstance(hello, Hello):
            await refuse(socket, "no_hello", fatal=True)
            return None
        seat = table.authority.seat_of(hello.secret)
        if seat is None:
            await refuse(socket, "secret", fatal=True)
            return None
        await send(socket, dump(Welcome(version=VERSION, seat=seat, table_id=table.table_id)))
        return seat

    async def _serve(self, table: HostTable, seat: int, socket: web.WebSocketResponse) -> None:
        """A proven seat's messages, carried to its table until the socket closes."""
        bucket = Bucket()
        async for message in socket:
            if message.type != WSMsgType.TEXT:
                await refuse(socket, "malformed", fatal=True)
                return
            if not bucket.take():
                await refuse(socket, "flood", fatal=True)
                return
            try:
                read = read_client(message.data)
            except BadMessageError as bad:
                await refuse(socket, bad.code)
                continue
            if isinstance(read, Ping):
                await send(socket, dump(Pong(data=read.data)))
                continue
            if isinstance(read, Hello):
                await refuse(socket, "hello_again")
                continue
            code = await table.receive(seat, read, socket)
            if code is not None:
                await refuse(socket, code)


async def listen(
    host: Host, bind: str, port: int, ssl_context: "ssl.SSLContext | None" = None
) -> tuple[web.AppRunner, int]:
    """Serve ``host``'s tables on ``bind``:``port`` (0: any free port); the port bound.
    OSError when the address cannot be listened on."""
    _quiet_logs()  # a request's error is one line, never a traceback
    # no access log: it could carry a link
    runner = runner_of(host.app(), host.most_connections(), yielding=True)
    await runner.setup()
    assert isinstance(runner.server, CappedServer)
    host.door = runner.server
    site = web.TCPSite(runner, bind, port, ssl_context=ssl_context, backlog=1024)
    try:
        await site.start()
    except BaseException:
        await runner.cleanup()
        raise
    bound = runner.addresses[0][1] if runner.addresses else port
    host.address = Address.of(bind, bound)
    near = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(bind, bind)
    base = url_of(near, bound)
    host.tabs.local_base = base.replace("http://", "https://", 1) if ssl_context else base
    return runner, bound
