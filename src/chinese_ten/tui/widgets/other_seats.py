"""The other seats at a table of three or four, side by side above the table: each seat's
name, its cards left as backs, its pile, and who deals and who is to play.

Like :class:`~chinese_ten.tui.widgets.fan.HandBacks`, it is given counts, never cards. With
two players the board keeps its larger fan of backs for the one opponent.
"""

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

from chinese_ten.lang.i18n import _, ngettext
from chinese_ten.text.wording import signed
from chinese_ten.tui.glyphs import Glyphs
from chinese_ten.tui.seats import fit
from chinese_ten.tui.widgets.card import SMALL, CardSize
from chinese_ten.tui.widgets.fan import fan_lines, fan_width

FAN_LINES = 5
"""Lines of the other seats with larger cards: a name over a fan of backs."""


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """What everyone may see of a seat: how many cards it holds and has taken."""

    name: str
    in_hand: int
    pile: int
    total: int = 0
    """The seat's series total so far."""
    points: str = ""
    """Its pile's points with ``--open-scores``, already worded; else empty."""
    dealer: bool = False
    to_move: bool = False


class OtherSeats(Widget):
    """One column per other seat, in turn order after the viewer's: with the small cards
    four lines of text, with larger ones each seat's backs as a fan with its counts beside."""

    DEFAULT_CSS = """
    OtherSeats { height: 4; width: 1fr; }
    """

    def __init__(self, glyphs: Glyphs, id: str | None = None) -> None:
        super().__init__(id=id)
        self._glyphs = glyphs
        self.seats: tuple[SeatSummary, ...] = ()
        self.fans = False
        """Each seat's hand drawn as a fan of backs (with the board's larger cards)."""

    def resize_cards(self, size: CardSize) -> None:
        fans = size != SMALL
        if fans != self.fans:
            self.fans = fans
            self.styles.height = FAN_LINES if fans else 4
            self.refresh()

    def show(self, seats: tuple[SeatSummary, ...]) -> None:
        if seats != self.seats:
            self.seats = seats
            self.refresh()

    def render(self) -> Text:
        seats = self.seats
        if not seats:
            return Text("")
        width = max(self.content_size.width, 20)
        height = FAN_LINES if self.fans else 4
        lines = [Text(no_wrap=True, overflow="ellipsis") for _ in range(height)]
        for seat, column in zip(seats, _columns(seats, width), strict=True):
            cells = self._fan(seat, column) if self.fans else self._column(seat, column - 2)
            for line, cell in zip(lines, cells, strict=True):
                line.append_text(cell)
                line.append(" " * max(column - cell.cell_len, 0))
        text = Text(no_wrap=True, overflow="ellipsis")
        for k, line in enumerate(lines):
            text.append_text(line)
            if k < height - 1:
                text.append("\n")
        return text

    def _fan(self, seat: SeatSummary, column: int) -> list[Text]:
        """A seat in ``column`` cells: its name over a fan of its backs, and beside the fan
        its cards, its pile, its total (and points) and whether it deals; centred."""
        glyphs = self._glyphs
        fan = fan_lines(seat.in_hand, glyphs) if seat.in_hand else [""] * 4
        backs = fan_width(seat.in_hand)
        room = max(column - 2 - backs - 2, 4)
        total = _("total {total}").format(total=signed(seat.total))
        if seat.points:
            total += f" {glyphs.sep} " + seat.points.strip(f" {glyphs.sep}")
        beside = [
            ngettext("{count} in hand", "{count} in hand", seat.in_hand).format(count=seat.in_hand),
            _("pile {count}").format(count=seat.pile),
            total,
            _("dealer") if seat.dealer else "",
        ]
        beside = [fit(words, room, glyphs.ellipsis) for words in beside]
        turn = "▶ " if seat.to_move and not glyphs.ascii else "> " if seat.to_move else "  "
        name = turn + fit(seat.name, column - 4, glyphs.ellipsis)
        block = max(cell_len(name), backs + 2 + max(cell_len(words) for words in beside))
        left = " " * max((column - block) // 2, 0)
        lines = [Text(left + name, style="bold")]
        for k, (edge, words) in enumerate(zip(fan, beside, strict=True)):
            line = Text(left)
            line.append(edge.ljust(backs), style="blue")
            line.append("  ")
            line.append(words, style="bold" if k == 3 else "")
            lines.append(line)
        return lines

    def _column(self, seat: SeatSummary, width: int) -> list[Text]:
        glyphs = self._glyphs
        turn = "▶ " if seat.to_move and not glyphs.ascii else "> " if seat.to_move else "  "
        name = Text(turn, style="bold")
        name.append(fit(seat.name, width - 2, glyphs.ellipsis), style="bold")
        backs = Text("  " + glyphs.back[0] * seat.in_hand, style="blue")
        if seat.dealer:
            backs.append("  " + _("dealer"), style="bold")
        counts = ngettext("{count} in hand", "{count} in hand", seat.in_hand).format(
            count=seat.in_hand
        )
        pile = _("pile {count}").format(count=seat.pile)
        detail = f"  {counts} {glyphs.sep} {pile}"
        if cell_len(detail) > width:
            detail = f"  {seat.in_hand} {glyphs.sep} {seat.pile}"
        parts = [_("total {total}").format(total=signed(seat.total))]
        if seat.points:
            parts.append(seat.points.strip(f" {glyphs.sep}"))
        last = f" {glyphs.sep} ".join(parts)
        return [name, backs, Text(detail), Text("  " + fit(last, width - 2, glyphs.ellipsis))]


def _columns(seats: tuple[SeatSummary, ...], width: int) -> list[int]:
    """Each seat's column: what its name needs where the others leave the room (a long
    ``Ordinateur (difficile)`` beside shorter names stays whole), else as much as can be
    shared out, no column below an equal share.

    >>> names = ("Ordinateur (difficile)", "Ana")
    >>> _columns(tuple(SeatSummary(name, 5, 0) for name in names), 50)
    [28, 22]
    >>> names = ("Ordinateur (difficile)", "Ordinateur (facile)", "Ordinateur (normal)")
    >>> _columns(tuple(SeatSummary(name, 5, 0) for name in names), 70)
    [24, 23, 23]
    """
    share = width // len(seats)
    needs = [max(cell_len(seat.name) + 4, 20) for seat in seats]  # the turn mark, a gap
    if sum(needs) <= width:
        spare = width - sum(needs)
        return [need + spare // len(seats) for need in needs]
    cap = max(needs)
    while cap > share and sum(min(need, cap) for need in needs) > width:
        cap -= 1
    if cap <= share:
        return [share] * len(seats)
    return [min(need, cap) for need in needs]
