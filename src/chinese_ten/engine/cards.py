"""Cards as small ints, their notation and their red points.

A card is an ``int`` from 0 to 51: ``rank * 4 + suit``, where rank 0 is the ace and 12 the
king, and suits are ordered ``S H D C`` (hearts and diamonds are red). Ints keep the engine's
hot path cheap; the functions here are the only place that turns them into notation and back
(a person reads them as :mod:`chinese_ten.text.card_names` shows them).

>>> parse_card("10h") == parse_card("TH")
True
>>> format_card(parse_card("qd"))
'QD'
>>> red_points(parse_card("AH")), red_points(parse_card("AS"))
(20, 0)
"""

from functools import cache
from typing import Final, TypeAlias

from chinese_ten.engine.errors import NotationError

Card: TypeAlias = int
"""A card, 0..51: ``rank * 4 + suit``."""

RANKS: Final = "A23456789TJQK"
SUITS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
DECK: Final[tuple[Card, ...]] = tuple(range(52))
ACE_OF_SPADES: Final[Card] = 0
ACE_OF_CLUBS: Final[Card] = 3

SPECIAL_SET_RANKS: Final = frozenset({4, 9, 10, 11, 12})
"""Ranks (5, 10, J, Q, K) whose layout triple or four of a kind is special."""


def rank(card: Card) -> int:
    """Rank index: 0 for the ace up to 12 for the king."""
    return card >> 2


def suit(card: Card) -> int:
    """Suit index in ``S H D C`` order."""
    return card & 3


def is_red(card: Card) -> bool:
    return card & 3 in (1, 2)


def _points(card: Card) -> int:
    if not is_red(card):
        return 0
    r = rank(card)
    if r == 0:
        return 20
    return r + 1 if r <= 7 else 10


POINTS: Final[tuple[int, ...]] = tuple(_points(c) for c in DECK)
"""Red points of every card, indexed by card (the black aces that score at a table of three
or four are :mod:`chinese_ten.engine.variant`'s)."""

MATCH_RANK: Final[tuple[int, ...]] = tuple(8 - r if r <= 8 else r for r in range(13))
"""The rank a card of each rank captures: A-9 make ten, 10-K take their own rank."""


def red_points(card: Card) -> int:
    """Points the card scores when captured (0 for every black card)."""
    return POINTS[card]


def captures(card: Card, target: Card) -> bool:
    """Whether ``card`` may capture ``target`` under the single-card rule.

    >>> captures(parse_card("8C"), parse_card("2H")), captures(parse_card("JS"), parse_card("QS"))
    (True, False)
    """
    return MATCH_RANK[card >> 2] == target >> 2


def parse_card(text: str) -> Card:
    """Read ``AS``, ``TH``, ``10h`` or ``qd``; raise :class:`NotationError` for anything else."""
    cleaned = text.strip().upper()
    if cleaned.startswith("10"):
        cleaned = "T" + cleaned[2:]
    if len(cleaned) != 2 or cleaned[0] not in RANKS or cleaned[1] not in SUITS:
        raise NotationError(
            f"{text!r} is not a card: write a rank (A 2-9 T J Q K, or 10) then a suit (S H D C)",
            text=text,
            kind="card",
        )
    return RANKS.index(cleaned[0]) * 4 + SUITS.index(cleaned[1])


def format_card(card: Card) -> str:
    """The record notation: ``AS``, ``TH``."""
    return RANKS[card >> 2] + SUITS[card & 3]


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(format_card(c) for c in cards)


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards in a 52-bit set, in card order."""
    return tuple(c for c in DECK if mask >> c & 1)


@cache
def _chunk_table(points: tuple[int, ...]) -> tuple[int, ...]:
    """The points of every set of 13 cards scoring ``points``, indexed by the set's bits: each
    card doubles the table (the sets with it are those without it, plus its points)."""
    table = [0]
    for card_points in points:
        table += [total + card_points for total in table] if card_points else table
    return tuple(table)


def points_tables(points: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Look-up tables for the points of a 52-bit set when each card scores ``points[card]``:
    one for each 13 cards (tables of equal points are shared)."""
    return tuple(_chunk_table(points[first : first + 13]) for first in (0, 13, 26, 39))


_RED_TABLES: Final = points_tables(POINTS)


def mask_points(mask: int) -> int:
    """Red points of every card in a 52-bit set: four table look-ups of 13 cards each (the
    black aces that score at a table are :func:`chinese_ten.engine.variant.seat_points`'s)."""
    c0, c1, c2, c3 = _RED_TABLES
    return c0[mask & 8191] + c1[mask >> 13 & 8191] + c2[mask >> 26 & 8191] + c3[mask >> 39]
