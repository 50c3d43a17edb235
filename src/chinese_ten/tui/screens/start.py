"""The start screen: the two players' names."""

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

from chinese_ten.tui.glyphs import Glyphs


class StartScreen(Screen[tuple[str, str] | None]):
    """Names for both seats; Enter in the last field (or Start) begins the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Quit", show=False),  # the footer shows ^q for quitting
    ]

    def __init__(self, defaults: tuple[str, str], glyphs: Glyphs) -> None:
        super().__init__()
        self.defaults = defaults
        self._glyphs = glyphs

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="start-box"):
            yield Static(self._glyphs.title, id="title")
            yield Static(
                "Two players, one keyboard. Capture red cards: "
                "more than 105 red points wins the deal.",
                id="tagline",
            )
            yield Label("First player")
            yield Input(placeholder=self.defaults[0], id="name0", max_length=40)
            yield Label("Second player")
            yield Input(placeholder=self.defaults[1], id="name1", max_length=40)
            yield Button("Start: draw lots for the deal", id="start", variant="primary")
            yield Static("F1 shows the rules at any time.", id="start-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#name0", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "name0":
            self.query_one("#name1", Input).focus()
        else:
            self._start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._start()

    def _start(self) -> None:
        names = tuple(
            self.query_one(f"#name{k}", Input).value.strip() or self.defaults[k] for k in (0, 1)
        )
        if names[0] == names[1]:
            self.notify("The two players need different names.", severity="warning")
            return
        self.dismiss((names[0], names[1]))

    def action_cancel(self) -> None:
        self.dismiss(None)
