"""The board: a widget that draws one seat's :class:`~chinese_ten.view.PlayerView` of a deal
at a table of two, three or four, and the moment of the turn (a :class:`Scene`).

The game screen decides what happens (the stage of the turn, the card chosen, the hint) and
hands the board a scene; the board only draws. It is given a view, never the state, so it
cannot show a hand that is not the viewer's. Clicks on its cards go up as
:class:`~chinese_ten.tui.widgets.card.CardStrip.Clicked` messages.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from chinese_ten.actions import TRIPLE, Action, action_target, capture_code
from chinese_ten.cards import Card
from chinese_ten.deal import OVER
from chinese_ten.i18n import _, ngettext
from chinese_ten.series import SeriesScore
from chinese_ten.tui.cardtext import card_list, describe_event
from chinese_ten.tui.glyphs import Glyphs
from chinese_ten.tui.seats import NameOf, fit_line
from chinese_ten.tui.texts import styled
from chinese_ten.tui.widgets.card import CardLook, CardStrip
from chinese_ten.tui.widgets.fan import HandBacks
from chinese_ten.tui.widgets.line import TextLine
from chinese_ten.tui.widgets.log import WrappedLog
from chinese_ten.tui.widgets.other_seats import OtherSeats, SeatSummary
from chinese_ten.view import Event, PlayerView
from chinese_ten.wording import signed

Stage = Literal[
    "idle", "handover", "select", "target", "flip", "flip-target", "turned", "computer", "over"
]
"""Where a turn stands: which keys work and what the banner asks for."""


@dataclass(frozen=True, slots=True)
class Scene:
    """What the board shows at one moment: the deal from the viewer's seat (``view`` None
    between deals) and the state of the turn the screen keeps."""

    view: PlayerView | None
    series: SeriesScore
    names: tuple[str, ...]
    """Every seat's name as shown now."""
    levels: tuple[str | None, ...]
    """The computer's level in each seat (None for a person), for the computer's mark."""
    you: int | None
    """The seat of the one person against the computer, addressed as "you"."""
    stage: Stage = "idle"
    cursor: int = 0
    """The hand card chosen."""
    options: tuple[Action, ...] = ()
    """What the hand card chosen would do (its actions)."""
    choices: tuple[Action, ...] = ()
    """The targets to choose among (a played or turned card that may take several)."""
    choice: int = 0
    just_turned: Card | None = None
    """The stock card the mover just turned over (until the keyboard is passed)."""
    turned_apart: Card | None = None
    """That card when it took a card (else it lies on the table)."""
    next_person: int = 0
    """The seat the keyboard goes to next (named on the banner after a turn)."""
    hint: Text | None = None
    hot_seat: bool = False
    open_scores: bool = False


class Board(Vertical):
    """The status line, the other seats, the table, your hand, the banner and the log."""

    def __init__(
        self, *, glyphs: Glyphs, symbols: bool, four_color: bool, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self._glyphs = glyphs
        self._symbols = symbols
        self._four_color = four_color
        self.scene = Scene(None, SeriesScore(None, 0), ("", ""), (None, None), None)

    def compose(self) -> ComposeResult:
        look = {
            "symbols": self._symbols,
            "four_color": self._four_color,
            "ascii_only": self._glyphs.ascii,
        }
        yield TextLine(id="status")
        with Horizontal(id="opponent"):
            yield CardStrip("pile", **look, id="opponent-pile")
            yield HandBacks(ascii_only=self._glyphs.ascii, id="opponent-hand")
            yield OtherSeats(self._glyphs, id="other-seats")
        with Horizontal(id="table-area"):
            yield CardStrip("stock", **look, id="stock")
            yield CardStrip("turned", **look, id="turned")
            yield CardStrip("table", **look, id="table")
        with Horizontal(id="hand-area"):
            yield CardStrip("pile", **look, id="own-pile")
            yield CardStrip("hand", **look, id="hand")
        yield TextLine(id="banner")
        yield WrappedLog(id="log", max_lines=500)

    def _cards(self, cards: list[Card] | tuple[Card, ...]) -> Text:
        return card_list(cards, symbols=self._symbols, four_color=self._four_color)

    def _describe(self, event: Event) -> Text:
        scene = self.scene
        return describe_event(
            event,
            scene.names,
            symbols=self._symbols,
            four_color=self._four_color,
            you=scene.you,
        )

    def draw(self, scene: Scene) -> None:
        """Draw ``scene``: the deal from its view, or the series alone between deals."""
        self.scene = scene
        view = scene.view
        if view is None:
            self._render_empty()
            return
        me, other = view.seat, (view.seat + 1) % view.seats
        stage = scene.stage
        # With people sharing the keyboard, no hand shows while the computer plays.
        faces_visible = stage not in ("handover", "idle") and not (
            stage == "computer" and scene.hot_seat
        )
        options = scene.options if stage == "select" else []
        choices = scene.choices
        chosen = choices[scene.choice] if choices else None

        just_turned = scene.just_turned if stage == "turned" else None

        def takes(action: Action, card: Card) -> bool:
            code = capture_code(action)
            return code == card + 1 or (code == TRIPLE and card >> 2 == view.triple)

        def table_mark(card: Card) -> str:
            if card == just_turned:  # it took nothing and stayed on the table
                return "turned"
            if chosen is not None and takes(chosen, card):
                return "selected"
            if any(takes(a, card) for a in choices):
                return "choice"
            if any(takes(a, card) for a in options):
                return "target"
            return "triple" if card >> 2 == view.triple else ""

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
        self.query_one("#turned", CardStrip).show(
            [CardLook(turned, mark="turned" if turned is not None else "")], view.seats
        )
        counts = view.pile_counts
        self._show_one("#own-pile", CardLook(None, face_up=False, count=counts[me]))
        points = self._open_points(view)
        self.set_class(view.seats > 2, "-seats-many")
        if view.seats == 2:
            self._show_opponent(view, other, points)
        else:
            self._show_other_seats(view, points)
        if me == scene.you:
            title = (
                _("Your hand · pile {count}")
                if faces_visible
                else _("Your hand (hidden) · pile {count}")
            )
        else:
            title = (
                _("{name}'s hand · pile {count}")
                if faces_visible
                else _("{name}'s hand (hidden) · pile {count}")
            )

        total = ""
        if view.seats > 2:
            total = f" {self._glyphs.sep} " + _("total {total}").format(
                total=signed(scene.series.totals[me])
            )

        def hand_title(name: NameOf) -> Text:
            return Text(title.format(name=name(me), count=counts[me]) + total + points[me])

        hand_area = self.query_one("#hand-area")
        hand_area.border_title = self._fit(hand_title, self._room("#hand-area") - 4)
        self.query_one("#status", TextLine).show(self._status_text(view))
        self.query_one("#banner", TextLine).show(self._banner_text(view))

    def _show_opponent(self, view: PlayerView, other: int, points: tuple[str, ...]) -> None:
        """Two players: the opponent's pile and a fan of its backs, named and counted."""
        self._show_one(
            "#opponent-pile", CardLook(None, face_up=False, count=view.pile_counts[other])
        )
        in_hand = view.hand_counts[other]
        backs = 2 * in_hand + 3 if in_hand else 0
        self.query_one("#opponent-hand", HandBacks).show(
            in_hand,
            self._fit(
                lambda name: Text(
                    _("{name} · {count} in hand").format(name=name(other), count=in_hand)
                    + points[other]
                ),
                self._room("#opponent-hand", 8) - backs - 2,
            ).plain,
        )

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

    def _open_points(self, view: PlayerView) -> tuple[str, ...]:
        """With ``--open-scores``, each pile's points, for the labels beside the piles (red
        points with two players; with more the black aces that score count too)."""
        if not self.scene.open_scores:
            return ("",) * view.seats
        from chinese_ten.cards import seat_points

        sep = self._glyphs.sep
        shown = []
        for pile in view.piles:
            points = seat_points(pile, view.seats)
            words = (
                ngettext("{count} red point", "{count} red points", points)
                if view.seats == 2
                else ngettext("{count} point", "{count} points", points)
            )
            shown.append(f" {sep} " + words.format(count=points))
        return tuple(shown)

    def _show_one(self, selector: str, look: CardLook) -> None:
        self.query_one(selector, CardStrip).show([look])

    def _render_empty(self) -> None:
        for strip in self.query(CardStrip).results(CardStrip):
            strip.show([] if strip.zone in ("hand", "table") else [CardLook(None)])
        self.query_one("#opponent-hand", HandBacks).show(0, "")
        self.query_one("#other-seats", OtherSeats).show(())
        self.query_one("#status", TextLine).show(self._series_text())
        self.query_one("#banner", TextLine).show(Text(""))

    def _fit(self, build: Callable[[NameOf], Text], width: int) -> Text:
        """The longest form of a line with names that fits ``width`` cells."""
        scene = self.scene
        return fit_line(build, width, scene.names, scene.levels, self._glyphs.ellipsis)

    def _room(self, selector: str, beside: int = 0) -> int:
        """Cells for text in a widget of the board; before the first layout, the screen's
        width less ``beside`` (and less the log's column on a wide screen)."""
        width = self.query_one(selector).content_size.width
        if width > 0:
            return width
        screen = self.app.size.width
        return screen - beside - (46 if screen >= 120 else 0)

    def _series_line(self, name: NameOf) -> Text:
        series, view = self.scene.series, self.scene.view
        done = len(series.outcomes)
        planned = series.deals_planned
        number = max(done + (1 if view is not None and view.phase != OVER else 0), 1)
        deal = (
            _("Deal {number} of {planned}").format(number=number, planned=planned)
            if planned
            else _("Deal {number}").format(number=number)
        )
        text = Text(deal, style="bold")
        totals = series.totals
        if len(totals) == 2:  # with more, each seat's total is beside its cards
            first, second = totals
            text.append(f"  {self._glyphs.sep}  ")
            text.append(
                _("totals {first} {first_total}, {second} {second_total}").format(
                    first=name(0),
                    first_total=signed(first),
                    second=name(1),
                    second_total=signed(second),
                )
            )
        return text

    def _series_text(self) -> Text:
        return self._fit(self._series_line, self._room("#status", 2))

    def _status_text(self, view: PlayerView) -> Text:
        sep = self._glyphs.sep

        def build(name: NameOf) -> Text:
            text = self._series_line(name)
            text.append(f"  {sep}  ")
            text.append(_("dealer {name}").format(name=name(view.dealer, False)))
            return text

        return self._fit(build, self._room("#status", 2))

    def _banner_text(self, view: PlayerView) -> Text:
        if self.scene.hint is not None and self.scene.stage in (
            "select",
            "target",
            "flip",
            "flip-target",
        ):
            return self.scene.hint
        return self._fit(
            lambda name: self._banner_line(view, name(view.to_move)), self._room("#banner", 2)
        )

    def _banner_line(self, view: PlayerView, name: str) -> Text:
        """What the player to move is asked; the person playing the computer is told "your
        turn", anyone else is named (whatever the name)."""
        scene = self.scene
        stage = scene.stage
        if stage == "computer":
            return Text(_("{name} is thinking…").format(name=name), style="italic")
        if stage == "handover":
            return Text(_("Pass the keyboard to {name}.").format(name=name), style="italic")
        if stage == "over":  # the last turn is the log's last line, beside the board
            return Text(_("The deal is over: Enter shows the results."), style="bold")
        you = view.to_move == scene.you
        who = _("Your turn") if you else name
        arrows = self._glyphs.arrows
        if stage == "select":
            options = scene.options
            if not options:
                return Text(_("{who}: choose a card to play.").format(who=who))
            code = options[0] >> 6 & 63
            targets = [t for t in (action_target(a) for a in options) if t is not None]
            if code == TRIPLE:
                template = _("{who}: play {card} and take the layout triple?")
            elif code == 0:
                template = _("{who}: play {card}? It takes nothing and stays on the table.")
            elif len(options) > 1:
                template = _("{who}: play {card} and take {targets} (you choose)?")
            else:
                template = _("{who}: play {card} and take {targets}?")
            return styled(
                template,
                who=who,
                card=self._cards([options[0] & 63]),
                targets=self._cards_or(targets),
            )
        if stage == "target":
            return Text(
                _("{who}: choose the card to take ({arrows}, Enter; Esc to go back).").format(
                    who=who, arrows=arrows
                )
            )
        if stage == "flip":
            return Text(
                _("{who}: press Space (or click the stock) to turn over the top card.").format(
                    who=who
                )
            )
        if stage == "turned":
            events = view.events()
            return styled(
                _("{event}. Enter passes the keyboard to {name}."),
                event=self._describe(events[-1]) if events else Text(""),
                name=scene.names[scene.next_person],
            )
        if stage == "flip-target":
            template = (
                _("You turned over {card}: choose the card it takes ({arrows}, Enter).")
                if you
                else _("{name} turned over {card}: choose the card it takes ({arrows}, Enter).")
            )
            flipped = [view.flip_card] if view.flip_card is not None else []
            return styled(template, name=name, card=self._cards(flipped), arrows=arrows)
        return Text("")

    def _cards_or(self, cards: list[Card]) -> Text:
        """``A♠ or A♣``, ``A♠, A♣ or A♦``: one of them, as a choice reads."""
        shown = [self._cards([card]) for card in cards]
        if len(shown) < 2:
            return shown[0] if shown else Text()
        return styled(_("{cards} or {card}"), cards=Text(", ").join(shown[:-1]), card=shown[-1])
