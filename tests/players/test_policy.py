"""The learned policy for ``hard``'s own playout moves: what it counts, and that it is an
improvement on greedy."""

import random

from chinese_ten.analysis.simulate import play_deal
from chinese_ten.engine.actions import parse_action
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import legal_actions, outcome
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.base import Player
from chinese_ten.players.greedy import GreedyPlayer, greedy_choice
from chinese_ten.players.policy import PolicyPlayer, policy_choice
from tests.helpers import position


def test_policy_lays_the_card_it_can_take_back() -> None:
    # Nothing captures. Greedy sheds its lowest black card, the 3, which any of the four
    # unseen 7s could take; the policy lays the 4, which its own two 6s can take back and
    # only two unseen 6s can take.
    state = position("KS", hand="3C 4C 6S 6C", stock="7D 2C", other="5C")
    legal = legal_actions(state)
    assert greedy_choice(legal, ()) == parse_action("play 3C")
    assert policy_choice(PlayerView(state, state.to_move), legal) == parse_action("play 4C")


def test_other_weights_make_another_policy() -> None:
    state = position("KS", hand="3C 4C 6S 6C", stock="7D 2C", other="5C")
    view, legal = PlayerView(state, state.to_move), legal_actions(state)
    reckless = [0.0] * 9 + [1.0, 0.0, 0.0]  # lay what the most unseen cards match
    assert policy_choice(view, legal, reckless) == parse_action("play 3C")


def test_policy_beats_greedy_over_seeded_deals() -> None:
    results = []
    for seed in range(300):
        setup = random_setup(random.Random(seed), seed % 2)
        for seat in (0, 1):
            players: list[Player] = [GreedyPlayer(random.Random(0)), GreedyPlayer(random.Random(0))]
            players[seat] = PolicyPlayer()
            result = outcome(play_deal(setup, players))
            assert result is not None
            results.append(result.results[seat])
    assert sum(results) / len(results) > 1.0
