"""Random deals and random legal play, checked against invariants at every step."""

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from chinese_ten.engine.cards import DECK
from chinese_ten.engine.chance import (
    cut,
    deal_from,
    draw_lots,
    random_cut,
    random_setup,
    shuffled_deck,
)
from chinese_ten.engine.deal import FLIP, advance, apply_action, card_places, legal_actions, outcome
from chinese_ten.engine.errors import IllegalActionError
from chinese_ten.engine.variant import variant
from tests.helpers import random_deal

seeds = st.integers(min_value=0, max_value=2**32)


@given(seeds)
def test_every_card_is_in_exactly_one_place_at_every_step(seed: int) -> None:
    for state in random_deal(seed):
        places = card_places(state)
        assert Counter(card for card, _ in places) == Counter(DECK)


@given(seeds)
def test_deal_ends_empty_with_all_points_shared(seed: int) -> None:
    final = random_deal(seed)[-1]
    assert final.hands == ((), ()) and final.table == () and final.stock_count == 0
    assert final.piles[0] | final.piles[1] == (1 << 52) - 1
    result = outcome(final)
    assert result is not None
    assert sum(result.points) == variant(2).pack_points
    assert result.results[0] == -result.results[1]
    assert len(final.actions) == 48


@given(seeds)
def test_applying_never_mutates_the_old_state(seed: int) -> None:
    states = random_deal(seed)
    snapshots = [tuple(s) for s in states]
    rng = random.Random(seed)
    for state, snapshot in zip(states[:-1], snapshots, strict=False):
        advance(state, rng.choice(legal_actions(state)))
        assert tuple(state) == snapshot


ALL_ACTIONS = [
    card | code << 6 | flip for card in DECK for code in (*range(53), 63) for flip in (0, FLIP)
]
"""Every well-formed action, legal or not, plus a few malformed ints below."""


@given(seeds, st.data())
def test_every_illegal_action_is_rejected_and_changes_nothing(
    seed: int, data: st.DataObject
) -> None:
    state = data.draw(st.sampled_from(random_deal(seed)))
    legal = set(legal_actions(state))
    snapshot = tuple(state)
    refused = 0
    for action in [*ALL_ACTIONS, -1, 1 << 13, 52, 62 << 6]:
        if action in legal:
            continue
        try:
            apply_action(state, action)
        except IllegalActionError as error:
            assert error.action == action
            refused += 1
        assert tuple(state) == snapshot
    assert refused == len(ALL_ACTIONS) + 4 - len(legal)
    assert legal <= set(ALL_ACTIONS)


@given(seeds)
def test_only_the_mover_has_legal_actions_and_they_are_stable(seed: int) -> None:
    from chinese_ten.engine.view import PlayerView

    for state in random_deal(seed)[:-1]:
        assert legal_actions(state) == legal_actions(state)
        assert PlayerView(state, 1 - state.to_move).legal_actions() == []
        assert PlayerView(state, state.to_move).legal_actions() == legal_actions(state)


@given(seeds)
def test_same_seed_same_game(seed: int) -> None:
    assert random_deal(seed)[-1] == random_deal(seed)[-1]


@given(seeds)
def test_dealing_draws_what_random_random_draws(seed: int) -> None:
    """Dealing makes a plain ``random.Random``'s draws itself (the hot path): the pack, the
    cut and the lots come out exactly as ``shuffle``, ``randint`` and ``randrange`` give them,
    and the generator is left in the same state."""
    ours, theirs = random.Random(seed), random.Random(seed)
    deck = list(DECK)
    theirs.shuffle(deck)
    assert shuffled_deck(ours) == deck
    assert random_cut(ours) == theirs.randint(1, 51)
    assert [draw_lots(ours, n) for n in (2, 3, 4)] == [theirs.randrange(n) for n in (2, 3, 4)]
    assert ours.getstate() == theirs.getstate()


class _Counting(random.Random):
    """A generator of another kind: dealing must leave its draws to it."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.shuffles = 0

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        self.shuffles += 1
        super().shuffle(x)


def test_dealing_leaves_another_kind_of_generator_its_own_draws() -> None:
    rng = _Counting(3)
    setup = random_setup(rng, dealer=0)
    assert rng.shuffles == 1
    plain = random.Random(3)
    deck = list(DECK)
    plain.shuffle(deck)
    assert setup == deal_from(cut(deck, plain.randint(1, 51)), 0)
