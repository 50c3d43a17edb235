"""Results of a deal, and of the series when it is over."""

from collections.abc import Callable
from typing import ClassVar

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from chinese_ten.engine.cards import cards_of_mask
from chinese_ten.engine.deal import DealState, outcome
from chinese_ten.engine.series import SeriesScore
from chinese_ten.engine.variant import card_points, variant
from chinese_ten.game.turn import Guard
from chinese_ten.lang.i18n import N_, _, ngettext
from chinese_ten.text.wording import listed, signed
from chinese_ten.tui.cardtext import card_list
from chinese_ten.tui.glyphs import Glyphs, ascii_scrollbars
from chinese_ten.tui.screens.guarded import arm, deliberate
from chinese_ten.tui.seats import NameOf, computer_mark, fit, fit_line
from chinese_ten.tui.texts import translate_bindings
from chinese_ten.tui.widgets.keybar import KeyBar
from chinese_ten.tui.widgets.too_small import compact, touch

NAME_CELLS = 24
"""A name in a table column is cut to this (a 40-character name would squeeze the cards out)."""


WHOLE = 10_000
"""Cells that hold any line whole (names are cut to fit no fewer)."""


class FittedText(Static):
    """Text built for the cells it has: ``build`` is given the content's width each time
    that changes (None before the first layout)."""

    def __init__(self, build: Callable[[int | None], Text], *, id: str) -> None:
        super().__init__(build(None), id=id)
        self._build = build

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        self.update(self._build(self.content_size.width))


class ResultsScreen(Screen[str]):
    """Each player's red cards and points, the result, and the series so far."""

    CSS_PATH = "results.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", N_("Next deal")),
        Binding("n", "new", N_("New series")),
        Binding(
            "g",
            "new_table",
            N_("New game"),
            tooltip=N_("Choose who plays the next game (the table just played is chosen)"),
        ),
        # The quit dialog, which knows a failed save; the key bar shows the app's ^q for it.
        Binding("q", "app.quit", N_("Quit"), show=False),
    ]

    def __init__(
        self,
        *,
        names: tuple[str, ...],
        levels: tuple[str | None, ...] = (None, None),
        deal: DealState,
        series: SeriesScore,
        symbols: bool,
        four_color: bool,
        glyphs: Glyphs,
        you: int | None = None,
        guard: float = 0.0,
        joined: bool = False,
    ) -> None:
        """``guard``: seconds after it is drawn before a key goes on (see ``Guard``);
        ``joined``: a seat of a table another machine holds (``chinese-ten join``), where
        Enter says the seat is ready for the next deal and the host alone starts a new one."""
        super().__init__()
        translate_bindings(self)
        self.names = names
        self.you = you
        """The seat of the person playing the computer, addressed as "you" (None: hot-seat)."""
        self.levels = levels
        """The computer's level in each seat (None: a person), for the mark beside its name."""
        self.deal = deal
        self.series = series
        self._symbols = symbols
        self._four_color = four_color
        self._glyphs = glyphs
        self._guard = Guard(guard)
        self.joined = joined
        self.set_class(series.is_over, "-over")

    def compose(self) -> ComposeResult:
        """The verdict, the standing with its totals and the keys on top, where no scrolling
        hides them; the tables scroll beneath: the deal's first, and once the series is
        over the series' first (the last deal's table then matters least)."""
        yield FittedText(self._verdict, id="verdict")
        with VerticalScroll(id="results-box"):
            deal = Static(self._deal_table(), id="deal-result")
            series = Static(self._series_table(), id="series-result")
            yield from (series, deal) if self.series.is_over else (deal, series)
            yield Static(self._cards_text(), id="deal-cards")
        yield KeyBar()  # as on the board (at the compact board's sizes its keys wrap)

    def on_resize(self, event: events.Resize) -> None:
        self._fit_size()

    def on_mount(self) -> None:
        self._fit_size()
        arm(self, self._guard)
        if self._glyphs.ascii:
            ascii_scrollbars(self.query_one("#results-box"))

    def _fit_size(self) -> None:
        """On the compact board's sizes: the key bar for the footer, tables without frames."""
        small = compact(self.app)
        if small != self.has_class("-compact"):
            self.set_class(small, "-compact")
            self.query_one("#deal-result", Static).update(self._deal_table())
            self.query_one("#series-result", Static).update(self._series_table())
            self.query_one("#deal-cards", Static).update(self._cards_text())

    def _seat_name(self, seat: int, width: int | None = None) -> str:
        """The seat's name, cut to ``width`` cells for a table column, and the computer's mark."""
        name = self.names[seat]
        shown = name if width is None else fit(name, width, self._glyphs.ellipsis)
        return shown + computer_mark(name, self.levels[seat])

    def _deal_table(self) -> Table:
        result = outcome(self.deal)
        assert result is not None
        number = len(self.series.outcomes)
        # On the compact board's sizes: no frame, and the cards under the verdict
        # (:meth:`_cards_text`), so that every seat's result shows without scrolling.
        small = compact(self.app)
        table = Table(
            title=_("Deal {number}").format(number=number),
            expand=True,
            show_lines=self.deal.setup.seats == 2 and not small,  # else a line a seat
            box=None if small else self._glyphs.table_box,
            pad_edge=not small,
        )
        table.add_column(_("Player"), no_wrap=True)
        if not small:
            table.add_column(self._cards_heading(), ratio=1)
        table.add_column(_("Points"), justify="right")
        table.add_column(_("Result"), justify="right")
        for seat in self._play_order():
            cards = () if small else (self._scoring_cards(seat),)
            table.add_row(
                Text(self._seat_name(seat, NAME_CELLS)),
                *cards,
                str(result.points[seat]),
                Text(signed(result.results[seat]), style="bold"),
            )
        return table

    def _cards_heading(self) -> str:
        return _("Red cards captured") if self.deal.setup.seats == 2 else _("Cards that score")

    def _scoring_cards(self, seat: int) -> Text:
        seats = self.deal.setup.seats
        red = [c for c in cards_of_mask(self.deal.piles[seat]) if card_points(c, seats)]
        return card_list(red, symbols=self._symbols, four_color=self._four_color)

    def _cards_text(self) -> Text:
        """The compact board's list of each seat's scoring cards, under the verdict."""
        if not compact(self.app):
            return Text("")
        text = Text(self._cards_heading(), style="bold")
        for seat in self._play_order():
            text.append("\n" + self._seat_name(seat, NAME_CELLS) + ": ")
            text.append_text(self._scoring_cards(seat))
        return text

    def _series_table(self) -> Table:
        planned = self.series.deals_planned
        title = (
            ngettext("Series of {count} deal", "Series of {count} deals", planned).format(
                count=planned
            )
            if planned
            else _("Series")
        )
        small = compact(self.app)
        table = Table(
            title=title,
            expand=True,
            box=None if small else self._glyphs.table_box,
            pad_edge=not small,
        )
        table.add_column(_("Deal"), justify="right")
        seats = range(self.series.seats)
        two = len(seats) == 2  # with more, a long name wraps in its column's heading
        for seat in seats:  # every seat's column as wide as the others
            name = Text(self._seat_name(seat, NAME_CELLS if two else None))
            whole = name.cell_len if two else None  # a name cut to fit is not wrapped too
            table.add_column(name, justify="right", ratio=1, min_width=whole)
        for k, o in enumerate(self.series.outcomes, start=1):
            table.add_row(str(k), *(signed(o.results[seat]) for seat in seats))
        totals = self.series.totals
        table.add_section()
        table.add_row(_("Total"), *(signed(totals[seat]) for seat in seats), style="bold")
        return table

    def _standing(self, width: int | None) -> Text:
        """A place a line, under the first (equal totals share a place)::

            Standing: 1. Ana +30
                      2. Ben -5
                      2. Cy -5

        One line each, as a wrapped line would break inside a place (a no-break space is
        a space to the wrapping of Rich and Textual); a name too long for ``width`` cells
        is cut, so that its total stays on its line."""
        totals = self.series.totals
        heading = _("Standing: {places}")
        before = heading.partition("{places}")[0]
        indent = " " * cell_len(before)
        lines = []
        for k, (place, seat) in enumerate(self.series.standing):

            def build(name_of: NameOf, place: int = place, seat: int = seat) -> Text:
                return Text(
                    _("{place}. {name} {total}").format(
                        place=place, name=name_of(seat), total=signed(totals[seat])
                    )
                )

            room = WHOLE if width is None else width - cell_len(before if k == 0 else indent)
            line = fit_line(build, room, self.names, self.levels, self._glyphs.ellipsis)
            lines.append(line.plain)
        return Text(heading.format(places=("\n" + indent).join(lines)))

    def _play_order(self) -> list[int]:
        """The seats as the deal went round: with two players seat order (as always shown);
        with more, the first to play first and the dealer last."""
        setup = self.deal.setup
        if setup.seats == 2:
            return [0, 1]
        return [(setup.dealer + k) % setup.seats for k in range(1, setup.seats + 1)]

    def _shared(self, seats: tuple[int, ...], you_text: str, text: str) -> str:
        """``Ana and Ben share …``, or ``You share … with Ben`` for the person at the table."""
        if self.you in seats:
            others = [self._seat_name(seat) for seat in seats if seat != self.you]
            return you_text.format(names=listed(others))
        return text.format(names=listed([self._seat_name(seat) for seat in seats]))

    def _verdict(self, width: int | None = None) -> Text:
        """Who won the deal (and the series, once it is over), the standing with each
        seat's total, and the keys, in ``width`` cells (None: not yet laid out)."""
        result = outcome(self.deal)
        assert result is not None
        if result.winner is None and len(result.points) == 2:
            deal = _("The deal is a tie: {points} points each.").format(
                points=variant(len(result.points)).base
            )
        elif result.winner is None:
            deal = self._shared(
                result.winners, _("You share the deal with {names}."), _("{names} share the deal.")
            )
        elif result.winner == self.you:
            deal = _("You win the deal.")
        else:
            deal = _("{name} wins the deal.").format(name=self._seat_name(result.winner))
        text = Text(deal + " ", style="bold")
        if self.series.is_over:
            winner = self.series.winner
            if winner is None and self.series.seats == 2:
                final = _("The series is tied.")
            elif winner is None:
                final = self._shared(
                    self.series.leaders,
                    _("You share the series with {names}!"),
                    _("{names} share the series!"),
                )
            elif winner == self.you:
                final = _("You win the series!")
            else:
                final = _("{name} wins the series!").format(name=self._seat_name(winner))
            text.append(final, style="bold reverse")
        text.append("\n")
        text.append_text(self._standing(width))
        if self.series.is_over:
            if self.joined:
                ending = _("Tap Quit.") if touch(self.app) else _("q: quit")
            elif touch(self.app):
                ending = _("Tap New series, New game or Quit.")
            else:
                ending = _("n: new series · g: new game · q: quit")
            text.append("\n" + ending, style="dim")
        else:
            ending = (
                _("Tap Next deal, or Quit.") if touch(self.app) else _("Enter: next deal · q: quit")
            )
            text.append("\n" + ending, style="dim")
        return text

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next":
            return not self.series.is_over
        if action in ("new", "new_table"):
            return self.series.is_over and not self.joined
        return True

    def action_next(self) -> None:
        if deliberate(self._guard):
            self.dismiss("next")

    def action_new(self) -> None:
        if deliberate(self._guard):
            self.dismiss("new")

    def action_new_table(self) -> None:
        """A new game: the start screen, with the table just played chosen in it."""
        if deliberate(self._guard):
            self.dismiss("table")
