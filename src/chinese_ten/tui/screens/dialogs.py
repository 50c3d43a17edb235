"""Small dialogs: continue a saved game, confirm quitting, where to write a record, replacing.

A yes/no question is answered with the language's own letters ("o" for oui, "s" for sim)
as well as y and n, and its buttons show the language's letters: those keys are bound per
dialog when it is built, since the language is chosen after the classes are.
"""

from pathlib import Path
from typing import ClassVar, Final, Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from chinese_ten.game.flow import SavedGame
from chinese_ten.game.turn import Guard
from chinese_ten.lang import i18n
from chinese_ten.lang.i18n import N_, _, folded, ngettext
from chinese_ten.players.levels import LEVELS
from chinese_ten.store.files import shown
from chinese_ten.text.names import unsafe, visible
from chinese_ten.text.wording import level_name
from chinese_ten.tui.screens.guarded import arm, deliberate
from chinese_ten.tui.texts import bind, translate_bindings
from chinese_ten.tui.widgets.keybar import KeyBar
from chinese_ten.tui.widgets.too_small import touch

QuitChoice = Literal["quit", "stay", "copy"]
OpeningChoice = Literal["continue", "new"]

YES_KEYS: Final = {"en": "y", "fr": "o", "pt": "s"}
"""The key that says yes in each language (oui, sim); y says yes in every one, n says no."""
COPY_KEYS: Final = {"en": "s", "fr": "s", "pt": "g"}
"""The key that saves a copy (save, sauvegarder, guardar): in Portuguese s is sim."""


def yes_key() -> str:
    """The key shown for yes in the current language."""
    return YES_KEYS[i18n.current()]


def _yes_keys(*more: str) -> str:
    """The keys that say yes now, the language's first (the one a key bar shows)."""
    return ",".join(dict.fromkeys((yes_key(), "y", *more)))


class ContinueScreen(ModalScreen[OpeningChoice | None]):
    """An unfinished game is saved: continue it, or start a new one (the old one is kept)?

    Asked before anything else, so that starting a game never puts one away unseen.
    Enter continues (the focused button); Esc quits and leaves the save as it is, or in a
    browser goes back to the start screen (a page's dialog closes on Esc).
    """

    CSS_PATH = "dialogs.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "answer('continue')", N_("Continue it")),
        Binding("n", "answer('new')", N_("New game")),
        Binding("escape", "answer('quit')", N_("Quit")),
        Binding("escape", "answer('back')", N_("Back")),
        # Enter answers with the focused button here, not through it: so the guard reads when
        # the key was pressed (a button's own Enter is handled later, as a message).
        Binding("enter", "answer_focused", show=False, priority=True),
    ]

    def __init__(self, saved: SavedGame, guard: float = 0.0, *, browser: bool = False) -> None:
        """``guard``: seconds after it is drawn before a key answers (see ``Guard``);
        ``browser``: Esc closes the question (back to the start screen), as a page's dialog
        closes, instead of quitting."""
        super().__init__()
        self.browser = browser
        bind(self, _yes_keys(), "answer('continue')", N_("Continue it"))
        translate_bindings(self)
        self.saved = saved
        self._guard = Guard(guard)

    def compose(self) -> ComposeResult:
        saved = self.saved
        path = None if self.app.is_web else shown(saved.path)  # a server's path is not theirs
        where = _where(
            saved.table.opponents(), saved.deals_finished, saved.table.deals_planned, path
        )
        with Vertical(id="dialog"):
            yield Label(_("Continue the unfinished game?"), id="dialog-title")
            yield Label(Text(where))
            if saved.differences:
                yield Label(
                    Text(_("You asked for another game than this one:"), style="bold"),
                    id="dialog-warning",
                )
                for line in saved.differences:  # a bullet, and the wrapped lines hang
                    with Horizontal(classes="dialog-difference"):
                        yield Label(folded("•"), classes="dialog-bullet")
                        yield Label(Text(line))
                yield Label(
                    _("Continue plays it as it was saved; a new game is the one you asked for.")
                )
            for line in saved.assumed:
                yield Label(Text(_("Assumed: {what}.").format(what=line)))
            if not self.app.is_web:
                yield Label(_("A new game keeps it in the archive folder."))
            fingers = touch(self.app)  # a finger has no keys to be told of
            with Horizontal(id="dialog-buttons"):
                label = _("Continue it") if fingers else _("Continue it (c)")
                yield Button(label, id="continue", variant="primary")
                yield Button(_("New game") if fingers else _("New game (n)"), id="new")
        yield KeyBar()  # its own keys, over the start screen's (which wait behind it)

    def on_mount(self) -> None:
        self.query_one("#continue", Button).focus()
        arm(self, self._guard)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc quits in a terminal; in a browser it goes back (closes the question)."""
        if action == "answer" and parameters in (("quit",), ("back",)):
            return (parameters == ("back",)) == self.browser
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id or "quit")

    def action_answer_focused(self) -> None:
        """Enter: the focused button's answer."""
        focused = self.focused
        if isinstance(focused, Button) and focused.id in ("continue", "new"):
            self.action_answer(focused.id)

    def action_answer(self, answer: str) -> None:
        """``continue``, ``new``; ``quit`` and ``back`` (Esc) are None: the app quits, or in
        a browser shows the start screen again."""
        if answer not in ("quit", "back") and not deliberate(self._guard):
            return  # a key still held from the screen before is no answer
        self.dismiss("continue" if answer == "continue" else "new" if answer == "new" else None)


def _where(opponents: str, done: int, planned: int | None, path: str | None) -> str:
    """The saved game in one sentence: who plays, how far, and where it is saved (``path``
    None in a browser tab)."""
    if planned is None and path is None:
        where = ngettext(
            "{opponents}, {done} deal finished, is saved.",
            "{opponents}, {done} deals finished, is saved.",
            done,
        )
    elif planned is None:
        where = ngettext(
            "{opponents}, {done} deal finished, is saved in {path}.",
            "{opponents}, {done} deals finished, is saved in {path}.",
            done,
        )
    elif path is None:
        where = ngettext(
            "{opponents}, {done} of {planned} deals finished, is saved.",
            "{opponents}, {done} of {planned} deals finished, is saved.",
            done,
        )
    else:
        where = ngettext(
            "{opponents}, {done} of {planned} deals finished, is saved in {path}.",
            "{opponents}, {done} of {planned} deals finished, is saved in {path}.",
            done,
        )
    return where.format(opponents=opponents, done=done, planned=planned, path=path)


class QuitScreen(ModalScreen[QuitChoice]):
    """Quit? Says whether the game is saved; when it is not, offers to save a copy elsewhere."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,escape", "answer('stay')", N_("Keep playing")),
    ]

    def __init__(
        self, unsaved: str | None = None, *, dealt: bool = True, over: bool = False
    ) -> None:
        super().__init__()
        bind(self, self.quit_keys(unsaved), "answer('quit')", N_("Quit"))
        bind(self, COPY_KEYS[i18n.current()], "answer('copy')", N_("Save a copy"))
        translate_bindings(self)
        self.unsaved = unsaved
        """Why the game is not saved (None: it is)."""
        self.dealt = dealt
        """False before the first deal: there is nothing to save, so nothing is claimed saved."""
        self.over = over
        """The series is over: nothing is left to continue (the history has it)."""

    @staticmethod
    def quit_keys(unsaved: str | None) -> str:
        """The keys that quit. When quitting loses the game, no letter that saves a copy in
        any language quits (Portuguese's yes, s, is save in English and French), so a habit
        from another language never loses a game."""
        keys = _yes_keys().split(",")
        if unsaved is not None:
            keys = [key for key in keys if key not in COPY_KEYS.values()]
        return ",".join(keys)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("Quit Chinese Ten?"), id="dialog-title")
            if self.unsaved is None and not self.dealt:
                yield Label(_("Nothing has been dealt yet, so there is nothing to save."))
            elif self.unsaved is None and self.over:
                yield Label(
                    _("The series is over; the history keeps it (Menu, then History).")
                    if touch(self.app)
                    else _("The series is over; the history keeps it (F2).")
                )
            elif self.unsaved is None and self.app.is_web:
                yield Label(_("The game is saved; open this page again to continue it."))
            elif self.unsaved is None:
                yield Label(_("The game is saved; chinese-ten play --resume continues it."))
            else:
                yield Label(
                    Text(
                        _("The game is NOT saved: {reason}.").format(reason=self.unsaved),
                        style="bold",
                    ),
                    id="dialog-warning",
                )
                yield Label(_("Save a copy of it elsewhere before you quit?"))
            with Horizontal(id="dialog-buttons"):
                if self.unsaved is not None:
                    copy_label = _("Save a copy ({key})").format(key=COPY_KEYS[i18n.current()])
                    yield Button(copy_label, id="copy", variant="primary")
                quit_label = (
                    _("Quit ({key})") if self.unsaved is None else _("Quit, lose it ({key})")
                )
                key = self.quit_keys(self.unsaved).split(",")[0]
                yield Button(quit_label.format(key=key), id="quit", variant="error")
                stay_label = (
                    _("Keep playing (n)") if self.dealt and not self.over else _("Stay (n)")
                )
                yield Button(stay_label, id="stay", variant="primary")

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

    CSS_PATH = "dialogs.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, default: Path, note: str = "", title: str | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.default = default
        self.note = note
        self.title_text = _("Export the game record to:") if title is None else title

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(self.title_text, id="dialog-title")
            if self.note:
                yield Label(Text(self.note), id="dialog-note")
            yield Input(value=self._default_text, id="export-path")
            yield Label(_("Enter to write, Esc to cancel"))

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

    CSS_PATH = "dialogs.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,escape", "answer(False)", N_("Keep it")),
    ]

    def __init__(self, path: Path) -> None:
        super().__init__()
        bind(self, _yes_keys(), "answer(True)", N_("Replace"))
        translate_bindings(self)
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("Replace the file?"), id="dialog-title")
            yield Label(
                Text(
                    _("{path} exists; replacing it loses what it holds.").format(
                        path=shown(self.path)
                    )
                )
            )
            with Horizontal(id="dialog-buttons"):
                yield Button(_("Replace ({key})").format(key=yes_key()), id="yes", variant="error")
                yield Button(_("Keep it (n)"), id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


GIVE_BACK: Final = "back"
""":class:`HandScreen`'s answer for giving the seats back to their people."""
STAY: Final = "stay"


class HandScreen(ModalScreen[str]):
    """The host's seat: the computer plays the seats whose person is away, at a level chosen
    here (a digit, 1 the easiest), or (``handed``) gives them back (0); Esc changes nothing.
    Answers the level, :data:`GIVE_BACK` or :data:`STAY`."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", f"answer('{STAY}')", N_("Change nothing")),
    ]

    def __init__(self, *, handed: bool) -> None:
        super().__init__()
        for number, level in enumerate(LEVELS, start=1):
            bind(self, str(number), f"answer('{level}')", N_("The computer plays them"))
        if handed:
            bind(self, "0", f"answer('{GIVE_BACK}')", N_("Give them back"))
        translate_bindings(self)
        self.handed = handed
        """Some seats are played by the computer now: they may be given back."""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("The computer for the seats that are away"), id="dialog-title")
            yield Label(_("It plays them until you give them back. At which level?"))
            with Horizontal(id="dialog-buttons"):
                for number, level in enumerate(LEVELS, start=1):
                    label = _("{level} ({key})").format(level=level_name(level), key=number)
                    yield Button(label, id=level, variant="primary")
                if self.handed:
                    yield Button(_("Give them back (0)"), id=GIVE_BACK, variant="warning")

    def on_mount(self) -> None:
        self.query_one("#normal", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id or STAY)

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)
