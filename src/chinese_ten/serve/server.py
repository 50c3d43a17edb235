"""``chinese-ten serve``: the game in a browser, one game process per tab (textual-serve).

textual-serve's page opens a websocket, and for each one the server starts the command (here
``chinese-ten play`` with the server's options) under Textual's web driver. This module keeps
textual-serve's protocol (its ``AppService`` and static files) and adds what a served machine
needs: only the person who started it plays (a per-run token, ``Host`` and ``Origin`` checked,
see :mod:`chinese_ten.serve.guard`), each browser sees only its own saves, every size a
browser sends is bounded, at most ``--max-games`` at once (a tab over the limit is sent to a page
saying so), an idle timeout, and an end for every game it started. A game is ended with SIGHUP,
which the game turns into save-and-exit (:mod:`chinese_ten.tui.signal_exit`; Textual's web
driver takes SIGINT and SIGTERM for itself); a game that is still there after ``END_WAIT``
seconds is killed (it was saved after its last action). No Textual import here.
"""

import asyncio
import contextlib
import dataclasses
import errno
import json
import logging
import shlex
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Self

from aiohttp import WSMsgType, web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.web_protocol import RequestHandler
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager
from textual_serve.server import Server

from chinese_ten.game.options import CJK_VARIABLE, TOUCH_VARIABLE
from chinese_ten.lang import i18n
from chinese_ten.lang.i18n import N_, _, ngettext
from chinese_ten.serve.games import TabGame, TabGames, is_local, reachable, url_of, usual_host
from chinese_ten.serve.guard import (
    BROWSER_COOKIE,
    BROWSER_COOKIE_DAYS,
    COLUMNS,
    MAX_MESSAGE,
    NO_BROWSER,
    PRIVATE,
    ROWS,
    TOKEN_PARAMETER,
    Address,
    Allowance,
    BadMessageError,
    Guard,
    SilentError,
    browser_folder,
    browser_of,
    language_of,
    new_secret,
    query_size,
    read_message,
    token_cookie,
    unframed,
    words,
)
from chinese_ten.serve.page import game_body, notice_body, page
from chinese_ten.store.saves import HOME_VARIABLE, data_dir
from chinese_ten.text.names import visible

END_WAIT = 5.0
"""Seconds a game gets to save and exit after SIGHUP before it is killed."""
HEARTBEAT = 15.0
"""Seconds between the server's pings; a browser that has not answered one within half of
that has gone silent, and its game is ended (saved)."""
HEADER_BYTES = 64 * 1024
"""Bytes of one request line or header: roomy for the cookies other pages of this host may have
set (a browser sends every cookie of the host, whatever the port), and still a bound."""
HEADERS = 32
"""Headers of one request (a browser sends about 20): with :data:`HEADER_BYTES`, the most one
unfinished request holds is 2 MiB (its memory once parsed: docs/performance.md)."""
CONNECTIONS = 64
"""Connections open at once: more are closed as they come (a tab's game holds one, a page
load a browser's six at most), so that no one can hold more than ``CONNECTIONS`` unfinished
requests' memory (what many unfinished requests cost the server: docs/performance.md)."""
KEEP_OPEN = 15.0
"""Seconds a connection may wait between requests, or take to send a request's headers: a
client that sends them a byte at a time (slowloris) is ended then, not after aiohttp's hour."""
GAME_ERRORS = 4096
"""Bytes kept of what a game writes on its standard error (its last words, for a failed start)."""
FULL_PAGE = "/full"
IDLE_PAGE = "/idle"
SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


@dataclass(frozen=True, slots=True)
class ServeOptions:
    host: str
    port: int
    max_games: int
    idle_minutes: float
    game: tuple[str, ...]
    """The arguments of ``chinese-ten`` that start each tab's game (``play ...``)."""
    lang: str | None = None
    """``--lang`` when given: every tab speaks it; else each browser's own language."""


def game_command(arguments: tuple[str, ...], language: str) -> str:
    """The shell command textual-serve runs per tab; ``exec`` makes the game the server's own
    child, so a signal reaches it and not a shell."""
    return "exec " + shlex.join(
        (sys.executable, "-m", "chinese_ten", "--lang", language, *arguments)
    )


class TabProcess(AppService):
    """One tab's game process: when it was last touched, and when it has ended."""

    def __init__(
        self,
        command: str,
        tab: TabGame,
        tabs: TabGames,
        folder: Path,
        *,
        write_bytes: Callable[[bytes], Awaitable[None]],
        write_str: Callable[[str], Awaitable[None]],
        close: Callable[[], Awaitable[None]],
        download_manager: DownloadManager,
    ) -> None:
        super().__init__(
            command,
            write_bytes=write_bytes,
            write_str=write_str,
            close=close,
            download_manager=download_manager,
        )
        self.tab = tab
        self.tabs = tabs
        self.folder = folder
        self.ended = asyncio.Event()
        self.ending = False
        self.shown = False
        self.touch = False
        """The tab's page is on a touch screen (the game is told so)."""
        self.cjk = True
        """The tab's page has a font for Chinese characters (the game is told where not)."""

    @classmethod
    def of_tab(
        cls,
        command: str,
        tab: TabGame,
        tabs: TabGames,
        folder: Path,
        *,
        request: web.Request,
        websocket: web.WebSocketResponse,
        download_manager: DownloadManager,
    ) -> Self:
        """The game of the tab at the other end of ``websocket``: its screen goes there, and
        it is told whether the tab's page is on a touch screen (the page's ``touch=1``) and
        whether it can draw Chinese characters (``cjk=0`` where not)."""

        async def close() -> None:
            await websocket.close()

        game = cls(
            command,
            tab,
            tabs,
            folder,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=download_manager,
        )
        game.touch = request.query.get("touch") == "1"
        game.cjk = request.query.get("cjk") != "0"
        return game

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        """The game saves in its browser's own folder (and keeps its history there)."""
        environment = super()._build_environment(width, height)
        environment[HOME_VARIABLE] = str(self.folder)
        environment[TOUCH_VARIABLE] = "1" if self.touch else "0"
        environment[CJK_VARIABLE] = "1" if self.cjk else "0"
        return environment

    async def on_meta(self, data: bytes) -> None:
        """The game's ``typing`` (a name field has the focus, or not) goes to the page as
        ``["typing", true|false]``; textual-serve's own meta packets as it handles them."""
        with contextlib.suppress(ValueError):
            meta = json.loads(data)
            if isinstance(meta, dict) and meta.get("type") == "typing":
                await self.remote_write_str(json.dumps(["typing", meta.get("on") is True]))
                return
        await super().on_meta(data)

    async def send_bytes(self, data: bytes) -> bool:
        """A key or a click from the browser: the game is not idle."""
        self.tabs.touch(self.tab)
        return await super().send_bytes(data)

    async def on_data(self, payload: bytes) -> None:
        if not self.shown:  # idle time counts from the first screen, not from a slow start
            self.shown = True
            self.tabs.touch(self.tab)
        await super().on_data(payload)

    async def run(self) -> None:
        """textual-serve's loop, except for the game's standard error: only its last
        :data:`GAME_ERRORS` bytes are kept, and they go nowhere unless the game failed to start
        (then one line on the server's stderr). The server's own output never receives them:
        a game that ends writes the escapes that reset a terminal there."""
        try:
            await self._run()
        finally:
            self.ended.set()

    async def _run(self) -> None:
        process = self._process
        assert process is not None and process.stdout is not None and process.stderr is not None
        stdout, stderr = process.stdout, process.stderr
        last = bytearray()

        async def read_stderr() -> None:
            while data := await stderr.read(GAME_ERRORS):
                last.extend(data)
                del last[:-GAME_ERRORS]

        errors = asyncio.create_task(read_stderr())
        try:
            for _ in range(10):  # a Textual app says so first
                if not (line := await stdout.readline()):
                    break
                if line == b"__GANGLION__\n":
                    break
            else:
                line = b""
            if line != b"__GANGLION__\n":
                await asyncio.wait({errors}, timeout=END_WAIT)
                if not self.ending:  # ended by the server before it showed: no failure
                    _say_failed(bytes(last))
                return
            while True:
                kind = await stdout.readexactly(1)
                payload = await stdout.readexactly(
                    int.from_bytes(await stdout.readexactly(4), "big")
                )
                if kind == b"D":
                    await self.on_data(payload)
                elif kind == b"M":
                    await self.on_meta(payload)
                elif kind == b"P":
                    await self.on_packed(payload)
        except (asyncio.IncompleteReadError, ConnectionResetError, ValueError):
            pass  # the game ended (or wrote a line longer than a prelude's: not a game)
        finally:
            errors.cancel()

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    async def end(self) -> None:
        """Save and exit (SIGHUP), then wait; kill what is still there after END_WAIT."""
        self.ending = True
        process = self._process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGHUP)
            try:
                await asyncio.wait_for(process.wait(), END_WAIT)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.ended.wait(), END_WAIT)
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)


class GameServer(Server):
    """textual-serve's server behind our guard, with our page, a limit on games and an idle
    timeout; each browser's games in its own data folder."""

    def __init__(self, options: ServeOptions) -> None:
        # no one command: each tab's is built for its browser (its language), see _play
        super().__init__("", options.host, options.port, "Chinese Ten")
        self.options = options
        self.tabs = TabGames(options.max_games, options.idle_minutes * 60)
        self.games: set[TabProcess] = set()
        self.guard = Guard(new_secret())
        self.data = data_dir()

    def language(self, request: web.Request) -> str:
        """``--lang``, else the browser's first language we have, else the server's."""
        if self.options.lang is not None:
            return self.options.lang
        return language_of(request.headers.get("Accept-Language"), i18n.current())

    def web_app(self) -> web.Application:
        app = web.Application(
            middlewares=[self._refusal_page, self.guard.middleware(self.language)]
        )
        app.on_response_prepare.append(unframed)
        app.add_routes(
            [
                web.get("/", self.index),
                web.get(FULL_PAGE, self.full),
                web.get(IDLE_PAGE, self.idle),
                web.get("/ws", self.handle_game),
                web.get("/download/{key}", self.handle_download),
                web.static("/static", self.statics_path),
            ]
        )
        return app

    @web.middleware
    async def _refusal_page(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
    ) -> web.StreamResponse:
        """A refusal's one line, to a browser loading a page, in the notice pages' box."""
        response = await handler(request)
        loading = request.path != "/ws" and "text/html" in request.headers.get("Accept", "")
        if not (loading and response.status == 403 and isinstance(response, web.Response)):
            return response
        if response.content_type != "text/plain" or response.text is None:
            return response
        language = self.language(request)
        styled = page(language, notice_body(language, response.text.strip(), None), status=403)
        for name, value in response.headers.items():
            if name.lower() not in ("content-type", "content-length"):
                styled.headers.setdefault(name, value)
        return styled

    def listening(self, port: int) -> str:
        """Requests are let in from now on; the address to open, with the token (for a
        wildcard host, the first of :meth:`addresses`)."""
        self.guard.address = Address.of(self.options.host, port)
        return self.addresses(port)[0]

    def addresses(self, port: int) -> list[str]:
        """Every address a browser can open, with the token: for ``0.0.0.0`` (or ``::``) this
        machine's addresses others can reach, then the loopback one."""
        return [
            f"{url_of(host, port)}/?{TOKEN_PARAMETER}={self.guard.token}"
            for host in reachable(self.options.host)
        ]

    async def index(self, request: web.Request) -> web.Response:
        """The game's page (or the page saying the server is full), with the cookies: the
        token, so that reloads and the websocket need it no more in the address, and this
        browser's own secret when it has none yet (its saves are kept under it)."""
        language = self.language(request)
        if self.tabs.full:
            response = await self.full(request)
        else:
            scheme = "wss" if request.secure else "ws"  # the Host was checked by the guard
            body = game_body(language, f"{scheme}://{request.host}/ws")
            response = page(language, body, game=True)
        assert self.guard.address is not None  # the guard let the request in
        response.set_cookie(
            token_cookie(self.guard.address.port),
            self.guard.cookie_value(),
            httponly=True,
            samesite="Strict",
        )
        if browser_of(request) is None:
            response.set_cookie(
                BROWSER_COOKIE,
                new_secret(),
                max_age=BROWSER_COOKIE_DAYS * 24 * 3600,
                httponly=True,
                samesite="Strict",
            )
        return response

    async def full(self, request: web.Request) -> web.Response:
        language = self.language(request)
        text = (
            words(language)
            .ngettext(
                "The one game this server allows is being played. Close it, or try again later.",
                "All {count} games this server allows are being played. "
                "Close one of them, or try again later.",
                self.tabs.most,
            )
            .format(count=self.tabs.most)
        )
        return page(language, notice_body(language, text, N_("Try again")), status=503)

    async def idle(self, request: web.Request) -> web.Response:
        language = self.language(request)
        minutes = self.tabs.idle / 60
        text = (
            words(language)
            .ngettext(
                "This game was closed after {minutes:g} minute without a key or a click. "
                "It is saved: play again to continue it.",
                "This game was closed after {minutes:g} minutes without a key or a click. "
                "It is saved: play again to continue it.",
                int(minutes) if minutes == int(minutes) else 2,  # 1.5 is plural in English
            )
            .format(minutes=minutes)
        )
        return page(language, notice_body(language, text, N_("Play again")))

    async def handle_game(self, request: web.Request) -> web.StreamResponse:
        """Start a game for this tab, pass its input and output, and end it with the tab."""
        browser = browser_of(request)
        if browser is None:
            text = words(self.language(request)).gettext(NO_BROWSER)
            return web.Response(text=text + "\n", status=403, headers=PRIVATE)
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE + 1)
        tab = self.tabs.admit()  # before any await: two tabs at once cannot both pass
        try:
            await websocket.prepare(request)
            if tab is None:
                await websocket.send_str(json.dumps(["open_url", _to(FULL_PAGE)]))
                await websocket.close()
                return websocket
            await self._play(request, websocket, tab, browser_folder(self.data, browser))
        finally:
            if tab is not None:
                self.tabs.leave(tab)
        return websocket

    async def _play(
        self, request: web.Request, websocket: web.WebSocketResponse, tab: TabGame, folder: Path
    ) -> None:
        game = TabProcess.of_tab(
            game_command(self.options.game, self.language(request)),
            tab,
            self.tabs,
            folder,
            request=request,
            websocket=websocket,
            download_manager=self.download_manager,
        )
        self.games.add(game)
        try:
            await run_tab(request, websocket, game)
        finally:
            self.games.discard(game)

    async def watch_idle(self) -> None:
        """End the games nobody has touched for the idle time (each is saved first)."""
        while True:
            await asyncio.sleep(min(30.0, self.tabs.idle / 4))
            idle = set(self.tabs.idle_games())
            for game in [g for g in self.games if g.tab in idle]:
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await game.remote_write_str(json.dumps(["open_url", _to(IDLE_PAGE)]))
                await game.end()

    async def end_all(self) -> int:
        games = list(self.games)
        await asyncio.gather(*(game.end() for game in games))
        return len(games)


async def run_tab(request: web.Request, websocket: web.WebSocketResponse, game: TabProcess) -> None:
    """Start ``game`` at the tab's size, pass the tab's messages to it, and end it (saved)
    when either the tab or the game goes."""
    reader: asyncio.Task[None] | None = None
    try:
        width = query_size(request.query.get("width"), 80, COLUMNS)
        height = query_size(request.query.get("height"), 24, ROWS)
        await game.start(width, height)
        reader = asyncio.create_task(pass_messages(websocket, game))
        ended = asyncio.create_task(game.ended.wait())
        await asyncio.wait((reader, ended), return_when=asyncio.FIRST_COMPLETED)
        ended.cancel()
    finally:
        if reader is not None and not reader.done():
            reader.cancel()
        elif reader is not None and not reader.cancelled():
            _say_ended(reader.exception())
        await game.end()
        await websocket.close()


async def pass_messages(websocket: web.WebSocketResponse, app_service: AppService) -> None:
    """textual-serve's messages, each read and bounded by :func:`read_message` (its own
    passes every size on as it came); one too long or malformed ends the game, and what
    comes faster than its :class:`Allowance` is dropped (said once)."""
    allowance = Allowance(asyncio.get_running_loop().time)
    said = False
    async for message in websocket:
        if message.type is WSMsgType.ERROR:  # longer than MAX_MESSAGE, say, or silent
            if isinstance(message.data, TimeoutError):
                raise SilentError(str(message.data))
            raise BadMessageError(str(message.data))
        if message.type is not WSMsgType.TEXT:
            raise BadMessageError("a binary message")
        read = read_message(message.data)
        if not allowance.take_message(read):
            if not said:
                said = True
                print(
                    _(
                        "chinese-ten: a browser sent keys faster than anyone types; "
                        "what came too fast was dropped."
                    ),
                    file=sys.stderr,
                    flush=True,
                )
            continue
        match read:
            case ("stdin", str(keys)):
                await app_service.send_bytes(keys.encode())
            case ("resize", int(width), int(height)):
                await app_service.set_terminal_size(width, height)
            case ("ping", str(data)):
                await websocket.send_json(["pong", data])
            case ("blur",):
                await app_service.blur()
            case ("focus",):
                await app_service.focus()
    if isinstance(websocket.exception(), TimeoutError):  # no pong, and nobody was reading
        raise SilentError(str(websocket.exception()))


def _to(path: str) -> dict[str, object]:
    return {"url": path, "new_tab": False}


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _say_ended(error: BaseException | None) -> None:
    """One line for a game ended by its browser's connection: silent, or a bad message."""
    if isinstance(error, SilentError):
        _say(
            _(
                "chinese-ten: a browser stopped answering (no reply to a ping within "
                "{seconds:g} seconds); its game was ended, saved."
            ).format(seconds=HEARTBEAT / 2)
        )
    elif isinstance(error, BadMessageError):  # a hostile or broken page; the server goes on
        _say(_("chinese-ten: a browser sent a malformed message; its game was ended."))


def _say_failed(errors: bytes) -> None:
    """A game that never started: one line, with the last line it wrote, made visible."""
    lines = errors.decode("utf-8", "replace").strip().splitlines()
    _say(
        _("chinese-ten: a game failed to start: {reason}").format(
            reason=visible(lines[-1].strip()[:200]) if lines else _("it said nothing")
        )
    )


class _OneLine(logging.Handler):
    """What aiohttp, textual-serve and asyncio log, as one line on stderr: never a traceback, nor
    a request's headers (they hold the token's cookie)."""

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            _say(_("chinese-ten: a request was refused: its headers are malformed or too long."))
        elif error is not None:
            _say(
                _("chinese-ten: the server met an error ({kind}); it goes on.").format(
                    kind=type(error).__name__
                )
            )
        elif record.levelno >= logging.WARNING:
            _say("chinese-ten: " + visible(_message(record)[:200]))


def _message(record: logging.LogRecord) -> str:
    """A record's message, its arguments put in only when all are numbers (a pid, say): a
    text argument may be a request's header, which holds the token's cookie."""
    numbers = isinstance(record.args, tuple) and all(
        isinstance(arg, int | float) for arg in record.args
    )
    return record.getMessage() if numbers else str(record.msg)


def _quiet_logs() -> None:
    handler = _OneLine(logging.WARNING)
    handler.addFilter(_no_unknown_child)
    for name in ("aiohttp", "textual-serve", "asyncio"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.propagate = False


def _no_unknown_child(record: logging.LogRecord) -> bool:
    """asyncio's child watcher warns "Unknown child process pid N" when a game's process was
    reaped before it looked (seen now and then when games end together): the game has ended
    either way and its end is handled, so the line tells a person nothing."""
    return not str(record.msg).startswith("Unknown child process pid")


class _Refused(asyncio.Protocol):
    """A connection over the bound that nothing gives way to: closed at once, nothing read."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.close()


class CappedServer(web.Server):
    """aiohttp's server, with at most ``most`` connections at once (None: :data:`CONNECTIONS`).

    When ``yielding``, a connection over the bound is let in and the oldest connection that
    has not proved itself (:meth:`prove`) is closed instead: silent ones, half-sent requests
    and page loads give way to a newcomer, and a connection proved (a seat's) never does. A
    newcomer is refused only when every connection is proved."""

    most: int | None = None
    yielding: bool = False
    _unproven: dict[RequestHandler, None]
    """The connections not proved, oldest first (a dict keeps the order they came in)."""

    def __call__(self) -> RequestHandler:
        full = len(self._connections) >= (CONNECTIONS if self.most is None else self.most)
        if full and (not self.yielding or not self._gave_way()):
            return _Refused()  # type: ignore[return-value]  # any protocol will do for asyncio
        return super().__call__()

    def _gave_way(self) -> bool:
        """The oldest connection not proved is closed (it leaves the server's connections as
        its task ends); one closing already has made room. False: every connection is proved."""
        if not self._unproven:
            return False
        while self._unproven:
            oldest = next(iter(self._unproven))
            del self._unproven[oldest]
            if oldest.transport is not None:
                oldest.force_close()
                break
        return True

    def connection_made(self, handler: RequestHandler, transport: asyncio.Transport) -> None:
        super().connection_made(handler, transport)
        if self.yielding:
            self._unproven[handler] = None

    def connection_lost(self, handler: RequestHandler, exc: BaseException | None = None) -> None:
        self._unproven.pop(handler, None)
        super().connection_lost(handler, exc)

    def prove(self, handler: RequestHandler) -> None:
        """``handler``'s connection has proved itself: it no longer gives way to a newcomer."""
        self._unproven.pop(handler, None)

    @property
    def unproven(self) -> int:
        return len(self._unproven)


class _Runner(web.AppRunner):
    most: int | None = None
    yielding = False

    async def _make_server(self) -> web.Server:
        server = await super()._make_server()
        server.__class__ = CappedServer  # the same object, with a bound on connections
        assert isinstance(server, CappedServer)
        server.most = self.most
        server.yielding = self.yielding
        server._unproven = {}
        return server


def runner_of(
    app: web.Application, connections: int | None = None, *, yielding: bool = False
) -> web.AppRunner:
    """The runner ``serve`` (and ``host``) listens with: no access log, no signals of its own,
    and bounds on headers (:data:`HEADER_BYTES`, :data:`HEADERS`), on connections
    (``connections``, None: :data:`CONNECTIONS`; ``yielding``: see :class:`CappedServer`) and
    on the time a request's headers may take (:data:`KEEP_OPEN`)."""
    runner = _Runner(
        app,
        access_log=None,
        handle_signals=False,
        max_line_size=HEADER_BYTES,
        max_field_size=HEADER_BYTES,
        max_headers=HEADERS,
        keepalive_timeout=KEEP_OPEN,
    )
    runner.most = connections
    runner.yielding = yielding
    return runner


def run_serve(options: ServeOptions) -> int:
    return asyncio.run(_serve(dataclasses.replace(options, host=usual_host(options.host))))


async def _serve(options: ServeOptions) -> int:
    loop = asyncio.get_running_loop()
    stop: asyncio.Future[int] = loop.create_future()

    def stop_with(signum: int) -> None:
        if not stop.done():
            stop.set_result(signum)

    server = GameServer(options)
    _quiet_logs()
    runner = runner_of(server.web_app())
    await runner.setup()
    try:
        await web.TCPSite(runner, options.host, options.port).start()
    except (OSError, UnicodeError) as error:  # UnicodeError: a name IDNA cannot encode
        await runner.cleanup()
        return _cannot_listen(options, error)
    for signum in SIGNALS:
        loop.add_signal_handler(signum, stop_with, signum)
    port = runner.addresses[0][1] if runner.addresses else options.port
    print(
        _("chinese-ten: open {url} to play; Ctrl+C ends every game (each is saved).").format(
            url=server.listening(port)
        ),
        flush=True,
    )
    for url in server.addresses(port)[1:]:
        print(_("chinese-ten: or open {url}").format(url=url), flush=True)
    if not is_local(options.host):
        print(
            ngettext(
                "chinese-ten: warning: listening on {host}: anyone who can reach port {port} "
                "and has the address above (with its token) can play here, {count} game "
                "at a time. The connection is not encrypted: whoever can watch the network can "
                "take that address and a browser's cookie, and with them continue that "
                "browser's saved games and read its history, with every name played.",
                "chinese-ten: warning: listening on {host}: anyone who can reach port {port} "
                "and has the address above (with its token) can play here, up to {count} games "
                "at once. The connection is not encrypted: whoever can watch the network can "
                "take that address and a browser's cookie, and with them continue that "
                "browser's saved games and read its history, with every name played.",
                options.max_games,
            ).format(host=visible(options.host), port=port, count=options.max_games),
            file=sys.stderr,
            flush=True,
        )
    watcher = asyncio.create_task(server.watch_idle())
    signum = await stop
    watcher.cancel()
    count = await server.end_all()
    await runner.cleanup()
    ended = i18n.ngettext(
        "chinese-ten: stopped; {count} game ended, saved.",
        "chinese-ten: stopped; {count} games ended, each saved.",
        count,
    )
    print(
        ended.format(count=count) if count else _("chinese-ten: stopped; no game was running."),
        file=sys.stderr,
        flush=True,
    )
    return 128 + signum


def _cannot_listen(options: ServeOptions, error: OSError | UnicodeError) -> int:
    """One line: the port is taken (exit 1) or the host is no address of this machine (2)."""
    where = url_of(visible(options.host), options.port)
    if not isinstance(error, OSError) or (
        isinstance(error, socket.gaierror) or error.errno == errno.EADDRNOTAVAIL
    ):
        line = _("chinese-ten: cannot listen on {where}: {host} is not an address of this machine")
        print(line.format(where=where, host=visible(options.host)), file=sys.stderr)
        return 2
    reason = error.strerror or str(error)
    print(
        _("chinese-ten: cannot listen on {where}: {reason}").format(
            where=where, reason=visible(reason)
        ),
        file=sys.stderr,
    )
    return 1
