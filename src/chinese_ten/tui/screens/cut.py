"""The cut: the dealer has shuffled; the other player chooses where to cut the pack."""

import random
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from chinese_ten.tui.glyphs import Glyphs
from chinese_ten.wording import says

PACK = 52


class CutScreen(Screen[int | None]):
    """Choose the cut with the arrow keys, or take a random one; Enter deals."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "move(-1)", "Fewer", tooltip="Cut higher in the pack"),
        Binding("right,l", "move(1)", "More", tooltip="Cut lower in the pack"),
        Binding("r", "random", "Random cut"),
        Binding("enter", "cut", "Cut and deal"),
        Binding("escape", "cancel", "Quit", show=False),
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
    ) -> None:
        super().__init__()
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
        yield Footer()

    def on_mount(self) -> None:
        of = f" of {self.deals_planned}" if self.deals_planned else ""
        self.query_one("#cut-title", Static).update(
            Text(f"Deal {self.deal_number}{of}", style="bold")
        )
        lot = f"By lot, {says(self.dealer, 'deals first')}. " if self.by_lot else ""
        if self.computer_cuts:
            self.position = self._rng.randint(1, PACK - 1)
            how = f"{says(self.cutter, 'cuts')}. Press Enter to deal."
        else:
            how = (
                f"{self.cutter}, cut the pack: {self._glyphs.arrows} choose where, "
                "r for a random cut, "
                "Enter to cut and deal."
            )
        self.query_one("#cut-text", Static).update(
            Text(f"{lot}{says(self.dealer, 'shuffles')}.\n{how}")
        )
        self._draw()

    def _draw(self) -> None:
        pack = Text()
        glyphs = self._glyphs
        pack.append(glyphs.pack * self.position, style="blue")
        pack.append(f" {glyphs.scissors} ", style="bold yellow")
        pack.append(glyphs.pack * (PACK - self.position), style="blue")
        pack.append(f"\n{self.position} cards lifted, {PACK - self.position} below")
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
