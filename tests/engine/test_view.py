"""Per-player views show the owner's hand and public facts only."""

import random

from chinese_ten.engine.cards import DECK
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import OVER, advance, legal_actions, start
from chinese_ten.engine.view import PlayerView, public_events
from tests.helpers import act, position


def test_view_shows_own_hand_and_hides_the_other() -> None:
    state = start(random_setup(random.Random(3), dealer=0))
    for seat in (0, 1):
        view = PlayerView(state, seat)
        assert view.hand == state.hands[seat]
        assert view.opponent_hand_count == 12
        assert not hasattr(view, "hands") and not hasattr(view, "stock")
        unseen = set(view.unseen())
        assert unseen == set(state.hands[1 - seat]) | set(state.setup.stock)
        assert unseen.isdisjoint(view.hand)


def test_unseen_cards_shrink_as_cards_are_shown() -> None:
    rng = random.Random(5)
    state = start(random_setup(rng, dealer=1))
    while state.phase != OVER:
        view = PlayerView(state, 0)
        visible = set(view.hand) | set(view.table)
        captured = {c for c in DECK if (view.piles[0] | view.piles[1]) >> c & 1}
        assert set(view.unseen()) == set(DECK) - visible - captured - (
            {view.flip_card} if view.flip_card is not None else set()
        )
        state = advance(state, rng.choice(legal_actions(state)))


def test_public_log_records_plays_flips_and_captures() -> None:
    state = act(
        position("2H 6C JD 9S", hand="8C", stock="4D"), "play 8C taking 2H", "flip 4D taking 6C"
    )
    events = public_events(state)
    assert [(e.kind, e.seat) for e in events] == [("play", 0), ("flip", 0)]
    assert [len(e.captured) for e in events] == [1, 1]


def test_log_announces_a_layout_four_of_a_kind() -> None:
    state = position("KS KH KD KC", hand="3C", stock="2S", dealer=1)
    assert public_events(state)[0].kind == "four" and public_events(state)[0].seat == 1
