"""Small dialogs: confirm quitting, and choose where to export the game record."""

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label


class QuitScreen(ModalScreen[bool]):
    """Quit? The game is saved after every action, so nothing is lost."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Quit"),
        Binding("n,escape", "answer(False)", "Keep playing"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("Quit Chinese Ten?", id="dialog-title")
            yield Label("The game is saved; chinese-ten play --resume continues it.")
            with Horizontal(id="dialog-buttons"):
                yield Button("Quit (y)", id="yes", variant="error")
                yield Button("Keep playing (n)", id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class ExportScreen(ModalScreen[Path | None]):
    """Ask for a file name for the game record."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, default: Path) -> None:
        super().__init__()
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("Export the game record to:", id="dialog-title")
            yield Input(value=str(self.default), id="export-path")
            yield Label("Enter to write, Esc to cancel")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self.dismiss(Path(text).expanduser() if text else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
