"""Players only play legal actions, reproducibly, and greedy scores as specified."""

import random

import pytest

from chinese_ten.actions import parse_action
from chinese_ten.deal import OVER, advance, legal_actions, start
from chinese_ten.dealing import random_setup
from chinese_ten.errors import ChineseTenError
from chinese_ten.players import PLAYER_NAMES, make_player
from chinese_ten.players.greedy import greedy_choice, greedy_score
from chinese_ten.view import PlayerView
from tests.helpers import position, texts


@pytest.mark.parametrize("name", PLAYER_NAMES)
def test_players_play_only_legal_actions_reproducibly(name: str) -> None:
    def game(seed: int) -> list[int]:
        rng = random.Random(seed)
        players = [make_player(name, random.Random(seed + s)) for s in (0, 1)]
        state = start(random_setup(rng, 0))
        while state.phase != OVER:
            legal = legal_actions(state)
            action = players[state.to_move].choose(PlayerView(state, state.to_move), legal)
            assert action in legal
            state = advance(state, action)
        return list(state.actions)

    for seed in range(20):
        assert game(seed) == game(seed)


def test_greedy_takes_the_most_red_points() -> None:
    state = position("2H 9S KH", hand="8C AD KS", stock="3C")
    legal = legal_actions(state)
    assert texts(legal) == ["play AD taking 9S", "play 8C taking 2H", "play KS taking KH"]
    assert [greedy_score(a, ()) for a in legal] == [20, 2, 10]
    assert greedy_choice(legal, ()) == parse_action("play AD taking 9S")


def test_greedy_sheds_the_lowest_value_card_when_nothing_captures() -> None:
    state = position("KS", hand="AD 3H 4C 9D", stock="3C")
    assert greedy_choice(legal_actions(state), ()) == parse_action("play 4C")


def test_greedy_turned_card_takes_the_most_valuable_target() -> None:
    state = position("QS QH QD 2C", hand="3C", stock="QC")  # a triple: no choice
    from tests.helpers import act

    state = act(state, "play 3C")
    assert texts(legal_actions(state)) == ["flip QC taking the layout triple"]
    state = act(position("9S 9D 9C", hand="3C", stock="AH"), "play 3C")
    assert greedy_choice(legal_actions(state), ()) == parse_action("flip AH taking 9D")


def test_unknown_player_is_an_error() -> None:
    with pytest.raises(ChineseTenError, match="unknown player 'wizard'"):
        make_player("wizard", random.Random(0))
