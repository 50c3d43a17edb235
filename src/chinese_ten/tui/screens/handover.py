"""Hand-over between turns: an opaque screen, so no hand can be read while seats change."""

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult, RenderResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Static

from chinese_ten.game.turn import Turn
from chinese_ten.lang.i18n import N_, _
from chinese_ten.tui.cardtext import describe_event
from chinese_ten.tui.frames import after_frame, decides_who_sees, pressing
from chinese_ten.tui.texts import translate_bindings
from chinese_ten.tui.widgets.keybar import KeyBar
from chinese_ten.tui.widgets.too_small import compact, too_small, too_small_text, touch


class _Title(Static):
    """The screen's title, which counts its paints: a frame written after one shows it."""

    paints = 0

    def render(self) -> RenderResult:
        self.paints += 1
        return super().render()


class HandoverScreen(Screen[None]):
    """ "Pass the keyboard to Ben": shows only public events, never a hand.

    What it says comes from the turn's :attr:`~chinese_ten.game.turn.Turn.handover`; only Enter
    (or a click) ends it, and only once it has been in sight a moment (the turn's
    guard), so a double tap never shows the next hand. One instance is installed and shown
    again each turn, which makes the change of seats cheaper than a new screen every time.
    """

    # Its box and title: app.tcss (shared with the start and cut screens).
    DEFAULT_CSS = """
    #handover-recap {
        margin: 1 0;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", N_("I am ready"), tooltip=N_("Show my hand")),
    ]

    def __init__(self, turn: Turn) -> None:
        super().__init__()
        translate_bindings(self)
        self.turn = turn
        decides_who_sees(self)

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="handover-box"):
            yield _Title(id="handover-title")
            yield Static(id="handover-recap")
            yield Static(id="handover-ready")
        yield Static(too_small_text(self.app), id="too-small")
        yield KeyBar()  # as on the board (at the compact board's sizes its keys wrap)

    def on_screen_resume(self) -> None:
        self.set_class(compact(self.app), "-compact")
        handover, flow = self.turn.handover, self.turn.flow
        if handover is None:
            return
        names = flow.names
        player = names[handover.seat]
        self.query_one("#handover-title", Static).update(
            Text(_("Pass the keyboard to {name}").format(name=player), style="bold")
        )
        since = handover.since
        if handover.first:
            said = _("Since the deal began:")
        else:
            said = _("Last turn:") if len(since) <= 2 else _("Since your last turn:")
        recap = Text(said, style="dim") if since else Text("")
        shown = flow.options.display
        for event in since:
            recap.append("\n  ")
            recap.append_text(
                describe_event(
                    event,
                    names,
                    symbols=shown.symbols and not shown.ascii,
                    four_color=shown.four_color,
                )
            )
        recap_widget = self.query_one("#handover-recap", Static)
        recap_widget.update(recap)
        recap_widget.display = bool(since)
        self.query_one("#handover-ready", Static).update(
            Text(
                (
                    _("{name}, tap I am ready when you are.")
                    if touch(self.app)
                    else _("{name}, press Enter when you are ready.")
                ).format(name=player)
            )
        )
        # The guard counts from the first frame that shows this hand-over (not the last one).
        title = self.query_one("#handover-title", _Title)
        painted = title.paints
        title.refresh()
        after_frame(self, self.turn.handover_drawn, shows=lambda: title.paints != painted)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Below the board's size the hand-over is hidden too, and waits."""
        return not (action == "ready" and too_small(self.app))

    def on_resize(self, event: events.Resize) -> None:
        self.refresh_bindings()
        self.set_class(compact(self.app), "-compact")

    def action_ready(self) -> None:
        if self.turn.ready():
            self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        """A click or a tap anywhere is Enter (with the same guard: a double tap on the last
        card never shows the next hand)."""
        if not too_small(self.app):
            with pressing(event.time):
                self.action_ready()
