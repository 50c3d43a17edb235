"""The game screen: it maps keys and clicks to a :class:`~chinese_ten.game.turn.Turn` and draws
the scene it gives.

The rules of a turn (which key acts when, whose turn it is, when the keyboard changes hands)
live in :mod:`chinese_ten.game.turn`, the game's series, saves and records in
:mod:`chinese_ten.game.flow`; the board's keys, clicks and workers are
:class:`~chinese_ten.tui.screens.board_screen.BoardScreen`'s, shared with the join screen.
This screen keeps what needs Textual here: the overlays (the cut, the hand-over, the results),
the computer's moves, toasts, and the log.

The board, the log and the hand-over screen are imported when they are first made, and the
board's stylesheet is read then: a game that opens at the cut draws the cut's first frame
without them (Textual parses every stylesheet again when a screen brings one of its own).
"""

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.message import Message
from textual.widgets import Static

from chinese_ten.game.flow import GameFlow, Notice
from chinese_ten.game.options import GameOptions
from chinese_ten.game.turn import Request, Turn
from chinese_ten.lang.i18n import _
from chinese_ten.tui.frames import after_frame, pressed_at
from chinese_ten.tui.glyphs import ascii_scrollbars
from chinese_ten.tui.screens import record_files
from chinese_ten.tui.screens.board_screen import BoardScreen
from chinese_ten.tui.seats import marked
from chinese_ten.tui.texts import translate_bindings
from chinese_ten.tui.widgets.too_small import too_small, too_small_text

if TYPE_CHECKING:  # imported when first made (see the module's docstring)
    from chinese_ten.tui.log_lines import LogWords
    from chinese_ten.tui.screens.handover import HandoverScreen

_LASTING = 24 * 3600.0
"""Seconds a lasting toast stays: until cleared, in practice (cut, hand-over and results
screens cover the board's warning line, so a failed save is said by a toast that stays)."""


def tell(app: App[Any], notices: Iterable[Notice]) -> None:
    """Show what the flow has to say, as toasts (never markup: paths and errors are data)."""
    for notice in notices:
        if notice.ends_lasting:
            app.clear_notifications()
        app.notify(
            notice.text,
            title=notice.title,
            severity="error" if notice.error else "information",
            timeout=_LASTING if notice.lasting else notice.timeout,
            markup=False,
        )


class GameScreen(BoardScreen):
    """The table, the hands, the stock and the piles; one turn at a time."""

    class NewTable(Message):
        """The series is over and a new game is asked for: who plays it, chosen again."""

    turn: Turn

    def __init__(self, options: GameOptions, flow: GameFlow | None = None) -> None:
        super().__init__(options.display)
        self.flow = flow if flow is not None else GameFlow(options)
        self.turn = Turn(self.flow, clock=pressed_at)
        self.written = 0
        """How many of the turn's log entries the log shows."""
        self._covered_by = ""
        """The stage whose screen covers the board (cut, hand-over, results), until it answers."""
        self._asked: Request | None = None
        """The computer's request being worked out (it is asked once)."""
        self._handover: HandoverScreen | None = None
        """The hand-over screen, made at the first hand-over and shown again at the next."""
        self._watching_hand = False
        """The first frame that shows the hand after a hand-over is awaited."""
        self._board_made = False
        """The board's widgets are mounted (see :meth:`_make_board`)."""
        self._board_css, self.css_path = self.css_path, []
        """The board's stylesheet (``CSS_PATH``), read when the board is made."""

    @property
    def unsaved(self) -> str | None:
        """Why this game as it stands is stored nowhere (None: it is saved, or there is none)."""
        return self.flow.unsaved

    def compose(self) -> ComposeResult:
        return ()  # the board is made in on_mount (see _make_board)

    async def on_mount(self) -> None:
        """Go on from wherever the flow stands: a new series, or a game taken up again. A
        game that opens at a cut draws the cut first and makes the board once the cut is
        answered, this screen shown again (a log made on a covered screen is given no size):
        styling the board is most of what the cut's first frame would wait for."""
        self.turn.board_hidden = too_small(self.app)
        self.set_interval(0.5, self._tell_history)
        self.turn.begin()
        if self.turn.stage == "cut":
            self._covered_by = "cut"
            self._cover_board("cut")  # the board is made once it is answered (see there)
            self._ask_computer()  # the computer may be the one to cut
        else:
            await self._make_board()

    async def _make_board(self) -> None:
        """Mount the board, then show where the turn stands (the log of a game taken up)."""
        from chinese_ten.tui.widgets.line import TextLine

        if self._board_css:  # the stylesheets Textual reads as a screen is pushed, read now
            self.css_path, self._board_css = self._board_css, []
            stylesheet = self.app.stylesheet
            new = [path for path in self.css_path if not stylesheet.has_source(str(path), "")]
            for path in new:
                stylesheet.read(path)
            if new:  # a game after the first finds them read: no stylesheet parsed again
                stylesheet.reparse()
                stylesheet.update(self.app)
        await self.mount_all(self.compose_board(TextLine(id="save-problem")))
        self._board_made = True
        if self.focused is None:  # the screen took its first focus before the board was here
            self.focus_next()
        self._titles()
        if self.flow.options.display.ascii:
            ascii_scrollbars(self.query_one("#log"))
        self._write_log(live=False)
        self._sync()

    def on_unmount(self) -> None:
        self.flow.release()

    def _render_board(self) -> None:
        if self._board_made:  # a resize may come while the board is being made
            super()._render_board()

    def _titles(self) -> None:
        self.query_one("#table-area").border_title = _("Table")
        self.query_one("#log").border_title = _("Log")

    def retranslate(self) -> None:
        """Draw everything again in the language just chosen: keys, titles, the board, and
        the log written again (as a resumed game's log reads)."""
        translate_bindings(self)
        if self._handover is not None:
            translate_bindings(self._handover)
        if not self._board_made:
            return  # it is made in the language chosen
        from textual.widgets import RichLog

        from chinese_ten.tui.widgets.card import CardStrip

        self._titles()
        self.query_one("#too-small", Static).update(too_small_text(self.app))
        self.query_one("#log", RichLog).clear()
        self.written = 0
        self._write_log(live=False)
        for strip in self.query(CardStrip).results(CardStrip):
            strip.refresh()  # the Stock and Pile labels
        self._render_board()
        self.refresh_bindings()

    # ------------------------------------------------------------ saving and telling
    def _tell(self, notices: Iterable[Notice]) -> None:
        tell(self.app, notices)
        self._show_save_problem()

    def _tell_history(self) -> None:
        """Show what the history's writer thread has said since (it stores off this thread)."""
        if notices := self.flow.history_notices():
            self._tell(notices)

    def save_now(self) -> None:
        """Save at once (before quitting); a game with nothing dealt yet has nothing to save."""
        tell(self.app, self.flow.save_now())
        if self.is_mounted:
            self._show_save_problem()

    def _show_save_problem(self) -> None:
        if not self._board_made:
            return  # said once it is made (its _sync)
        from chinese_ten.tui.widgets.line import TextLine

        problem = self.flow.save_problem
        line = self.query_one("#save-problem", TextLine)
        line.display = problem is not None
        if problem is not None:
            line.show(Text(_("⚠ Not saved: {problem}").format(problem=problem), style="bold"))

    def leave(self) -> None:
        """End the program; the exit status says whether the game is lost (see ``unsaved``)."""
        self.app.exit(return_code=0 if self.unsaved is None else 1)

    def save_copy(self) -> None:
        """After a failed save: a copy of the whole game elsewhere, then quit."""
        record_files.save_copy(self, self.flow, self.leave)

    def action_export(self) -> None:
        record_files.export(self, self.flow)

    # ------------------------------------------------------------ following the turn
    def _words(self) -> "LogWords":
        from chinese_ten.tui.log_lines import LogWords

        options = self.flow.options
        return LogWords(self.flow.names, self.turn.you, self._symbols, options.display.four_color)

    def _write_log(self, *, live: bool = True) -> None:
        """Write the log's new lines; ``live``: as they happen (with their toasts)."""
        from textual.widgets import RichLog

        words, log = self._words(), self.query_one("#log", RichLog)
        for entry in self.turn.log[self.written :]:
            if (line := words.line(entry)) is not None:
                log.write(line)
            if live and (toast := words.toast(entry)) is not None:
                self.notify(toast[0], title=toast[1], markup=False, timeout=6)
        self.written = len(self.turn.log)

    def _sync(self) -> None:
        """Show where the turn stands now: the log, the toasts, the board, the keys, and the
        screen that covers the board at the cut, the hand-over and the results."""
        if not self._board_made:
            return  # the board's making ends with a _sync
        turn = self.turn
        self._write_log()
        self._tell(turn.take_notices())
        self._render_board()
        self._watch_hand()
        self.refresh_bindings()
        stage = turn.stage
        if stage in ("cut", "handover", "results") and not self._covered_by:
            self._covered_by = stage
            self._cover_board(stage)
        self._ask_computer()

    def _ask_computer(self) -> None:
        """Set the computer to work out its move (or its cut), once a request."""
        request = self.turn.computer_request()
        if request is not None and (self._asked is None or self._asked.state is not request.state):
            self._asked = request
            pause = max(self.flow.options.session.pause, 0.001)  # a person can follow its moves
            self.set_timer(pause, lambda: self._work_out(request))

    def _watch_hand(self) -> None:
        """After a hand-over, tell the turn when the hand is first on the terminal: the
        board's keys count from a moment after that frame (a key pressed before it is no
        decision, however long the drawing took)."""
        if not self.turn.awaits_sight or self._watching_hand:
            return
        from chinese_ten.tui.widgets.card import CardStrip
        from chinese_ten.tui.widgets.compact_board import CompactBoard

        self._watching_hand = True
        strips = (self.query_one("#hand", CardStrip), self.query_one(CompactBoard))
        painted = tuple(strip.paints for strip in strips)
        for strip in strips:
            strip.refresh()  # painted again even if nothing changed in it (an empty hand)

        def seen(at: float) -> None:
            self._watching_hand = False
            self.turn.hand_drawn(at)

        # The board in sight paints its hand after it was drawn face up: that frame shows it.
        after_frame(self, seen, shows=lambda: tuple(strip.paints for strip in strips) != painted)

    def _cover_board(self, stage: str) -> None:
        def answered(answer: object) -> None:
            self._covered_by = ""
            if answer == "table":
                self.post_message(self.NewTable())  # the app shows the start screen again
                return
            if stage != "handover" and answer not in ("next", "new") and type(answer) is not int:
                self.leave()  # the cut or the results screen quit
                return
            if isinstance(answer, int):
                self.turn.deal(answer)
            elif stage == "results":
                self.turn.after_results("new" if answer == "new" else "next")
            if self._board_made:
                self._sync()
            else:  # a game that opened at the cut: its board is made now, shown
                self.call_later(self._make_board)

        if stage == "handover":
            self.app.push_screen(self._handover_screen(), answered)
        elif stage == "cut":
            from chinese_ten.tui.screens.cut import CutScreen  # not needed by the start screen

            names, you, guard = self.shown_names(), self.turn.you, self.flow.options.session.guard
            cut = CutScreen(self.turn.cut(), names, you, glyphs=self._glyphs, guard=guard)
            self.app.push_screen(cut, answered)
        else:
            from chinese_ten.tui.screens.results import ResultsScreen  # at the first results

            options = self.flow.options
            self.app.push_screen(
                ResultsScreen(
                    names=self.flow.names,
                    levels=self.flow.table.computer,
                    deal=self.turn.results_deal(),
                    series=self.flow.series,
                    symbols=self._symbols,
                    four_color=options.display.four_color,
                    glyphs=self._glyphs,
                    you=self.turn.you,
                    guard=options.session.guard,
                ),
                answered,
            )

    def _handover_screen(self) -> "HandoverScreen":
        """The hand-over screen, made and installed at the first hand-over."""
        if self._handover is None:
            from chinese_ten.tui.screens.handover import HandoverScreen

            self._handover = HandoverScreen(self.turn)
            self.app.install_screen(self._handover, "handover")
        return self._handover

    def shown_names(self) -> tuple[str, ...]:
        """The names with the computer's mark, for the screens that have room for it."""
        return marked(self.flow.names, self.flow.table.computer)
