"""A game's variant as one value: how many play, and everything that follows from it.

A :class:`Variant` holds the seat count, the size of each hand, the black aces that score
and their points, and the default length of a series; the points of every card, the pack's
total and the base a deal's result is measured from are worked out from those. The standard
variants are :data:`VARIANTS`, one for each seat count; every other module reads the facts
of a table here (the scorer, the records' and the protocol's bounds, the history's columns,
the words on screen).

>>> two, four = variant(2), variant(4)
>>> two.pack_points, two.base, four.pack_points, four.base, four.hand_size
(210, 105, 280, 70, 6)
"""

from dataclasses import dataclass, field
from typing import Final

from chinese_ten.engine.cards import ACE_OF_CLUBS, ACE_OF_SPADES, DECK, POINTS, Card, points_tables


@dataclass(frozen=True, slots=True)
class Variant:
    """The rules that differ from one table to another (in the manner of a game's
    parameters): ``seats`` players, ``hand_size`` cards each, the black cards that score
    (``black_aces``: each card and its points; every red card scores its red points at
    every table) and the series' default length, ``default_deals``."""

    seats: int
    hand_size: int
    black_aces: tuple[tuple[Card, int], ...]
    default_deals: int
    points: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """What every card scores at this table, indexed by card."""
    pack_points: int = field(init=False, repr=False, compare=False)
    """Points in the whole pack."""
    base: int = field(init=False, repr=False, compare=False)
    """What a deal's result is measured from: the pack shared evenly."""

    def __post_init__(self) -> None:
        extra = dict(self.black_aces)
        points = tuple(POINTS[card] + extra.get(card, 0) for card in DECK)
        if sum(points) % self.seats:
            raise ValueError(f"{sum(points)} points cannot be shared evenly by {self.seats} seats")
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "pack_points", sum(points))
        object.__setattr__(self, "base", sum(points) // self.seats)

    @property
    def result_bounds(self) -> tuple[int, int]:
        """The lowest and the highest result of one seat in one deal: nothing taken (the
        base lost) and every point of the pack taken (the pack less the base)."""
        return -self.base, self.pack_points - self.base


_ACE_OF_SPADES: Final = (ACE_OF_SPADES, 30)
_ACE_OF_CLUBS: Final = (ACE_OF_CLUBS, 40)

VARIANTS: Final[dict[int, Variant]] = {
    standard.seats: standard
    for standard in (
        Variant(seats=2, hand_size=12, black_aces=(), default_deals=6),
        Variant(seats=3, hand_size=8, black_aces=(_ACE_OF_SPADES,), default_deals=6),
        Variant(seats=4, hand_size=6, black_aces=(_ACE_OF_SPADES, _ACE_OF_CLUBS), default_deals=8),
    )
}
"""The standard variants by seat count: the default length lets every seat deal equally often."""

SEAT_COUNTS: Final = tuple(VARIANTS)
"""How many may play."""
FEWEST_SEATS: Final = min(SEAT_COUNTS)
MOST_SEATS: Final = max(SEAT_COUNTS)
MOST_POINTS: Final = max(standard.pack_points for standard in VARIANTS.values())
"""The most points any table's pack holds: no seat wins or loses more in one deal."""


def variant(seats: int) -> Variant:
    """The standard variant of ``seats`` players (KeyError for a seat count none has)."""
    return VARIANTS[seats]


_TABLES: Final = {seats: points_tables(VARIANTS[seats].points) for seats in SEAT_COUNTS}
"""The scorer's look-up tables of each variant (:func:`chinese_ten.engine.cards.points_tables`)."""


def seat_points(mask: int, seats: int) -> int:
    """Points of every card in a 52-bit set in a game of ``seats`` players: four table
    look-ups of 13 cards each (the search scores piles millions of times).

    >>> from chinese_ten.engine.cards import parse_card
    >>> aces = 1 << parse_card("AS") | 1 << parse_card("AC") | 1 << parse_card("AH")
    >>> seat_points(aces, 2), seat_points(aces, 3), seat_points(aces, 4)
    (20, 50, 90)
    """
    c0, c1, c2, c3 = _TABLES[seats]
    return c0[mask & 8191] + c1[mask >> 13 & 8191] + c2[mask >> 26 & 8191] + c3[mask >> 39]


def card_points(card: Card, seats: int) -> int:
    """Points the card scores in a game of ``seats`` players (its red points, and the black
    aces that score at that table)."""
    return VARIANTS[seats].points[card]
