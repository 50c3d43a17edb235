"""What the game screen and the join screen share: the board's keys mapped to a
:class:`~chinese_ten.game.turn.SeatTurn` (a seat played here or from another machine), taps
and clicks on the cards, the board that fits the window (the full one, the compact one), and
the hard player's choice worked out in a worker.

Which key acts when is the turn's (:meth:`~chinese_ten.game.turn.SeatTurn.allows`); a screen
says only what follows a key (:meth:`BoardScreen._sync`).

The board's widgets are imported where the board is made and drawn: a screen that opens at
the cut draws the cut's first frame without them.
"""

from typing import TYPE_CHECKING, ClassVar, get_args

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from chinese_ten.engine.actions import Action
from chinese_ten.game.options import Display
from chinese_ten.game.turn import KeyAction, Request, SeatTurn
from chinese_ten.lang.i18n import N_
from chinese_ten.tui.frames import pressing
from chinese_ten.tui.glyphs import glyphs_for
from chinese_ten.tui.texts import translate_bindings
from chinese_ten.tui.widgets.keybar import KeyBar
from chinese_ten.tui.widgets.too_small import compact, too_small, too_small_text

if TYPE_CHECKING:  # imported when the board is made (compose_board)
    from chinese_ten.tui.widgets.card import CardStrip
    from chinese_ten.tui.widgets.line import TextLine

KEY_ACTIONS: frozenset[str] = frozenset(get_args(KeyAction))

BOARD_BINDINGS: list[BindingType] = [
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
"""The board's keys, the same wherever the seat is played (the turn says which act now)."""


class BoardScreen(Screen[None]):
    """A board driven by a turn: the keys, the clicks, the board in sight, the workers."""

    # Parsed when the board is first shown, after the first frame.
    CSS_PATH = ["cards.tcss", "board.tcss"]  # noqa: RUF012 (Textual's own declaration)
    BINDINGS: ClassVar[list[BindingType]] = BOARD_BINDINGS

    turn: SeatTurn

    def __init__(self, display: Display) -> None:
        super().__init__()
        translate_bindings(self)
        self._symbols = display.symbols and not display.ascii
        self._glyphs = glyphs_for(display.ascii)
        self._four_color = display.four_color

    def _sync(self) -> None:
        """Show where the turn stands after a key, a click or a worker's answer."""
        raise NotImplementedError

    # ------------------------------------------------------------ the board
    def compose_board(self, top: "TextLine") -> ComposeResult:
        """The line ``top`` above the board, both boards (one in sight), what a window too
        small shows instead, and the keys."""
        from chinese_ten.tui.widgets.board import Board
        from chinese_ten.tui.widgets.compact_board import CompactBoard

        glyphs, symbols, four_color = self._glyphs, self._symbols, self._four_color
        yield top
        yield Board(glyphs=glyphs, symbols=symbols, four_color=four_color, id="board")
        yield CompactBoard(
            glyphs=glyphs, symbols=symbols, four_color=four_color, id="compact-board"
        )
        yield Static(too_small_text(self.app), id="too-small")
        yield KeyBar()

    def _render_board(self) -> None:
        """Hand the board in sight the scene to draw: the compact one under 80 x 24 or with
        ``--compact``, else the full one."""
        from chinese_ten.tui.widgets.board import Board
        from chinese_ten.tui.widgets.compact_board import CompactBoard

        small = compact(self.app)
        self.set_class(small, "-compact")
        board: Board | CompactBoard = (
            self.query_one(CompactBoard) if small else self.query_one(Board)
        )
        board.draw(self.turn.scene())

    def on_resize(self, event: events.Resize) -> None:
        """The keys follow the size (a hidden board takes none); names refit the new width,
        and the board in sight may change (the full one, the compact one)."""
        self.turn.board_hidden = too_small(self.app)
        self.refresh_bindings()
        self._render_board()
        self.call_after_refresh(self._render_board)

    # ------------------------------------------------------------ keys and clicks
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in KEY_ACTIONS:
            return self.turn.allows(action)  # type: ignore[arg-type]
        return True

    def action_move(self, delta: int) -> None:
        self.turn.move(delta)
        self._sync()

    def action_pick(self, index: int) -> None:
        self.turn.pick(index)
        self._sync()

    def action_confirm(self) -> None:
        self.turn.confirm()
        self._sync()

    def action_flip(self) -> None:
        self.turn.flip()
        self._sync()

    def action_back(self) -> None:
        self.turn.back()
        self._sync()

    def action_results(self) -> None:
        self.turn.show_results()
        self._sync()

    def action_pass_keyboard(self) -> None:
        self.turn.pass_keyboard()
        self._sync()

    def action_ready(self) -> None:
        self.turn.ready()
        self._sync()

    def action_hint(self) -> None:
        """Work out the hard player's choice in a worker, then point at it."""
        if (request := self.turn.hint_request()) is not None:
            self._sync()
            self._work_out(request)

    def on_card_strip_clicked(self, message: "CardStrip.Clicked") -> None:
        """A card tapped or clicked, on either board."""
        message.stop()
        with pressing(message.at):  # the guards read when the tap was made
            self.turn.click(message.zone, message.index)
        self._sync()

    # ------------------------------------------------------------ the workers
    @work(thread=True, exclusive=True, group="think", exit_on_error=True)
    def _work_out(self, request: Request) -> None:
        """The computer's or the hint's choice, off the screen's thread."""
        action = request.choose()
        self.app.call_from_thread(self._answered, request, action)

    def _answered(self, request: Request, action: Action) -> None:
        self.turn.answer(request, action)
        self._sync()
