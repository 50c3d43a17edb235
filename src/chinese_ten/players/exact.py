"""Exact play at the end of a deal: every way the unseen cards can lie, the stock as chance.

When few cards are unseen (the other hands and the stock), :func:`exact_values` enumerates
every way they can lie that agrees with the mover's view, each with a weight (uniform, or
from ``hard``'s model of the other players: :func:`chinese_ten.players.hard.exact_weights`),
and solves the rest of the deal by expectimax:

- the stock's order is chance: each turned card is any card of the stock, at even odds;
- the other players play greedy (:mod:`chinese_ten.players.greedy`), as in ``hard``'s
  playouts, their play decided by the hand each world gives them;
- the mover chooses the best action at each of its later decisions *from what it will know
  then* (its information set): the worlds still possible after what it has seen (cards
  turned, cards the others played) are judged together, and one action is chosen for all
  of them. No hidden card is read, so the values are fair, and they are exact for that model:
  the expected final points of the mover after each legal action.

A node is the public position (whose turn, the table, the layout triple, the mover's hand,
the cards still unseen) and the worlds still possible with their weights; nodes reached by
several orders of play are solved once (a transposition table shared by every option).
Everything is plain ints and tuples: hands and the table are card sets.

The cost grows steeply with the unseen cards; :data:`EXACT_UNSEEN` is where exact is faster
than ``hard``'s sampling, by seat count (measured by ``benchmarks/bench_exact.py``; the
figures are in docs/strength.md).
"""

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Final, TypeAlias

from chinese_ten.engine.actions import FLIP, TRIPLE, Action
from chinese_ten.engine.cards import Card
from chinese_ten.engine.deal import FLIP_PHASE, MATCH_SHIFT, OVER, RANK_MASK, card_options
from chinese_ten.engine.variant import seat_points
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.greedy import SEAT_POINTS
from chinese_ten.players.playout import greedy_option_table

EXACT_UNSEEN: Final = {2: 6, 3: 6, 4: 5}
"""The most unseen cards (other hands and stock) at which a decision is solved exactly, by
seat count: up to here the exact solution costs less time than the sampling search
(``benchmarks/bench_exact.py``, docs/strength.md)."""

World: TypeAlias = tuple[int, ...]
"""The hands of the other seats (card sets), in seat order after the mover's."""
Belief: TypeAlias = tuple[tuple[World, float], ...]
"""The worlds still possible and their weights (the weights of the start, never rescaled:
chance divides the value, not the weights)."""
Node: TypeAlias = tuple[int, int, int, int, int]
"""The public position: the seat to act, the table (a card set), the layout triple's rank
(-1 for none), the cards the mover has not seen and the mover's hand (card sets)."""
Weight: TypeAlias = Callable[[tuple[tuple[Card, ...], ...]], float]
"""The weight of a way the other hands can lie (each other seat's hand, in seat order after
the mover's): proportional to its probability."""


def exact_applies(view: PlayerView, limits: Mapping[int, int] | None = None) -> bool:
    """Whether ``view``'s decision is solved exactly: at most ``limits`` (the most unseen
    cards, by seat count; :data:`EXACT_UNSEEN` unless given) cards are unseen."""
    return len(view.unseen()) <= (EXACT_UNSEEN if limits is None else limits)[view.seats]


def _mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _bits(mask: int) -> list[Card]:
    """The cards of a card set, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def deals(unseen: Sequence[Card], sizes: Sequence[int]) -> list[tuple[tuple[Card, ...], ...]]:
    """Every way to deal hands of ``sizes`` from ``unseen`` (the rest is the stock)."""
    found: list[tuple[tuple[Card, ...], ...]] = []

    def deal(left: tuple[Card, ...], at: int, hands: tuple[tuple[Card, ...], ...]) -> None:
        if at == len(sizes):
            found.append(hands)
            return
        for hand in combinations(left, sizes[at]):
            rest = tuple(c for c in left if c not in hand)
            deal(rest, at + 1, (*hands, hand))

    deal(tuple(sorted(unseen)), 0, ())
    return found


class _Solver:
    """The expectimax of one decision (its memo is the transposition table)."""

    def __init__(self, view: PlayerView) -> None:
        self.me = view.seat
        self.seats = view.seats
        self.others = [(view.seat + k) % view.seats for k in range(1, view.seats)]
        self.worth = SEAT_POINTS[self.seats]
        self.option = greedy_option_table(self.seats)
        triple = view.triple
        self.triple_points = (
            sum(self.worth[c] for c in view.layout if c >> 2 == triple) if triple >= 0 else 0
        )
        self.memo: dict[tuple[object, ...], float] = {}

    def gain(self, action: Action) -> int:
        """Points an action banks for whoever makes it."""
        code = action >> 6 & 63
        if not code:
            return 0
        if code == TRIPLE:
            return self.worth[action & 63] + self.triple_points
        return self.worth[action & 63] + self.worth[code - 1]

    def play(self, node: Node, belief: Belief) -> float:
        """The weighted sum over ``belief`` of the mover's points to come, at ``node``'s
        mover's play."""
        key = (0, node, belief)
        found = self.memo.get(key)
        if found is not None:
            return found
        mover, table, triple, unseen, mine = node
        if mover == self.me:
            total = sum(w for _, w in belief)
            best = -1.0
            for card in _bits(mine):
                for action in card_options(card, table, triple, False):
                    t, tr = _after(action, table, triple)
                    after = (mover, t, tr, unseen, mine & ~(1 << card))
                    best = max(best, self.gain(action) * total + self.flip(after, belief))
            result = best
        else:
            at = self.others.index(mover)
            groups: dict[int, list[tuple[World, float]]] = {}
            for world, w in belief:
                action = self.greedy(world[at], table, triple)
                card = action & 63
                hands = (*world[:at], world[at] & ~(1 << card), *world[at + 1 :])
                groups.setdefault(action, []).append((hands, w))
            result = 0.0
            for action, worlds in groups.items():
                t, tr = _after(action, table, triple)
                after = (mover, t, tr, unseen & ~(1 << (action & 63)), mine)
                result += self.flip(after, tuple(worlds))
        self.memo[key] = result
        return result

    def flip(self, node: Node, belief: Belief) -> float:
        """The same, ``node``'s mover about to turn the top stock card (chance: any card of
        the stock)."""
        key = (1, node, belief)
        found = self.memo.get(key)
        if found is not None:
            return found
        unseen = node[3]
        groups: dict[Card, list[tuple[World, float]]] = {}
        stock_size = 0
        for world, w in belief:
            held = 0
            for hand in world:
                held |= hand
            stock = unseen & ~held
            stock_size = stock.bit_count()
            for card in _bits(stock):
                groups.setdefault(card, []).append((world, w))
        result = 0.0
        for card, worlds in groups.items():
            result += self.turned(node, card, tuple(worlds))
        result /= stock_size
        self.memo[key] = result
        return result

    def turned(self, node: Node, card: Card, belief: Belief) -> float:
        """The same, ``node``'s mover resolving the turned ``card`` (now public): its best
        target for the mover, greedy's for another seat."""
        mover, table, triple, unseen, mine = node
        unseen &= ~(1 << card)
        options = card_options(card, table, triple, True)
        if mover != self.me and len(options) > 1:
            options = (self.greedy_flip(card, table, triple),)
        total = sum(w for _, w in belief) if mover == self.me else 0.0
        best = -1.0
        following = mover + 1 if mover + 1 < self.seats else 0
        for action in options:
            t, tr = _after(action, table, triple)
            after = (following, t, tr, unseen, mine)
            best = max(best, self.gain(action) * total + self.next(after, belief))
        return best

    def next(self, node: Node, belief: Belief) -> float:
        """After a turned card: the next play, or nothing more once the stock is out."""
        held = 0
        for hand in belief[0][0]:
            held |= hand
        if not node[3] & ~held:
            return 0.0
        return self.play(node, belief)

    def greedy(self, hand: int, table: int, triple: int) -> Action:
        """Greedy's play from ``hand`` (:func:`chinese_ten.players.greedy.greedy_choice`'s
        choice: the first card in hand order, then the first target, of the best score)."""
        best, chosen = -999, 0
        option, worth = self.option, self.worth
        for card in _bits(hand):
            if card >> 2 == triple:
                score, code = worth[card] + self.triple_points, TRIPLE
            else:
                score, aim = option[card][table >> MATCH_SHIFT[card] & 15]
                code = 0 if aim < 0 else aim + 1
            if score > best:
                best, chosen = score, card | code << 6
        return chosen

    def greedy_flip(self, card: Card, table: int, triple: int) -> Action:
        """Greedy's target for a turned card with several."""
        _, aim = self.option[card][table >> MATCH_SHIFT[card] & 15]
        return card | FLIP | (aim + 1) << 6


def _after(action: Action, table: int, triple: int) -> tuple[int, int]:
    """The table and layout triple after ``action``."""
    card, code = action & 63, action >> 6 & 63
    if not code:
        return table | 1 << card, triple
    if code == TRIPLE:
        return table & ~RANK_MASK[triple], -1
    return table & ~(1 << code - 1), triple


def exact_values(
    view: PlayerView, legal: Sequence[Action], weight: Weight | None = None
) -> list[float]:
    """Each legal action's expected final points for the mover (its pile now included), over
    every way the unseen cards can lie (weighted by ``weight``, uniform by default) and every
    order of the stock, the mover playing its best from what it knows at each later decision
    and the other players greedy. Exact for that model (no sampling)."""
    solver = _Solver(view)
    unseen_cards = view.unseen()
    sizes = [view.hand_counts[s] for s in solver.others]
    belief_list = []
    for hands in deals(unseen_cards, sizes):
        w = 1.0 if weight is None else weight(hands)
        if w > 0.0:
            belief_list.append((tuple(_mask(h) for h in hands), w))
    if not belief_list:  # the model rules out everything: fall back on uniform odds
        belief_list = [(tuple(_mask(h) for h in hs), 1.0) for hs in deals(unseen_cards, sizes)]
    belief: Belief = tuple(sorted(belief_list))
    total = sum(w for _, w in belief)
    unseen = _mask(unseen_cards)
    table = _mask(view.table)
    mine = _mask(view.hand)
    triple = view.triple
    me = view.seat
    banked = seat_points(view.piles[me], view.seats)
    values = []
    for action in legal:
        t, tr = _after(action, table, triple)
        gain = solver.gain(action) * total
        if view.phase == FLIP_PHASE:
            following = me + 1 if me + 1 < view.seats else 0
            rest = solver.next((following, t, tr, unseen, mine), belief)
        elif view.phase == OVER:
            rest = 0.0
        else:
            rest = solver.flip((me, t, tr, unseen, mine & ~(1 << (action & 63))), belief)
        values.append(banked + (gain + rest) / total)
    return values
