"""The game's log in words: each :data:`~chinese_ten.game.turn.LogEntry` as the line it shows, and
the toasts some of them raise when they happen."""

from dataclasses import dataclass

from rich.text import Text

from chinese_ten.game.turn import (
    DealBegins,
    DealEnds,
    FourLaid,
    Happened,
    LogEntry,
    Resumed,
    SeriesBegins,
    TripleLaid,
)
from chinese_ten.lang.i18n import _
from chinese_ten.text.wording import signed, versus
from chinese_ten.tui.cardtext import card_list, describe_event
from chinese_ten.tui.texts import styled


@dataclass(frozen=True, slots=True)
class LogWords:
    """How to word the log of one game: its names, "you" and the cards' look."""

    names: tuple[str, ...]
    you: int | None
    symbols: bool
    four_color: bool

    def line(self, entry: LogEntry) -> Text | None:
        """The log's line for ``entry`` (None: it is said by a toast only)."""
        names, you = self.names, self.you
        match entry:
            case Happened(event):
                return describe_event(
                    event, names, symbols=self.symbols, four_color=self.four_color, you=you
                )
            case DealBegins(number, dealer, cutter, position, cut_by):
                header = (
                    self._deal_header(number, dealer, cutter, position)
                    if cut_by == "cutter"
                    else self._host_cut_header(number, dealer, cutter, cut_by == "random")
                )
                return Text(header, style="bold")
            case TripleLaid(cards):
                return styled(
                    _("Layout triple: the fourth card of this rank takes all three: {cards}"),
                    cards=card_list(cards, symbols=self.symbols, four_color=self.four_color),
                )
            case DealEnds(number, outcome):
                results = ", ".join(
                    f"{names[seat]} {signed(result)}" for seat, result in enumerate(outcome.results)
                )
                return Text(
                    _("Deal {number} is over: {results}.").format(number=number, results=results),
                    style="bold",
                )
            case Resumed(players):
                return Text(_("Resumed {players}.").format(players=versus(players)), style="italic")
            case SeriesBegins():
                return Text(_("A new series begins."), style="bold")
        return None

    def _deal_header(self, number: int, dealer: int, cutter: int, position: int | None) -> str:
        you, names = self.you, self.names
        if position is None:  # a resumed game: who cut is known, not where (not saved)
            if dealer == you:
                header = _("Deal {number}: you deal; {cutter} cut.")
            elif cutter == you:
                header = _("Deal {number}: {dealer} deals; you cut.")
            else:
                header = _("Deal {number}: {dealer} deals; {cutter} cut.")
        elif dealer == you:
            header = _("Deal {number}: you deal; {cutter} cut at {position}.")
        elif cutter == you:
            header = _("Deal {number}: {dealer} deals; you cut at {position}.")
        else:
            header = _("Deal {number}: {dealer} deals; {cutter} cut at {position}.")
        return header.format(
            number=number,
            name=names[dealer],
            dealer=names[dealer],
            cutter=names[cutter],
            position=position,
        )

    def _host_cut_header(self, number: int, dealer: int, cutter: int, at_random: bool) -> str:
        """A deal whose pack the host cut at random for ``cutter``, or whose cut this log
        does not know: no one is said to have cut."""
        you, names = self.you, self.names
        if not at_random:
            header = (
                _("Deal {number}: you deal.")
                if dealer == you
                else _("Deal {number}: {dealer} deals.")
            )
        elif dealer == you:
            header = _("Deal {number}: you deal; the pack was cut at random for {cutter}.")
        elif cutter == you:
            header = _("Deal {number}: {dealer} deals; the pack was cut at random for you.")
        else:
            header = _("Deal {number}: {dealer} deals; the pack was cut at random for {cutter}.")
        return header.format(number=number, dealer=names[dealer], cutter=names[cutter])

    def toast(self, entry: LogEntry) -> tuple[str, str] | None:
        """The toast ``entry`` raises when it happens: its text and title."""
        match entry:
            case TripleLaid():
                line = self.line(entry)
                assert line is not None
                return line.plain, _("Layout triple")
            case FourLaid(dealer):
                four = (
                    _("Four of a kind in the layout: you, the dealer, take all four.")
                    if dealer == self.you
                    else _("Four of a kind in the layout: {name}, the dealer, takes all four.")
                )
                return four.format(name=self.names[dealer]), _("Four of a kind")
        return None
