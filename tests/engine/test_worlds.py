"""The one place that deals the unseen cards consistently with a player's view."""

import random

import pytest

from chinese_ten.engine.cards import DECK
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import FLIP_PHASE, OVER, DealState, advance, legal_actions, start
from chinese_ten.engine.view import PlayerView
from chinese_ten.engine.worlds import resample, uniform_hands, worlds


def _positions(seats: int, seed: int) -> list[DealState]:
    rng = random.Random(seed)
    state = start(random_setup(rng, seed % seats, seats=seats))
    found = []
    while state.phase != OVER:
        found.append(state)
        state = advance(state, rng.choice(legal_actions(state)))
    return found


def _cards(state: DealState) -> list[int]:
    cards = [c for hand in state.hands for c in hand] + list(state.table)
    cards += list(state.setup.stock[state.stock_pos :])
    for pile in state.piles:
        cards += [c for c in DECK if pile >> c & 1]
    return sorted(cards)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_world_keeps_all_the_viewer_knows_and_deals_the_rest(seats: int) -> None:
    rng = random.Random(seats)
    for state in _positions(seats, 11)[::5]:
        seat = state.to_move
        view = PlayerView(state, seat)
        world = resample(view, rng)
        again = PlayerView(world, seat)
        assert again.hand == view.hand and again.table == view.table
        assert again.hand_counts == view.hand_counts and again.piles == view.piles
        assert again.stock_count == view.stock_count
        if state.phase == FLIP_PHASE:
            assert again.flip_card == view.flip_card
        assert _cards(world) == sorted(DECK)
        assert set(again.unseen()) == set(view.unseen())


def test_the_same_seed_deals_the_same_worlds() -> None:
    state = _positions(3, 4)[7]
    view = PlayerView(state, state.to_move)
    first = list(worlds(view)(random.Random(9), 5))
    second = list(worlds(view)(random.Random(9), 5))
    assert first == second and len({w.hands for w in first}) > 1


def test_blind_hands_fill_every_other_seat_from_the_unseen_cards() -> None:
    state = _positions(4, 2)[9]
    view = PlayerView(state, state.to_move)
    for hands in uniform_hands(view)(random.Random(1), 20):
        assert hands[view.seat] == view.hand
        assert tuple(len(h) for h in hands) == view.hand_counts
        others = [c for s, h in enumerate(hands) if s != view.seat for c in h]
        assert len(set(others)) == len(others) and set(others) <= set(view.unseen())
