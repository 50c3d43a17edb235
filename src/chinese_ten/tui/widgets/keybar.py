"""The keys that work now, on one line; a lighter footer for the busy game screen.

Textual's ``Footer`` rebuilds its widgets whenever the bindings change, which on the game
screen is twice a turn; this bar only repaints. A click on a key presses it.
"""

from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget

from chinese_ten.i18n import _


class KeyBar(Widget):
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-foreground;
    }
    KeyBar > .keybar--key { color: $footer-key-foreground; text-style: bold; }
    """

    COMPONENT_CLASSES = {"keybar--key"}  # noqa: RUF012 (Textual's own declaration)

    def __init__(self) -> None:
        super().__init__()
        self._spans: list[tuple[int, int, str]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if screen is self.screen:
            self.refresh()

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keybar--key", partial=True)
        text = Text(" ")
        self._spans = []
        shown = [
            binding
            for _node, binding, enabled, _tooltip in self.screen.active_bindings.values()
            if binding.show and enabled
        ]
        seen: set[str] = set()
        for binding in shown:
            if binding.action in seen:
                continue
            seen.add(binding.action)
            start = len(text)
            text.append(f" {self.app.get_key_display(binding)} ", style=key_style)
            text.append(f"{binding.description} ")
            self._spans.append((start, len(text), binding.key.split(",")[0]))
        palette = f"^p {_('palette')}"
        text.append(" " * max(1, self.size.width - len(text) - len(palette) - 1))
        start = len(text)
        text.append(palette, style=key_style)
        self._spans.append((start, len(text), self.app.COMMAND_PALETTE_BINDING))
        return text

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return
