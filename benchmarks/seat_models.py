"""Other seats played by the learned policy in ``hard``'s playouts: measured, not shipped.

``hard``'s playouts play its own later turns by the learned policy
(:mod:`chinese_ten.players.policy`) and every other seat greedy. The players here play some
or all other seats by the policy too, each from what that seat can see
(:func:`seats_learned_points`, one int loop over a bit set of learned seats):

- ``shown`` (:class:`ShownHard`): another seat greedy until it makes a choice greedy would not
  (:func:`shown_seats`), then by the policy; against ``normal`` it plays exactly as ``hard``;
- ``everyone`` (:class:`EveryoneHard`): every seat by the policy from the first decision;
- ``refit`` (:class:`RefitHard`): ``everyone`` with the policy refitted to ``everyone``'s own
  choices in self-play (``fit_policy.py --variant everyone --opponent everyone``).

None was measurably stronger than ``hard`` (``bench_versus.py``; figures in
docs/strength.md), and each costs time, so ``hard`` keeps greedy for the other seats.
``tests/players/test_seat_models.py`` checks the loop against play through the engine.
"""

from collections.abc import Sequence

from chinese_ten.engine.actions import Action
from chinese_ten.engine.deal import FLIP_PHASE, MATCH_SHIFT, OVER, RANK_MASK, DealState
from chinese_ten.engine.variant import seat_points
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.greedy import SEAT_POINTS
from chinese_ten.players.hard import HardPlayer, revealed_choices
from chinese_ten.players.playout import _CARD_FACTS, _LAY, _TRIPLE, greedy_option_table
from chinese_ten.players.policy import WEIGHTS, policy_tables


def seats_learned_points(
    state: DealState, seat: int, learned: int, weights: tuple[float, ...] = WEIGHTS
) -> int:
    """Points ``seat`` ends the deal with when the seats in the bit set ``learned`` play their
    cards as the learned policy (:mod:`chinese_ten.players.policy`, with ``weights``), each
    from what it has seen itself, and the other seats play greedy; every turned card is
    greedy's.

    The policy needs what the mover has not seen: the stock still face down and every hand
    but its own, kept as card sets while cards come to light. With only ``seat`` learned it
    plays exactly as :func:`~chinese_ten.players.playout.learned_points`, more slowly (the
    figures are in docs/strength.md).
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
    hidden = 0
    for c in stock[pos + 1 if phase == FLIP_PHASE else pos :]:
        hidden |= 1 << c
    owned = [0] * seats
    for s in range(seats):
        for c in hands[s]:
            owned[s] |= 1 << c
    in_hands = 0
    for bits in owned:
        in_hands |= bits
    option, shift = greedy_option_table(seats), MATCH_SHIFT
    head, tail, lay, take_triple = policy_tables(seats, weights)
    facts = _CARD_FACTS
    triple_points = sum(worth[c] for c in setup.layout if c >> 2 == triple) if triple >= 0 else 0
    play = phase != FLIP_PHASE
    while True:
        if play:
            hand = held[mover]
            if learned >> mover & 1:
                mine = owned[mover]
                unseen = hidden | (in_hands ^ mine)
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
            owned[mover] ^= 1 << card
            in_hands ^= 1 << card
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
        hidden &= ~(1 << card)
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


def shown_seats(view: PlayerView) -> int:
    """The seats ``shown`` plays by the learned policy, as a bit set: the viewer's own, and
    every other seat once a choice it revealed was not greedy's best (:func:`revealed_choices`);
    until then a seat plays greedy, as ``normal`` does."""
    learned = 1 << view.seat
    for seat in range(view.seats):
        if seat != view.seat and any(
            chosen < max(scores) for chosen, scores in revealed_choices(view, seat)
        ):
            learned |= 1 << seat
    return learned


class ShownHard(HardPlayer):
    """``hard`` playing each other seat greedy until it shows otherwise, then by the policy."""

    def _search(self, view: PlayerView, legal: Sequence[Action]) -> tuple[list[float], list[int]]:
        learned = shown_seats(view)

        def playout(state: DealState, seat: int) -> int:
            return seats_learned_points(state, seat, learned)

        self.playout = playout
        return super()._search(view, legal)


def _everyone(state: DealState, seat: int) -> int:
    return seats_learned_points(state, seat, (1 << len(state.hands)) - 1)


class EveryoneHard(HardPlayer):
    """``hard`` playing every seat by the learned policy from the first decision."""

    playout = staticmethod(_everyone)


REFIT = (
    0.891912,
    0.0605241,
    0.0752724,
    -0.0147483,
    -0.296807,
    0.508158,
    -0.202124,
    0.370209,
    -0.00732587,
    -0.101597,
    -0.125233,
    0.482164,
)
"""The policy refitted to ``everyone``'s choices in self-play (``fit_policy.py --variant
everyone --opponent everyone --deals 180 --seed 100000``: 3,966 choices)."""


def _everyone_refit(state: DealState, seat: int) -> int:
    return seats_learned_points(state, seat, (1 << len(state.hands)) - 1, REFIT)


class RefitHard(HardPlayer):
    """``everyone`` with the refitted policy."""

    playout = staticmethod(_everyone_refit)
