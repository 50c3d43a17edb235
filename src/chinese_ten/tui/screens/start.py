"""The start screen: the two players' names, checked by the one rule for names."""

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from chinese_ten.errors import PlayerNameError
from chinese_ten.i18n import N_, _
from chinese_ten.names import MAX_NAME_LENGTH, check_name, check_names, unsafe, why_refused
from chinese_ten.tui.glyphs import Glyphs
from chinese_ten.tui.texts import translate_bindings
from chinese_ten.tui.widgets.keybar import KeyBar


class StartScreen(Screen[None]):
    """Names for both seats; Enter in the last field (or Start) begins the game.

    The choice goes up as a message, not as the screen's result: this is the app's first
    screen (its default one, which cannot be dismissed) when the names are asked at start.

    When a saved game may be waiting (``holding``), the fields take no input until the app
    has looked (:meth:`ready`): otherwise a name typed meanwhile would answer the question
    about the saved game. Letters typed while it looks are held, and go into the first field
    when no question comes."""

    class Chosen(Message):
        """The names to play under, None for a field left empty (the seat's default name,
        which follows the language); None when the person leaves instead."""

        def __init__(self, names: tuple[str | None, str | None] | None) -> None:
            super().__init__()
            self.names = names

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Quit"), show=False),  # the footer shows ^q for quitting
        Binding("f2", "app.history", N_("History")),
    ]

    def __init__(self, defaults: tuple[str, str], glyphs: Glyphs, *, holding: bool = False) -> None:
        super().__init__()
        translate_bindings(self)
        self.holding = holding
        """The fields wait for :meth:`ready`: the app is looking for a saved game."""
        self.held = ""
        """What was typed while holding."""
        self.defaults = defaults
        self._cleaned: str | None = None
        """The value just written back without its control characters (not a new edit)."""
        self._glyphs = glyphs

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="start-box"):
            glyphs = self._glyphs
            yield Static(f"{_('Chinese Ten')} {glyphs.sep} {glyphs.chinese}", id="title")
            yield Static(
                _(
                    "Two players, one keyboard. Capture red cards: "
                    "more than 105 red points wins the deal."
                ),
                id="tagline",
            )
            waiting = Static(_("Looking for a saved game…"), id="start-wait")
            waiting.display = self.holding
            yield waiting
            yield Label(_("First player"))
            yield Input(
                placeholder=self.defaults[0],
                id="name0",
                max_length=MAX_NAME_LENGTH,
                disabled=self.holding,
            )
            yield Label(_("Second player"))
            yield Input(
                placeholder=self.defaults[1],
                id="name1",
                max_length=MAX_NAME_LENGTH,
                disabled=self.holding,
            )
            problem = Static(id="name-problem")
            problem.display = False  # shown only while a name is refused
            yield problem
            yield Button(
                _("Start: draw lots for the deal"),
                id="start",
                variant="primary",
                disabled=self.holding,
            )
            yield Static(_("F1 shows the rules at any time."), id="start-hint")
        yield KeyBar()  # not Footer, whose widget per key costs the first frame ~15 ms

    def on_mount(self) -> None:
        if not self.holding:
            self.query_one("#name0", Input).focus()

    def on_key(self, event: events.Key) -> None:
        """While holding, a key is kept (a letter) or dropped, never acted on: ``q`` typed
        for a name must not ask to quit."""
        if not self.holding or event.key in ("ctrl+q", "ctrl+c", "escape"):
            return
        if event.is_printable and event.character is not None:
            self.held = (self.held + event.character)[:MAX_NAME_LENGTH]
        event.stop()
        event.prevent_default()

    def ready(self, *, keep_typed: bool) -> None:
        """The app has looked for a saved game: the fields take input. ``keep_typed``: no
        question came between, so what was typed meanwhile was meant for the first field."""
        if not self.holding:
            return
        self.holding = False
        self.query_one("#start-wait").display = False
        for widget in (*self.query(Input).results(Input), self.query_one("#start", Button)):
            widget.disabled = False
        first = self.query_one("#name0", Input)
        if keep_typed and self.held:
            first.insert_text_at_cursor(self.held)
        self.held = ""
        first.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "name0":
            if self._check(0) is not None:
                self.query_one("#name1", Input).focus()
        else:
            self._start()

    def on_input_changed(self, event: Input.Changed) -> None:
        """A paste may bring control characters: they are left out at once, and said so, so
        they never reach the terminal through the field."""
        if event.value == self._cleaned:
            self._cleaned = None
            return
        kept = "".join(c for c in event.value if not unsafe(c))
        if kept == event.value:
            self._say("")
            return
        seat = 0 if event.input.id == "name0" else 1
        why = why_refused(next(c for c in event.value if unsafe(c)))
        self._say(
            (
                _("First player: {problem}; it was left out.")
                if seat == 0
                else _("Second player: {problem}; it was left out.")
            ).format(problem=why)
        )
        self._cleaned = kept
        event.input.value = kept

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._start()

    def _check(self, seat: int) -> str | None:
        """Seat ``seat``'s name (the default if left empty), or None after saying why not."""
        field = self.query_one(f"#name{seat}", Input)
        try:
            return check_name(field.value.strip() or self.defaults[seat])
        except PlayerNameError as error:
            self._say(
                (
                    _("First player: {problem}.") if seat == 0 else _("Second player: {problem}.")
                ).format(problem=error)
            )
            field.focus()
            return None

    def _say(self, problem: str) -> None:
        """Show why a name is refused under the fields (as plain text: never markup)."""
        widget = self.query_one("#name-problem", Static)
        widget.update(Text(problem, style="bold red"))
        widget.display = bool(problem)

    def _start(self) -> None:
        first = self._check(0)
        second = None if first is None else self._check(1)
        if first is None or second is None:
            return
        try:
            check_names((first, second))
        except PlayerNameError as error:
            reason = str(error)
            self._say(f"{reason[:1].upper()}{reason[1:]}.")
            self.query_one("#name1", Input).focus()
            return
        typed = (self._typed(0, first), self._typed(1, second))
        self.post_message(self.Chosen(typed))

    def _typed(self, seat: int, name: str) -> str | None:
        """``name`` if the person typed it; None for a field left empty (the default)."""
        return name if self.query_one(f"#name{seat}", Input).value.strip() else None

    def action_cancel(self) -> None:
        self.post_message(self.Chosen(None))
