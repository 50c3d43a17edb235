"""The keys that work now, on one line; a lighter footer for the busy game screen.

Textual's ``Footer`` rebuilds its widgets whenever the bindings change, which on the game
screen is twice a turn; this bar only repaints. A click on a key presses it. With the compact
board the keys wrap onto as many rows as they need (none is cut), each a button three lines
high where a finger needs it (:func:`~.too_small.tall_keys`).
"""

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

from chinese_ten.lang.i18n import _
from chinese_ten.tui.widgets.too_small import compact, tall_keys, touch

ROOM_PERMITTING = frozenset({"history", "jump('previous')"})
"""Actions whose key shows only where every key fits on the one line, not on the compact
board's rows: F2, the history (F1's key table and the palette name it too); the review's
Page Up (its F1 page names it)."""


class KeyBar(Widget):
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: auto;
        background: $footer-background;
        color: $footer-foreground;
    }
    KeyBar > .keybar--key { color: $footer-key-foreground; text-style: bold; }
    KeyBar > .keybar--button { background: $primary-muted; }
    """

    COMPONENT_CLASSES = {"keybar--key", "keybar--button"}  # noqa: RUF012 (Textual's own)

    def __init__(self) -> None:
        super().__init__()
        self._spans: list[tuple[int, int, str]] = []
        """Each key drawn: its first and last column, the key it presses."""
        self._span_rows: list[int] = []
        """The row of keys of each of those (several with the compact board)."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if screen is self.screen:
            self.refresh(layout=compact(self.app))

    def _keys(self, *, spare: bool = True) -> list[tuple[str, str, str]]:
        """Each action shown, once: its key as shown, what it does, the key to press.
        ``spare``: with the keys shown only when there is room (:data:`ROOM_PERMITTING`)."""
        keys: list[tuple[str, str, str]] = []
        seen: set[str] = set()
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if not spare and binding.action in ROOM_PERMITTING:
                continue
            if binding.show and enabled and binding.action not in seen:
                seen.add(binding.action)
                shown = self.app.get_key_display(binding)
                keys.append((shown, binding.description, binding.key.split(",")[0]))
        return keys

    def _rows(self, width: int) -> list[list[tuple[str, str, str]]]:
        """The keys and the palette's, as many to a row as fit ``width``."""
        palette = ("", _("Menu"), self.app.COMMAND_PALETTE_BINDING)
        if not touch(self.app):
            palette = ("^p", _("palette"), self.app.COMMAND_PALETTE_BINDING)
        keys = [*self._keys(spare=False), palette]
        if touch(self.app):  # a finger taps words: no key names on the buttons
            keys = [("", does, key) for _shown, does, key in keys]
        rows: list[list[tuple[str, str, str]]] = [[]]
        used = 1
        for shown, does, key in keys:
            need = cell_len(shown) + cell_len(does) + (4 if shown else 3)
            if rows[-1] and used + need > width + 1:  # the last key needs no space after it
                rows.append([])
                used = 1
            rows[-1].append((shown, does, key))
            used += need
        return rows

    def _rowed(self) -> bool:
        """The keys on rows of buttons: the compact board, or a touch screen."""
        return compact(self.app) or touch(self.app)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not self._rowed():
            return 1
        return len(self._rows(width)) * (3 if tall_keys(self.app) else 1)

    def _render_rows(self) -> Text:
        """The compact board's keys: every one whole, on rows; each a button three lines
        high with :func:`~.too_small.tall_keys`, its words on the middle line."""
        width = self.size.width
        height = 3 if tall_keys(self.app) else 1
        key_style = self.get_component_rich_style("keybar--key", partial=True)
        button = self.get_component_rich_style("keybar--button", partial=True)
        self._spans = []
        self._span_rows = []
        lines: list[Text] = []
        for row_number, row in enumerate(self._rows(width)):
            blank, words = Text(" "), Text(" ")
            for shown, does, key in row:
                start = len(words)
                label = Text(f" {shown} ", style=key_style) if shown else Text(" ")
                label.append(f"{does} ")
                label.stylize(button)
                words.append_text(label)
                blank.append(" " * len(label), style=button)
                self._spans.append((start, len(words), key))
                self._span_rows.append(row_number)
                words.append(" ")
                blank.append(" ")
            lines += [blank, words, blank.copy()] if height == 3 else [words]
        text = Text("\n", no_wrap=True, overflow="crop").join(lines)
        text.no_wrap = True
        return text

    def render(self) -> Text:
        """The keys spaced apart, or closer when that is what fits: in ASCII their names are
        long (``left``, ``enter``) and the palette's key would be cut at 80 columns."""
        if self._rowed():
            return self._render_rows()
        keys = self._keys()
        palette = f"^p {_('palette')}"
        tight = sum(len(shown) + len(does) + 2 for shown, does, _key in keys) + len(palette) + 3
        if tight > self.size.width:
            keys = self._keys(spare=False)
        roomy = sum(len(shown) + len(does) + 3 for shown, does, _key in keys) + len(palette) + 3
        gap = " " if roomy <= self.size.width else ""
        key_style = self.get_component_rich_style("keybar--key", partial=True)
        text = Text(" ")
        self._spans = []
        self._span_rows = []
        for shown, does, key in keys:
            start = len(text)
            text.append(f"{gap}{shown} ", style=key_style)
            text.append(f"{does} ")
            self._spans.append((start, len(text), key))
        text.append(" " * max(1, self.size.width - len(text) - len(palette) - 1))
        start = len(text)
        text.append(palette, style=key_style)
        self._spans.append((start, len(text), self.app.COMMAND_PALETTE_BINDING))
        return text

    def on_click(self, event: events.Click) -> None:
        row = event.y // 3 if self._rowed() and tall_keys(self.app) else event.y
        rows = (
            self._span_rows if len(self._span_rows) == len(self._spans) else [0] * len(self._spans)
        )
        for row_number, (start, end, key) in zip(rows, self._spans, strict=True):
            if row_number == row and start <= event.x < end:
                self.app.simulate_key(key)
                return
