"""Greedy playouts on plain ints: the inner loop of the ``hard`` search.

The search plays thousands of deals to the end for every decision, so this loop skips the
engine's states and legal-action lists. It keeps the hands as lists and the table as a card
set, and looks up each card's greedy option in a table built once. It must play exactly as
:func:`~chinese_ten.players.greedy.greedy_choice` over
:func:`~chinese_ten.deal.legal_actions` would (the same captures, the same tie order: the
first card in hand order, then the first target in suit order). ``tests/test_playout.py``
checks that against the engine. It plays about 3.4 times as many deals a second as stepping
the engine (``benchmarks/bench_engine.py``).
"""

from typing import Final

from chinese_ten.cards import DECK, MATCH_RANK, POINTS, Card, mask_points
from chinese_ten.deal import FLIP_PHASE, MATCH_SHIFT, OVER, RANK_MASK, DealState

_LAY: Final = -1
"""Target of a card that captures nothing and stays on the table."""
_TRIPLE: Final = -2
"""Target of the fourth card of the layout triple, which takes all three."""


def _greedy_option(card: Card, nibble: int) -> tuple[int, int]:
    """Greedy's score and target for ``card`` when the cards it could take are the suits in
    ``nibble`` (the first of equal targets, as in legal-action order)."""
    if not nibble:
        return -POINTS[card], _LAY
    rank = MATCH_RANK[card >> 2]
    targets = [rank * 4 + s for s in range(4) if nibble >> s & 1]
    best = max(targets, key=lambda t: (POINTS[t], -t))
    return POINTS[card] + POINTS[best], best


_OPTION: Final = tuple(tuple(_greedy_option(c, n) for n in range(16)) for c in DECK)
"""Greedy's (score, target) for every card and every set of suits it could take."""


def greedy_points(state: DealState, seat: int) -> int:
    """Red points ``seat`` ends the deal with when both players play greedy from ``state``."""
    setup, mover, phase, hands, table, pos, piles, triple, _ = state
    points = mask_points(piles[seat])
    if phase == OVER:
        return points
    held = [list(hands[0]), list(hands[1])]
    stock = setup.stock
    end = len(stock)
    option, shift = _OPTION, MATCH_SHIFT
    triple_points = sum(POINTS[c] for c in setup.layout if c >> 2 == triple) if triple >= 0 else 0
    play = phase != FLIP_PHASE
    while True:
        mine = mover == seat
        if play:
            hand = held[mover]
            best, index, target = -999, 0, _LAY
            if triple < 0:  # almost every deal: the loop without the triple's test
                for i, card in enumerate(hand):
                    score, aim = option[card][table >> shift[card] & 15]
                    if score > best:
                        best, index, target = score, i, aim
            else:
                for i, card in enumerate(hand):
                    if card >> 2 == triple:
                        score, aim = POINTS[card] + triple_points, _TRIPLE
                    else:
                        score, aim = option[card][table >> shift[card] & 15]
                    if score > best:
                        best, index, target = score, i, aim
            card = hand.pop(index)
            if target == _LAY:
                table |= 1 << card
            else:
                if target == _TRIPLE:
                    table &= ~RANK_MASK[triple]
                    triple = -1
                else:
                    table ^= 1 << target
                if mine:
                    points += best
        play = True
        card = stock[pos]
        pos += 1
        if card >> 2 == triple:
            table &= ~RANK_MASK[triple]
            triple = -1
            if mine:
                points += POINTS[card] + triple_points
        else:
            score, aim = option[card][table >> shift[card] & 15]
            if aim == _LAY:
                table |= 1 << card
            else:
                table ^= 1 << aim
                if mine:
                    points += score
        if pos == end:
            return points
        mover ^= 1
