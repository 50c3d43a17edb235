"""The game's log: every line wrapped to the log's width, now and after the window changes."""

from collections import deque
from typing import Self

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.widgets import RichLog


class WrappedLog(RichLog):
    """A :class:`RichLog` whose lines always wrap to its width.

    Textual's ``RichLog`` renders a line once, when it is written, at least ``min_width``
    (78) cells wide: in the 43 columns of the log's column on a wide screen a line of 44 to
    78 characters would be cut ("... (no captur"), not wrapped. And a line written at one width
    keeps it when the window changes (the log moves from under the board to its column at
    120 columns, a browser window is resized). Here a line is rendered at the log's width
    (``min_width`` 1), and the lines written are kept (as many as the log shows) and wrapped
    again whenever the width changes."""

    def __init__(self, *, max_lines: int, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, max_lines=max_lines, min_width=1)
        self._written: deque[Text] = deque(maxlen=max_lines)
        self._wrapped_at = 0
        """The content width the lines were last wrapped at (0: not yet known)."""

    def write(  # noqa: PLR0917 (RichLog's signature)
        self,
        content: RenderableType | object,
        width: int | None = None,
        expand: bool = False,
        shrink: bool = True,
        scroll_end: bool | None = None,
        animate: bool = False,
    ) -> Self:
        if isinstance(content, Text) and self._size_known:  # else written again once sized
            self._written.append(content.copy())
        return super().write(content, width, expand, shrink, scroll_end, animate)

    def clear(self) -> Self:
        self._written.clear()
        return super().clear()

    def on_resize(self, event: events.Resize) -> None:
        """Wrap every line again at the new width (RichLog's own handler, run after this one,
        writes what waited for the first size), and keep the newest line in sight: the
        scroll is set again once the new layout is drawn, whatever size came between."""
        self.call_after_refresh(self._to_end)
        width = self.scrollable_content_region.width
        if not self._size_known or width == self._wrapped_at or width <= 0:
            self._wrapped_at = width if self._size_known else self._wrapped_at
            return
        self._wrapped_at = width
        written = list(self._written)
        super().clear()
        for text in written:
            super().write(text, scroll_end=False)
        self.scroll_end(animate=False, immediate=False, x_axis=False)

    def _to_end(self) -> None:
        self.scroll_end(animate=False, immediate=True, x_axis=False)
