"""Three and four seats: dealing, turn order, scoring by seat count, and random play checked
against the invariants of the brief (the table empties, piles hold the pack, points sum to
240 or 280, results to 0, views hide every other hand)."""

import random
from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chinese_ten.analysis.simulate import series_setups
from chinese_ten.engine.actions import FLIP
from chinese_ten.engine.cards import DECK, parse_card
from chinese_ten.engine.chance import deal_from, random_setup
from chinese_ten.engine.deal import (
    OVER,
    DealOutcome,
    DealSetup,
    apply_action,
    card_places,
    legal_actions,
    outcome,
    start,
)
from chinese_ten.engine.errors import RecordError
from chinese_ten.engine.series import SeriesScore, default_deals
from chinese_ten.engine.variant import SEAT_COUNTS, card_points, variant
from chinese_ten.engine.view import PlayerView, public_events
from tests.helpers import random_deal

seeds = st.integers(min_value=0, max_value=2**32)
seat_counts = st.sampled_from((3, 4))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_hands_hold_24_cards_between_them_and_the_stock_24(seats: int) -> None:
    setup = random_setup(random.Random(seats), dealer=0, seats=seats)
    assert [len(hand) for hand in setup.hands] == [variant(seats).hand_size] * seats
    assert len(setup.layout) == 4 and len(setup.stock) == 24
    setup.check()


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_cards_go_round_from_the_seat_after_the_dealer(dealer: int) -> None:
    setup = deal_from(list(DECK), dealer, seats=3)
    first = (dealer + 1) % 3
    assert setup.hands[first][0] == 0  # the top card goes to the seat after the dealer
    assert setup.hands[(first + 1) % 3][0] == 1
    assert setup.hands[dealer][0] == 2  # the dealer is dealt last
    assert setup.layout == (24, 25, 26, 27)


@pytest.mark.parametrize("seats", [3, 4])
def test_the_seat_after_the_dealer_plays_first_and_turns_go_round(seats: int) -> None:
    states = random_deal(7, seats)
    dealer = states[0].setup.dealer
    movers = [s.to_move for s in states if s.phase != OVER and s.phase == 0]
    assert movers[: seats + 1] == [(dealer + 1 + k) % seats for k in range(seats + 1)]
    assert len(movers) == 24


def test_the_ace_of_spades_scores_from_three_players_and_the_ace_of_clubs_with_four() -> None:
    spades, clubs, hearts = parse_card("AS"), parse_card("AC"), parse_card("AH")
    assert [card_points(spades, n) for n in (2, 3, 4)] == [0, 30, 30]
    assert [card_points(clubs, n) for n in (2, 3, 4)] == [0, 0, 40]
    assert [card_points(hearts, n) for n in (2, 3, 4)] == [20, 20, 20]
    assert [sum(card_points(c, n) for c in DECK) for n in (2, 3, 4)] == [210, 240, 280]
    assert {n: variant(n).pack_points for n in SEAT_COUNTS} == {2: 210, 3: 240, 4: 280}
    assert {n: variant(n).base for n in SEAT_COUNTS} == {2: 105, 3: 80, 4: 70}


@given(seeds, seat_counts)
def test_every_card_is_in_exactly_one_place_at_every_step(seed: int, seats: int) -> None:
    for state in random_deal(seed, seats):
        assert Counter(card for card, _ in card_places(state)) == Counter(DECK)


@given(seeds, seat_counts)
def test_the_table_empties_and_the_piles_share_every_point(seed: int, seats: int) -> None:
    final = random_deal(seed, seats)[-1]
    assert final.hands == ((),) * seats and final.table == () and final.stock_count == 0
    union = 0
    for pile in final.piles:
        assert union & pile == 0
        union |= pile
    assert union == (1 << 52) - 1
    result = outcome(final)
    assert result is not None
    assert sum(result.points) == variant(seats).pack_points
    assert sum(result.results) == 0
    assert result.results == tuple(p - variant(seats).base for p in result.points)
    assert len(final.actions) == 48


@given(seeds, st.sampled_from((2, 3, 4)))
def test_a_move_changes_only_the_movers_hand_and_pile(seed: int, seats: int) -> None:
    """Two seats take their own short path through ``advance``; every count must touch the
    mover's hand and pile alone, whichever seat moves."""
    states = random_deal(seed, seats)
    movers = set()
    for before, after in pairwise(states):
        mover = before.to_move
        movers.add(mover)
        gained = after.piles[mover] & ~before.piles[mover]
        assert gained == 0 or gained & ~before.table_mask == 1 << (after.actions[-1] & 63)
        for seat in range(seats):
            if seat != mover:
                assert after.hands[seat] == before.hands[seat]
                assert after.piles[seat] == before.piles[seat]
        if before.phase == 0:
            assert set(before.hands[mover]) - set(after.hands[mover]) == {after.actions[-1] & 63}
        else:
            assert after.hands[mover] == before.hands[mover]
    assert movers == set(range(seats))


@given(seeds, seat_counts)
def test_views_show_only_their_own_hand(seed: int, seats: int) -> None:
    for state in random_deal(seed, seats)[::5]:
        for seat in range(seats):
            view = PlayerView(state, seat)
            assert view.hand == state.hands[seat]
            assert view.hand_counts == tuple(len(h) for h in state.hands)
            hidden = {c for other, hand in enumerate(state.hands) if other != seat for c in hand}
            hidden |= set(state.setup.stock[state.stock_pos + (state.phase == 1) :])
            assert set(view.unseen()) == hidden
            assert view.legal_actions() == (legal_actions(state) if view.my_turn else [])


@given(seeds, seat_counts)
def test_the_public_log_names_the_seat_that_moved(seed: int, seats: int) -> None:
    states = random_deal(seed, seats)
    events = public_events(states[-1])
    moves = [e for e in events if e.kind != "four"]
    assert [e.seat for e in moves] == [s.to_move for s in states[:-1]]
    kinds = [e.kind for e in moves]
    assert kinds == ["flip" if a & FLIP else "play" for a in states[-1].actions]


def test_a_layout_four_goes_to_the_dealer_of_four_seats() -> None:
    hands = ("AS 2S 3S 4S 6S 7S", "AH 2H 3H 4H 6H 7H", "AD 2D 3D 4D 6D 7D", "AC 2C 3C 4C 6C 7C")
    stock = "8S 9S TS JS QS 8H 9H TH JH QH 8D 9D TD JD QD 8C 9C TC JC QC 5S 5H 5D 5C"
    setup = DealSetup.from_text(2, hands, "KS KH KD KC", stock)
    state = start(setup)
    assert state.piles[2].bit_count() == 4 and state.table == ()
    assert state.to_move == 3


def test_a_layout_triple_is_taken_whole_by_the_fourth_card_with_three_seats() -> None:
    hands = ("KC AS 2S 3S 4S 6S 7S 8S", "AH 2H 3H 4H 6H 7H 8H 9H", "AD 2D 3D 4D 6D 7D 8D 9D")
    stock = "9S TS JS QS TH JH QH TD JD QD AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 5S 5H"
    state = start(DealSetup.from_text(2, hands, "KS KH KD 5D", stock))
    assert state.to_move == 0
    legal = legal_actions(state)
    king = [a for a in legal if a & 63 == parse_card("KC")]
    assert len(king) == 1
    after = apply_action(state, king[0])
    assert after.piles[0].bit_count() == 4 and after.triple == -1


def test_a_set_up_with_hands_of_the_wrong_size_or_too_many_seats_is_refused() -> None:
    good = random_setup(random.Random(1), dealer=0, seats=3)
    good.check()
    short = DealSetup(0, (good.hands[0][:7], good.hands[1], good.hands[2]), good.layout, good.stock)
    with pytest.raises(RecordError, match="hand of seat 0 has 7 cards; it must have 8"):
        short.check()
    five = DealSetup(0, good.hands + ((),) * 2, good.layout, good.stock)
    with pytest.raises(RecordError, match="2 to 4 hands, not 5"):
        five.check()
    with pytest.raises(RecordError, match="dealer must be seat 0, 1 or 2, not 3"):
        DealSetup(3, good.hands, good.layout, good.stock).check()


def test_equal_highest_scores_share_the_deal() -> None:
    shared = DealOutcome.of_points((90, 90, 60))
    assert shared.winner is None and shared.winners == (0, 1)
    assert shared.results == (10, 10, -20)
    alone = DealOutcome.of_points((60, 100, 60, 60))
    assert alone.winner == 1 and alone.results == (-10, 30, -10, -10)
    tie = DealOutcome.of_points((105, 105))
    assert tie.winner is None and tie.results == (0, 0)


def test_a_series_passes_the_deal_round_and_shares_an_equal_lead() -> None:
    assert [default_deals(n) for n in (2, 3, 4)] == [6, 6, 8]
    score = SeriesScore(3, first_dealer=2, seats=4)
    assert [score.dealer_of(k) for k in range(5)] == [2, 3, 0, 1, 2]
    for points in ((80, 80, 60, 60), (70, 70, 70, 70), (70, 70, 70, 70)):
        score = score.add(DealOutcome.of_points(points))
    assert score.totals == (10, 10, -10, -10) and score.is_over
    assert score.winner is None and score.leaders == (0, 1)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_simulated_series_passes_the_deal_round(seats: int) -> None:
    setups = series_setups(random.Random(seats), 2 * seats + 1, seats=seats)
    first = setups[0].dealer
    assert [s.dealer for s in setups] == [(first + k) % seats for k in range(2 * seats + 1)]
    assert all(s.seats == seats for s in setups)
    for s in setups:
        s.check()
