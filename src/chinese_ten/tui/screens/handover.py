"""Hand-over between turns: an opaque screen, so no hand can be read while seats change."""

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static


class HandoverScreen(Screen[None]):
    """ "Pass the keyboard to Ben": shows only public events, never a hand."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", "I am ready", tooltip="Show my hand"),
    ]

    def __init__(self, player: str, last_turn: list[Text]) -> None:
        super().__init__()
        self.player = player
        self.last_turn = last_turn

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="handover-box"):
            yield Static(
                Text(f"Pass the keyboard to {self.player}", style="bold"), id="handover-title"
            )
            if self.last_turn:
                recap = Text("Last turn:\n", style="dim")
                for k, line in enumerate(self.last_turn):
                    recap.append("\n  " if k else "  ")
                    recap.append_text(line)
                yield Static(recap, id="handover-recap")
            yield Static(f"{self.player}, press Enter when you are ready.", id="handover-ready")
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)
