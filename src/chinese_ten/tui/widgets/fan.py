"""The other player's hand: a fan of card backs and a count, never a face."""

from rich.text import Text
from textual.widget import Widget

from chinese_ten.tui.glyphs import glyphs_for


class HandBacks(Widget):
    """Draws ``count`` overlapping backs; it is never given the cards, only how many."""

    DEFAULT_CSS = """
    HandBacks { height: 4; width: 1fr; }
    """

    def __init__(self, *, ascii_only: bool, id: str | None = None) -> None:
        super().__init__(id=id)
        self._glyphs = glyphs_for(ascii_only)
        self.count = 0
        self.label = ""

    def show(self, count: int, label: str) -> None:
        if (count, label) != (self.count, self.label):
            self.count, self.label = count, label
            self.refresh()

    def render(self) -> Text:
        n = self.count
        if n == 0:
            return Text(f"\n  {self.label}")
        tl, h, tr, v, bl, br = tuple(self._glyphs.boxes[""])
        fill = self._glyphs.back[0]
        lines = [
            (tl + h) * (n - 1) + tl + h * 3 + tr,
            (v + fill) * (n - 1) + v + fill * 3 + v,
            (v + fill) * (n - 1) + v + fill * 3 + v,
            (bl + h) * (n - 1) + bl + h * 3 + br,
        ]
        text = Text(no_wrap=True, overflow="ellipsis")
        for k, line in enumerate(lines):
            text.append(line, style="blue")
            if k == 1:
                text.append(f"  {self.label}", style="bold")
            if k < 3:
                text.append("\n")
        return text
