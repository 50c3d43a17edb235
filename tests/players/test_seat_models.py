"""The benchmarks' playout with other seats by the learned policy
(``benchmarks/seat_models.py``) plays exactly as the policy and greedy stepping through the
engine, with 2, 3 or 4 seats; and which seats its ``shown`` player plays by the policy."""

from hypothesis import given
from hypothesis import strategies as st

from benchmarks.seat_models import seats_learned_points, shown_seats
from chinese_ten.engine.deal import pile_points, start
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.playout import learned_points
from tests.players.test_hard import _three_seats
from tests.players.test_playout import random_positions, seat_greedy_to_end


@given(st.integers(min_value=0, max_value=2**32), st.sampled_from([2, 3, 4]))
def test_the_loop_plays_as_the_policy_and_greedy_through_the_engine(seed: int, seats: int) -> None:
    for state in random_positions(seed, False, seats)[::2]:
        for learned in (1, (1 << seats) - 1, 0b10):
            expected = pile_points(seat_greedy_to_end(state, learned))
            for seat in range(seats):
                assert seats_learned_points(state, seat, learned) == expected[seat]


@given(st.integers(min_value=0, max_value=2**32), st.sampled_from([2, 3, 4]))
def test_with_only_the_searching_seat_learned_it_is_hards_playout(seed: int, seats: int) -> None:
    for state in random_positions(seed, False, seats)[::2]:
        for seat in range(seats):
            assert seats_learned_points(state, seat, 1 << seat) == learned_points(state, seat)


def test_shown_plays_a_seat_greedy_until_it_makes_a_choice_greedy_would_not() -> None:
    state = _three_seats()
    # Ben took an ace as greedy would; Cy laid 2S where his 9H could take AD
    assert shown_seats(PlayerView(state, 0)) == 0b101
    assert shown_seats(PlayerView(state, 1)) == 0b110  # Ana's choices were all greedy's
    assert shown_seats(PlayerView(state, 2)) == 0b100
    opening = start(state.setup, check=False)
    assert [shown_seats(PlayerView(opening, s)) for s in range(3)] == [1, 2, 4]
