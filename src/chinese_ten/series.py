"""A series of deals: dealer by lot for the first deal, then alternating; totals and winner."""

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # the command line reads MAX_DEALS without loading the engine
    from chinese_ten.deal import DealOutcome

DEFAULT_DEALS: Final = 6
MAX_DEALS: Final = 1000
"""The most deals a series may plan: ``series --deals``, ``simulate --deals`` and records."""


@dataclass(frozen=True, slots=True)
class SeriesScore:
    """The results so far of a series of ``deals_planned`` deals (``None``: open-ended)."""

    deals_planned: int | None
    first_dealer: int
    outcomes: "tuple[DealOutcome, ...]" = ()

    def dealer_of(self, index: int) -> int:
        """Dealer of deal ``index`` (0-based): the deal alternates."""
        return self.first_dealer if index % 2 == 0 else 1 - self.first_dealer

    @property
    def next_dealer(self) -> int:
        return self.dealer_of(len(self.outcomes))

    @property
    def totals(self) -> tuple[int, int]:
        return (
            sum(o.results[0] for o in self.outcomes),
            sum(o.results[1] for o in self.outcomes),
        )

    @property
    def is_over(self) -> bool:
        return self.deals_planned is not None and len(self.outcomes) >= self.deals_planned

    @property
    def winner(self) -> int | None:
        """Seat with the higher total once the series is over; ``None`` if tied or unfinished."""
        if not self.is_over:
            return None
        first, second = self.totals
        return None if first == second else (0 if first > second else 1)

    def add(self, outcome: "DealOutcome") -> "SeriesScore":
        return SeriesScore(self.deals_planned, self.first_dealer, (*self.outcomes, outcome))
