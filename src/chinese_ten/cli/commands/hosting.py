"""``chinese-ten host`` and ``chinese-ten join``: a table on this machine that others join, and
a seat at a table another machine holds."""

import asyncio
import contextlib
import gc
import socket
import ssl
import sys
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from chinese_ten.game.options import GameOptions
from chinese_ten.lang.i18n import _
from chinese_ten.text.names import visible

if TYPE_CHECKING:  # the server and the client load when the command runs
    from chinese_ten.net.client import Link
    from chinese_ten.serve.host_table import HostTable

HOST_FOLDER = "host"
"""Under the data folder: one folder per table (its save and its seats' secrets)."""


@dataclass(frozen=True, slots=True)
class HostOptions:
    game: GameOptions
    bind: str = "127.0.0.1"
    port: int = 8765
    tables: int = 1
    seat: bool = True
    resume: bool = False
    certfile: Path | None = None
    keyfile: Path | None = None
    folder: Path | None = None
    """Where the tables are saved (default: the data folder's ``host``)."""
    ask_table: bool = False
    """Who sits where is chosen on ``play``'s start screen in the host's terminal first."""


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _ssl_context(options: HostOptions) -> ssl.SSLContext | None:
    if options.certfile is None:
        return None
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(options.certfile, options.keyfile)
    return context


def _base(options: HostOptions, port: int) -> str:
    """The start of every link: this machine's name when it listens on every address."""
    from chinese_ten.serve.games import url_of

    name = options.bind
    if name in ("0.0.0.0", "::", ""):
        name = socket.gethostname()
    base = url_of(name, port)
    return base.replace("http://", "https://", 1) if options.certfile else base


def _tables(options: HostOptions, root: Path) -> "list[HostTable] | None":
    """The tables to open: new ones, or with ``resume`` every unfinished one saved, each
    table that cannot be taken up said in one line and left aside (None: there is none)."""
    from chinese_ten.net.table import new_table_id
    from chinese_ten.serve.host_table import HostTable
    from chinese_ten.serve.table_files import TableFileError, table_folders

    made: list[HostTable] = []
    try:
        if options.resume:
            for folder in table_folders(root) if root.exists() else []:
                if isinstance(folder, TableFileError):
                    _say(_("chinese-ten: left aside: {problem}").format(problem=folder))
                    continue
                try:
                    table = HostTable.load(folder, options.game)
                except TableFileError as error:
                    _say(_("chinese-ten: left aside: {problem}").format(problem=error))
                    continue
                if table.authority.flow.series.is_over:
                    table.close()
                    continue
                made.append(table)
            return made or None
        for _n in range(options.tables):
            table_id = new_table_id()
            made.append(HostTable.new(table_id, options.game, root / table_id))
    except TableFileError as error:
        for table in made:
            table.close()
        _say(_("chinese-ten: {problem}").format(problem=error))
        raise SystemExit(1) from None
    return made


def run_host(options: HostOptions) -> int:
    """Open the tables, print the links, and seat the host (unless ``seat`` is off)."""
    from chinese_ten.serve.games import is_local
    from chinese_ten.serve.host import Host, listen
    from chinese_ten.store.saves import data_dir

    if options.seat and not (sys.stdin.isatty() and sys.stdout.isatty()):
        _say(_("chinese-ten: host needs an interactive terminal for your seat (or use --no-seat)"))
        return 2
    if options.ask_table and options.seat and not options.resume:
        game = _table_chosen(options.game)
        if game is None:
            return 0  # left the start screen: no table is opened
        options = replace(options, game=game)
    root = options.folder or data_dir() / HOST_FOLDER
    try:
        context = _ssl_context(options)
    except (OSError, ssl.SSLError) as error:
        _say(
            _("chinese-ten: cannot read the certificate: {reason}").format(
                reason=visible(str(error))
            )
        )
        return 2
    tables = _tables(options, root)
    if tables is None:
        _say(
            _("chinese-ten: there is no unfinished table to take up in {folder}").format(
                folder=visible(str(root))
            )
        )
        return 1
    host = Host({t.table_id: t for t in tables})
    loop = asyncio.new_event_loop()
    try:
        runner, port = loop.run_until_complete(listen(host, options.bind, options.port, context))
    except OSError as error:
        loop.close()
        _say(
            _("chinese-ten: cannot listen on {host}:{port}: {reason}").format(
                host=visible(options.bind),
                port=options.port,
                reason=visible(error.strerror or str(error)),
            )
        )
        return 1
    base = _base(options, port)
    for table in tables:
        names = table.authority.names()
        print(_("Table {table}: send each person their own link.").format(table=table.table_id))
        for seat in table.authority.person_seats():
            print(f"  {visible(names[seat])}: {table.authority.link(base, seat)}")
    sys.stdout.flush()
    if not is_local(options.bind):
        _say(
            _(
                "chinese-ten: warning: listening on {host}: anyone who can reach port {port} "
                "and has a link above can play that seat. Without --certfile the connection is "
                "not encrypted: whoever can watch the network can take a link and the cards "
                "of its seat."
            ).format(host=visible(options.bind), port=port)
        )
    try:
        if options.seat:
            return _seat_the_host(loop, tables[0], base)
        for table in tables:
            table.say = _say  # a failed save is said at once
        _say(_("chinese-ten: Ctrl+C ends the tables (each is saved; --resume takes them up)."))
        _stop_loop_on_signals(loop)
        gc.freeze()  # what start-up made lives on: the collector's full passes skip it
        with contextlib.suppress(KeyboardInterrupt):
            loop.run_forever()
        return 0
    finally:
        _ignore_stops()  # a second Ctrl+C or SIGTERM must not cut the saves short
        for table in tables:  # the saves first, whatever stopped the loop
            said = table.say is not None
            table.close()
            if not said:  # the host's seat had the terminal: its problems are said now
                for problem in table.problems:
                    _say(problem)
        # a signal the loop held for one of its tasks may come out here: the tables are saved
        with contextlib.suppress(KeyboardInterrupt):
            loop.run_until_complete(host.close_all())
            loop.run_until_complete(runner.cleanup())
        loop.close()


def _table_chosen(game: GameOptions) -> GameOptions | None:
    """The table as the start screen in this terminal seats it (None: the person left)."""
    from chinese_ten.tui.host_start import HostStartApp

    app = HostStartApp(game)
    app.run()
    if app.chosen is None:
        return None
    names, computer = app.chosen
    return replace(game, table=replace(game.table, typed=names, computer=computer))


def _stop_loop_on_signals(loop: asyncio.AbstractEventLoop) -> None:
    """Ctrl+C, SIGTERM and SIGHUP stop the loop between two of its steps (a signal raised as
    an exception could land in a finalizer, where Python drops it, and the host would go on)."""
    import signal

    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            loop.add_signal_handler(getattr(signal, name), loop.stop)


def _ignore_stops() -> None:
    import signal

    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)


def _seat_the_host(loop: asyncio.AbstractEventLoop, table: "HostTable", base: str) -> int:
    """The server on a thread of its own; the host's seat in this terminal."""
    from chinese_ten.net.client import parse_link

    thread = threading.Thread(target=loop.run_forever, name="host", daemon=True)
    thread.start()
    try:
        input(_("Press Enter to sit down at your seat (the links stay valid)."))
    except (EOFError, KeyboardInterrupt):
        loop.call_soon_threadsafe(loop.stop)
        thread.join()
        return 0
    authority = table.authority
    link = parse_link(authority.link(base, authority.host_seat))
    try:
        return run_join_link(link, authority.flow.asked)
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join()


def run_join(argument: str | None, link_file: Path | None, game: GameOptions) -> int:
    """``chinese-ten join``: the link from the command line (``argument``, with a warning:
    its secret was readable through ``ps``), ``link_file``, the environment
    (:data:`LINK_VARIABLE`), or else a prompt that does not show it. A missing or wrong link,
    an unreachable host, another version: one line."""
    import os

    from chinese_ten.cli.commands.join_link import (
        LinkSourceError,
        argument_warning,
        link_from_file,
        link_from_prompt,
    )
    from chinese_ten.net.client import LINK_VARIABLE, JoinError, parse_link

    # out of the environment whatever the link's source: nothing join starts inherits it
    from_environment = os.environ.pop(LINK_VARIABLE, None)
    try:
        if argument is not None:
            text = argument
        elif link_file is not None:
            text = link_from_file(link_file)
        elif from_environment is not None:
            text = from_environment
        elif sys.stdin.isatty():
            text = link_from_prompt()
        else:
            raise LinkSourceError(
                _(
                    "join needs the invite link: run it in a terminal to paste it, or give "
                    "--link-file FILE or {variable}"
                ).format(variable=LINK_VARIABLE)
            )
        link = parse_link(text)
    except (LinkSourceError, JoinError) as error:
        _say(_("chinese-ten: {problem}").format(problem=visible(str(error))))
        return 2
    if argument is not None:  # a link holds its secret: it was on the command line
        _say(argument_warning())
    return run_join_link(link, game)


def run_join_link(link: "Link", game: GameOptions) -> int:
    from chinese_ten.cli.commands.play import in_this_tab, under_web_driver
    from chinese_ten.net.client import Connection, JoinError

    signalled: list[int] = []

    async def play() -> str | None:
        connection = Connection(link)
        await connection.open()
        try:
            if not (sys.stdin.isatty() and sys.stdout.isatty()) and not under_web_driver():
                return _("join needs an interactive terminal")
            from chinese_ten.tui.join import JoinApp
            from chinese_ten.tui.signal_exit import SignalExit

            app = JoinApp(connection, in_this_tab(game))
            loop = asyncio.get_running_loop()

            def leave() -> None:
                """SIGTERM, SIGHUP, SIGINT: leave the seat (the link takes it up again)."""
                loop.call_soon_threadsafe(app.exit)

            with SignalExit(leave) as signals:
                if under_web_driver():  # a browser tab's client ends with its host
                    from chinese_ten.serve.games import end_with_server

                    end_with_server()
                await app.run_async()
            if signals.code is not None:
                signalled.append(signals.code)
            return app.ended
        finally:
            await connection.close()

    try:
        ended = asyncio.run(play())
    except JoinError as error:
        _say(_("chinese-ten: {problem}").format(problem=visible(str(error))))
        return 1
    if ended is not None:
        _say(_("chinese-ten: {problem}").format(problem=visible(ended)))
        return 1
    return signalled[0] if signalled else 0
