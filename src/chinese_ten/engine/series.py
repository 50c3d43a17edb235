"""A series of deals: dealer by lot for the first deal, then the next seat each deal; totals
and winner."""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from chinese_ten.engine.leaders import highest, sole
from chinese_ten.engine.variant import VARIANTS

if TYPE_CHECKING:  # the command line reads MAX_DEALS without loading the deals
    from chinese_ten.engine.deal import DealOutcome, DealState


def default_deals(seats: int) -> int:
    """The default length of a series of ``seats`` players (their variant's)."""
    return VARIANTS[seats].default_deals


MAX_DEALS: Final = 1000
"""The most deals a series may plan: ``series --deals``, ``simulate --deals`` and records."""


@dataclass(frozen=True, slots=True)
class SeriesScore:
    """The results so far of a series of ``deals_planned`` deals (``None``: open-ended)."""

    deals_planned: int | None
    first_dealer: int
    outcomes: "tuple[DealOutcome, ...]" = ()
    seats: int = 2

    @classmethod
    def of_states(
        cls, deals_planned: int | None, states: "Iterable[DealState]", seats: int = 2
    ) -> "SeriesScore":
        """The score of a series from its deals' states, oldest first: the finished ones
        count, the first one's dealer started the round; ``seats`` is the table's size when
        there are no states (a series not yet dealt).

        >>> SeriesScore.of_states(6, [], seats=3).totals
        (0, 0, 0)
        """
        from chinese_ten.engine.deal import outcome

        states = list(states)
        if states:
            seats = states[0].setup.seats
        first_dealer = states[0].setup.dealer if states else 0
        outcomes = [result for state in states if (result := outcome(state)) is not None]
        return cls(deals_planned, first_dealer, tuple(outcomes), seats)

    def dealer_of(self, index: int) -> int:
        """Dealer of deal ``index`` (0-based): the deal passes to the next seat."""
        return (self.first_dealer + index) % self.seats

    @property
    def next_dealer(self) -> int:
        return self.dealer_of(len(self.outcomes))

    @property
    def totals(self) -> tuple[int, ...]:
        if not self.outcomes:
            return (0,) * self.seats
        return tuple([sum(seat) for seat in zip(*[o.results for o in self.outcomes], strict=True)])

    @property
    def is_over(self) -> bool:
        """Played to its last planned deal; open-ended play ends at :data:`MAX_DEALS`, the
        most a record holds."""
        last = MAX_DEALS if self.deals_planned is None else self.deals_planned
        return len(self.outcomes) >= last

    @property
    def leaders(self) -> tuple[int, ...]:
        """Every seat with the highest total so far: equal highest totals share the lead."""
        return highest(self.totals)

    @property
    def standing(self) -> tuple[tuple[int, int], ...]:
        """Every seat's place and seat, best total first; equal totals share a place and the
        next place is skipped (1, 2, 2, 4).

        >>> from chinese_ten.engine.deal import DealOutcome
        >>> SeriesScore(1, 0, (DealOutcome.of_points((90, 60, 90)),), seats=3).standing
        ((1, 0), (1, 2), (3, 1))
        """
        totals = self.totals
        order = sorted(range(self.seats), key=lambda seat: -totals[seat])
        return tuple((1 + sum(other > totals[seat] for other in totals), seat) for seat in order)

    @property
    def winner(self) -> int | None:
        """Seat with the highest total once the series is over; ``None`` if shared or
        unfinished."""
        return sole(self.leaders) if self.is_over else None

    def add(self, outcome: "DealOutcome") -> "SeriesScore":
        return SeriesScore(
            self.deals_planned, self.first_dealer, (*self.outcomes, outcome), self.seats
        )
