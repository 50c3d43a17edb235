"""Cards as small ints, their notation and their red points.

A card is an ``int`` from 0 to 51: ``rank * 4 + suit``, where rank 0 is the ace and 12 the
king, and suits are ordered ``S H D C`` (hearts and diamonds are red). Ints keep the engine's
hot path cheap; the functions here are the only place that turns them into text and back.

>>> parse_card("10h") == parse_card("TH")
True
>>> format_card(parse_card("qd"))
'QD'
>>> red_points(parse_card("AH")), red_points(parse_card("AS"))
(20, 0)
"""

from typing import Final, TypeAlias

from chinese_ten.engine.errors import NotationError
from chinese_ten.lang.i18n import _, current

Card: TypeAlias = int
"""A card, 0..51: ``rank * 4 + suit``."""

RANKS: Final = "A23456789TJQK"
SUITS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
DECK: Final[tuple[Card, ...]] = tuple(range(52))
TOTAL_POINTS: Final = 210
"""Points in the pack with two players: the red cards only."""
TIE_POINTS: Final = 105
"""The base with two players: half the pack's points."""
SEAT_COUNTS: Final = (2, 3, 4)
"""How many may play: the pack is 24 cards in hands, 4 on the table and 24 in the stock."""
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
"""Red points of every card, indexed by card."""

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
            _(
                "{text} is not a card: write a rank (A 2-9 T J Q K, or 10) then a suit (S H D C)"
            ).format(text=repr(text))
        )
    return RANKS.index(cleaned[0]) * 4 + SUITS.index(cleaned[1])


def format_card(card: Card) -> str:
    """The record notation: ``AS``, ``TH``."""
    return RANKS[card >> 2] + SUITS[card & 3]


SHOWN_RANKS: Final = {
    "en": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"),
    "fr": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R"),
    "pt": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R"),
}
"""Rank letters on screen: French valet dame roi, Portuguese valete dama rei, and A (as, ás)."""

SHOWN_SUITS: Final = {"en": "SHDC", "fr": "PCKT", "pt": "ECOP"}
"""Suit letters where symbols cannot be drawn, in ``S H D C`` order: French pique coeur
carreau trefle, Portuguese espadas copas ouros paus."""


def display_card(card: Card, *, symbols: bool = True, language: str | None = None) -> str:
    """How a person reads the card, in ``language`` (default: the current one): ``10♥``,
    ``10H`` where symbols cannot be drawn; ``R♥`` and ``RC`` for the king of hearts in French.

    >>> display_card(parse_card("QD"), language="fr"), display_card(parse_card("TS"), symbols=False)
    ('D♦', '10S')
    >>> display_card(parse_card("KC"), symbols=False, language="pt")
    'RP'
    """
    shown = language if language is not None and language in SHOWN_RANKS else current()
    suits = SUIT_SYMBOLS if symbols else SHOWN_SUITS[shown]
    return SHOWN_RANKS[shown][card >> 2] + suits[card & 3]


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(format_card(c) for c in cards)


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards in a 52-bit set, in card order."""
    return tuple(c for c in DECK if mask >> c & 1)


def _chunk_points(first: Card) -> tuple[int, ...]:
    """Red points of every set of the 13 cards from ``first`` on, indexed by the set's bits:
    each card doubles the table (the sets with it are those without it, plus its points),
    which builds the four tables in a seventh of the time a set at a time took."""
    table = [0]
    for card in range(first, first + 13):
        points = POINTS[card]
        table += [total + points for total in table]
    return tuple(table)


_CHUNK_POINTS: Final = tuple(_chunk_points(first) for first in (0, 13, 26, 39))


def mask_points(mask: int) -> int:
    """Red points of every card in a 52-bit set: four table look-ups of 13 cards each (the
    search scores piles millions of times). Black aces are :func:`seat_points`'s concern."""
    c0, c1, c2, c3 = _CHUNK_POINTS
    return c0[mask & 8191] + c1[mask >> 13 & 8191] + c2[mask >> 26 & 8191] + c3[mask >> 39]


BLACK_ACES: Final = {2: (), 3: ((ACE_OF_SPADES, 30),), 4: ((ACE_OF_SPADES, 30), (ACE_OF_CLUBS, 40))}
"""The black aces that score with each seat count, and their points."""

PACK_POINTS: Final = {2: TOTAL_POINTS, 3: TOTAL_POINTS + 30, 4: TOTAL_POINTS + 70}
"""Points in the pack: 210, 240 with the ace of spades, 280 with the ace of clubs too."""

BASE_POINTS: Final = {n: PACK_POINTS[n] // n for n in SEAT_COUNTS}
"""The base a deal's result is measured from: 105, 80 and 70 (the pack shared evenly)."""


def seat_points(mask: int, seats: int) -> int:
    """Points of every card in a 52-bit set in a game of ``seats`` players.

    >>> aces = 1 << parse_card("AS") | 1 << parse_card("AC") | 1 << parse_card("AH")
    >>> seat_points(aces, 2), seat_points(aces, 3), seat_points(aces, 4)
    (20, 50, 90)
    """
    points = mask_points(mask)
    if seats > 2:
        if mask & 1:
            points += 30
        if seats > 3 and mask & 8:
            points += 40
    return points


def card_points(card: Card, seats: int) -> int:
    """Points the card scores in a game of ``seats`` players (the red points, and from three
    players on the ace of spades, from four the ace of clubs)."""
    return seat_points(1 << card, seats)
