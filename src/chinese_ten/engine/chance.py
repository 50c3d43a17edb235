"""Chance: drawing lots, shuffling, cutting and dealing, always from an injected RNG."""

import random
from typing import Final

from chinese_ten.engine.cards import DECK, Card
from chinese_ten.engine.deal import LAYOUT_SIZE, DealSetup
from chinese_ten.engine.errors import ChineseTenError
from chinese_ten.engine.variant import VARIANTS

_SWAPS: Final = tuple((i, (i + 1).bit_length()) for i in range(len(DECK) - 1, 0, -1))
"""Fisher-Yates from the bottom card up: each position, and the bits drawn for its partner."""


def draw_lots(rng: random.Random, seats: int = 2) -> int:
    """The seat that deals first."""
    return _below(rng, seats)


def _below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``. For a plain ``random.Random`` its draws are made here, as
    ``Random._randbelow`` makes them (``k`` bits, drawn again while ``n`` or more), without
    ``randrange``'s argument checks, which cost more than the draw."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    k = n.bit_length()
    drawn = rng.getrandbits(k)
    while drawn >= n:
        drawn = rng.getrandbits(k)
    return drawn


def shuffled_deck(rng: random.Random) -> list[Card]:
    """The pack in the order ``rng.shuffle`` gives it. For a plain ``random.Random`` the same
    draws are made here (as in :func:`_below`), without the two Python calls per card inside
    ``shuffle``."""
    deck = list(DECK)
    if type(rng) is not random.Random:
        rng.shuffle(deck)
        return deck
    bits = rng.getrandbits
    for i, k in _SWAPS:
        j = bits(k)
        while j > i:
            j = bits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def cutter_of(dealer: int, seats: int) -> int:
    """The seat that cuts the pack: the player before the dealer."""
    return (dealer - 1) % seats


def random_cut(rng: random.Random) -> int:
    """Where the cut falls, 1 to 51: ``rng.randint(1, 51)``."""
    return 1 + _below(rng, len(DECK) - 1)


def cut(deck: list[Card], position: int) -> list[Card]:
    """Lift the top ``position`` cards (1..51) and put them under the rest."""
    if not 1 <= position < len(deck):
        raise ChineseTenError(f"a cut must leave cards in both parts: 1 to 51, not {position}")
    return deck[position:] + deck[:position]


def deal_from(deck: list[Card], dealer: int, seats: int = 2) -> DealSetup:
    """Deal one card at a time to each player, starting with the seat after the dealer and
    ending with the dealer; then the layout and the stock."""
    dealt = seats * VARIANTS[seats].hand_size
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
    position = random_cut(rng) if cut_position is None else cut_position
    return deal_from(cut(deck, position), dealer, seats)
