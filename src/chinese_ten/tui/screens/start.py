"""The start screen: how many play (a standard variant's seat count) and, seat by seat, a
person at this keyboard (with a name) or the computer at a level; names checked by the one
rule for names."""

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Static

from chinese_ten.engine.errors import PlayerNameError
from chinese_ten.engine.variant import MOST_SEATS, SEAT_COUNTS, variant
from chinese_ten.lang.i18n import N_, _, ngettext
from chinese_ten.players.levels import LEVELS  # in the order the start screen offers them
from chinese_ten.text.names import MAX_NAME_LENGTH, check_name, check_names, unsafe, why_refused
from chinese_ten.text.wording import level_name, seat_default
from chinese_ten.tui.glyphs import Glyphs
from chinese_ten.tui.texts import translate_bindings
from chinese_ten.tui.widgets.controls import ListChoice, OptionRow, PushButton
from chinese_ten.tui.widgets.keybar import KeyBar
from chinese_ten.tui.widgets.too_small import touch

PERSON = "person"
"""The value of a seat's choice for a person at this keyboard (the others are levels)."""
_SEAT_LABEL = N_("Seat {number}")


def _offered(computer: tuple[str | None, ...]) -> list[str | None]:
    """The table a start screen offers for ``computer`` (each seat's level, None for a
    person): two people if it is not a table of a standard seat count with a person."""
    offered = [level if level in LEVELS else None for level in computer][:MOST_SEATS]
    if len(offered) not in SEAT_COUNTS or all(level is not None for level in offered):
        return [None, None]
    return offered


def _who_options() -> list[tuple[str, str]]:
    """A seat's choices: a person here, or the computer at each level."""
    computer = [
        (_("the computer, {level}").format(level=level_name(level)), level) for level in LEVELS
    ]
    return [(_("a person here"), PERSON), *computer]


class StartScreen(Screen[None]):
    """Who plays, and the names; Enter in the last person's field (or Start) begins the game.

    A row a seat: who sits there (a person at this keyboard, or the computer at a level) and
    the person's name; a computer's row shows the computer's name. Any mix is allowed, as
    long as one person plays. What the command line asked for (``--vs``, ``--seat``,
    ``--players``) is the table offered first; a seat added by raising the count takes the
    choice of the seat before it.

    The choice goes up as a message, not as the screen's result: this is the app's first
    screen (its default one, which cannot be dismissed) when the names are asked at start.

    When a saved game may be waiting (``holding``), the fields take no input until the app
    has looked (:meth:`ready`): otherwise a name typed meanwhile would answer the question
    about the saved game. Letters typed while it looks are held, and go into the first
    person's field when no question comes."""

    CSS_PATH = "start.tcss"

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
        computer: tuple[str | None, ...] = (None, None),
        typed: tuple[str | None, ...] = (),
    ) -> None:
        """``computer``: the table offered first, each seat's level (None for a person);
        ``typed``: the names in its people's fields (the game just played)."""
        super().__init__()
        translate_bindings(self)
        self.holding = holding
        """The fields wait for :meth:`ready`: the app is looking for a saved game."""
        self.held = ""
        """What was typed while holding."""
        offered = _offered(computer)
        self.seats = len(offered)
        """How many play."""
        self.who: list[str | None] = offered + [offered[-1]] * (MOST_SEATS - len(offered))
        """Each row's choice (a row a seat of the largest table), the level or None for a
        person; rows past :attr:`seats` keep theirs for when the count goes up."""
        self._cleaned: str | None = None
        """The value just written back without its control characters (not a new edit)."""
        self._full_seat: int | None = None
        """The seat whose field is full, said under the fields while it has the focus."""
        self._glyphs = glyphs
        self._names_offered = typed
        self._names_for_rows: dict[int, str] = {}
        """Names offered for seats whose rows are not made yet (see :meth:`_add_rows`)."""

    def choose_table(self, typed: tuple[str | None, ...], computer: tuple[str | None, ...]) -> None:
        """Offer the table just played: its seats, who sits in each (a person or the
        computer at its level) and the names the people typed (None: the default)."""
        offered = _offered(computer)
        self.who = offered + [offered[-1]] * (MOST_SEATS - len(offered))
        for seat in range(MOST_SEATS):
            self._choose(seat, self.who[seat])
        self.seats = len(offered)
        self.query_one("#count", OptionRow).choose(SEAT_COUNTS.index(self.seats), say=False)
        rows = self._rows()
        for seat in range(self.seats):
            name = typed[seat] if seat < len(typed) and offered[seat] is None else None
            # a name from a save: cut to a field's length; control characters are left out
            # (and said) as for a paste
            value = (name or "")[:MAX_NAME_LENGTH]
            if seat < rows:
                self.query_one(f"#name{seat}", Input).value = value
            else:
                self._names_for_rows[seat] = value  # its row is made with it
        self._say("")
        self._show_choice()

    @property
    def computer(self) -> tuple[str | None, ...]:
        """Each seat's computer level as chosen now (None for a person)."""
        return tuple(self.who[: self.seats])

    @property
    def people(self) -> tuple[int, ...]:
        """The seats of the people at this keyboard, in order."""
        return tuple(seat for seat, level in enumerate(self.computer) if level is None)

    @property
    def defaults(self) -> tuple[str, ...]:
        """Each seat's default name at the table chosen now."""
        computer = self.computer
        return tuple(seat_default(seat, computer) for seat in range(self.seats))

    def compose(self) -> ComposeResult:
        glyphs = self._glyphs
        with Center(), Vertical(id="start-box"):
            yield Static(f"{_('Chinese Ten')} {glyphs.sep} {glyphs.chinese}", id="title")
            yield Static(id="tagline")
            with Horizontal(classes="choice-row"):
                yield Static(_("Players"), classes="choice-label")
                yield OptionRow(
                    [str(count) for count in SEAT_COUNTS],
                    index=SEAT_COUNTS.index(self.seats),
                    ascii_only=glyphs.ascii,
                    id="count",
                    disabled=self.holding,
                )
            with Vertical(id="seats"):
                # The rows of the seats past the count offered come after the first frame
                # (see on_mount): fewer widgets to style before it.
                for seat in range(self.seats):
                    yield self._row(seat)
            problem = Static(id="name-problem")
            problem.display = False  # shown only while a name is refused
            yield problem
            # While a saved game is looked for, this line stands where Start will be: the
            # screen does not look ready before the question about it comes.
            waiting = Static(_("Looking for a saved game…"), id="start-wait")
            waiting.display = self.holding
            yield waiting
            start = PushButton(
                _("Start: draw lots for the deal"),
                ascii_only=glyphs.ascii,
                id="start",
                disabled=self.holding,
            )
            start.display = not self.holding
            yield start
            hint = (
                _("The Rules button below shows the rules at any time.")
                if touch(self.app)
                else _("F1 shows the rules at any time.")
            )
            yield Static(hint, id="start-hint")
        yield KeyBar()  # not Footer, whose widget per key slows the first frame

    def _row(self, seat: int) -> Horizontal:
        """Seat ``seat``'s row: who sits there, and the person's name or the computer's."""
        holding, tall = self.holding, touch(self.app)
        return Horizontal(
            Static(_(_SEAT_LABEL).format(number=seat + 1), classes="choice-label"),
            ListChoice(
                _who_options(),
                value=self.who[seat] or PERSON,
                tall=tall,
                ascii_only=self._glyphs.ascii,
                id=f"who{seat}",
                disabled=holding,
            ),
            Input(
                self._names_for_rows.pop(seat, ""),
                id=f"name{seat}",
                max_length=MAX_NAME_LENGTH,
                compact=not tall,
                disabled=holding,
            ),
            Static(id=f"computer{seat}", classes="computer-name"),
            classes="seat-row",
            id=f"row{seat}",
        )

    def _rows(self) -> int:
        """How many seats' rows are in place (mounted)."""
        return len(self.query(".seat-row"))

    async def _add_rows(self) -> None:
        """The rows of the seats past the count first offered, for when it goes up; meanwhile
        the screen draws the rows it has."""
        present = self._rows()
        await self.query_one("#seats").mount_all(self._row(s) for s in range(present, MOST_SEATS))
        added = list(self.query(".seat-row"))[present:]
        for row in added:
            for widget in (*row.query(Input).results(Input), *row.query(ListChoice).results()):
                widget.disabled = self.holding
        self._show_choice()

    def on_mount(self) -> None:
        self.call_after_refresh(self._add_rows)
        if self._names_offered:
            self.choose_table(self._names_offered, self.computer)
        self._show_choice()
        if not self.holding:
            self._first_field().focus()

    def _first_field(self) -> Input:
        return self.query_one(f"#name{self.people[0]}", Input)

    def _show_choice(self) -> None:
        """Draw the rows for the table chosen: a person's row has a name field (its
        placeholder the seat's default name), a computer's row the computer's name."""
        tagline = (
            _("Capture red cards: more than {base} red points wins the deal.")
            if self.seats == 2
            else _("Capture the cards that score: above {base} points is a good deal.")
        ).format(base=variant(self.seats).base)
        self.query_one("#tagline", Static).update(tagline)
        defaults = self.defaults
        for seat in range(self._rows()):
            self.query_one(f"#row{seat}").display = seat < self.seats
            if seat >= self.seats:
                continue
            person = self.who[seat] is None
            field = self.query_one(f"#name{seat}", Input)
            field.display = person
            field.placeholder = defaults[seat]
            computer = self.query_one(f"#computer{seat}", Static)
            computer.display = not person
            computer.update(Text(defaults[seat]))  # a name, never markup

    def on_option_row_changed(self, event: OptionRow.Changed) -> None:
        """How many play changed (by key or click)."""
        event.stop()
        self.seats = SEAT_COUNTS[event.index]
        if not self.people:  # the rows left were all computers: the first becomes a person
            self._choose(0, None)
        self._say("")
        self._show_choice()

    def on_list_choice_changed(self, event: ListChoice.Changed) -> None:
        """A seat's choice changed: a person, or the computer at a level. A seat added later
        by raising the count takes the choice of the last seat changed."""
        event.stop()
        seat = int((event.choice.id or "who0").removeprefix("who"))
        level = None if event.value == PERSON else str(event.value)
        if self.who[seat] == level:
            return
        self.who[seat] = level
        for later in range(self.seats, MOST_SEATS):
            self._choose(later, level)
        self._say("")
        self._show_choice()

    def _choose(self, seat: int, level: str | None) -> None:
        """Set row ``seat``'s choice (its list choice follows, quietly)."""
        self.who[seat] = level
        if seat >= self._rows():
            return  # its row is made with it
        self.query_one(f"#who{seat}", ListChoice).choose(level or PERSON)

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
        self.query_one("#start", PushButton).display = True
        for widget in (
            *self.query(Input).results(Input),
            *self.query(ListChoice).results(),
            self.query_one("#start", PushButton),
            self.query_one("#count", OptionRow),
        ):
            widget.disabled = False
        self._show_choice()
        first = self._first_field()
        if keep_typed and self.held:
            first.insert_text_at_cursor(self.held)
        self.held = ""
        first.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter goes to the next person's field, and in the last one starts the game."""
        seat = int((event.input.id or "name0").removeprefix("name"))
        later = [other for other in self.people if other > seat]
        if not later:
            self._start()
        elif self._check(seat) is not None:
            self.query_one(f"#name{later[0]}", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        """A paste may bring control characters: they are left out at once, and said so, so
        they never reach the terminal through the field."""
        if event.value == self._cleaned:
            self._cleaned = None
            return
        kept = "".join(c for c in event.value if not unsafe(c))
        seat = int((event.input.id or "name0").removeprefix("name"))
        if kept == event.value:
            # The field takes no more: said, as a key that does nothing says nothing.
            full = len(kept) >= MAX_NAME_LENGTH and event.input.has_focus
            self._say(self._full_note(seat) if full else "", error=False)
            self._full_seat = seat if full else None
            return
        why = why_refused(next(c for c in event.value if unsafe(c)))
        who = _(_SEAT_LABEL).format(number=seat + 1)
        self._say(_("{who}: {problem}; it was left out.").format(who=who, problem=why))
        self._cleaned = kept
        event.input.value = kept

    def _full_note(self, seat: int) -> str:
        who = _(_SEAT_LABEL).format(number=seat + 1)
        return ngettext(
            "{who}: a name has at most {most} character.",
            "{who}: a name has at most {most} characters.",
            MAX_NAME_LENGTH,
        ).format(who=who, most=MAX_NAME_LENGTH)

    def on_input_blurred(self, event: Input.Blurred) -> None:
        """A name longer than its field shows from its start once the field is left (the
        field stays scrolled to where its cursor was, the name's end)."""
        event.input.scroll_to(x=0, animate=False, immediate=True)
        if event.input.id == f"name{self._full_seat}":  # the note was of this field
            self._say("")
            self._full_seat = None

    def on_push_button_pressed(self, event: PushButton.Pressed) -> None:
        self._start()

    def _check(self, seat: int) -> str | None:
        """Seat ``seat``'s name (its default if left empty), or None after saying why not."""
        widget = self.query_one(f"#name{seat}", Input)
        try:
            return check_name(widget.value.strip() or self.defaults[seat])
        except PlayerNameError as error:
            who = _(_SEAT_LABEL).format(number=seat + 1)
            self._say(_("{who}: {problem}.").format(who=who, problem=error))
            widget.focus()
            return None

    def _say(self, problem: str, *, error: bool = True) -> None:
        """Show why a name is refused under the fields (as plain text: never markup); not
        ``error``: a note of the field's limit, not in the colour of a refusal."""
        widget = self.query_one("#name-problem", Static)
        widget.update(Text(problem, style="bold red" if error else "bold"))
        widget.display = bool(problem)

    def _start(self) -> None:
        people = self.people
        if not people:
            self._say(_("At least one seat is a person at this keyboard."))
            return
        names: list[str] = []
        for seat in range(self.seats):
            name = self.defaults[seat] if seat not in people else self._check(seat)
            if name is None:
                return
            names.append(name)
        try:
            check_names(names)
        except PlayerNameError as error:
            reason = str(error)
            self._say(f"{reason[:1].upper()}{reason[1:]}.")
            self.query_one(f"#name{people[-1]}", Input).focus()
            return
        typed = tuple(self._typed(seat, names[seat]) for seat in range(self.seats))
        self.post_message(self.Chosen(typed, self.computer))

    def _typed(self, seat: int, name: str) -> str | None:
        """``name`` if the person in ``seat`` typed it; None for a default (an empty field,
        or a computer's seat)."""
        if self.who[seat] is not None:
            return None
        return name if self.query_one(f"#name{seat}", Input).value.strip() else None

    def action_cancel(self) -> None:
        self.post_message(self.Chosen(None))
