"""The engine against the lean independent one (``benchmarks/lean_engine.py``): the same
set-ups and the same choices (the k-th legal move, both listing moves card by card in rank
then suit order, then target by target) give the same moves, piles and points, for 2, 3 and
4 seats, layout triples and fours included. The lean engine shares no code with the game, so
a rule broken on one side only shows here."""

import random

import pytest

from benchmarks import lean_engine as lean
from chinese_ten.engine.actions import TRIPLE, Action
from chinese_ten.engine.cards import format_card
from chinese_ten.engine.chance import deal_from, random_setup
from chinese_ten.engine.deal import (
    LAYOUT_SIZE,
    OVER,
    DealSetup,
    advance,
    legal_actions,
    outcome,
    pile_points,
    start,
)

DEALS = 300


def _as_move(action: Action) -> lean.Move:
    """Our action as the lean engine's move (its own card numbers, read from notation)."""
    card = lean.parse(format_card(action & 63))
    code = action >> 6 & 63
    if code == 0:
        return card, None
    if code == TRIPLE:
        return card, lean.TRIPLE
    return card, lean.parse(format_card(code - 1))


def _ours(setup: DealSetup, seed: int) -> tuple[list[lean.Move], list[frozenset[str]], list[int]]:
    rng = random.Random(seed)
    state = start(setup)
    moves: list[lean.Move] = []
    while state.phase != OVER:
        legal = legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        moves.append(_as_move(action))
        state = advance(state, action)
    piles = [frozenset(format_card(c) for c in range(52) if pile >> c & 1) for pile in state.piles]
    result = outcome(state)
    assert result is not None and result.points == pile_points(state)
    return moves, piles, list(result.points)


def _lean(setup: DealSetup, seed: int) -> tuple[list[lean.Move], list[frozenset[str]], list[int]]:
    rng = random.Random(seed)
    moves: list[lean.Move] = []

    def choose(options: list[lean.Move]) -> lean.Move:
        move = options[rng.randrange(len(options))]
        moves.append(move)
        return move

    def cards(notation: tuple[int, ...]) -> list[int]:
        return [lean.parse(format_card(c)) for c in notation]

    piles = lean.play_deal(
        setup.dealer,
        [cards(hand) for hand in setup.hands],
        cards(setup.layout),
        cards(setup.stock),
        choose,
    )
    return moves, [frozenset(lean.name(c) for c in p) for p in piles], lean.score(piles)


def _with_layout_set(rng: random.Random, dealer: int, seats: int, size: int) -> DealSetup:
    """A random deal whose layout holds ``size`` (3 or 4) cards of a special rank."""
    deck = list(range(52))
    rng.shuffle(deck)
    rank = rng.choice((4, 9, 10, 11, 12))
    dealt = len(deck) - LAYOUT_SIZE - 24
    cards = [rank * 4 + suit for suit in range(4)]
    rng.shuffle(cards)
    for offset, card in enumerate(cards):  # the first ``size`` into the layout, the rest out
        i, j = deck.index(card), dealt + offset if offset < size else rng.randrange(dealt)
        deck[i], deck[j] = deck[j], deck[i]
    return deal_from(deck, dealer, seats)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_deals_play_the_same_in_both_engines(seats: int) -> None:
    rng = random.Random(seats)
    for k in range(DEALS):
        setup = random_setup(rng, dealer=k % seats, seats=seats)
        assert _ours(setup, k) == _lean(setup, k)


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("size", [3, 4])
def test_layout_triples_and_fours_play_the_same_in_both_engines(seats: int, size: int) -> None:
    rng = random.Random(seats * 10 + size)
    for k in range(DEALS // 10):
        setup = _with_layout_set(rng, k % seats, seats, size)
        ours = _ours(setup, k)
        assert ours == _lean(setup, k)
        if size == 3:
            assert any(target == lean.TRIPLE for _, target in ours[0])
        else:
            assert start(setup).table_mask == 0  # the dealer took the four


def test_the_comparison_sees_a_different_choice() -> None:
    """Hostile: one engine taking another target is caught (the comparison is not vacuous)."""
    rng = random.Random(7)
    for k in range(DEALS):
        setup = random_setup(rng, dealer=0)
        if _ours(setup, k) != _lean(setup, k + 1):
            return
    pytest.fail("different choices never showed")


def test_lean_scoring_counts_the_black_aces_by_seat_count() -> None:
    aces = [lean.parse("AS"), lean.parse("AC"), lean.parse("AH")]
    assert lean.score([aces, []]) == [20, 0]
    assert lean.score([aces, [], []]) == [50, 0, 0]
    assert lean.score([aces, [], [], []]) == [90, 0, 0, 0]
