"""The search's int playouts play exactly as greedy and the learned policy stepping through
the engine, with 2, 3 or 4 seats."""

import random

from hypothesis import given
from hypothesis import strategies as st

from chinese_ten.engine.cards import parse_card
from chinese_ten.engine.chance import deal_from, shuffled_deck
from chinese_ten.engine.deal import OVER, DealState, advance, legal_actions, pile_points, start
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.base import Player
from chinese_ten.players.greedy import GreedyPlayer, greedy_choice
from chinese_ten.players.playout import greedy_points, learned_points
from chinese_ten.players.policy import PolicyPlayer


def _greedy_to_end(state: DealState) -> DealState:
    while state.phase != OVER:
        state = advance(state, greedy_choice(legal_actions(state), state.setup.layout))
    return state


def random_positions(seed: int, triple: bool, seats: int = 2) -> list[DealState]:
    """Every position of a deal played at random; with ``triple``, the layout holds three
    kings, or now and then all four (rare in real deals, so built on purpose)."""
    rng = random.Random(seed)
    deck = shuffled_deck(rng)
    if triple:
        kings = [parse_card(k) for k in ("KS", "KH", "KD")]
        deck = [c for c in deck if c not in kings]
        deck[24:24] = kings
    state = start(deal_from(deck, rng.randrange(seats), seats))
    found = [state]
    while state.phase != OVER:
        state = advance(state, rng.choice(legal_actions(state)))
        found.append(state)
    return found


@given(st.integers(min_value=0, max_value=2**32), st.booleans())
def test_int_playout_scores_what_greedy_play_through_the_engine_scores(
    seed: int, triple: bool
) -> None:
    for state in random_positions(seed, triple):
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
    for state in random_positions(seed, triple)[::3]:
        for seat in (0, 1):
            expected = pile_points(_learned_to_end(state, seat))[seat]
            assert learned_points(state, seat) == expected


def seat_greedy_to_end(state: DealState, learned: int = 0) -> DealState:
    """Greedy play through the engine, valuing the black aces where they score; the seats in
    the bit set ``learned`` play their cards by the learned policy."""
    seats = len(state.hands)
    while state.phase != OVER:
        mover, legal = state.to_move, legal_actions(state)
        if learned >> mover & 1:
            action = PolicyPlayer().choose(PlayerView(state, mover), legal)
        else:
            action = greedy_choice(legal, state.setup.layout, seats)
        state = advance(state, action)
    return state


@given(
    st.integers(min_value=0, max_value=2**32),
    st.sampled_from([None, "triple", "four"]),
    st.sampled_from([3, 4]),
)
def test_int_playouts_with_more_seats_score_what_play_through_the_engine_scores(
    seed: int, layout: str | None, seats: int
) -> None:
    positions = random_positions(seed, layout is not None, seats)
    if layout == "four":
        deck = shuffled_deck(random.Random(seed))
        kings = [parse_card(k) for k in ("KS", "KH", "KD", "KC")]
        deck = [c for c in deck if c not in kings]
        deck[24:24] = kings
        positions = [start(deal_from(deck, seed % seats, seats))]
    for state in positions[::2]:
        greedy_end = pile_points(seat_greedy_to_end(state))
        assert tuple(greedy_points(state, seat) for seat in range(seats)) == greedy_end
        for seat in range(seats):
            expected = pile_points(seat_greedy_to_end(state, 1 << seat))[seat]
            assert learned_points(state, seat) == expected


def test_greedy_playouts_with_more_seats_value_the_black_aces() -> None:
    # 2C can take AS or AH from the table: red points alone say the ace of hearts (20), but
    # at a table of three the ace of spades scores 30 and greedy takes it.
    from chinese_ten.engine.deal import DealSetup

    setup = DealSetup.from_text(2, ("9C", "KD", "QD"), "AS AH 5C 6C", "3S 4S 7S")
    state = start(setup, check=False)
    assert greedy_points(state, 0) == 30
    two = start(DealSetup.from_text(1, ("9C", "KD"), "AS AH 5C 6C", "3S 4S"), check=False)
    assert greedy_points(two, 0) == 20
