"""The other player's hand: a fan of card backs and a count, never a face."""

from rich.text import Text
from textual.widget import Widget

from chinese_ten.tui.glyphs import Glyphs, glyphs_for
from chinese_ten.tui.widgets.card import SMALL, CardSize


def fan_width(count: int, size: CardSize = SMALL) -> int:
    """Columns of a fan of ``count`` backs (each shows an edge, the last its whole back)."""
    return 2 * (count - 1) + size.face + 2 if count else 0


def fan_lines(count: int, glyphs: Glyphs, size: CardSize = SMALL) -> list[str]:
    """The lines of a fan of ``count`` (at least one) overlapping backs."""
    tl, h, tr, v, bl, br = tuple(glyphs.boxes[""])
    fill = glyphs.back[0]
    inside = (v + fill) * (count - 1) + v + fill * size.face + v
    return [
        (tl + h) * (count - 1) + tl + h * size.face + tr,
        *([inside] * size.lines),
        (bl + h) * (count - 1) + bl + h * size.face + br,
    ]


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
        self.card_size = SMALL

    def show(self, count: int, label: str) -> None:
        if (count, label) != (self.count, self.label):
            self.count, self.label = count, label
            self.refresh()

    def resize_cards(self, size: CardSize) -> None:
        """Draw the backs as large as the board's cards."""
        if size != self.card_size:
            self.card_size = size
            self.styles.height = size.height
            self.refresh()

    def fan_width(self, count: int) -> int:
        """Columns of a fan of ``count`` backs at the board's size."""
        return fan_width(count, self.card_size)

    def render(self) -> Text:
        n = self.count
        size = self.card_size
        middle = (size.height - 1) // 2  # the line of the label
        if n == 0:
            return Text("\n" * middle + f"  {self.label}")
        lines = fan_lines(n, self._glyphs, size)
        text = Text(no_wrap=True, overflow="ellipsis")
        for k, line in enumerate(lines):
            text.append(line, style="blue")
            if k == middle:
                text.append(f"  {self.label}", style="bold")
            if k < len(lines) - 1:
                text.append("\n")
        return text
