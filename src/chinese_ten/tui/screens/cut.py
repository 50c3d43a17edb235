"""The cut: the dealer has shuffled; the other player chooses where to cut the pack."""

import math
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from chinese_ten.game.turn import Cut, Guard
from chinese_ten.lang.i18n import N_, _, ngettext
from chinese_ten.tui.glyphs import Glyphs
from chinese_ten.tui.screens.guarded import arm, deliberate
from chinese_ten.tui.texts import translate_bindings
from chinese_ten.tui.widgets.keybar import KeyBar
from chinese_ten.tui.widgets.too_small import touch

PACK = 52


def pack_rows(width: int, scissors: int, card: int = 1) -> list[range]:
    """The pack's cards (0 to 51), each ``card`` cells wide, in rows that fit ``width``
    cells with the scissors (``scissors`` cells) on one of them: as few rows as fit, all of
    one length but the last, which is never longer (52 in rows of 26, 18 18 16, ...)."""
    room = max((width - scissors) // card, 1)
    rows = math.ceil(PACK / room)
    per_row = math.ceil(PACK / rows)
    return [range(k, min(k + per_row, PACK)) for k in range(0, PACK, per_row)]


@dataclass(frozen=True, slots=True)
class PackSpot:
    """Where a card of the pack is drawn (its line and column) and the cut a click there
    chooses: under the card clicked (None: the scissors, which cut where chosen)."""

    line: int
    column: int
    position: int | None


TOUCH_LINES = 2
"""Lines of a row of the pack on a touch screen: with its three cells a card is a target of
at least 24 CSS pixels each way at a phone's font (WCAG 2.5.8); Fewer and More, on the key
bar, are the finger-sized way."""


class Pack(Widget):
    """The pack in even rows, the scissors at the cut; a click on a card cuts there, a click
    on the scissors cuts and deals (:class:`Clicked`). On a touch screen (``wide``) each card
    is three cells wide and each row two lines high."""

    DEFAULT_CSS = """
    Pack { height: auto; }
    """

    @dataclass
    class Clicked(Message):
        position: int | None
        """Cut with this many cards lifted; None: the scissors (cut where chosen)."""

    def __init__(
        self, glyphs: Glyphs, position: int, *, wide: bool = False, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self._glyphs = glyphs
        self._card = glyphs.pack_wide if wide else glyphs.pack
        self.lines = TOUCH_LINES if wide else 1
        """Lines of each row of the pack."""
        self.position = position
        self.spots: list[PackSpot] = []

    def move_to(self, position: int) -> None:
        self.position = position
        self.refresh(layout=True)

    def _scissors(self) -> str:
        return f" {self._glyphs.scissors} "

    def rows(self, width: int) -> list[range]:
        """The pack's rows in ``width`` cells."""
        return pack_rows(width, cell_len(self._scissors()), cell_len(self._card))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows(width)) * self.lines + 1

    def render(self) -> Text:
        scissors, card_cells = self._scissors(), cell_len(self._card)
        lifted = self.position
        self.spots = []
        lines: list[Text] = []
        for number, row in enumerate(self.rows(self.size.width)):
            line = Text()
            places: list[tuple[int, int, int | None]] = []  # column, cells, cut chosen
            for card in row:
                if card == lifted and card != row.start:  # at a row's start: the row above
                    places.append((line.cell_len, len(scissors), None))
                    line.append(scissors, style="bold yellow")
                places.append((line.cell_len, card_cells, max(card, 1)))
                line.append(self._card, style="blue")
            if row.stop == lifted:
                places.append((line.cell_len, len(scissors), None))
                line.append(scissors, style="bold yellow")
            first = number * self.lines
            self.spots += [
                PackSpot(first + down, column + k, position)
                for column, cells, position in places
                for down in range(self.lines)
                for k in range(cells)
            ]
            lines += [line.copy() for _ in range(self.lines)]
        lines.append(
            Text(
                ngettext(
                    "{lifted} card lifted, {below} below",
                    "{lifted} cards lifted, {below} below",
                    lifted,
                ).format(lifted=lifted, below=PACK - lifted)
            )
        )
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        for spot in self.spots:
            if spot.line == event.y and spot.column == event.x:
                event.stop()
                self.post_message(self.Clicked(spot.position))
                return


class CutScreen(Screen[int | None]):
    """Choose the cut with the arrow keys, or take a random one; Enter deals."""

    # Its box and title: app.tcss (shared with the start and hand-over screens).
    DEFAULT_CSS = """
    #cut-pack {
        margin-top: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "move(-1)", N_("Fewer"), tooltip=N_("Cut higher in the pack")),
        Binding("right,l", "move(1)", N_("More"), tooltip=N_("Cut lower in the pack")),
        Binding("r", "random", N_("Random cut")),
        Binding("enter", "cut", N_("Cut and deal")),
        Binding("enter", "deal", N_("Deal the cards")),  # the computer has cut
        Binding("escape", "cancel", N_("Quit"), show=False),
    ]

    def __init__(
        self, cut: Cut, names: tuple[str, ...], you: int | None, *, glyphs: Glyphs, guard: float
    ) -> None:
        """``names`` as shown (with the computer's mark); ``you``: the seat of the person
        playing the computer (addressed as "you"), else None."""
        super().__init__()
        translate_bindings(self)
        self.you = "dealer" if cut.dealer == you else "cutter" if cut.cutter == you else ""
        self.deal_number = cut.number
        self.deals_planned = cut.planned
        self.dealer = names[cut.dealer]
        self.cutter = names[cut.cutter]
        self.by_lot = cut.by_lot
        self.computer_cuts = cut.computer_cuts
        self._rng = cut.rng
        self._glyphs = glyphs
        self._guard = Guard(guard)
        self.position = 26

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="cut-box"):
            yield Static(id="cut-title")
            yield Static(id="cut-text")
            yield Pack(self._glyphs, self.position, wide=touch(self.app), id="cut-pack")
        yield KeyBar()  # compact: in ASCII the keys' names are long (left, right, enter)

    def on_mount(self) -> None:
        number, planned = self.deal_number, self.deals_planned
        title = (
            _("Deal {number} of {planned}").format(number=number, planned=planned)
            if planned
            else _("Deal {number}").format(number=number)
        )
        self.query_one("#cut-title", Static).update(Text(title, style="bold"))
        dealer, cutter = self.dealer, self.cutter
        lines = []
        if self.by_lot:
            lines.append(
                _("By lot, you deal first.")
                if self.you == "dealer"
                else _("By lot, {name} deals first.").format(name=dealer)
            )
        lines.append(
            _("You shuffle.") if self.you == "dealer" else _("{name} shuffles.").format(name=dealer)
        )
        text = " ".join(lines) + "\n"
        arrows = self._glyphs.arrows
        if self.computer_cuts:
            self.position = self._rng.randint(1, PACK - 1)
            text += (
                _("{name} cuts. Tap Deal the cards below.")
                if touch(self.app)
                else _("{name} cuts. Press Enter to deal.")
            ).format(name=cutter)
        elif touch(self.app):
            text += (
                _(
                    "Cut the pack: tap the card to cut at (or Fewer and More), or tap Random "
                    "cut; then Cut and deal, or tap the scissors."
                )
                if self.you == "cutter"
                else _(
                    "{name}, cut the pack: tap the card to cut at (or Fewer and More), or tap "
                    "Random cut; then Cut and deal, or tap the scissors."
                )
            ).format(name=cutter)
        elif self.you == "cutter":
            text += _(
                "Cut the pack: {arrows} choose where, r for a random cut, Enter to cut and deal."
            ).format(arrows=arrows)
        else:
            text += _(
                "{name}, cut the pack: {arrows} choose where, r for a random cut, "
                "Enter to cut and deal."
            ).format(name=cutter, arrows=arrows)
        self.query_one("#cut-text", Static).update(Text(text))
        self._draw()
        arm(self, self._guard)

    def _draw(self) -> None:
        self.query_one("#cut-pack", Pack).move_to(self.position)

    def on_pack_clicked(self, message: Pack.Clicked) -> None:
        """A tap on the pack: a card chooses the cut there, the scissors cut and deal (after
        the computer's cut, any tap deals, as Enter does)."""
        if self.computer_cuts or message.position is None:
            self.action_cut()
        else:
            self.position = min(PACK - 1, max(1, message.position))
            self._draw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The computer's cut is made: only Enter, which deals (and quitting), is left to the
        person; else Enter cuts and deals."""
        if action == "deal":
            return self.computer_cuts
        return not (self.computer_cuts and action in ("move", "random", "cut"))

    def action_move(self, delta: int) -> None:
        if not self.computer_cuts:
            self.position = min(PACK - 1, max(1, self.position + delta))
            self._draw()

    def action_random(self) -> None:
        if not self.computer_cuts:
            self.position = self._rng.randint(1, PACK - 1)
            self._draw()

    def action_cut(self) -> None:
        if deliberate(self._guard):  # a double tap on the last screen does not deal unseen
            self.dismiss(self.position)

    def action_deal(self) -> None:
        """Enter after the computer's cut: the same, said as what it does."""
        self.action_cut()

    async def action_cancel(self) -> None:
        await self.app.action_quit()
