"""Small dialogs: continue a saved game, confirm quitting, where to write a record, replacing."""

from pathlib import Path
from typing import ClassVar, Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from chinese_ten.files import shown
from chinese_ten.game_flow import SavedGame
from chinese_ten.names import unsafe, visible

QuitChoice = Literal["quit", "stay", "copy"]
OpeningChoice = Literal["continue", "new"]


class ContinueScreen(ModalScreen[OpeningChoice | None]):
    """An unfinished game is saved: continue it, or start a new one (the old one is kept)?

    Asked before anything else, so that starting a game never puts one away unseen.
    Enter continues (the focused button); Esc quits and leaves the save as it is.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "answer('continue')", "Continue it"),
        Binding("n", "answer('new')", "New game"),
        Binding("escape", "answer('quit')", "Quit"),
    ]

    def __init__(self, saved: SavedGame) -> None:
        super().__init__()
        self.saved = saved

    def compose(self) -> ComposeResult:
        saved = self.saved
        done = saved.deals_finished
        if saved.deals_planned is None:
            progress = f"{done} deal{'' if done == 1 else 's'} finished"
        else:
            progress = f"{done} of {saved.deals_planned} deals finished"
        first, second = saved.names
        with Vertical(id="dialog"):
            yield Label("Continue the unfinished game?", id="dialog-title")
            yield Label(Text(f"{first} v {second}, {progress}, is saved in {shown(saved.path)}."))
            yield Label("A new game keeps it in the archive folder.")
            with Horizontal(id="dialog-buttons"):
                yield Button("Continue it (c)", id="continue", variant="primary")
                yield Button("New game (n)", id="new")

    def on_mount(self) -> None:
        self.query_one("#continue", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id or "quit")

    def action_answer(self, answer: str) -> None:
        self.dismiss("continue" if answer == "continue" else "new" if answer == "new" else None)


class QuitScreen(ModalScreen[QuitChoice]):
    """Quit? Says whether the game is saved; when it is not, offers to save a copy elsewhere."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer('quit')", "Quit"),
        Binding("n,escape", "answer('stay')", "Keep playing"),
        Binding("s", "answer('copy')", "Save a copy"),
    ]

    def __init__(self, unsaved: str | None = None, *, dealt: bool = True) -> None:
        super().__init__()
        self.unsaved = unsaved
        """Why the game is not saved (None: it is)."""
        self.dealt = dealt
        """False before the first deal: there is nothing to save, so nothing is claimed saved."""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("Quit Chinese Ten?", id="dialog-title")
            if self.unsaved is None and not self.dealt:
                yield Label("Nothing has been dealt yet, so there is nothing to save.")
            elif self.unsaved is None:
                yield Label("The game is saved; chinese-ten play --resume continues it.")
            else:
                yield Label(
                    Text(f"The game is NOT saved: {self.unsaved}.", style="bold"),
                    id="dialog-warning",
                )
                yield Label("Save a copy of it elsewhere before you quit?")
            with Horizontal(id="dialog-buttons"):
                if self.unsaved is not None:
                    yield Button("Save a copy (s)", id="copy", variant="primary")
                quit_label = "Quit (y)" if self.unsaved is None else "Quit, lose it (y)"
                yield Button(quit_label, id="quit", variant="error")
                yield Button("Keep playing (n)", id="stay", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#stay" if self.unsaved is None else "#copy", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id or "stay")

    def action_answer(self, answer: str) -> None:
        if answer == "copy" and self.unsaved is None:
            return
        self.dismiss("quit" if answer == "quit" else "copy" if answer == "copy" else "stay")


class ExportScreen(ModalScreen[Path | None]):
    """Ask for a file name for the game record; ``note`` says what the file will hold."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self, default: Path, note: str = "", title: str = "Export the game record to:"
    ) -> None:
        super().__init__()
        self.default = default
        self.note = note
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(self.title_text, id="dialog-title")
            if self.note:
                yield Label(Text(self.note), id="dialog-note")
            yield Input(value=self._default_text, id="export-path")
            yield Label("Enter to write, Esc to cancel")

    @property
    def _default_text(self) -> str:
        """The default path as the field shows it: a control character as an escape."""
        return visible(str(self.default))

    def on_input_changed(self, event: Input.Changed) -> None:
        """A pasted control character (ESC...) is left out at once, so it never reaches the
        terminal through the field (as on the start screen)."""
        kept = "".join(c for c in event.value if not unsafe(c))
        if kept != event.value:
            event.input.value = kept

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if text == self._default_text.strip():  # the default, unchanged: its real path
            self.dismiss(self.default)
            return
        self.dismiss(Path(text).expanduser() if text else None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplaceScreen(ModalScreen[bool]):
    """The file exists: replace it? No is the default, and Esc says no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Replace"),
        Binding("n,escape", "answer(False)", "Keep it"),
    ]

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("Replace the file?", id="dialog-title")
            yield Label(Text(f"{shown(self.path)} exists; replacing it loses what it holds."))
            with Horizontal(id="dialog-buttons"):
                yield Button("Replace (y)", id="yes", variant="error")
                yield Button("Keep it (n)", id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
