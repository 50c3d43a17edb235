"""A lean, independent Chinese Ten in plain Python: the yardstick for ``chinese-ten simulate``.

Written apart from the game (it imports nothing of ``chinese_ten``), the way a competent
programmer writes it in an afternoon: cards are ints, hands and the table are lists, each turn
lists the legal moves and picks one at random. Same rules (``shared/rules-brief.md``): 2 to 4
seats, compulsory capture with a choice of target, the layout triple and four of a kind of 5,
10, J, Q, K, red points plus the ace of spades (3+ seats) and of clubs (4 seats).

Run: ``python benchmarks/lean_engine.py --deals 50000 [--seats 3] [--seed 1]``: plays that
many random deals (shuffle, cut, deal, random legal play, score) and prints deals/s.
``benchmarks/bench_simulate_process.py`` runs it beside ``chinese-ten simulate``;
``tests/engine/test_lean_engine.py`` plays the game's own set-ups through it and through the engine.
"""

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

RANKS = "A23456789TJQK"
SUITS = "SHDC"
HAND_SIZE = {2: 12, 3: 8, 4: 6}
SPECIAL_RANKS = (4, 9, 10, 11, 12)
"""Ranks (5, 10, J, Q, K; the ace is rank 0) whose layout triple or four of a kind counts."""
TRIPLE = -1
"""The target of a move that takes the layout triple."""

# A card is rank * 4 + suit: sorting cards sorts them by rank, then suit.
WANTS = [8 - r if r <= 8 else r for r in range(13)]
"""The rank a card of each rank captures: A-9 make ten, 10-K their own rank."""


def value(card: int, seats: int) -> int:
    """Points a captured card scores at a table of ``seats``."""
    rank, suit = divmod(card, 4)
    if suit in (1, 2):  # hearts, diamonds
        return 20 if rank == 0 else rank + 1 if rank <= 7 else 10
    if card == 0 and seats >= 3:  # ace of spades
        return 30
    if card == 3 and seats == 4:  # ace of clubs
        return 40
    return 0


VALUES = {seats: [value(c, seats) for c in range(52)] for seats in (2, 3, 4)}


def parse(text: str) -> int:
    """``AS``, ``TH`` ... to a card."""
    return RANKS.index(text[0]) * 4 + SUITS.index(text[1])


def name(card: int) -> str:
    return RANKS[card // 4] + SUITS[card % 4]


Move = tuple[int, int | None]
"""A card and what it takes: ``None``, a table card, or :data:`TRIPLE`."""
Chooser = Callable[[Sequence[Move]], Move]


def moves_for(cards: Sequence[int], table: list[int], triple: int) -> list[Move]:
    """The legal moves of these cards: each card's captures, or laying it down when it has
    none. In order: card, then target (both by rank, then suit)."""
    by_rank: dict[int, list[int]] = {}
    for t in sorted(table):
        by_rank.setdefault(t // 4, []).append(t)
    moves: list[Move] = []
    for card in cards:
        rank = card // 4
        if rank == triple:
            moves.append((card, TRIPLE))
        elif WANTS[rank] in by_rank:
            moves += [(card, t) for t in by_rank[WANTS[rank]]]
        else:
            moves.append((card, None))
    return moves


def play_deal(
    dealer: int, hands: list[list[int]], layout: list[int], stock: list[int], choose: Chooser
) -> list[list[int]]:
    """Play one deal, ``choose`` picking each move from the legal ones; each seat's pile."""
    seats = len(hands)
    hands = [sorted(h) for h in hands]
    piles: list[list[int]] = [[] for _ in range(seats)]
    table = list(layout)
    triple = -1
    for r in SPECIAL_RANKS:
        n = sum(1 for c in layout if c // 4 == r)
        if n == 4:  # the dealer takes a layout four of a kind
            piles[dealer] += table
            table = []
        elif n == 3:
            triple = r
    seat = (dealer + 1) % seats
    for top in stock:
        hand, pile = hands[seat], piles[seat]
        card, target = choose(moves_for(hand, table, triple))
        hand.remove(card)
        triple = resolve(card, target, table, pile, triple)
        card, target = choose(moves_for((top,), table, triple))
        triple = resolve(card, target, table, pile, triple)
        seat = (seat + 1) % seats
    assert not table and not any(hands), "a deal always ends with the table empty"
    return piles


def resolve(card: int, target: int | None, table: list[int], pile: list[int], triple: int) -> int:
    """Carry out one move; returns the rank of the layout triple still waiting, or -1."""
    if target is None:
        table.append(card)
        return triple
    if target == TRIPLE:
        taken = [t for t in table if t // 4 == triple]
        for t in taken:
            table.remove(t)
        pile += taken
        pile.append(card)
        return -1
    table.remove(target)
    pile += (card, target)
    return triple


def score(piles: list[list[int]]) -> list[int]:
    values = VALUES[len(piles)]
    return [sum(values[c] for c in pile) for pile in piles]


def random_deal(
    rng: random.Random, dealer: int, seats: int
) -> tuple[list[list[int]], list[int], list[int]]:
    """Shuffle, cut, and deal one card at a time from the seat after the dealer."""
    deck = list(range(52))
    rng.shuffle(deck)
    cut = rng.randint(1, 51)
    deck = deck[cut:] + deck[:cut]
    dealt = seats * HAND_SIZE[seats]
    hands: list[list[int]] = [[] for _ in range(seats)]
    for i in range(dealt):
        hands[(dealer + 1 + i) % seats].append(deck[i])
    return hands, deck[dealt : dealt + 4], deck[dealt + 4 :]


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(description="Random Chinese Ten deals per second.")
    parser.add_argument("--deals", type=int, default=50_000)
    parser.add_argument("--seats", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    seats = args.seats
    base = (210, 240, 280)[seats - 2] // seats
    t0 = time.perf_counter()
    wins = [0] * seats
    totals = [0] * seats
    dealer = rng.randrange(seats)
    for _ in range(args.deals):
        hands, layout, stock = random_deal(rng, dealer, seats)
        points = score(play_deal(dealer, hands, layout, stock, rng.choice))
        best = max(points)
        if points.count(best) == 1:
            wins[points.index(best)] += 1
        for s in range(seats):
            totals[s] += points[s] - base
        dealer = (dealer + 1) % seats
    seconds = time.perf_counter() - t0
    means = [round(t / args.deals, 2) for t in totals]
    print(f"{args.deals / seconds:,.0f} deals/s ({args.deals} deals, {seats} seats)")
    print(f"deals won by seat {wins}, mean result by seat {means}")


if __name__ == "__main__":
    main(sys.argv[1:])
