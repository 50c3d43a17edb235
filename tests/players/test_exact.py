"""The exact solver at the end of a deal against a plain brute-force enumeration.

The brute force below shares nothing with :mod:`chinese_ten.players.exact` but the engine's
rules: it lists every complete world (every deal of the other hands and every order of the
stock, one by one), steps each through the engine (``legal_actions``, ``advance``,
``greedy_choice``) and lets the mover choose at each of its decisions the action that is
best over the worlds it cannot tell apart (those that showed it the same cards so far).
"""

import itertools
import math
import random
from collections.abc import Callable

import pytest

from chinese_ten.engine.actions import Action, format_action
from chinese_ten.engine.cards import DECK, MATCH_RANK, Card
from chinese_ten.engine.deal import (
    FLIP_PHASE,
    OVER,
    PLAY,
    DealSetup,
    DealState,
    advance,
    legal_actions,
)
from chinese_ten.engine.variant import seat_points
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.exact import exact_values
from chinese_ten.players.greedy import greedy_choice


def endgame(seed: int, seats: int, hands: tuple[int, ...], table: int) -> DealState:
    """A position late in a full-pack deal, built directly: seat 0 to play holding
    ``hands[0]`` cards, the other seats ``hands[1:]``, a stock as large as the hands together
    (each seat still plays and turns once a card), ``table`` face-up cards of which none takes
    another, and every other card in somebody's pile."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    face_up: list[Card] = []
    for card in deck:
        if len(face_up) == table:
            break
        if all(MATCH_RANK[card >> 2] != c >> 2 for c in face_up):
            face_up.append(card)
    rest = [c for c in deck if c not in face_up]
    held, at = [], 0
    for size in hands:
        held.append(tuple(sorted(rest[at : at + size])))
        at += size
    stock_size = sum(hands)
    stock = tuple(rest[at : at + stock_size])
    gone = rest[at + stock_size :]
    piles = [0] * seats
    for card in gone:
        piles[rng.randrange(seats)] |= 1 << card
    past = tuple(gone[: 24 - stock_size])  # the stock's turned cards, for its length only
    setup = DealSetup(seats - 1, tuple(held), tuple(face_up[:4]), past + stock)
    mask = sum(1 << c for c in face_up)
    return DealState(setup, 0, PLAY, tuple(held), mask, len(past), tuple(piles), -1, None)


def brute_force(
    view_state: DealState, weight: Callable[[tuple[tuple[Card, ...], ...]], float]
) -> dict[Action, float]:
    """Each legal action's expected final points for the mover, by listing every world."""
    me, seats = view_state.to_move, len(view_state.hands)
    view = PlayerView(view_state, me)
    unseen = view.unseen()
    others = [(me + k) % seats for k in range(1, seats)]
    worlds: list[tuple[DealState, float]] = []
    stock_size = view_state.stock_count - (1 if view_state.phase == FLIP_PHASE else 0)
    for order in itertools.permutations(unseen):
        hands, at = list(view_state.hands), 0
        dealt = []
        for seat in others:
            size = len(view_state.hands[seat])
            hand = tuple(sorted(order[at : at + size]))
            if list(hand) != list(order[at : at + size]):
                break  # each hand counted once: its cards listed in order
            hands[seat] = hand
            dealt.append(hand)
            at += size
        else:
            stock = order[at:]
            assert len(stock) == stock_size
            turned = view_state.setup.stock[: view_state.stock_pos]
            if view_state.phase == FLIP_PHASE:
                turned += (view_state.setup.stock[view_state.stock_pos],)
            setup = DealSetup(
                view_state.setup.dealer, tuple(hands), view_state.setup.layout, turned + stock
            )
            world = view_state._replace(setup=setup, hands=tuple(hands))
            worlds.append((world, weight(tuple(dealt))))
    total = sum(w for _, w in worlds)

    def value(group: list[tuple[DealState, float]]) -> float:
        state = group[0][0]
        if state.phase == OVER:
            return sum(w * seat_points(s.piles[me], seats) for s, w in group)
        if state.phase == FLIP_PHASE:
            turned: dict[Card, list[tuple[DealState, float]]] = {}
            for s, w in group:
                turned.setdefault(s.setup.stock[s.stock_pos], []).append((s, w))
            if len(turned) > 1:
                return sum(value(g) for g in turned.values())
        if state.to_move == me:
            return max(value([(advance(s, a), w) for s, w in group]) for a in legal_actions(state))
        seen: dict[Action, list[tuple[DealState, float]]] = {}
        for s, w in group:
            legal = legal_actions(s)
            action = greedy_choice(legal, s.setup.layout, seats)
            seen.setdefault(action & 0x1FFF, []).append((advance(s, action), w))
        return sum(value(g) for g in seen.values())

    return {
        a: value([(advance(s, a), w) for s, w in worlds]) / total for a in legal_actions(view_state)
    }


CASES = [
    (2, (2, 2), 4, 1),
    (2, (3, 2), 3, 2),
    (2, (2, 2), 6, 3),
    (2, (2, 1), 5, 4),
    (3, (2, 1, 1), 4, 5),
    (3, (1, 1, 1), 5, 6),
    (4, (1, 1, 1, 1), 4, 7),
    (4, (2, 1, 1, 1), 3, 8),
]


def _uniform(hands: tuple[tuple[Card, ...], ...]) -> float:
    del hands
    return 1.0


def _lopsided(hands: tuple[tuple[Card, ...], ...]) -> float:
    """A made-up model: low cards are likelier in the next seat's hand."""
    return math.exp(-sum(c for c in hands[0]) / 20)


@pytest.mark.parametrize(("seats", "hands", "table", "seed"), CASES)
@pytest.mark.parametrize("weight", [_uniform, _lopsided])
def test_exact_agrees_with_brute_force(
    seats: int,
    hands: tuple[int, ...],
    table: int,
    seed: int,
    weight: Callable[[tuple[tuple[Card, ...], ...]], float],
) -> None:
    state = endgame(seed, seats, hands, table)
    view = PlayerView(state, 0)
    legal = view.legal_actions()
    assert len(legal) > 1 or seed > 0
    exact = exact_values(view, legal, weight)
    truth = brute_force(state, weight)
    for action, got in zip(legal, exact, strict=True):
        assert got == pytest.approx(truth[action], abs=0.01), format_action(action)


def test_exact_agrees_at_a_turned_card_with_two_targets() -> None:
    """The mover chooses what its turned card takes: the flip phase is solved too."""
    for seed in range(40):
        state = endgame(seed, 2, (2, 2), 6)
        legal = legal_actions(state)
        state = advance(state, legal[0])
        if len(legal_actions(state)) > 1:
            break
    else:
        pytest.fail("no turned card with two targets in 40 seeds")
    view = PlayerView(state, 0)
    legal = view.legal_actions()
    truth = brute_force(state, _uniform)
    for action, got in zip(legal, exact_values(view, legal), strict=True):
        assert got == pytest.approx(truth[action], abs=0.01)


def test_the_options_differ() -> None:
    """The positions tell options apart, so agreement is not agreement on a constant."""
    spreads = []
    for seats, hands, table, seed in CASES:
        state = endgame(seed, seats, hands, table)
        view = PlayerView(state, 0)
        values = exact_values(view, view.legal_actions())
        spreads.append(max(values) - min(values))
    assert sum(s > 0.5 for s in spreads) >= 4


def test_a_model_that_rules_out_every_deal_falls_back_on_even_odds() -> None:
    """A weight of 0 for every deal (a model that fits nothing) cannot leave the solver with
    no world: it counts every deal alike, as the uniform model does."""
    state = endgame(2, 2, (3, 2), 3)
    view = PlayerView(state, 0)
    legal = view.legal_actions()
    assert exact_values(view, legal, lambda hands: 0.0) == exact_values(view, legal)


def test_the_values_are_final_points_with_the_pile_banked() -> None:
    """The mover's pile so far is part of every value: an option's value is never below it,
    and red cards moved from the other pile to the mover's add their points to each."""
    state = endgame(4, 2, (2, 2), 4)
    view = PlayerView(state, 0)
    legal = view.legal_actions()
    values = exact_values(view, legal)
    assert min(values) >= seat_points(state.piles[0], 2)
    moved = [c for c in DECK if state.piles[1] >> c & 1 and seat_points(1 << c, 2)][:3]
    shift = sum(1 << c for c in moved)
    gained = seat_points(shift, 2)
    assert gained > 0
    richer = state._replace(piles=(state.piles[0] | shift, state.piles[1] & ~shift))
    assert exact_values(PlayerView(richer, 0), legal) == pytest.approx([v + gained for v in values])
