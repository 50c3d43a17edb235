"""The start screen: how many play (2, 3 or 4), who (people at this keyboard, or you against
the computer at a level, in the seat you choose) and the names, checked by the one rule for
names."""

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Static

from chinese_ten.cards import BASE_POINTS
from chinese_ten.errors import PlayerNameError
from chinese_ten.i18n import N_, _
from chinese_ten.names import MAX_NAME_LENGTH, check_name, check_names, unsafe, why_refused
from chinese_ten.tui.glyphs import Glyphs
from chinese_ten.tui.texts import translate_bindings
from chinese_ten.tui.widgets.keybar import KeyBar
from chinese_ten.tui_options import computer_seats
from chinese_ten.wording import level_name, seat_default

LEVELS = ("easy", "normal", "hard")
"""The computer's levels, in the order the start screen offers them."""
SEAT_COUNTS = (2, 3, 4)
_FIELD_LABELS = (N_("First player"), N_("Second player"), N_("Third player"), N_("Fourth player"))
_SEAT_WORDS = (N_("first"), N_("second"), N_("third"), N_("fourth"))


class Choice(RadioButton):
    """One option of a choice: the chosen one is marked by a dot, the others are empty, so
    the choice shows by shape and not by colour alone (``(*)`` and ``( )`` in ASCII)."""

    def __init__(self, label: str, *, value: bool = False, ascii_only: bool = False) -> None:
        super().__init__(Text(label), value=value)
        self._marks = ("*", " ") if ascii_only else ("●", " ")
        if ascii_only:
            self.BUTTON_LEFT, self.BUTTON_RIGHT = "(", ")"

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = self._marks[0] if self.value else self._marks[1]
        return super()._button


class ChoiceSet(RadioSet):
    """A row of options whose keyboard cursor starts on the option chosen (Textual's starts
    on the first): Tab into the level, and Enter keeps the level shown as chosen."""

    def on_mount(self) -> None:
        self.call_later(self._to_pressed)  # after RadioSet's own mount, which puts it first

    def _to_pressed(self) -> None:
        if self.pressed_index >= 0:
            self._selected = self.pressed_index


class StartScreen(Screen[None]):
    """Who plays, and the names; Enter in the last field (or Start) begins the game.

    The opponent is another person at this keyboard or the computer at a level; against the
    computer the person chooses a seat, and the second name field gives way to the
    computer's name. What the command line asked for (``--vs``, ``--seat``) is the choice
    offered first.

    The choice goes up as a message, not as the screen's result: this is the app's first
    screen (its default one, which cannot be dismissed) when the names are asked at start.

    When a saved game may be waiting (``holding``), the fields take no input until the app
    has looked (:meth:`ready`): otherwise a name typed meanwhile would answer the question
    about the saved game. Letters typed while it looks are held, and go into the first field
    when no question comes."""

    class Chosen(Message):
        """The names to play under, None for a field left empty (the seat's default name,
        which follows the language), and each seat's computer level (None for a person);
        ``names`` None when the person leaves instead."""

        def __init__(
            self,
            names: tuple[str | None, ...] | None,
            computer: tuple[str | None, ...] = (None, None),
        ) -> None:
            super().__init__()
            self.names = names
            self.computer = computer

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Quit"), show=False),  # the footer shows ^q for quitting
        Binding("f2", "app.history", N_("History")),
    ]

    def __init__(
        self,
        glyphs: Glyphs,
        *,
        holding: bool = False,
        vs: str | None = None,
        person_seat: int = 0,
        seats: int = 2,
    ) -> None:
        """``vs``, ``person_seat`` and ``seats``: the choice offered first (the computer's
        level, None for people; the person's seat against it; how many play)."""
        super().__init__()
        translate_bindings(self)
        self.holding = holding
        """The fields wait for :meth:`ready`: the app is looking for a saved game."""
        self.held = ""
        """What was typed while holding."""
        self.vs = vs if vs in LEVELS else None
        """The computer's level chosen, or None for another person at this keyboard."""
        self.person_seat = person_seat if self.vs is not None else 0
        """The seat the person at the keyboard takes against the computer."""
        self._level = self.vs or "hard"
        """The level offered while another person is chosen (the last one picked)."""
        self._cleaned: str | None = None
        """The value just written back without its control characters (not a new edit)."""
        self._glyphs = glyphs
        self.seats = seats if seats in SEAT_COUNTS else 2
        """How many play."""

    @property
    def computer(self) -> tuple[str | None, ...]:
        """Each seat's computer level as chosen now (None for a person)."""
        return computer_seats(self.vs, self.person_seat, self.seats)

    @property
    def field_seats(self) -> tuple[int, ...]:
        """The seat each field names: the first field is the person at the keyboard (``You``
        against the computer, in the seat chosen), then the others in seat order."""
        first = self.person_seat
        return (first, *(seat for seat in range(self.seats) if seat != first))

    @property
    def defaults(self) -> tuple[str, ...]:
        """The default name of each field (see :attr:`field_seats`)."""
        computer = self.computer
        return tuple(seat_default(seat, computer) for seat in self.field_seats)

    def compose(self) -> ComposeResult:
        glyphs = self._glyphs
        with Center(), Vertical(id="start-box"):
            yield Static(f"{_('Chinese Ten')} {glyphs.sep} {glyphs.chinese}", id="title")
            yield Static(
                _("Capture red cards: more than 105 red points wins the deal."), id="tagline"
            )
            waiting = Static(_("Looking for a saved game…"), id="start-wait")
            waiting.display = self.holding
            yield waiting
            with Horizontal(classes="choice-row"):
                yield Label(_("Players"), classes="choice-label")
                with ChoiceSet(id="count", disabled=self.holding):
                    for count in SEAT_COUNTS:
                        yield Choice(str(count), ascii_only=glyphs.ascii, value=count == self.seats)
            with Horizontal(classes="choice-row"):
                yield Label(_("Opponent"), classes="choice-label")
                with ChoiceSet(id="opponent", disabled=self.holding):
                    yield Choice(_("a person here"), ascii_only=glyphs.ascii, value=self.vs is None)
                    yield Choice(
                        _("the computer"), ascii_only=glyphs.ascii, value=self.vs is not None
                    )
            with Horizontal(classes="choice-row"):
                yield Label(_("Level"), classes="choice-label")
                with ChoiceSet(id="level", disabled=True):
                    for level in LEVELS:
                        yield Choice(
                            level_name(level), ascii_only=glyphs.ascii, value=level == self._level
                        )
            with Horizontal(classes="choice-row"):
                yield Label(_("Your seat"), classes="choice-label")
                with ChoiceSet(id="seat", disabled=True):
                    for seat, word in enumerate(_SEAT_WORDS):
                        yield Choice(
                            _(word), ascii_only=glyphs.ascii, value=self.person_seat == seat
                        )
            with Horizontal(id="names"):
                for field in range(4):
                    with Vertical(classes="name-column", id=f"column{field}"):
                        yield Label(id=f"label{field}")
                        yield Input(
                            id=f"name{field}", max_length=MAX_NAME_LENGTH, disabled=self.holding
                        )
                        if field == 1:
                            yield Static(id="computer-name")
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
        self._show_choice()
        if not self.holding:
            self.query_one("#name0", Input).focus()

    def _show_choice(self) -> None:
        """Draw the fields for the opponent chosen: against the computer, its level and the
        seat can be chosen, and its name stands where the second field was."""
        against = self.vs is not None
        for choice in ("#level", "#seat"):
            self.query_one(choice, RadioSet).disabled = self.holding or not against
        seats = list(self.query_one("#seat", RadioSet).query(RadioButton).results())
        for seat, button in enumerate(seats):
            button.display = seat < self.seats
        defaults = self.defaults
        tagline = (
            _("Capture red cards: more than 105 red points wins the deal.")
            if self.seats == 2
            else _("Capture the cards that score: above {base} points is a good deal.").format(
                base=BASE_POINTS[self.seats]
            )
        )
        self.query_one("#tagline", Static).update(tagline)
        self.query_one("#label0", Label).update(_("Your name") if against else _("First player"))
        self.query_one("#label1", Label).update(_("Against you") if against else _("Second player"))
        for field in range(4):
            column = self.query_one(f"#column{field}")
            column.display = field < (2 if against else self.seats)
            if field >= 2:
                self.query_one(f"#label{field}", Label).update(_(_FIELD_LABELS[field]))
            if field < self.seats:
                self.query_one(f"#name{field}", Input).placeholder = defaults[field]
        self.query_one("#name1", Input).display = not against
        computer = self.query_one("#computer-name", Static)
        computer.display = against
        computer.update(Text("\n".join(defaults[1:])))  # names, never markup

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        """The opponent, the level or the seat changed (by key or click)."""
        event.stop()
        choice = event.radio_set.id
        if choice == "count":
            self.seats = SEAT_COUNTS[event.index]
            if self.person_seat >= self.seats:
                self.person_seat = 0
                self.query_one("#seat", RadioSet).query(RadioButton).first().value = True
        elif choice == "opponent":
            self.vs = self._level if event.index == 1 else None
            seat = max(self.query_one("#seat", RadioSet).pressed_index, 0)
            self.person_seat = seat if self.vs is not None else 0
        elif choice == "level":
            self._level = LEVELS[event.index]
            if self.vs is not None:
                self.vs = self._level
        elif choice == "seat" and self.vs is not None:
            self.person_seat = event.index
        self._say("")
        self._show_choice()

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
        for widget in (
            *self.query(Input).results(Input),
            self.query_one("#start", Button),
            self.query_one("#opponent", RadioSet),
            self.query_one("#count", RadioSet),
        ):
            widget.disabled = False
        self._show_choice()
        first = self.query_one("#name0", Input)
        if keep_typed and self.held:
            first.insert_text_at_cursor(self.held)
        self.held = ""
        first.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        field = int((event.input.id or "name0").removeprefix("name"))
        last = 0 if self.vs is not None else self.seats - 1
        if field < last:
            if self._check(field) is not None:
                self.query_one(f"#name{field + 1}", Input).focus()
        else:
            self._start()  # the last field, or the only one against the computer

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
        field = int((event.input.id or "name0").removeprefix("name"))
        why = why_refused(next(c for c in event.value if unsafe(c)))
        who = _("Your name") if self.vs is not None else _(_FIELD_LABELS[field])
        self._say(_("{who}: {problem}; it was left out.").format(who=who, problem=why))
        self._cleaned = kept
        event.input.value = kept

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._start()

    def _check(self, field: int) -> str | None:
        """Field ``field``'s name (its default if left empty), or None after saying why not."""
        widget = self.query_one(f"#name{field}", Input)
        try:
            return check_name(widget.value.strip() or self.defaults[field])
        except PlayerNameError as error:
            who = _("Your name") if self.vs is not None else _(_FIELD_LABELS[field])
            self._say(_("{who}: {problem}.").format(who=who, problem=error))
            widget.focus()
            return None

    def _say(self, problem: str) -> None:
        """Show why a name is refused under the fields (as plain text: never markup)."""
        widget = self.query_one("#name-problem", Static)
        widget.update(Text(problem, style="bold red"))
        widget.display = bool(problem)

    def _start(self) -> None:
        against = self.vs is not None
        names: list[str] = []
        for field in range(self.seats):
            name = self.defaults[field] if against and field > 0 else self._check(field)
            if name is None:
                return
            names.append(name)
        try:
            check_names(names)
        except PlayerNameError as error:
            reason = str(error)
            self._say(f"{reason[:1].upper()}{reason[1:]}.")
            self.query_one("#name0" if against else f"#name{self.seats - 1}", Input).focus()
            return
        typed: list[str | None] = [None] * self.seats
        for field, seat in enumerate(self.field_seats):
            if field == 0 or not against:
                typed[seat] = self._typed(field, names[field])
        self.post_message(self.Chosen(tuple(typed), self.computer))

    def _typed(self, field: int, name: str) -> str | None:
        """``name`` if the person typed it; None for a field left empty (the default)."""
        return name if self.query_one(f"#name{field}", Input).value.strip() else None

    def action_cancel(self) -> None:
        self.post_message(self.Chosen(None))
