"""Playouts on plain ints: the inner loop of the ``hard`` search.

The search plays thousands of deals to the end for every decision, so these loops skip the
engine's states and legal-action lists. They keep the hands as lists and the table as a card
set, and look up each card's greedy option (and the learned policy's scores) in tables built
once. :func:`greedy_points` must play exactly as
:func:`~chinese_ten.players.greedy.greedy_choice` over
:func:`~chinese_ten.engine.deal.legal_actions` would (the same captures, the same tie order: the
first card in hand order, then the first target in suit order), and :func:`learned_points`
exactly as :func:`~chinese_ten.players.policy.policy_choice` for the searching seat;
``tests/players/test_playout.py`` checks both against the engine. How much faster
``greedy_points`` is than stepping the engine: ``benchmarks/bench_engine.py``, figures in
docs/performance.md.

The same loops serve two, three or four seats: turns go round the table, and every card
scores what it scores there (the black aces from three players:
:mod:`chinese_ten.players.greedy`), through tables looked up once a playout.
"""

from typing import Final

from chinese_ten.engine.cards import DECK, MATCH_RANK, Card
from chinese_ten.engine.deal import FLIP_PHASE, MATCH_SHIFT, OVER, RANK_MASK, DealState
from chinese_ten.engine.variant import SEAT_COUNTS, seat_points
from chinese_ten.players.greedy import SEAT_POINTS
from chinese_ten.players.policy import RANK_CARDS, Points, policy_tables

_LAY: Final = -1
"""Target of a card that captures nothing and stays on the table."""
_TRIPLE: Final = -2
"""Target of the fourth card of the layout triple, which takes all three."""


def _greedy_option(card: Card, nibble: int, points: Points) -> tuple[int, int]:
    """Greedy's score and target for ``card`` when the cards it could take are the suits in
    ``nibble`` (the first of equal targets, as in legal-action order)."""
    if not nibble:
        return -points[card], _LAY
    rank = MATCH_RANK[card >> 2]
    targets = [rank * 4 + s for s in range(4) if nibble >> s & 1]
    best = max(targets, key=lambda t: (points[t], -t))
    return points[card] + points[best], best


_OPTIONS: Final = {
    n: tuple(tuple(_greedy_option(c, m, SEAT_POINTS[n]) for m in range(16)) for c in DECK)
    for n in SEAT_COUNTS
}
"""Greedy's (score, target) for every card and every set of suits it could take, by seat count."""


def greedy_option_table(seats: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Greedy's (score, target) for every card and every set of suits (a nibble of the
    table) it could take at a table of ``seats``: target -1 lays the card."""
    return _OPTIONS[seats]


_MATCH_CARDS: Final = tuple(RANK_CARDS[MATCH_RANK[c >> 2]] for c in DECK)
"""The cards that match each card, as a card set."""


def greedy_points(state: DealState, seat: int) -> int:
    """Points ``seat`` ends the deal with when every player plays greedy from ``state``."""
    setup, mover, phase, hands, table, pos, piles, triple, _ = state
    seats = len(hands)
    worth = SEAT_POINTS[seats]
    points = seat_points(piles[seat], seats)
    if phase == OVER:
        return points
    held = [list(hand) for hand in hands]
    stock = setup.stock
    end = len(stock)
    option, shift = _OPTIONS[seats], MATCH_SHIFT
    triple_points = sum(worth[c] for c in setup.layout if c >> 2 == triple) if triple >= 0 else 0
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
                        score, aim = worth[card] + triple_points, _TRIPLE
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
                points += worth[card] + triple_points
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
        mover = mover + 1 if mover + 1 < seats else 0


_TARGETS: Final = tuple(
    tuple(tuple(rank * 4 + s for s in range(4) if nibble >> s & 1) for nibble in range(16))
    for rank in range(13)
)
"""The table cards of a rank present in each nibble, by [rank][nibble], lowest suit first."""

_CARD_FACTS: Final = tuple(
    (
        _MATCH_CARDS[c],
        _MATCH_CARDS[c] & ~(1 << c),
        MATCH_SHIFT[c],
        RANK_CARDS[c >> 2],
        _TARGETS[MATCH_RANK[c >> 2]],
    )
    for c in DECK
)
"""For every card, what the learned policy's loop reads of it: the cards that match it, the
same less itself, the shift of the table's nibble it could take, the cards of its own rank,
and the targets in each nibble."""


def learned_points(state: DealState, seat: int) -> int:
    """Points ``seat`` ends the deal with when it plays its cards as the learned policy
    (:mod:`chinese_ten.players.policy`) and everything else is greedy: the other players'
    plays and every turned card.

    The policy needs what ``seat`` has not seen, so the loop keeps that card set as cards come
    to light. It costs about twice :func:`greedy_points`. Every card's facts come from one
    tuple (:data:`_CARD_FACTS`) and each target of a capture from a list by nibble, instead of
    several look-ups and a loop over the four suits.
    """
    setup, mover, phase, hands, table, pos, piles, triple, _ = state
    seats = len(hands)
    worth = SEAT_POINTS[seats]
    points = seat_points(piles[seat], seats)
    if phase == OVER:
        return points
    held = [list(hand) for hand in hands]
    stock = setup.stock
    end = len(stock)
    unseen = 0
    for other in range(seats):
        if other != seat:
            for c in hands[other]:
                unseen |= 1 << c
    for c in stock[pos + 1 if phase == FLIP_PHASE else pos :]:
        unseen |= 1 << c
    mine = 0
    for c in hands[seat]:
        mine |= 1 << c
    option, shift = _OPTIONS[seats], MATCH_SHIFT
    head, tail, lay, take_triple = policy_tables(seats)
    facts = _CARD_FACTS
    triple_points = sum(worth[c] for c in setup.layout if c >> 2 == triple) if triple >= 0 else 0
    play = phase != FLIP_PHASE
    while True:
        if play:
            hand = held[mover]
            if mover == seat:
                value, index, target = -1e18, 0, _LAY
                for i, card in enumerate(hand):
                    match, match_other, card_shift, own, targets = facts[card]
                    unseen_matches = (unseen & match).bit_count()
                    mine_matches = (mine & match_other).bit_count()
                    if card >> 2 == triple:
                        v = take_triple[card][unseen_matches][mine_matches]
                        if v > value:
                            value, index, target = v, i, _TRIPLE
                        continue
                    nibble = table >> card_shift & 15
                    if nibble:
                        base = head[card][unseen_matches][mine_matches]
                        rank_unseen = (unseen & own).bit_count()
                        for aim in targets[nibble]:
                            v = base + tail[aim][rank_unseen]
                            if v > value:
                                value, index, target = v, i, aim
                    else:
                        v = lay[card][unseen_matches][mine_matches]
                        if v > value:
                            value, index, target = v, i, _LAY
                card = hand.pop(index)
                mine ^= 1 << card
            else:
                best, index, target = -999, 0, _LAY
                if triple < 0:
                    for i, card in enumerate(hand):
                        score, aim = option[card][table >> shift[card] & 15]
                        if score > best:
                            best, index, target = score, i, aim
                else:
                    for i, card in enumerate(hand):
                        if card >> 2 == triple:
                            score, aim = worth[card] + triple_points, _TRIPLE
                        else:
                            score, aim = option[card][table >> shift[card] & 15]
                        if score > best:
                            best, index, target = score, i, aim
                card = hand.pop(index)
                unseen &= ~(1 << card)
            if target == _LAY:
                table |= 1 << card
            else:
                if target == _TRIPLE:
                    table &= ~RANK_MASK[triple]
                    triple = -1
                    gain = worth[card] + triple_points
                else:
                    table ^= 1 << target
                    gain = worth[card] + worth[target]
                if mover == seat:
                    points += gain
        play = True
        card = stock[pos]
        pos += 1
        unseen &= ~(1 << card)
        if card >> 2 == triple:
            table &= ~RANK_MASK[triple]
            triple = -1
            if mover == seat:
                points += worth[card] + triple_points
        else:
            score, aim = option[card][table >> shift[card] & 15]
            if aim == _LAY:
                table |= 1 << card
            else:
                table ^= 1 << aim
                if mover == seat:
                    points += score
        if pos == end:
            return points
        mover = mover + 1 if mover + 1 < seats else 0
