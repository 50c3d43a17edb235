"""Chance: drawing lots, shuffling, cutting and dealing, always from an injected RNG."""

import random

from chinese_ten.cards import DECK, Card
from chinese_ten.deal import HAND_SIZES, LAYOUT_SIZE, DealSetup
from chinese_ten.errors import ChineseTenError


def draw_lots(rng: random.Random, seats: int = 2) -> int:
    """The seat that deals first."""
    return rng.randrange(seats)


def shuffled_deck(rng: random.Random) -> list[Card]:
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def cut(deck: list[Card], position: int) -> list[Card]:
    """Lift the top ``position`` cards (1..51) and put them under the rest."""
    if not 1 <= position < len(deck):
        raise ChineseTenError(f"a cut must leave cards in both parts: 1 to 51, not {position}")
    return deck[position:] + deck[:position]


def deal_from(deck: list[Card], dealer: int, seats: int = 2) -> DealSetup:
    """Deal one card at a time to each player, starting with the seat after the dealer and
    ending with the dealer; then the layout and the stock."""
    dealt = seats * HAND_SIZES[seats]
    hands: list[tuple[Card, ...]] = [()] * seats
    for k in range(seats):
        hands[(dealer + 1 + k) % seats] = tuple(sorted(deck[k:dealt:seats]))
    layout_end = dealt + LAYOUT_SIZE
    return DealSetup(dealer, tuple(hands), tuple(deck[dealt:layout_end]), tuple(deck[layout_end:]))


def random_setup(
    rng: random.Random, dealer: int, cut_position: int | None = None, seats: int = 2
) -> DealSetup:
    """Shuffle, cut (at ``cut_position`` or at random) and deal."""
    deck = shuffled_deck(rng)
    position = rng.randint(1, 51) if cut_position is None else cut_position
    return deal_from(cut(deck, position), dealer, seats)
