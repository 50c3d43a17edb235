"""Hand-over between turns: an opaque screen, so no hand can be read while seats change."""

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from chinese_ten.i18n import N_, _
from chinese_ten.tui.texts import translate_bindings
from chinese_ten.tui.widgets.keybar import KeyBar
from chinese_ten.tui.widgets.too_small import compact, too_small, too_small_text


class HandoverScreen(Screen[None]):
    """ "Pass the keyboard to Ben": shows only public events, never a hand.

    One instance is installed and shown again each turn (:meth:`prepare`), which makes the
    change of seats cheaper than building a new screen every time.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", N_("I am ready"), tooltip=N_("Show my hand")),
    ]

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="handover-box"):
            yield Static(id="handover-title")
            yield Static(id="handover-recap")
            yield Static(id="handover-ready")
        yield Static(too_small_text(self.app), id="too-small")
        yield Footer()
        yield KeyBar()  # in place of the footer on the compact board: its keys wrap

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)
        self.player = ""
        self.last_turn: list[Text] = []

    def prepare(self, player: str, last_turn: list[Text]) -> None:
        """Set the text for the next hand-over: whose turn, and the turn just played."""
        self.player = player
        self.last_turn = last_turn

    def on_screen_resume(self) -> None:
        self.set_class(compact(self.app), "-compact")
        player, last_turn = self.player, self.last_turn
        self.query_one("#handover-title", Static).update(
            Text(_("Pass the keyboard to {name}").format(name=player), style="bold")
        )
        said = _("Last turn:") if len(last_turn) <= 2 else _("Since your last turn:")
        recap = Text(said, style="dim") if last_turn else Text("")
        for line in last_turn:
            recap.append("\n  ")
            recap.append_text(line)
        recap_widget = self.query_one("#handover-recap", Static)
        recap_widget.update(recap)
        recap_widget.display = bool(last_turn)
        self.query_one("#handover-ready", Static).update(
            Text(_("{name}, press Enter when you are ready.").format(name=player))
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Below the board's size the hand-over is hidden too, and waits."""
        return not (action == "ready" and too_small(self.app))

    def on_resize(self, event: events.Resize) -> None:
        self.refresh_bindings()
        self.set_class(compact(self.app), "-compact")

    def action_ready(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        if not too_small(self.app):
            self.dismiss(None)
