"""A card drawn in a box (face up, face down or an empty place), and a row of them."""

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.containers import Container
from textual.message import Message
from textual.widget import Widget

from chinese_ten.cards import Card
from chinese_ten.tui.cardtext import card_face


@dataclass(frozen=True, slots=True)
class CardLook:
    """What a card box shows: a face, a back (``card is None``) with an optional count."""

    card: Card | None
    face_up: bool = True
    count: int | None = None
    mark: str = ""
    """CSS class for emphasis: ``selected``, ``target``, ``choice``, ``triple``, ``turned``."""


class CardBox(Widget):
    """One card in a box. A click posts :class:`CardBox.Clicked` with its zone and index."""

    DEFAULT_CSS = """
    CardBox { width: 5; height: 4; }
    """

    @dataclass
    class Clicked(Message):
        """The player clicked this box."""

        zone: str
        index: int

    def __init__(
        self,
        zone: str,
        index: int = 0,
        *,
        symbols: bool = True,
        four_color: bool = False,
        ascii_only: bool = False,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.zone = zone
        self.index = index
        self.look: CardLook | None = None
        self._symbols = symbols
        self._four_color = four_color
        self.set_class(ascii_only, "ascii")
        self._ascii = ascii_only

    def show(self, look: CardLook) -> None:
        """Draw ``look``; the mark becomes a CSS class so the stylesheet decides emphasis."""
        if look == self.look:
            return
        self.look = look
        for mark in ("selected", "target", "choice", "triple", "turned"):
            self.set_class(look.mark == mark, mark)
        self.set_class(look.card is None and look.face_up, "empty")
        self.refresh()

    def render(self) -> Text:
        look = self.look
        if look is None:
            return Text("")
        if look.card is not None and look.face_up:
            return card_face(look.card, symbols=self._symbols, four_color=self._four_color)
        fill = "#" if self._ascii else "░"
        if look.count is not None:
            label = "Stock" if self.zone == "stock" else "Pile"
            return Text(f"{label:^5}\n{look.count:^5}", style="bold")
        if look.face_up:
            return Text("")
        return Text(f"{fill * 3}\n{fill * 3}", style="blue")

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.zone, self.index))


class CardRow(Container):
    """A row of card boxes; :meth:`show` reuses the boxes it has (no flicker, few mounts)."""

    DEFAULT_CSS = """
    CardRow { layout: grid; grid-size: 12; grid-columns: 5; grid-gutter: 0 1; height: auto; }
    """

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
        self._symbols = symbols
        self._four_color = four_color
        self._ascii = ascii_only

    def show(self, looks: Sequence[CardLook]) -> None:
        boxes = list(self.query_children(CardBox))
        for box in boxes[len(looks) :]:
            box.remove()
        new = [
            CardBox(
                self.zone,
                k,
                symbols=self._symbols,
                four_color=self._four_color,
                ascii_only=self._ascii,
            )
            for k in range(len(boxes), len(looks))
        ]
        if new:
            self.mount_all(new)
        for box, look in zip([*boxes[: len(looks)], *new], looks, strict=True):
            box.show(look)

    def on_resize(self) -> None:
        self.styles.grid_size_columns = max(1, (self.size.width + 1) // 6)
