"""A running total drawn as bars from a zero line: gains rise above it, losses hang below it,
so the eye tells a player ahead from one behind (a sparkline scaled from its lowest value to
its highest cannot).

Each row is two halves high (``▄`` the lower, ``▀`` the upper, ``█`` both); the zero line
runs through the middle of one row, drawn ``─`` where the total is 0. In ASCII: ``.``,
``'``, ``#`` and ``-``.
"""

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

BLOCKS = {(True, True): "█", (False, True): "▀", (True, False): "▄"}
ASCII_BLOCKS = {(True, True): "#", (False, True): "'", (True, False): "."}
ZERO, ASCII_ZERO = "─", "-"


def columns(values: Sequence[int], width: int) -> list[int]:
    """``values`` spread over ``width`` columns: each repeated when there are fewer, evenly
    spaced samples when there are more (the first and the last always kept)."""
    count = len(values)
    if not count or width < 1:
        return []
    if count <= width:
        return [values[k * count // width] for k in range(width)]
    if width == 1:
        return [values[-1]]
    return [values[round(k * (count - 1) / (width - 1))] for k in range(width)]


def zero_row(low: int, high: int, height: int) -> int:
    """The row (0 the lowest) whose middle is the zero line: the one that leaves the bars
    the most room, gains above and losses below."""

    def unit(row: int) -> float:
        up = high / (height - row - 0.5) if high > 0 else 0.0
        down = -low / (row + 0.5) if low < 0 else 0.0
        return max(up, down)

    return min(range(height), key=lambda row: (unit(row), abs(2 * row + 1 - height)))


def trend_rows(
    values: Sequence[int], width: int, height: int, *, ascii_only: bool = False
) -> list[str]:
    """The chart of ``values`` in ``height`` lines of ``width`` cells, the top line first;
    none when there is nothing to draw."""
    shown = columns(values, width)
    if not shown or height < 1:
        return []
    low, high = min(0, *shown), max(0, *shown)
    row = zero_row(low, high, height)
    middle = 2 * row + 1  # the zero line: the upper edge of the row's lower half
    halves = 2 * height
    scale = max(high / (halves - middle) if high > 0 else 0.0, -low / middle if low < 0 else 0.0)
    blocks, zero = (ASCII_BLOCKS, ASCII_ZERO) if ascii_only else (BLOCKS, ZERO)
    grid = [[" "] * len(shown) for _ in range(height)]
    for x, value in enumerate(shown):
        size = max(1, round(abs(value) / scale)) if value else 0
        filled = (
            range(middle, min(middle + size, halves))
            if value > 0
            else range(max(middle - size, 0), middle)
        )
        for y in range(height):
            lower, upper = 2 * y in filled, 2 * y + 1 in filled
            if lower or upper:
                grid[y][x] = blocks[lower, upper]
            elif y == row:
                grid[y][x] = zero
    return ["".join(cells) for cells in reversed(grid)]


class TrendChart(Widget):
    """:func:`trend_rows` of the values shown, at the widget's size (its height is CSS's)."""

    DEFAULT_CSS = """
    TrendChart { height: 2; }
    """

    def __init__(self, *, ascii_only: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii_only = ascii_only
        self.values: list[int] = []

    def show(self, values: Sequence[int]) -> None:
        self.values = list(values)
        self.refresh()

    def render(self) -> Text:
        size = self.content_size
        rows = trend_rows(self.values, size.width, size.height, ascii_only=self.ascii_only)
        return Text("\n".join(rows), no_wrap=True)
