"""Light form controls, each a single widget with a few lines of CSS: :class:`OptionRow` (a
few short options side by side, one chosen), :class:`ListChoice` (one option of a list in
sight; the list opens over the screen, :class:`ListMenu`) and :class:`PushButton`.

They stand where Textual's RadioSet, Select and Button would: RadioSet and Select are several
widgets each, and all three bring long default CSS, parsed and applied before the first frame
of the screen that shows them. These draw the same shapes (the toggle's ``▐●▌``, the list's
arrow, the tall button)."""

from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from chinese_ten.lang.i18n import N_
from chinese_ten.tui.texts import translate_bindings
from chinese_ten.tui.widgets.keybar import KeyBar


class OptionRow(Widget, can_focus=True):
    """Short options side by side, one chosen, each drawn as a radio button (a dot in the
    chosen one's, so the choice shows by shape and not by colour alone; ``(*)`` and ``( )``
    in ASCII). The arrows choose as they move and stop at either end; a click chooses the
    option clicked. Says :class:`Changed`."""

    DEFAULT_CSS = """
    OptionRow {
        width: 1fr;
        height: 1;
        pointer: pointer;
    }
    OptionRow > .option-row--button { color: $panel-darken-2; background: $panel; }
    OptionRow > .option-row--on { color: $text-success; background: $panel; }
    OptionRow > .option-row--cursor { background: $block-cursor-blurred-background; }
    OptionRow:focus > .option-row--cursor {
        color: $block-cursor-foreground;
        background: $block-cursor-background;
        text-style: $block-cursor-text-style;
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "option-row--button",
        "option-row--on",
        "option-row--cursor",
    }
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,up", "step(-1)", show=False),
        Binding("right,down", "step(1)", show=False),
    ]
    GAP = 2
    """Cells between two options."""

    @dataclass
    class Changed(Message):
        row: "OptionRow"
        index: int

    def __init__(
        self,
        labels: list[str],
        *,
        index: int = 0,
        ascii_only: bool = False,
        id: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(id=id, disabled=disabled)
        self.labels = labels
        self.index = index
        """The option chosen."""
        self._ascii = ascii_only
        self.spans: list[tuple[int, int]] = []
        """Each option's first and last column, as last drawn."""

    def choose(self, index: int, *, say: bool = True) -> None:
        """Choose option ``index``; ``say``: post :class:`Changed` if it changed."""
        changed = index != self.index
        self.index = index
        self.refresh()
        if changed and say:
            self.post_message(self.Changed(self, index))

    def action_step(self, step: int) -> None:
        self.choose(max(0, min(len(self.labels) - 1, self.index + step)))

    def on_click(self, event: events.Click) -> None:
        for index, (first, last) in enumerate(self.spans):
            if first <= event.x <= last:
                event.stop()
                self.focus()
                self.choose(index)
                return

    def render(self) -> Text:
        button = self.get_component_rich_style("option-row--button")
        on = self.get_component_rich_style("option-row--on")
        cursor = self.get_component_rich_style("option-row--cursor")
        side = Style(color=button.bgcolor, bgcolor=self.background_colors[1].rich_color)
        left, mark, right = ("(", "*", ")") if self._ascii else ("▐", "●", "▌")
        line = Text(no_wrap=True, overflow="ellipsis")
        self.spans = []
        for index, label in enumerate(self.labels):
            if index:
                line.append(" " * self.GAP)
            first = line.cell_len
            chosen = index == self.index
            line.append(left, style=side)
            line.append(mark if chosen else " ", style=on if chosen else button)
            line.append(right, style=side)
            line.append(f" {label} ", style=cursor if chosen else "")
            self.spans.append((first, line.cell_len - 1))
        return line


MOST_LINES = 14
"""The most lines an open list takes, its frame included (four options three lines high)."""


class ListMenu(ModalScreen[int | None]):
    """A :class:`ListChoice`'s list, opened under it (above it where there is more room
    there): Enter or a click chooses; Escape, a click beside it or a new size of the terminal
    closes it as it was. Any other key closes it and goes to the screen beneath (Tab moves on,
    F1 shows the rules), as the list were a part of that screen. Its result is the option
    chosen (None: closed). Its CSS is the app's kind (``CSS``, not ``DEFAULT_CSS``), so that
    it wins over app.tcss's ``Screen`` background and OptionList's frame, and unscoped, so
    that ``.-ascii`` (the app's class) reaches it."""

    SCOPED_CSS = False
    CSS = """
    ListMenu {
        background: transparent;
    }
    ListMenu > OptionList {
        height: auto;
        background: $panel;
        border: round $primary;
    }
    ListMenu > OptionList > .option-list--option {
        padding: 0;
    }
    .-ascii ListMenu > OptionList {
        border: ascii $primary;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss_menu", N_("Dismiss menu")),
        Binding("tab", "leave('tab')", show=False),  # the screen's Tab would stay in the list
        Binding("shift+tab", "leave('shift+tab')", show=False),
    ]

    def __init__(self, choice: "ListChoice") -> None:
        super().__init__()
        translate_bindings(self)
        self._choice = choice
        self._size = choice.app.size
        """The terminal's size as the list opened: placed for it."""

    def compose(self) -> ComposeResult:
        choice = self._choice
        options = [
            Option(Text.assemble("\n", label, "\n") if choice.tall else Text(label))
            for label, _value in choice.options
        ]
        menu = OptionList(*options)
        lines = min(len(options) * (3 if choice.tall else 1) + 2, MOST_LINES)  # with its frame
        region = choice.region
        below, above = self.app.size.height - region.bottom, region.y
        if below >= lines or below >= above:
            lines = min(lines, below)
            top = region.bottom
        else:
            lines = min(lines, above)
            top = region.y - lines
        menu.styles.width = region.width
        menu.styles.max_height = lines  # the list scrolls in less room than it needs
        menu.styles.offset = (region.x, top)
        yield menu
        yield KeyBar()

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = self._choice.index
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def on_click(self, event: events.Click) -> None:
        if event.widget is self:  # beside the list
            event.stop()
            self.dismiss(None)

    def action_dismiss_menu(self) -> None:
        self.dismiss(None)

    def on_resize(self, event: events.Resize) -> None:
        if event.size != self._size:  # placed for another size: closed, as by Escape
            self.dismiss(None)

    def on_key(self, event: events.Key) -> None:
        """A key the list does not take: the list closes, and the key goes to the screen
        beneath (after the list is gone)."""
        if event.key in self.active_bindings:  # the list's own (a binding runs after this)
            return
        event.stop()
        event.prevent_default()
        self.action_leave(event.key)

    def action_leave(self, key: str) -> None:
        """Close the list, then press ``key`` on the screen beneath."""
        self.dismiss(None)
        self.app.call_later(self.app.simulate_key, key)


class ListChoice(Widget, can_focus=True):
    """One option of a list in sight, an arrow after it; Enter, Space, an arrow up or down or
    a click opens the list (:class:`ListMenu`) to choose another. ``tall``: a finger's
    control, three lines high in a frame, each option of the open list three lines high
    with its words on the middle one. Says :class:`Changed`."""

    DEFAULT_CSS = """
    ListChoice {
        height: 1;
        color: $foreground;
        background: $surface;
        padding: 0 1 0 0;
        pointer: pointer;
    }
    ListChoice.-tall {
        height: 3;
        border: tall $border-blurred;
        padding: 0 2;
    }
    ListChoice.-tall:focus {
        border: tall $border;
    }
    ListChoice > .list-choice--arrow { color: $foreground 50%; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"list-choice--arrow"}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,down,space,up", "open", show=False),
    ]

    @dataclass
    class Changed(Message):
        choice: "ListChoice"
        value: str

    def __init__(
        self,
        options: list[tuple[str, str]],
        *,
        value: str,
        tall: bool = False,
        ascii_only: bool = False,
        id: str | None = None,
        disabled: bool = False,
    ) -> None:
        """``options``: each option's words and value."""
        super().__init__(id=id, disabled=disabled, classes="-tall" if tall else "")
        self.options = options
        self.tall = tall
        self._arrows = ("v", "^") if ascii_only else ("▼", "▲")
        self._open = False
        self.index = self._index_of(value)
        """The option in sight."""

    def _index_of(self, value: str) -> int:
        return next(i for i, (_label, v) in enumerate(self.options) if v == value)

    @property
    def value(self) -> str:
        return self.options[self.index][1]

    def choose(self, value: str) -> None:
        """Show the option of ``value``, quietly (no :class:`Changed`)."""
        self.index = self._index_of(value)
        self.refresh()

    def action_open(self) -> None:
        if self._open or self.disabled:
            return
        self._open = True
        self.refresh()
        self.app.push_screen(ListMenu(self), self._menu_closed)

    def _menu_closed(self, index: int | None) -> None:
        self._open = False
        self.refresh()
        if index is not None and index != self.index:
            self.index = index
            self.post_message(self.Changed(self, self.value))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.focus()
        self.action_open()

    def render(self) -> Text:
        arrow = self._arrows[1] if self._open else self._arrows[0]
        width = self.content_region.width
        label = Text(self.options[self.index][0], no_wrap=True, overflow="ellipsis")
        label.truncate(max(0, width - 2), overflow="ellipsis", pad=True)
        arrow_style = self.get_component_rich_style("list-choice--arrow")
        return Text.assemble(label, " ", (arrow, arrow_style))


class PushButton(Widget, can_focus=True):
    """A button of one line of words, in a tall frame (``ascii_only``: one line, no frame);
    Enter, Space or a click says :class:`Pressed`."""

    DEFAULT_CSS = """
    PushButton {
        width: 1fr;
        height: 3;
        content-align: center middle;
        text-style: bold;
        color: $button-color-foreground;
        background: $primary;
        border-top: tall $primary-lighten-3;
        border-bottom: tall $primary-darken-3;
        pointer: pointer;
    }
    PushButton:focus {
        text-style: $button-focus-text-style;
        background-tint: $foreground 5%;
    }
    PushButton:hover {
        background: $primary-darken-2;
        border-top: tall $primary;
    }
    PushButton:disabled {
        text-opacity: 0.6;
    }
    PushButton.-ascii {
        border: none;
        height: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "press", show=False)]

    @dataclass
    class Pressed(Message):
        button: "PushButton"

    def __init__(
        self, label: str, *, ascii_only: bool = False, id: str | None = None, disabled: bool = False
    ) -> None:
        super().__init__(id=id, disabled=disabled, classes="-ascii" if ascii_only else "")
        self.label = label

    def action_press(self) -> None:
        if not self.disabled:
            self.post_message(self.Pressed(self))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.action_press()

    def render(self) -> Text:
        return Text(self.label, no_wrap=True, overflow="ellipsis")
