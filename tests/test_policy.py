"""The learned policy for ``hard``'s own playout moves: what it counts, and that it is an
improvement on greedy."""

import random

from chinese_ten.actions import parse_action
from chinese_ten.deal import OVER, PLAY, DealState, advance, legal_actions, outcome, start
from chinese_ten.dealing import random_setup
from chinese_ten.players.greedy import greedy_choice
from chinese_ten.players.policy import WEIGHTS, option_features, option_score, policy_choice
from chinese_ten.view import PlayerView
from tests.helpers import position, texts


def test_policy_lays_the_card_it_can_take_back() -> None:
    # Nothing captures. Greedy sheds its lowest black card, the 3, which any of the four
    # unseen 7s could take; the policy lays the 4, which its own two 6s can take back and
    # only two unseen 6s can take.
    state = position("KS", hand="3C 4C 6S 6C", stock="7D 2C", other="5C")
    legal = legal_actions(state)
    assert greedy_choice(legal, ()) == parse_action("play 3C")
    assert policy_choice(PlayerView(state, state.to_move), legal) == parse_action("play 4C")


def test_policy_beats_greedy_over_seeded_deals() -> None:
    results = []
    for seed in range(300):
        setup = random_setup(random.Random(seed), seed % 2)
        for seat in (0, 1):
            state = start(setup, check=False)
            while state.phase != OVER:
                legal = legal_actions(state)
                if state.to_move == seat and state.phase == PLAY:
                    action = policy_choice(PlayerView(state, seat), legal)
                else:
                    action = greedy_choice(legal, state.setup.layout)
                state = advance(state, action)
            result = outcome(state)
            assert result is not None
            results.append(result.results[seat])
    assert sum(results) / len(results) > 1.0


def test_the_score_tables_weigh_the_features_the_weights_were_fitted_to() -> None:
    def check(state: DealState) -> int:
        view = PlayerView(state, state.to_move)
        unseen = sum(1 << c for c in view.unseen())
        mine = sum(1 << c for c in view.hand)
        legal = legal_actions(state)
        for action in legal:
            features = option_features(action, unseen, mine)
            weighted = sum(w * x for w, x in zip(WEIGHTS, features, strict=True))
            assert abs(option_score(action, unseen, mine) - weighted) < 1e-9
        return len(legal)

    triple = position("KS KH KD 2C", hand="KC 8C", stock="3C")
    assert texts(legal_actions(triple)) == ["play 8C taking 2C", "play KC taking the layout triple"]
    checked = check(triple)
    rng = random.Random(4)
    for seed in range(40):
        state = start(random_setup(random.Random(seed), seed % 2))
        while state.phase != OVER:
            if state.phase == PLAY:
                checked += check(state)
            state = advance(state, rng.choice(legal_actions(state)))
    assert checked > 2000
