"""The search's int playouts play exactly as greedy and the learned policy stepping through
the engine."""

import random

from hypothesis import given
from hypothesis import strategies as st

from chinese_ten.cards import parse_card
from chinese_ten.deal import (
    OVER,
    DealState,
    advance,
    legal_actions,
    pile_points,
    start,
)
from chinese_ten.dealing import deal_from, shuffled_deck
from chinese_ten.players import Player
from chinese_ten.players.greedy import GreedyPlayer, greedy_choice
from chinese_ten.players.playout import greedy_points, learned_points
from chinese_ten.players.policy import PolicyPlayer
from chinese_ten.view import PlayerView


def _greedy_to_end(state: DealState) -> DealState:
    while state.phase != OVER:
        state = advance(state, greedy_choice(legal_actions(state), state.setup.layout))
    return state


def _random_positions(seed: int, triple: bool) -> list[DealState]:
    """Every position of a deal played at random; with ``triple``, the layout holds three
    kings, or now and then all four (rare in real deals, so built on purpose)."""
    rng = random.Random(seed)
    deck = shuffled_deck(rng)
    if triple:
        kings = [parse_card(k) for k in ("KS", "KH", "KD")]
        deck = [c for c in deck if c not in kings]
        deck[24:24] = kings
    state = start(deal_from(deck, rng.randrange(2)))
    found = [state]
    while state.phase != OVER:
        state = advance(state, rng.choice(legal_actions(state)))
        found.append(state)
    return found


@given(st.integers(min_value=0, max_value=2**32), st.booleans())
def test_int_playout_scores_what_greedy_play_through_the_engine_scores(
    seed: int, triple: bool
) -> None:
    for state in _random_positions(seed, triple):
        expected = pile_points(_greedy_to_end(state))
        assert (greedy_points(state, 0), greedy_points(state, 1)) == expected


def _learned_to_end(state: DealState, seat: int) -> DealState:
    """``seat`` plays its cards by the learned policy, everything else is greedy."""
    players: list[Player] = [GreedyPlayer(random.Random(0)), GreedyPlayer(random.Random(0))]
    players[seat] = PolicyPlayer()
    while state.phase != OVER:
        mover = state.to_move
        action = players[mover].choose(PlayerView(state, mover), legal_actions(state))
        state = advance(state, action)
    return state


@given(st.integers(min_value=0, max_value=2**32), st.booleans())
def test_int_playout_scores_what_the_learned_policy_through_the_engine_scores(
    seed: int, triple: bool
) -> None:
    for state in _random_positions(seed, triple)[::3]:
        for seat in (0, 1):
            expected = pile_points(_learned_to_end(state, seat))[seat]
            assert learned_points(state, seat) == expected
