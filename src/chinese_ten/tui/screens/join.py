"""The board of a seat played from another machine (``chinese-ten join``, the host's own seat).

The same board, compact board, keys, clicks and log as the game screen
(:class:`~chinese_ten.tui.screens.board_screen.BoardScreen`), driven by a
:class:`~chinese_ten.net.remote.RemoteTurn` fed by the host's messages instead of a local
game. Only this seat's cards are ever here. A line above the board says whose turn it is,
who the table waits for and who is away.
"""

import asyncio
import contextlib
import random
from collections.abc import Coroutine
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from chinese_ten.engine.chance import cutter_of
from chinese_ten.engine.deal import OVER, DealState
from chinese_ten.engine.errors import ChineseTenError
from chinese_ten.engine.series import SeriesScore
from chinese_ten.game.options import GameOptions
from chinese_ten.game.turn import DealBegins, DealEnds, Happened, LogEntry
from chinese_ten.lang.i18n import N_, _
from chinese_ten.net.client import Connection, JoinError, UnreachableError
from chinese_ten.net.protocol import DealRecordMessage, Refused, Update
from chinese_ten.net.remote import RemoteTurn
from chinese_ten.store.history_writer import HistoryWriter
from chinese_ten.text.names import visible
from chinese_ten.tui.glyphs import ascii_scrollbars
from chinese_ten.tui.log_lines import LogWords
from chinese_ten.tui.screens.board_screen import BOARD_BINDINGS, BoardScreen
from chinese_ten.tui.screens.dialogs import GIVE_BACK, STAY, HandScreen
from chinese_ten.tui.widgets.line import TextLine
from chinese_ten.tui.widgets.too_small import too_small

if TYPE_CHECKING:  # the results and cut screens are imported at the first deal's end
    from chinese_ten.tui.screens.cut import CutScreen
    from chinese_ten.tui.screens.results import ResultsScreen


def status_text(turn: RemoteTurn) -> str:
    """The line above the board: whose turn, who the table waits for, who is away."""
    update = turn.update
    if update is None:
        return _("Waiting for the host…")
    table = update.table
    names = turn.names
    parts: list[str] = []
    if turn.lost:
        return _("The connection to the host was lost: trying again…")
    if table.stage == "finished":
        parts.append(_("The series is over."))
    elif table.stage == "results":
        if turn.seat in table.waiting_for:
            parts.append(_("The deal is over: Enter when you are ready for the next one."))
        else:
            others = [names[s] for s in table.waiting_for]
            parts.append(_("Waiting for {names} to be ready.").format(names=", ".join(others)))
    elif table.stage == "cut":
        if turn.seat in table.waiting_for:
            parts.append(_("Your cut."))
        elif table.waiting_for:
            name = names[table.waiting_for[0]]
            parts.append(_("Waiting for {name} to cut the pack.").format(name=name))
    elif turn.seat in table.waiting_for:
        parts.append(_("Your turn."))
    elif table.waiting_for:
        parts.append(_("Waiting for {name}.").format(name=names[table.waiting_for[0]]))
    if table.stage != "finished":
        parts += [
            (
                _("{name} is away: the table waits.")
                if seat in table.waiting_for
                else _("{name} is away.")
            ).format(name=names[seat])
            for seat in turn.away()
        ]
    return " ".join(parts)


class JoinScreen(BoardScreen):
    """One seat of a table held by a host."""

    retry = 2.0
    """Seconds between two tries to take the seat up again after the connection is lost."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *BOARD_BINDINGS,  # a key bound here replaces the board's bindings of that key
        Binding("enter", "ready", N_("Next deal")),
        Binding(
            "c",
            "computer",
            N_("Computer for the away"),
            tooltip=N_("The host's seat: the computer plays for absent seats, or gives them back"),
        ),
    ]

    turn: RemoteTurn

    def __init__(self, connection: Connection, options: GameOptions) -> None:
        super().__init__(options.display)
        self.connection = connection
        self.turn = RemoteTurn(seat=connection.seat)
        self.options = options
        self.log_entries: list[LogEntry] = []
        self._logged = (0, 0)
        """(deals begun, events) already in the log."""
        self.history = HistoryWriter()
        self.started = datetime.now(UTC)
        self.ended: str | None = None
        """Why the connection ended (said on exit), None while it lasts."""
        self._handed: set[int] = set()
        """The seats this seat has handed to the computer."""
        self._finished: tuple[DealState, SeriesScore] | None = None
        """The last finished deal and the series, replayed from the host's latest record."""
        self._results: ResultsScreen | None = None
        """The results screen on show."""
        self._results_seen = 0
        """Finished deals whose results screen has been shown (or could not be)."""
        self._cut: CutScreen | None = None
        """The cut screen on show (this seat cuts the next deal's pack)."""

    def compose(self) -> ComposeResult:
        yield from self.compose_board(TextLine(id="net-status"))

    def on_mount(self) -> None:
        self.query_one("#table-area").border_title = _("Table")
        self.query_one("#log").border_title = _("Log")
        if self.options.display.ascii:
            ascii_scrollbars(self.query_one("#log"))
        self.turn.board_hidden = too_small(self.app)
        self._listen()
        self._draw()

    @work(exclusive=True, group="net")
    async def _listen(self) -> None:
        """The host's messages, as they come; a lost connection is taken up again with the
        same link (the seat waits where it was) until the person quits, and anything else
        that ends it ends the app with its reason."""
        try:
            while True:
                try:
                    await self._read()
                except UnreachableError:
                    await self._reconnect()
        except JoinError as error:
            self.ended = str(error)
            self.app.exit(return_code=1)

    async def _read(self) -> None:
        while True:
            message = await self.connection.receive()
            if isinstance(message, Update):
                self.turn.receive(message)
                self._follow(message)
                self._draw()
                self._show_results()
                self._show_cut()
            elif isinstance(message, DealRecordMessage):
                self._keep(message)
                self._show_results()
            elif isinstance(message, Refused):
                if message.fatal:
                    raise JoinError(message.reason)
                self.notify(visible(message.reason), severity="warning", markup=False)
                self.turn.sent = False
                self._draw()

    async def _reconnect(self) -> None:
        """Try the link again every :attr:`retry` seconds until the host answers."""
        self.turn.lost = True
        self._draw()
        await self.connection.close()
        while True:
            await asyncio.sleep(self.retry)
            connection = Connection(self.connection.link)
            try:
                await connection.open()
            except UnreachableError:
                continue
            self.connection = connection
            self.turn.lost = False
            return

    def _keep(self, message: DealRecordMessage) -> None:
        """The finished deals in this player's own history (every card is public then), and
        the last of them replayed for the results screen."""
        from chinese_ten.store.records import parse_record, replay, series_score

        update = self.turn.update
        levels = update.table.levels if update is not None else ()
        try:
            record = parse_record(message.record, "host")
            states = replay(record)
        except ChineseTenError:  # what the host sent is checked, never trusted
            self.notify(_("The host's record of the deal could not be read."), markup=False)
            return
        self.history.store(None, record, computers=tuple(levels), started=self.started)
        if states and all(state.phase == OVER for state in states):
            self._finished = (states[-1], series_score(record, states))

    def _show_results(self) -> None:
        """At a deal's end, once its record is here, the results screen a local game shows;
        it goes when the next deal is dealt (every person was ready)."""
        update = self.turn.update
        if update is None or not self.is_mounted:
            return
        table = update.table
        if table.stage not in ("results", "finished"):
            if self._results is not None:
                shown, self._results = self._results, None
                if self.app.screen is shown:
                    self.app.pop_screen()
            return
        number = len(table.points)
        if self._results is not None or self._results_seen >= number or self._finished is None:
            return
        deal, series = self._finished
        if len(series.outcomes) != number:
            return  # the record of this deal is still on its way
        self._results_seen = number
        if tuple(o.points for o in series.outcomes) != table.points:
            self.notify(_("The host's record of the deal could not be read."), markup=False)
            return
        from chinese_ten.tui.screens.results import ResultsScreen

        self._results = ResultsScreen(
            names=self.turn.names,
            levels=table.levels,
            deal=deal,
            series=series,
            symbols=self._symbols,
            four_color=self.options.display.four_color,
            glyphs=self._glyphs,
            you=self.turn.seat,
            guard=self.options.session.guard,
            joined=True,
        )
        self.app.push_screen(self._results, self._results_answered)

    def _show_cut(self) -> None:
        """The cut screen of a local game when this seat cuts the next deal's pack; it goes
        when the deal is dealt (by this cut, or by the host's for a seat handed over)."""
        from chinese_ten.game.turn import Cut
        from chinese_ten.net.remote import series_of

        update = self.turn.update
        if update is None or not self.is_mounted:
            return
        table = update.table
        if table.stage != "cut" or self.turn.seat not in table.waiting_for:
            if self._cut is not None:
                shown, self._cut = self._cut, None
                if self.app.screen is shown:
                    self.app.pop_screen()
            return
        if self._cut is not None or self._results is not None:
            return  # the results first: their Enter brings the cut
        from chinese_ten.tui.screens.cut import CutScreen

        series = series_of(table)
        cut = Cut(
            number=len(table.points) + 1,
            planned=table.deals_planned,
            dealer=series.next_dealer,
            cutter=self.turn.seat,
            by_lot=False,
            computer_cuts=False,
            rng=random.Random(),
        )
        guard = self.options.session.guard
        self._cut = CutScreen(
            cut, self.turn.names, self.turn.seat, glyphs=self._glyphs, guard=guard
        )
        self.app.push_screen(self._cut, self._cut_answered)

    def _cut_answered(self, position: object) -> None:
        """The cut chosen on the cut screen, sent to the host."""
        self._cut = None
        update = self.turn.update
        if type(position) is int and update is not None and update.table.stage == "cut":
            self._post(self.connection.cut(self.turn.seq, position))

    def _results_answered(self, answer: str | None) -> None:
        """Enter on the results: this seat is ready for the next deal."""
        self._results = None
        update = self.turn.update
        self.call_later(self._show_cut)  # the next deal's cut may be this seat's
        if answer == "next" and update is not None:
            self.turn.ready()
            self._sync()

    def _follow(self, update: Update) -> None:
        """The log's new lines: a deal begun, its public events, a deal ended."""
        seen, table = self.turn.view, update.table
        if seen is None:
            return
        over = seen.phase == OVER
        number = len(table.points) + (0 if over else 1)
        begun, logged = self._logged
        if number > begun:
            seats = seen.seats
            cutter, made = cutter_of(seen.dealer, seats), table.cut
            if made is not None and made.seat == cutter:
                by: Literal["cutter", "random"] = "random" if made.at_random else "cutter"
                entry = DealBegins(number, seen.dealer, cutter, made.position, by)
            else:
                entry = DealBegins(number, seen.dealer, cutter, None, "unknown")
            self.log_entries.append(entry)
            begun, logged = number, 0
        events = seen.events()
        self.log_entries += [Happened(e) for e in events[logged:]]
        result = seen.outcome()
        if over and result is not None and not self._ended_logged(begun):
            self.log_entries.append(DealEnds(begun, result))
        self._logged = (begun, len(events))

    def _ended_logged(self, number: int) -> bool:
        return any(isinstance(e, DealEnds) and e.number == number for e in self.log_entries)

    def _draw(self) -> None:
        if not self.is_mounted:
            return
        self.query_one("#net-status", TextLine).show(Text(status_text(self.turn), style="bold"))
        words = LogWords(
            self.turn.names, self.turn.seat, self._symbols, self.options.display.four_color
        )
        log = self.query_one("#log")
        written = getattr(self, "_written", 0)
        for entry in self.log_entries[written:]:
            if (line := words.line(entry)) is not None:
                log.write(line)  # type: ignore[attr-defined]
        self._written = len(self.log_entries)
        self._render_board()
        self.refresh_bindings()

    def _post(self, sending: Coroutine[Any, Any, None]) -> None:
        """Send a message; a connection lost meanwhile drops it (the reader reconnects and
        the update that follows says where the game stands)."""

        async def send() -> None:
            with contextlib.suppress(JoinError, ConnectionError, RuntimeError):
                await sending

        self.run_worker(send(), group="send")

    def _sync(self) -> None:
        """Send what the keys asked (a play, the word that this seat is ready), then draw."""
        if self.turn.take_ready():
            self._post(self.connection.ready(self.turn.seq))
        for action in self.turn.take_outbox():
            self._post(self.connection.act(self.turn.seq, action))
        self._draw()

    def action_computer(self) -> None:
        """The host's seat: the computer plays every absent person's seat at a level chosen
        in a dialog, or gives them back."""
        if self.turn.update is None:
            return
        self.app.push_screen(HandScreen(handed=bool(self._handed)), self._hand)

    def _hand(self, answer: str | None) -> None:
        update = self.turn.update
        if update is None or answer in (None, STAY):
            return
        if answer == GIVE_BACK:
            seats = set(range(len(update.table.names)))
            self._handed = set()
        else:  # a level: the seats away, and those handed before (at their new level)
            seats = self._handed | set(self.turn.away())
            self._handed = seats - {self.turn.seat}
        for seat in sorted(seats - {self.turn.seat}):
            self._post(self.connection.hand(seat, None if answer == GIVE_BACK else answer))

    def on_unmount(self) -> None:
        self.history.wait()
