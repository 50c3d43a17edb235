"""The cut: the dealer has shuffled; the other player chooses where to cut the pack."""

import random
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Static

from chinese_ten.i18n import N_, _, ngettext
from chinese_ten.tui.glyphs import Glyphs
from chinese_ten.tui.texts import translate_bindings
from chinese_ten.tui.widgets.keybar import KeyBar

PACK = 52


class CutScreen(Screen[int | None]):
    """Choose the cut with the arrow keys, or take a random one; Enter deals."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "move(-1)", N_("Fewer"), tooltip=N_("Cut higher in the pack")),
        Binding("right,l", "move(1)", N_("More"), tooltip=N_("Cut lower in the pack")),
        Binding("r", "random", N_("Random cut")),
        Binding("enter", "cut", N_("Cut and deal")),
        Binding("escape", "cancel", N_("Quit"), show=False),
    ]

    def __init__(
        self,
        *,
        deal_number: int,
        deals_planned: int | None,
        dealer: str,
        cutter: str,
        by_lot: bool,
        computer_cuts: bool,
        rng: random.Random,
        glyphs: Glyphs,
        you: str = "",
    ) -> None:
        """``you`` is ``dealer`` or ``cutter`` when that player is the person playing the
        computer (addressed as "you"), else empty."""
        super().__init__()
        translate_bindings(self)
        self.you = you
        self.deal_number = deal_number
        self.deals_planned = deals_planned
        self.dealer = dealer
        self.cutter = cutter
        self.by_lot = by_lot
        self.computer_cuts = computer_cuts
        self._rng = rng
        self._glyphs = glyphs
        self.position = 26

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="cut-box"):
            yield Static(id="cut-title")
            yield Static(id="cut-text")
            yield Static(id="cut-pack")
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
            text += _("{name} cuts. Press Enter to deal.").format(name=cutter)
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

    def _draw(self) -> None:
        pack = Text()
        glyphs = self._glyphs
        pack.append(glyphs.pack * self.position, style="blue")
        pack.append(f" {glyphs.scissors} ", style="bold yellow")
        pack.append(glyphs.pack * (PACK - self.position), style="blue")
        lifted = self.position
        pack.append("\n")
        pack.append(
            ngettext(
                "{lifted} card lifted, {below} below",
                "{lifted} cards lifted, {below} below",
                lifted,
            ).format(lifted=lifted, below=PACK - lifted)
        )
        self.query_one("#cut-pack", Static).update(pack)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The computer's cut is made: only Enter (and quitting) is left to the person."""
        return not (self.computer_cuts and action in ("move", "random"))

    def action_move(self, delta: int) -> None:
        if not self.computer_cuts:
            self.position = min(PACK - 1, max(1, self.position + delta))
            self._draw()

    def action_random(self) -> None:
        if not self.computer_cuts:
            self.position = self._rng.randint(1, PACK - 1)
            self._draw()

    def action_cut(self) -> None:
        self.dismiss(self.position)

    async def action_cancel(self) -> None:
        await self.app.action_quit()
