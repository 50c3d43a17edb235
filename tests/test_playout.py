"""The search's int playout plays exactly as greedy stepping through the engine."""

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
from chinese_ten.players.greedy import greedy_choice
from chinese_ten.players.playout import greedy_points


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
