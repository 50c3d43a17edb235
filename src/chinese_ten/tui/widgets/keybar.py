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

    def _keys(self) -> list[tuple[str, str, str]]:
        """Each action shown, once: its key as shown, what it does, the key to press."""
        keys: list[tuple[str, str, str]] = []
        seen: set[str] = set()
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if binding.show and enabled and binding.action not in seen:
                seen.add(binding.action)
                shown = self.app.get_key_display(binding)
                keys.append((shown, binding.description, binding.key.split(",")[0]))
        return keys

    def render(self) -> Text:
        """The keys spaced apart, or closer when that is what fits: in ASCII their names are
        long (``left``, ``enter``) and the palette's key would be cut at 80 columns."""
        keys = self._keys()
        palette = f"^p {_('palette')}"
        roomy = sum(len(shown) + len(does) + 3 for shown, does, _key in keys) + len(palette) + 3
        gap = " " if roomy <= self.size.width else ""
        key_style = self.get_component_rich_style("keybar--key", partial=True)
        text = Text(" ")
        self._spans = []
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
        for start, end, key in self._spans:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return
