"""The board: a widget that draws one seat's :class:`~chinese_ten.engine.view.PlayerView` of a deal
at a table of two, three or four, and the moment of the turn (a :class:`Scene`).

The game screen decides what happens (the stage of the turn, the card chosen, the hint) and
hands the board a scene; the board only draws. It is given a view, never the state, so it
cannot show a hand that is not the viewer's. Clicks on its cards go up as
:class:`~chinese_ten.tui.widgets.card.CardStrip.Clicked` messages.
"""

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from chinese_ten.engine.cards import Card, rank
from chinese_ten.engine.deal import OVER
from chinese_ten.engine.view import PlayerView
from chinese_ten.game.turn import BLANK, Scene
from chinese_ten.lang.i18n import _
from chinese_ten.tui.glyphs import Glyphs
from chinese_ten.tui.widgets.board_layout import (
    BoardLayout,
    board_layout,
    count_strip_width,
    turned_strip_width,
)
from chinese_ten.tui.widgets.board_words import BoardWords
from chinese_ten.tui.widgets.card import SMALL, CardLook, CardStrip
from chinese_ten.tui.widgets.fan import HandBacks
from chinese_ten.tui.widgets.line import TextLine
from chinese_ten.tui.widgets.log import WrappedLog
from chinese_ten.tui.widgets.other_seats import OtherSeats, SeatSummary

__all__ = ["Board"]

GAPS = ("gap-top", "gap-table", "gap-hand", "gap-bottom")
"""Blank rows between the parts of the board, where it has rows to spare."""


class Gap(Widget):
    """Blank rows: none at 80 x 24; the board's spare rows, shared, where the log is beside."""

    DEFAULT_CSS = """
    Gap { display: none; height: 1; }
    """

    def render(self) -> str:
        return ""


class Board(BoardWords, Vertical):
    """The status line, the other seats, the table, your hand, the banner and the log.

    Its room decides how (:func:`~.board_layout.board_layout`): the size of the cards, the
    log under the board or beside it, the table and the hands centred, the spare rows shared
    out between the parts."""

    def __init__(
        self, *, glyphs: Glyphs, symbols: bool, four_color: bool, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self._glyphs = glyphs
        self._symbols = symbols
        self._four_color = four_color
        self.scene = BLANK
        self.arranged = BoardLayout(SMALL, 0, centred=False, gap=0)
        """How the board is laid out for its size now (see :meth:`_arrange`)."""

    def compose(self) -> ComposeResult:
        look = {
            "symbols": self._symbols,
            "four_color": self._four_color,
            "ascii_only": self._glyphs.ascii,
        }
        yield TextLine(id="status")
        yield Gap(id="gap-top")
        with Horizontal(id="opponent"):
            yield CardStrip("pile", **look, id="opponent-pile")
            yield HandBacks(ascii_only=self._glyphs.ascii, id="opponent-hand")
            yield OtherSeats(self._glyphs, id="other-seats")
        yield Gap(id="gap-table")
        with Horizontal(id="table-area"):
            yield CardStrip("stock", **look, id="stock")
            yield CardStrip("turned", **look, id="turned")
            yield CardStrip("table", **look, id="table")
        yield Gap(id="gap-hand")
        with Horizontal(id="hand-area"):
            yield CardStrip("pile", **look, id="own-pile")
            yield CardStrip("hand", **look, id="hand")
        yield TextLine(id="banner")
        yield Gap(id="gap-bottom")
        yield WrappedLog(id="log", max_lines=500)

    def on_resize(self, event: events.Resize) -> None:
        self._arrange()
        if self.scene.view is not None:
            self.draw(self.scene)  # centred again in the new width

    def _arrange(self) -> None:
        """Lay the board out for its size and the number of seats (nothing changes while
        both stay the same)."""
        width, height = self.size
        if width <= 0:  # not laid out yet: the screen less its key bar
            width, height = self.app.size.width, self.app.size.height - 1
        view = self.scene.view
        table = len(view.table) if view is not None else 0
        arranged = board_layout(width, height, len(self.scene.names), table)
        if arranged == self.arranged:
            return
        self.arranged = arranged
        cards = arranged.cards
        for strip in self.query(CardStrip).results(CardStrip):
            strip.resize_cards(cards)
        self.query_one("#opponent-hand", HandBacks).resize_cards(cards)
        self.query_one("#other-seats", OtherSeats).resize_cards(cards)
        for selector in ("#stock", "#own-pile", "#opponent-pile"):
            self.query_one(selector).styles.width = count_strip_width(cards)
        self.query_one("#turned").styles.width = turned_strip_width(cards)
        for selector in ("#table-area", "#hand-area"):
            self.query_one(selector).styles.min_height = 1 + cards.height
        beside = arranged.log_beside
        self.set_class(beside, "-log-beside")
        self.query_one("#log").styles.width = arranged.log_column if beside else None
        for name in GAPS:
            gap = self.query_one(f"#{name}")
            if beside:  # the rows the log leaves, shared out
                gap.display = True
                gap.styles.height = "1fr"
            else:
                lines = arranged.gap if name in ("gap-table", "gap-hand") else 0
                gap.display = lines > 0
                gap.styles.height = max(lines, 1)

    def _cards_width(self) -> int:
        """Columns of the board beside the log."""
        width = self.size.width if self.size.width > 0 else self.app.size.width
        return width - self.arranged.log_column

    def _centre(self, selector: str, used: int) -> None:
        """Centre ``used`` columns of the row ``selector`` in the board's width (where the
        layout centres)."""
        left = max((self._cards_width() - used) // 2, 0) if self.arranged.centred else 0
        row = self.query_one(selector)
        if row.styles.padding.left != left:
            row.styles.padding = (0, 0, 0, left)

    def draw(self, scene: Scene) -> None:
        """Draw ``scene``: the deal from its view, or the series alone between deals."""
        self.scene = scene
        self._arrange()
        view = scene.view
        if view is None:
            self._render_empty()
            return
        me, other = view.seat, (view.seat + 1) % view.seats
        stage = scene.stage
        # With people sharing the keyboard, no hand shows while the computer plays.
        faces_visible = scene.face_up
        options = scene.options if stage == "select" else []
        choices = scene.choices
        chosen = choices[scene.choice] if choices else None

        just_turned = scene.just_turned if stage == "turned" else None
        last = scene.recent_on_table()

        def table_mark(card: Card) -> str:
            if card == just_turned:  # it took nothing and stayed on the table
                return "turned"
            if chosen is not None and scene.takes(chosen, card):
                return "selected"
            if any(scene.takes(a, card) for a in choices):
                return "choice"
            if any(scene.takes(a, card) for a in options):
                return "target"
            if card in last:
                return "last"
            return "triple" if rank(card) == view.triple else ""

        self.query_one("#table", CardStrip).show(
            [CardLook(c, mark=table_mark(c)) for c in view.table], view.seats
        )
        hand_marks = stage in ("select", "target")
        self.query_one("#hand", CardStrip).show(
            [
                CardLook(
                    c,
                    face_up=faces_visible,
                    mark="selected" if hand_marks and k == scene.cursor else "",
                )
                for k, c in enumerate(view.hand)
            ],
            view.seats,
        )
        flip_mark = "target" if stage == "flip" else ""
        turned = (
            view.flip_card
            if stage == "flip-target"
            else scene.turned_apart
            if stage == "turned"
            else None
        )
        stock = view.stock_count - (1 if stage == "flip-target" else 0)  # the turned card is out
        self._show_one("#stock", CardLook(None, face_up=False, count=stock, mark=flip_mark))
        # No card turned over: its place stays empty (a frame there read as a blank card).
        self.query_one("#turned", CardStrip).show(
            [] if turned is None else [CardLook(turned, mark="turned")], view.seats
        )
        counts = view.pile_counts
        self._show_one("#own-pile", CardLook(None, face_up=False, count=counts[me]))
        points = self._open_points(view)
        self.set_class(view.seats > 2, "-seats-many")
        if view.seats == 2:
            self._show_opponent(view, other, points)
        else:
            self._show_other_seats(view, points)
        cards = self.arranged.cards
        width = self._cards_width()
        beside_table = count_strip_width(cards) + turned_strip_width(cards)
        table = self.query_one("#table", CardStrip).row_width(width - beside_table)
        self._centre("#table-area", beside_table + table)
        hand = self.query_one("#hand", CardStrip).row_width(width - count_strip_width(cards))
        self._centre("#hand-area", count_strip_width(cards) + hand)
        table_area = self.query_one("#table-area")
        table_area.border_title = self._table_title(width - 4)
        hand_area = self.query_one("#hand-area")
        hand_area.border_title = self._fit(self._hand_title(view, faces_visible), width - 4)
        self.query_one("#status", TextLine).show(self._status_text(view))
        self.query_one("#banner", TextLine).show(self._banner_text(view))

    def _show_opponent(self, view: PlayerView, other: int, points: tuple[str, ...]) -> None:
        """Two players: the opponent's pile and a fan of its backs, named and counted."""
        self._show_one(
            "#opponent-pile", CardLook(None, face_up=False, count=view.pile_counts[other])
        )
        in_hand = view.hand_counts[other]
        fan = self.query_one("#opponent-hand", HandBacks)
        backs = fan.fan_width(in_hand)
        pile = count_strip_width(self.arranged.cards)
        label = self._fit(
            lambda name: Text(
                _("{name} · {count} in hand").format(name=name(other), count=in_hand)
                + points[other]
            ),
            self._cards_width() - pile - backs - 2,
        ).plain
        fan.show(in_hand, label)
        self._centre("#opponent", pile + backs + 2 + cell_len(label))

    def _show_other_seats(self, view: PlayerView, points: tuple[str, ...]) -> None:
        """Three or four players: every other seat in a column, in turn order after yours."""
        others = [(view.seat + k) % view.seats for k in range(1, view.seats)]
        room = self._room("#other-seats") // len(others) - 4
        in_play = view.phase != OVER

        def named(seat: int) -> str:
            return self._fit(lambda name: Text(name(seat)), room).plain

        self.query_one("#other-seats", OtherSeats).show(
            tuple(
                SeatSummary(
                    named(seat),
                    view.hand_counts[seat],
                    view.pile_counts[seat],
                    self.scene.series.totals[seat],
                    points[seat],
                    dealer=seat == view.dealer,
                    to_move=in_play and seat == view.to_move,
                )
                for seat in others
            )
        )

    def _show_one(self, selector: str, look: CardLook) -> None:
        self.query_one(selector, CardStrip).show([look])

    def _render_empty(self) -> None:
        for strip in self.query(CardStrip).results(CardStrip):
            strip.show([] if strip.zone in ("hand", "table") else [CardLook(None)])
        self.query_one("#opponent-hand", HandBacks).show(0, "")
        self.query_one("#other-seats", OtherSeats).show(())
        self.query_one("#table-area").border_title = _("Table")
        self.query_one("#status", TextLine).show(self._series_text())
        self.query_one("#banner", TextLine).show(Text(""))

    def _room(self, selector: str, beside: int = 0) -> int:
        """Cells for text in a widget of the board; before the first layout, the screen's
        width less ``beside`` (and less the log's column on a wide screen)."""
        width = self.query_one(selector).content_size.width
        if width > 0:
            return width
        return self.app.size.width - beside - self.arranged.log_column
