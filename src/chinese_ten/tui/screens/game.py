"""The game screen: it draws the game a :class:`GameFlow` holds and turns keys into its moves.

The flow (series, deals, turns, saving, records) lives in :mod:`chinese_ten.game_flow`; this
screen keeps what needs Textual: the stages of a turn, timers, threads, toasts and drawing.
Widgets below it receive what to draw (from a :class:`PlayerView`) and post messages up;
the other screens return the players' choices through ``dismiss``.
"""

import io
import random
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import RichLog, Static

from chinese_ten.actions import TRIPLE, Action, action_target, capture_code, is_flip
from chinese_ten.cards import Card
from chinese_ten.deal import FLIP_PHASE, DealState, legal_actions
from chinese_ten.files import file_problem, shown, unused_name
from chinese_ten.game_flow import GameFlow, Notice
from chinese_ten.i18n import N_, _, ngettext
from chinese_ten.players import Player, make_player
from chinese_ten.saves import SaveSlot
from chinese_ten.series import SeriesScore
from chinese_ten.tui.cardtext import card_list, describe_event
from chinese_ten.tui.glyphs import ascii_scrollbars, glyphs_for
from chinese_ten.tui.screens.handover import HandoverScreen
from chinese_ten.tui.seats import marked, you_seat
from chinese_ten.tui.texts import styled, translate_bindings
from chinese_ten.tui.widgets.board import Board, Scene, Stage
from chinese_ten.tui.widgets.card import CardStrip
from chinese_ten.tui.widgets.compact_board import CompactBoard
from chinese_ten.tui.widgets.keybar import KeyBar
from chinese_ten.tui.widgets.line import TextLine
from chinese_ten.tui.widgets.too_small import compact, too_small, too_small_text
from chinese_ten.tui_options import GameOptions
from chinese_ten.view import Event, PlayerView
from chinese_ten.wording import versus

if TYPE_CHECKING:
    from chinese_ten.records import GameRecord

_BOARD_ACTIONS = frozenset(
    ("move", "confirm", "flip", "back", "pick", "hint", "export", "pass_keyboard", "results")
)
"""The game screen's own keys: none of them acts while the board is hidden."""


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


class GameScreen(Screen[None]):
    """The table, the hands, the stock and the piles; one turn at a time."""

    CSS_PATH = "board.tcss"  # parsed when the board is first shown, after the first frame

    BINDINGS: ClassVar[list[BindingType]] = [
        # Before the focused widget's keys: the log's arrows would scroll it sideways.
        Binding("left,h", "move(-1)", N_("Left"), show=False, priority=True),
        Binding("right,l", "move(1)", N_("Right"), show=False, priority=True),
        Binding(
            "enter",
            "confirm",
            N_("Play / take"),
            tooltip=N_("Play the chosen card or take the chosen target"),
        ),
        Binding("enter", "results", N_("Results"), tooltip=N_("The results of the deal")),
        Binding(
            "enter",
            "pass_keyboard",
            N_("Pass the keyboard"),
            tooltip=N_("You have seen your turn: hide your hand for the other player"),
        ),
        Binding(
            "space",
            "flip",
            N_("Turn over stock"),
            tooltip=N_("Turn over the top card of the stock"),
        ),
        Binding("escape", "back", N_("Back"), tooltip=N_("Choose another card")),
        *(
            Binding(key, f"pick({k})", N_("Choose this card of the hand"), show=False)
            for k, key in enumerate([*"1234567890", "minus", "equals_sign"])
        ),
        Binding(
            "t", "hint", N_("Hint"), tooltip=N_("Show the move the hard computer player would make")
        ),
        Binding("e", "export", N_("Export"), tooltip=N_("Write this game's record to a file")),
    ]

    stage: var[Stage] = var[Stage]("idle")
    """Where the turn stands: which keys work and what the banner asks for."""

    def __init__(self, options: GameOptions, flow: GameFlow | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.flow = flow if flow is not None else GameFlow(options)
        self.cursor = 0
        self.choice = 0
        self.logged = 0
        self._handover = HandoverScreen()
        self.hint: Text | None = None
        self._symbols = options.symbols and not options.ascii
        self._glyphs = glyphs_for(options.ascii)

    # ------------------------------------------------- the flow's state, for drawing and tests
    @property
    def options(self) -> GameOptions:
        """The game's options: as asked, or as a resumed game was saved."""
        return self.flow.options

    @property
    def you(self) -> int | None:
        """The seat of the person playing the computer, addressed as "you" (None: hot-seat)."""
        return you_seat(self.options.computer)

    @property
    def names(self) -> tuple[str, ...]:
        return self.flow.names

    @property
    def series(self) -> SeriesScore:
        return self.flow.series

    @property
    def finished(self) -> list[DealState]:
        return self.flow.finished

    @property
    def state(self) -> DealState | None:
        return self.flow.state

    @property
    def computers(self) -> list[Player | None]:
        return self.flow.computers

    @property
    def slot(self) -> SaveSlot | None:
        return self.flow.slot

    @property
    def save_problem(self) -> str | None:
        return self.flow.save_problem

    @property
    def unsaved(self) -> str | None:
        """Why this game as it stands is stored nowhere (None: it is saved, or there is none)."""
        return self.flow.unsaved

    @property
    def deal_in_play(self) -> bool:
        return self.flow.deal_in_play

    # ----------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield TextLine(id="save-problem")
        yield Board(
            glyphs=self._glyphs,
            symbols=self._symbols,
            four_color=self.options.four_color,
            id="board",
        )
        yield CompactBoard(
            glyphs=self._glyphs,
            symbols=self._symbols,
            four_color=self.options.four_color,
            id="compact-board",
        )
        yield Static(too_small_text(self.app), id="too-small")
        yield KeyBar()

    def on_mount(self) -> None:
        """Go on from wherever the flow stands: a new series, or a game taken up again."""
        self.app.install_screen(self._handover, "handover")
        self.query_one("#table-area").border_title = _("Table")
        self.query_one("#log").border_title = _("Log")
        if self.options.ascii:
            ascii_scrollbars(self.query_one("#log"))
        self._render_board()
        self._show_save_problem()
        self.set_interval(0.5, self._tell_history)
        flow = self.flow
        if self._replay_log():
            resumed = _("Resumed {players}.").format(players=versus(self.names))
            self._log(Text(resumed, style="italic"))
        if flow.deal_in_play:
            self._begin_turn(resumed=True)
        elif flow.series.is_over and flow.finished:
            self._show_results(flow.finished[-1])
        else:
            self._next_deal()

    def on_unmount(self) -> None:
        self.flow.release()

    def retranslate(self) -> None:
        """Draw everything again in the language just chosen: keys, titles, the board, and
        the log written again from the deals (as a resumed game's log reads)."""
        translate_bindings(self)
        translate_bindings(self._handover)
        self.query_one("#table-area").border_title = _("Table")
        self.query_one("#log").border_title = _("Log")
        self.query_one("#too-small", Static).update(too_small_text(self.app))
        self.query_one("#log", RichLog).clear()
        self._replay_log()
        for strip in self.query(CardStrip).results(CardStrip):
            strip.refresh()  # the Stock and Pile labels
        self._render_board()
        self.refresh_bindings()

    # ------------------------------------------------------------ saving
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
        problem = self.flow.save_problem
        line = self.query_one("#save-problem", TextLine)
        line.display = problem is not None
        if problem is not None:
            line.show(Text(_("⚠ Not saved: {problem}").format(problem=problem), style="bold"))

    def leave(self) -> None:
        """End the program; the exit status says whether the game is lost (see ``unsaved``)."""
        self.app.exit(return_code=0 if self.unsaved is None else 1)

    # ------------------------------------------------------------ game flow
    def _replay_log(self) -> bool:
        """Write the log of the deals a resumed game holds, as the live log would have shown
        them (public events only, one header per deal); False when there are none."""
        deals = self.flow.deals()
        for number, state in enumerate(deals, start=1):
            dealer = state.setup.dealer
            header = (
                _("Deal {number}: you deal.")
                if dealer == self.you
                else _("Deal {number}: {name} deals.")
            )
            self._log(Text(header.format(number=number, name=self.names[dealer]), style="bold"))
            for event in PlayerView(state, self.viewer()).events():
                self._log(self._describe(event))
        self.logged = len(self._view().events()) if self.flow.deal_in_play else 0
        return bool(deals)

    def _next_deal(self) -> None:
        from chinese_ten.tui.screens.cut import CutScreen  # not needed by the start screen

        self.stage = "idle"
        self._render_board()
        flow = self.flow
        dealer = flow.series.next_dealer
        cutter = (dealer - 1) % flow.seats  # the player before the dealer cuts
        number = flow.deal_number
        self.app.push_screen(
            CutScreen(
                deal_number=number,
                deals_planned=flow.series.deals_planned,
                dealer=self.shown_names()[dealer],
                cutter=self.shown_names()[cutter],
                by_lot=number == 1,
                computer_cuts=flow.computers[cutter] is not None,
                rng=flow.deal_rng(number),
                glyphs=self._glyphs,
                you="dealer" if dealer == self.you else "cutter" if cutter == self.you else "",
            ),
            self._cut_chosen,
        )

    def _cut_chosen(self, position: int | None) -> None:
        if position is None:
            self.leave()
            return
        number = self.flow.deal_number
        notices = self.flow.deal(position)
        setup = self._state().setup
        self.logged = 0
        dealer = setup.dealer
        cutter = (dealer - 1) % setup.seats
        if dealer == self.you:
            header = _("Deal {number}: you deal; {cutter} cut at {position}.")
        elif cutter == self.you:
            header = _("Deal {number}: {dealer} deals; you cut at {position}.")
        else:
            header = _("Deal {number}: {dealer} deals; {cutter} cut at {position}.")
        header = header.format(
            number=number,
            dealer=self.names[dealer],
            cutter=self.names[cutter],
            position=position,
        )
        self._log(Text(header, style="bold"))
        self._announce_sets()
        self._log_new_events()
        self._tell(notices)
        self._begin_turn()

    def _announce_sets(self) -> None:
        view = self._view()
        if view.triple >= 0:
            cards = [c for c in view.table if c >> 2 == view.triple]
            text = styled(
                _("Layout triple: the fourth card of this rank takes all three: {cards}"),
                cards=self._cards_text(cards),
            )
            self._log(text)
            self.notify(text.plain, title=_("Layout triple"), markup=False, timeout=6)
        if any(e.kind == "four" for e in view.events()):
            four = (
                _("Four of a kind in the layout: you, the dealer, take all four.")
                if view.dealer == self.you
                else _("Four of a kind in the layout: {name}, the dealer, takes all four.")
            )
            self.notify(
                four.format(name=self.names[view.dealer]),
                title=_("Four of a kind"),
                markup=False,
                timeout=6,
            )

    def _begin_turn(self, *, resumed: bool = False) -> None:
        state = self._state()
        self.cursor = 0
        self.choice = 0
        if self.flow.computer_to_move() is not None:
            self.stage = "computer"
            self._render_board()
            self._computer_after_pause()
            return
        next_stage: Stage = "flip" if state.phase == FLIP_PHASE else "select"
        if self.options.hot_seat:
            turn_events = self._last_turn_text() if not resumed else []
            self.flow.pass_keyboard()
            self.stage = "handover"
            self._render_board()
            self._handover.prepare(self.names[state.to_move], turn_events)
            self.app.push_screen(self._handover, lambda _: self._enter_stage(next_stage))
        else:
            self._enter_stage(next_stage)

    def _enter_stage(self, stage: Stage) -> None:
        self.stage = stage
        self.hint = None
        self._render_board()

    def watch_stage(self) -> None:
        """The keys that work change with the stage; the footer follows."""
        self.refresh_bindings()

    def _computer_after_pause(self) -> None:
        """The computer acts after a short pause, so a person can follow its moves."""
        self.set_timer(max(self.options.pause, 0.001), self._computer_step)

    def _computer_step(self) -> None:
        """Ask the computer for its action in a thread, so the screen stays responsive."""
        player = self.flow.computer_to_move()
        if player is None or self.stage != "computer":
            return
        state = self._state()
        legal = legal_actions(state)
        if len(legal) == 1:
            self._apply(legal[0])
            return
        self._choose_in_thread(player, state, legal, self._computer_chose, "computer")

    def _computer_chose(self, action: Action) -> None:
        if self.stage == "computer":
            self._apply(action)

    def _choose_in_thread(
        self,
        player: Player,
        state: DealState,
        legal: list[Action],
        then: Callable[[Action], None],
        group: str,
    ) -> None:
        """``player`` chooses in a worker thread, so the screen stays live; ``then`` gets the
        choice on the screen's thread, unless the game has moved on meanwhile."""
        view = PlayerView(state, state.to_move)

        def think() -> None:
            action = player.choose(view, legal)

            def deliver() -> None:
                if self.state is state:
                    then(action)

            self.app.call_from_thread(deliver)

        self.run_worker(think, thread=True, group=group, exclusive=True, exit_on_error=True)

    def _apply(self, action: Action) -> None:
        """Play one action through the flow (which saves), log it, and move the game on."""
        by_person = self.flow.computer_to_move() is None
        applied = self.flow.apply(action)
        self._tell(applied.notices)
        self._log_new_events()
        if applied.result is not None:
            self._enter_stage("over")  # the last turn stays in sight until Enter
        elif applied.turn_over and self.options.hot_seat and by_person:
            self._enter_stage("turned")  # the person who moved sees what the turned card took
        elif applied.turn_over:
            self._begin_turn()
        elif self.flow.computer_to_move() is not None:
            self._render_board()
            self._computer_after_pause()
        else:
            self._enter_stage("flip")

    def action_results(self) -> None:
        """The deal is over and its last turn seen: on to the results."""
        if self.stage == "over" and self.state is not None:
            self._show_results(self.state)

    def action_pass_keyboard(self) -> None:
        """Hot-seat: the mover has seen the turned card; hand over to the other player."""
        if self.stage == "turned":
            self._begin_turn()

    def _show_results(self, state: DealState) -> None:
        from chinese_ten.tui.screens.results import ResultsScreen  # loaded at the first results

        self.app.push_screen(
            ResultsScreen(
                names=self.names,
                levels=self.options.computer,
                deal=state,
                series=self.series,
                symbols=self._symbols,
                four_color=self.options.four_color,
                glyphs=self._glyphs,
                you=self.you,
            ),
            self._after_results,
        )

    def _after_results(self, choice: str | None) -> None:
        if choice == "next":
            self._next_deal()
        elif choice == "new":
            self._tell(self.flow.new_series())
            self._log(Text(_("A new series begins."), style="bold"))
            self._next_deal()
        else:
            self.leave()

    # ------------------------------------------------------------- helpers
    def _state(self) -> DealState:
        assert self.state is not None
        return self.state

    def viewer(self) -> int:
        """Whose eyes the board is drawn for: the person at the keyboard."""
        return self.flow.viewer()

    def _view(self) -> PlayerView:
        return PlayerView(self._state(), self.viewer())

    def _record(self, *, full: bool) -> "GameRecord":
        """The finished deals, and with ``full`` the one being played (hands and stock order)."""
        return self.flow.record(full=full)

    def _just_turned(self) -> Card | None:
        """The stock card the mover just turned over (shown until the keyboard is passed)."""
        flips = [e.card for e in self._view().events() if e.kind == "flip"]
        return flips[-1] if flips else None

    def _cards_text(self, cards: list[Card] | tuple[Card, ...]) -> Text:
        return card_list(cards, symbols=self._symbols, four_color=self.options.four_color)

    def _describe(self, event: Event) -> Text:
        return describe_event(
            event,
            self.names,
            symbols=self._symbols,
            four_color=self.options.four_color,
            you=self.you,
        )

    def _log(self, text: Text) -> None:
        self.query_one("#log", RichLog).write(text)

    def _log_new_events(self) -> None:
        events = self._view().events()
        for event in events[self.logged :]:
            self._log(self._describe(event))
        self.logged = len(events)

    def _last_turn_text(self) -> list[Text]:
        """The public events since the next person last played (for the hand-over screen):
        the turn just played, and with more players every turn since theirs."""
        state = self._state()
        mover = self.flow.next_person(state.to_move)
        moves = [e for e in self._view().events() if e.kind != "four"]
        since: list[Event] = []
        for event in reversed(moves[-2 * (state.setup.seats - 1) :]):
            if event.seat == mover:
                break
            since.append(event)
        return [self._describe(e) for e in reversed(since)]

    def _options_for_selected(self) -> list[Action]:
        view = self._view()
        if not view.hand or not view.my_turn:
            return []
        card = view.hand[min(self.cursor, len(view.hand) - 1)]
        return [a for a in view.legal_actions() if a & 63 == card and not is_flip(a)]

    def _choices(self) -> list[Action]:
        if self.stage == "target":
            return self._options_for_selected()
        if self.stage == "flip-target":
            return self._view().legal_actions()
        return []

    # ------------------------------------------------------------ drawing
    def _render_board(self) -> None:
        """Hand the board in sight the moment to draw (the board draws; the screen decides):
        the compact one under 80 x 24 or with ``--compact``, else the full one."""
        small = compact(self.app)
        self.set_class(small, "-compact")
        board: Board | CompactBoard = (
            self.query_one(CompactBoard) if small else self.query_one(Board)
        )
        board.draw(self._scene())

    def _scene(self) -> Scene:
        flow, stage, options = self.flow, self.stage, self.options
        between_deals = Scene(
            None,
            flow.series,
            self.names,
            options.computer,
            self.you,
            hot_seat=options.hot_seat,
            open_scores=options.open_scores,
        )
        if self.state is None:
            return between_deals
        view = self._view()
        # Each worked out once a drawing, and only at the stage that shows it (a key press
        # redraws the board).
        just_turned = self._just_turned() if stage == "turned" else None
        return replace(
            between_deals,
            view=view,
            stage=stage,
            cursor=self.cursor,
            options=tuple(self._options_for_selected()) if stage == "select" else (),
            choices=tuple(self._choices()),
            choice=self.choice,
            just_turned=just_turned,
            # it took a card, so it lies apart (else it stayed on the table)
            turned_apart=None if just_turned in view.table else just_turned,
            next_person=flow.next_person(view.to_move),
            hint=self.hint,
        )

    def shown_names(self) -> tuple[str, ...]:
        """The names with the computer's mark, for the screens that have room for it."""
        return marked(self.names, self.options.computer)

    # ------------------------------------------------------------ actions
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if too_small(self.app) and action in _BOARD_ACTIONS:
            return False  # the board is hidden: no key may act on what cannot be seen
        stage = self.stage
        if action in ("move", "confirm"):
            return stage in ("select", "target", "flip-target")
        if action == "pick":
            return stage in ("select", "target")
        if action == "flip":
            return stage == "flip"
        if action == "pass_keyboard":
            return stage == "turned"
        if action == "results":
            return stage == "over"
        if action == "back":
            return stage == "target"
        if action == "export":
            return self.state is not None
        if action == "hint":
            return self.options.hints and stage in ("select", "target", "flip-target")
        return True

    def on_resize(self, event: events.Resize) -> None:
        """The keys follow the size (see :meth:`check_action`); names refit the new width, and
        the board in sight may change (the full one, the compact one)."""
        self.refresh_bindings()
        self._render_board()
        self.call_after_refresh(self._render_board)

    def action_move(self, delta: int) -> None:
        self.hint = None
        if self.stage == "select":
            hand = self._view().hand
            if hand:
                self.cursor = (self.cursor + delta) % len(hand)
        else:
            choices = self._choices()
            if choices:
                self.choice = (self.choice + delta) % len(choices)
        self._render_board()

    def action_pick(self, index: int) -> None:
        self.hint = None
        if index < len(self._view().hand):
            self.cursor = index
            self.stage = "select"
            self._render_board()

    def action_confirm(self) -> None:
        if self.stage == "select":
            options = self._options_for_selected()
            if len(options) == 1:
                self._apply(options[0])
            elif options:
                self.choice = 0
                self._enter_stage("target")
        elif self.stage in ("target", "flip-target"):
            choices = self._choices()
            if choices:
                self._apply(choices[self.choice])

    def action_flip(self) -> None:
        if self.stage != "flip":
            return
        options = self._view().legal_actions()
        if len(options) == 1:
            self._apply(options[0])
        else:
            self.choice = 0
            self._enter_stage("flip-target")

    def action_back(self) -> None:
        if self.stage == "target":
            self._enter_stage("select")

    def action_hint(self) -> None:
        """Work out the hard player's choice in a thread, then point at it."""
        state = self._state()
        adviser = make_player("hard", random.Random(len(state.actions)), think=self.options.think)
        self.hint = Text(_("Thinking…"), style="italic")
        self._render_board()
        self._choose_in_thread(adviser, state, legal_actions(state), self._show_hint, "hint")

    def _show_hint(self, action: Action) -> None:
        view = self._view()
        self.hint = Text(_("Hint:") + " ", style="bold")
        self.hint.append_text(self._describe_action(action))
        if not is_flip(action):
            self.cursor = view.hand.index(action & 63)
            options = self._options_for_selected()
            if self.stage == "target":
                self.choice = options.index(action)
            elif len(options) > 1:
                self.stage = "target"
                self.choice = options.index(action)
        elif self.stage == "flip-target":
            self.choice = self._choices().index(action)
        self._render_board()

    def _describe_action(self, action: Action) -> Text:
        target = action_target(action)
        triple = action >> 6 & 63 == TRIPLE
        card = self._cards_text([action & 63])
        taken = self._cards_text([target]) if target is not None else Text()
        if is_flip(action) and self.stage == "flip-target" and capture_code(action):
            # the card is turned already: say what it takes
            template = (
                _("take {target} with the turned {card}")
                if target is not None
                else _("take the layout triple with the turned {card}")
            )
        elif is_flip(action):
            template = (
                _("turn over the stock card taking {target}")
                if target is not None
                else _("turn over the stock card taking the layout triple")
                if triple
                else _("turn over the stock card")
            )
        else:
            template = (
                _("play {card} taking {target}")
                if target is not None
                else _("play {card} taking the layout triple")
                if triple
                else _("play {card}")
            )
        return styled(template, card=card, target=taken)

    def action_export(self) -> None:
        """A fair record: the finished deals only while a deal is played, so no hand shows."""
        from chinese_ten.tui.screens.dialogs import ExportScreen

        done = len(self.finished)
        if self.deal_in_play and not done:
            self.notify(
                _(
                    "Nothing to export yet: export writes finished deals only, so that no hand "
                    "in play can be read, and the first deal is still being played."
                ),
                timeout=8,
            )
            return
        if self.app.is_web:  # a browser tab (chinese-ten serve): the record downloads
            self._deliver_record()
            return
        if self.deal_in_play:
            note = ngettext(
                "The deal being played is left out (it would show the hands): "
                "{count} finished deal.",
                "The deal being played is left out (it would show the hands): "
                "{count} finished deals.",
                done,
            )
        else:
            note = ngettext(
                "The whole game: {count} finished deal.",
                "The whole game: {count} finished deals.",
                done,
            )
        default = unused_name(Path.cwd() / "chinese-ten-game.json")
        self.app.push_screen(
            ExportScreen(default, note.format(count=done)),
            lambda path: self._write_record(path, full=False) if path else None,
        )

    def _deliver_record(self, *, full: bool = False) -> None:
        """The record as a download (the fair one, or ``full``: the whole game, hands in play
        too); nothing is written on the server."""
        from chinese_ten.records import record_json

        name = "chinese-ten-save.json" if full else "chinese-ten-game.json"
        record = io.StringIO(record_json(self._record(full=full)))
        self.app.deliver_text(record, save_filename=name, mime_type="application/json")
        told = (
            _(
                "The whole game is downloading as {name}; it holds the deal in play, both "
                "hands too: keep it to yourself."
            )
            if full
            else _("The game record is downloading as {name}.")
        )
        self.notify(told.format(name=name), markup=False, timeout=10 if full else 5)

    def save_copy(self) -> None:
        """After a failed save: write the whole game elsewhere, then quit if that worked. In a
        browser tab the copy downloads instead: the server's disk is what failed, and its files
        are not the person's."""
        from chinese_ten.tui.screens.dialogs import ExportScreen

        if self.app.is_web:
            self._deliver_record(full=True)
            return

        note = _(
            "The copy holds the deal in play, both hands too: keep it to yourself. To continue "
            "it, put it as current.json in a data folder and start chinese-ten play --resume."
        )
        dialog = ExportScreen(
            unused_name(Path.cwd() / "chinese-ten-save.json"),
            note,
            _("Save a copy of the game to:"),
        )
        self.app.push_screen(
            dialog,
            lambda path: self._write_record(path, full=True, then=self.leave) if path else None,
        )

    def _write_record(
        self,
        path: Path,
        *,
        full: bool,
        replace: bool = False,
        then: Callable[[], None] | None = None,
    ) -> None:
        """Write the record; an existing file is replaced only after the person says yes."""
        from chinese_ten.tui.screens.dialogs import ReplaceScreen

        try:
            self.flow.write_record(path, full=full, replace=replace)
        except FileExistsError:

            def answered(yes: bool | None) -> None:
                if yes:
                    self._write_record(path, full=full, replace=True, then=then)
                else:
                    self.notify(
                        _("Nothing written; {path} is unchanged.").format(path=shown(path)),
                        markup=False,
                    )

            self.app.push_screen(ReplaceScreen(path), answered)
            return
        except OSError as error:
            self.notify(
                file_problem(path, error),
                title=_("Could not write the game record"),
                severity="error",
                markup=False,
                timeout=12,
            )
            return
        self.notify(_("Game record written to {path}").format(path=shown(path)), markup=False)
        if then is not None:
            then()

    @on(CardStrip.Clicked)
    def _clicked(self, message: CardStrip.Clicked) -> None:
        message.stop()
        zone, index = message.zone, message.index
        if self.stage == "over":
            self.action_results()  # the last turn seen: a click anywhere on the cards goes on
        elif zone == "hand" and self.stage in ("select", "target"):
            if self.stage == "select" and index == self.cursor:
                self.action_confirm()
            else:
                self.action_pick(index)
        elif zone == "stock" and self.stage == "flip":
            self.action_flip()
        elif zone == "turned" or (zone == "table" and self._turned_on_table(index)):
            self._turned_clicked()
        elif zone == "table":
            self._table_clicked(index)

    def _turned_on_table(self, index: int) -> bool:
        """Whether table card ``index`` is the card just turned over, which took nothing and
        lies on the table (marked as the turned card until the keyboard is passed)."""
        table = self._view().table
        return self.stage == "turned" and index < len(table) and table[index] == self._just_turned()

    def _turned_clicked(self) -> None:
        """A click on the turned card ends the turn, as Enter does: it passes the keyboard once
        the mover has seen it, and takes the card chosen for it when it has several."""
        if self.stage == "turned":
            self.action_pass_keyboard()
        elif self.stage == "flip-target":
            self.action_confirm()

    def _table_clicked(self, index: int) -> None:
        table = self._view().table
        if index >= len(table):
            return
        card = table[index]
        pool = (
            self._options_for_selected() if self.stage in ("select", "target") else self._choices()
        )
        for action in pool:
            if action_target(action) == card:
                self._apply(action)
                return
