"""Cards drawn with box characters, a whole row in one widget.

One widget per row (not per card) keeps a key press cheap: a row repaints as one piece of
text, and a click is mapped back to the card under the pointer. Emphasis is the box's shape
(heavy, double, thick, dashed) and colour together, so it reads without colour too; the
colours come from the stylesheet's component classes.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.widget import Widget

from chinese_ten.engine.cards import Card
from chinese_ten.lang.i18n import _
from chinese_ten.tui.cardtext import card_face
from chinese_ten.tui.glyphs import glyphs_for

MARKS = ("selected", "target", "choice", "triple", "turned", "last")

GAP = 1
"""Columns between two cards of a row."""


@dataclass(frozen=True, slots=True)
class CardSize:
    """How large the cards are drawn: the inside of a face's frame (columns and lines) and
    of a counted back (the stock, a pile: its label needs five columns)."""

    name: str
    face: int
    count: int
    lines: int

    @property
    def height(self) -> int:
        """Lines of a card, its frame included."""
        return self.lines + 2


SMALL = CardSize("small", face=3, count=5, lines=2)
"""Rank and suit over the points: the board's cards up to about 100 x 30 (80 x 24 needs it)."""
MEDIUM = CardSize("medium", face=6, count=6, lines=4)
"""A corner index, the suit in the middle, the points at the foot (from about 120 x 30)."""
LARGE = CardSize("large", face=8, count=8, lines=6)
"""As medium, the suit drawn large (from about 142 x 36)."""
HUGE = CardSize("huge", face=10, count=10, lines=8)
"""As large, with more room around the suit (from about 168 x 42, the log under the board:
a 200 x 60 terminal is filled)."""
CARD_SIZES = (SMALL, MEDIUM, LARGE, HUGE)


@dataclass(frozen=True, slots=True)
class CardLook:
    """What a card place shows: a face, a back (``card is None``) with an optional count."""

    card: Card | None
    face_up: bool = True
    count: int | None = None
    mark: str = ""
    """Emphasis: ``selected``, ``target``, ``choice``, ``triple``, ``turned`` or ``last``."""

    def inner_width(self, size: CardSize = SMALL) -> int:
        """Columns inside its frame at ``size``."""
        return size.count if self.count is not None else size.face


class CardStrip(Widget):
    """A row of cards (wrapping onto more rows when narrow); clicks post :class:`Clicked`."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "card--border",
        "card--empty",
        "card--back",
        "card--label",
        "card--red",
        *(f"card--{mark}" for mark in MARKS),
    }

    # Emphasis is the frame: its shape (heavy: the chosen card; double: the cards it takes
    # or may take; a thick block: the card turned over; dashed: the layout triple; double
    # above and below: a card of the last turn, its colour in board.tcss) and its
    # colour, never a fill, so the card's own text keeps its contrast. Each colour is exact
    # per light or dark theme: at least 4.5:1 on the theme's background (the built-in
    # themes' accent, warning and success are under 2:1 on a light one), as is the red of a
    # red card's face (ANSI red is 4.47:1 on the dark one). The light theme's colours are in
    # screens/cards.tcss (this CSS is scoped to the widget). tests/tui/test_contrast.py measures.
    DEFAULT_CSS = """
    CardStrip { height: auto; }
    CardStrip > .card--border { color: $foreground 60%; }
    CardStrip > .card--empty { color: $foreground 20%; }
    CardStrip > .card--back { color: $primary; }
    CardStrip > .card--label { text-style: bold; }
    CardStrip > .card--red { color: #ff5c7a; text-style: bold; }
    CardStrip > .card--selected { color: #ffc473; text-style: bold; }
    CardStrip > .card--target { color: #57a5e2; text-style: bold; }
    CardStrip > .card--choice { color: #57a5e2; }
    CardStrip > .card--triple { color: #c79bff; }
    CardStrip > .card--turned { color: #8ad4a1; text-style: bold; }
    """

    @dataclass
    class Clicked(Message):
        """The player clicked the card at ``index`` of this strip, at ``at`` (the click's
        time, on the clock of :mod:`chinese_ten.tui.frames`)."""

        zone: str
        index: int
        at: float

    def __init__(
        self,
        zone: str,
        *,
        symbols: bool,
        four_color: bool,
        ascii_only: bool,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.zone = zone
        self.looks: tuple[CardLook, ...] = ()
        self._symbols = symbols
        self._four_color = four_color
        self._glyphs = glyphs_for(ascii_only)
        self.seats = 2
        """How many play: a card's points on its face depend on it (the black aces)."""
        self.card_size = SMALL
        """How large its cards are drawn (the board chooses from its room)."""
        self.paints = 0
        """How many times it was drawn: a frame written after a paint shows what it drew."""

    def show(self, looks: Sequence[CardLook], seats: int | None = None) -> None:
        """Draw ``looks`` (at a table of ``seats``, if given); only a change in the number of
        rows asks for a new layout."""
        looks = tuple(looks)
        if seats is not None and seats != self.seats:
            self.seats = seats
            self.refresh()
        if looks == self.looks:
            return
        rows_before = len(self._rows(self.size.width))
        self.looks = looks
        self.refresh(layout=len(self._rows(self.size.width)) != rows_before)

    def resize_cards(self, size: CardSize) -> None:
        """Draw the cards at ``size`` from now on."""
        if size != self.card_size:
            self.card_size = size
            self.refresh(layout=True)

    def card_width(self, look: CardLook) -> int:
        """Columns of ``look``'s card, its frame included, at this strip's size."""
        return look.inner_width(self.card_size) + 2

    def _rows(self, width: int) -> list[list[int]]:
        """Indices of the cards on each row, wrapping at ``width``."""
        rows: list[list[int]] = [[]]
        used = 0
        for k, look in enumerate(self.looks):
            need = self.card_width(look)
            if rows[-1] and used + GAP + need > max(width, need):
                rows.append([])
                used = 0
            used += (GAP if rows[-1] else 0) + need
            rows[-1].append(k)
        return rows

    def row_width(self, width: int) -> int:
        """Columns taken by the widest row of cards when the strip is ``width`` wide."""
        return max(
            (
                sum(self.card_width(self.looks[k]) + GAP for k in row) - GAP
                for row in self._rows(width)
            ),
            default=0,
        )

    def card_regions(self) -> list[tuple[int, Region]]:
        """Each card drawn (its index) and where, in the strip's own cells: what a click on
        it hits."""
        height = self.card_size.height
        regions: list[tuple[int, Region]] = []
        for row_number, row in enumerate(self._rows(self.size.width)):
            x = 0
            for k in row:
                width = self.card_width(self.looks[k])
                regions.append((k, Region(x, row_number * height, width, height)))
                x += width + GAP
        return regions

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        height = self.card_size.height
        return height * len(self._rows(width)) if self.looks else height

    def render(self) -> Text:
        self.paints += 1
        height = self.card_size.height
        rows = self._rows(self.size.width)
        lines = [Text() for _ in range(height * max(1, len(rows)))]
        for row_number, row in enumerate(rows):
            for position, k in enumerate(row):
                box = self._box(self.looks[k])
                for line_number, piece in enumerate(box):
                    line = lines[row_number * height + line_number]
                    if position:
                        line.append(" " * GAP)
                    line.append_text(piece)
        return Text("\n").join(lines)

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(f"card--{name}", partial=True)

    def _box(self, look: CardLook) -> list[Text]:
        width = look.inner_width(self.card_size)
        boxes = self._glyphs.boxes
        chars = boxes.get(look.mark, boxes[""])
        if len(chars) == 6:  # one line all round
            tl, top, tr, left, bl, br = tuple(chars)
            right, bottom = left, top
        else:  # each side its own (a thick frame is drawn with half blocks)
            tl, top, tr, left, right, bl, bottom, br = tuple(chars)
        if look.mark:
            frame = self._style(look.mark)
        elif look.card is None and look.face_up and look.count is None:
            frame = self._style("empty")
        else:
            frame = self._style("border")
        inner = self._inner(look, width)
        fill = Style(bgcolor=frame.bgcolor) if frame.bgcolor else Style()
        middle = [
            Text.assemble((left, frame), Text.assemble(line, style=fill), (right, frame))
            for line in inner
        ]
        return [
            Text(tl + top * width + tr, style=frame),
            *middle,
            Text(bl + bottom * width + br, style=frame),
        ]

    def _inner(self, look: CardLook, width: int) -> list[Text]:
        lines = self.card_size.lines
        if look.card is not None and look.face_up:
            face = card_face(
                look.card,
                symbols=self._symbols,
                four_color=self._four_color,
                no_points=self._glyphs.no_points,
                red=self._style("red"),
                seats=self.seats,
                size=(width, lines),
                big_suits=self._glyphs.big_suits,
            )
            return list(face.split())
        if look.count is not None:
            label = _("Stock") if self.zone == "stock" else _("Pile")  # five cells at most
            style = self._style("label")
            above = (lines - 2) // 2
            blank = Text(" " * width)
            return [
                *(blank.copy() for _ in range(above)),
                Text(f"{label:^{width}}", style=style),
                Text(f"{look.count:^{width}}", style=style),
                *(blank.copy() for _ in range(lines - 2 - above)),
            ]
        if look.face_up:
            return [Text(" " * width) for _ in range(lines)]
        pattern = self._glyphs.back
        back = Text((pattern * (width // len(pattern) + 1))[:width], style=self._style("back"))
        return [back.copy() for _ in range(lines)]

    def card_at(self, x: int, y: int) -> int | None:
        """The index of the card drawn at ``x, y`` (the strip's own cells), if any."""
        for k, region in self.card_regions():
            if region.contains(x, y):
                return k
        return None

    def on_click(self, event: events.Click) -> None:
        k = self.card_at(event.x, event.y)
        if k is not None:
            event.stop()
            self.post_message(self.Clicked(self.zone, k, event.time))
