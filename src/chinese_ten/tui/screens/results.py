"""Results of a deal, and of the series when it is over."""

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from chinese_ten.cards import POINTS, cards_of_mask
from chinese_ten.deal import DealState, outcome
from chinese_ten.i18n import N_, _, ngettext
from chinese_ten.series import SeriesScore
from chinese_ten.tui.cardtext import card_list
from chinese_ten.tui.glyphs import Glyphs, ascii_scrollbars
from chinese_ten.tui.seats import computer_mark, fit
from chinese_ten.tui.texts import translate_bindings
from chinese_ten.wording import signed

NAME_CELLS = 24
"""A name in a table column is cut to this (a 40-character name would squeeze the cards out)."""


class ResultsScreen(Screen[str]):
    """Each player's red cards and points, the result, and the series so far."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", N_("Next deal")),
        Binding("n", "new", N_("New series")),
        Binding("q", "app.quit", N_("Quit")),  # the quit dialog, which knows a failed save
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
    ) -> None:
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

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="results-box"):
            yield Static(self._deal_table(), id="deal-result")
            yield Static(self._series_table(), id="series-result")
            yield Static(self._verdict(), id="verdict")
        yield Footer()

    def on_mount(self) -> None:
        if self._glyphs.ascii:
            ascii_scrollbars(self.query_one("#results-box"))

    def _seat_name(self, seat: int, width: int | None = None) -> str:
        """The seat's name, cut to ``width`` cells for a table column, and the computer's mark."""
        name = self.names[seat]
        shown = name if width is None else fit(name, width, self._glyphs.ellipsis)
        return shown + computer_mark(name, self.levels[seat])

    def _deal_table(self) -> Table:
        result = outcome(self.deal)
        assert result is not None
        number = len(self.series.outcomes)
        table = Table(
            title=_("Deal {number}").format(number=number),
            expand=True,
            show_lines=True,
            box=self._glyphs.table_box,
        )
        table.add_column(_("Player"), no_wrap=True)
        table.add_column(_("Red cards captured"), ratio=1)
        table.add_column(_("Points"), justify="right")
        table.add_column(_("Result"), justify="right")
        for seat in (0, 1):
            red = [c for c in cards_of_mask(self.deal.piles[seat]) if POINTS[c]]
            table.add_row(
                Text(self._seat_name(seat, NAME_CELLS)),
                card_list(red, symbols=self._symbols, four_color=self._four_color),
                str(result.points[seat]),
                Text(signed(result.results[seat]), style="bold"),
            )
        return table

    def _series_table(self) -> Table:
        planned = self.series.deals_planned
        title = (
            ngettext("Series of {count} deal", "Series of {count} deals", planned).format(
                count=planned
            )
            if planned
            else _("Series")
        )
        table = Table(title=title, expand=True, box=self._glyphs.table_box)
        table.add_column(_("Deal"), justify="right")
        for seat in (0, 1):
            table.add_column(Text(self._seat_name(seat, NAME_CELLS)), justify="right")
        for k, o in enumerate(self.series.outcomes, start=1):
            table.add_row(str(k), signed(o.results[0]), signed(o.results[1]))
        totals = self.series.totals
        table.add_section()
        table.add_row(_("Total"), signed(totals[0]), signed(totals[1]), style="bold")
        return table

    def _verdict(self) -> Text:
        result = outcome(self.deal)
        assert result is not None
        if result.winner is None:
            deal = _("The deal is a tie: 105 points each.")
        elif result.winner == self.you:
            deal = _("You win the deal.")
        else:
            deal = _("{name} wins the deal.").format(name=self._seat_name(result.winner))
        text = Text(deal + " ", style="bold")
        if self.series.is_over:
            winner = self.series.winner
            if winner is None:
                final = _("The series is tied.")
            elif winner == self.you:
                final = _("You win the series!")
            else:
                final = _("{name} wins the series!").format(name=self._seat_name(winner))
            text.append(final, style="bold reverse")
            text.append("\n" + _("n: new series · q: quit"), style="dim")
        else:
            text.append("\n" + _("Enter: next deal · q: quit"), style="dim")
        return text

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next":
            return not self.series.is_over
        if action == "new":
            return self.series.is_over
        return True

    def action_next(self) -> None:
        self.dismiss("next")

    def action_new(self) -> None:
        self.dismiss("new")
