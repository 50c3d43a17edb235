"""Chance: drawing lots, shuffling, cutting and dealing, always from an injected RNG."""

import random

from chinese_ten.cards import DECK, Card
from chinese_ten.deal import HAND_SIZE, LAYOUT_SIZE, DealSetup
from chinese_ten.errors import ChineseTenError


def draw_lots(rng: random.Random) -> int:
    """The seat that deals first."""
    return rng.randrange(2)


def shuffled_deck(rng: random.Random) -> list[Card]:
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def cut(deck: list[Card], position: int) -> list[Card]:
    """Lift the top ``position`` cards (1..51) and put them under the rest."""
    if not 1 <= position < len(deck):
        raise ChineseTenError(f"a cut must leave cards in both parts: 1 to 51, not {position}")
    return deck[position:] + deck[:position]


def deal_from(deck: list[Card], dealer: int) -> DealSetup:
    """Deal one card at a time to each player, nondealer first, then the layout and stock."""
    first, second = deck[0 : 2 * HAND_SIZE : 2], deck[1 : 2 * HAND_SIZE : 2]
    nondealer_hand, dealer_hand = tuple(sorted(first)), tuple(sorted(second))
    hands = (dealer_hand, nondealer_hand) if dealer == 0 else (nondealer_hand, dealer_hand)
    layout_end = 2 * HAND_SIZE + LAYOUT_SIZE
    return DealSetup(
        dealer, hands, tuple(deck[2 * HAND_SIZE : layout_end]), tuple(deck[layout_end:])
    )


def random_setup(rng: random.Random, dealer: int, cut_position: int | None = None) -> DealSetup:
    """Shuffle, cut (at ``cut_position`` or at random) and deal."""
    deck = shuffled_deck(rng)
    position = rng.randint(1, 51) if cut_position is None else cut_position
    return deal_from(cut(deck, position), dealer)
