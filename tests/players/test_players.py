"""Players only play legal actions, reproducibly, and greedy scores as specified."""

import math
import random

import pytest

from chinese_ten.analysis.simulate import play_deal
from chinese_ten.engine.actions import parse_action
from chinese_ten.engine.cards import parse_card
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import (
    OVER,
    PLAY,
    DealSetup,
    DealState,
    advance,
    legal_actions,
    outcome,
    start,
)
from chinese_ten.engine.errors import ChineseTenError
from chinese_ten.engine.view import PlayerView
from chinese_ten.engine.worlds import HandDrawer
from chinese_ten.players.base import LaterPlayer, Player, make_player
from chinese_ten.players.greedy import greedy_choice, greedy_score
from chinese_ten.players.hard import (
    PRIOR,
    SHARPNESSES,
    HardPlayer,
    _contenders,
    believed_hands,
    card_weights,
    lowest_first_chance,
    other_player_plays,
    revealed_choices,
    scored_plays,
    sharpness_belief,
)
from chinese_ten.players.levels import LEVELS, PLAYER_NAMES
from chinese_ten.players.random_player import RandomPlayer
from tests.helpers import act, position, texts


def _quick(name: str, seed: int) -> Player:
    """The named player; ``hard`` with a small search so the test stays quick."""
    if name == "hard":
        return HardPlayer(random.Random(seed), samples=6, contenders=12)
    return make_player(name, random.Random(seed))


@pytest.mark.parametrize("name", PLAYER_NAMES)
def test_players_play_only_legal_actions_reproducibly(name: str) -> None:
    def game(seed: int) -> list[int]:
        rng = random.Random(seed)
        players = [_quick(name, seed + s) for s in (0, 1)]
        state = start(random_setup(rng, 0))
        while state.phase != OVER:
            legal = legal_actions(state)
            action = players[state.to_move].choose(PlayerView(state, state.to_move), legal)
            assert action in legal
            state = advance(state, action)
        return list(state.actions)

    for seed in range(3 if name == "hard" else 20):
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


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_later_player_plays_as_the_player_it_stands_for(level: str) -> None:
    later, now = LaterPlayer(level, random.Random(4)), make_player(level, random.Random(4))
    assert later.name == now.name == LEVELS[level].player
    state = start(random_setup(random.Random(5), 0))
    mover = random.Random(6)
    for _ in range(12):  # halfway through the deal, where a hard decision is quicker
        state = advance(state, mover.choice(legal_actions(state)))
    for _ in range(4):
        view, legal = PlayerView(state, state.to_move), legal_actions(state)
        action = later.choose(view, legal)
        assert action == now.choose(view, legal)
        state = advance(state, action)


def test_later_player_refuses_an_unknown_name_at_once() -> None:
    with pytest.raises(ChineseTenError, match="unknown player 'wizard'"):
        LaterPlayer("wizard", random.Random(0))


def test_levels_name_the_players() -> None:
    assert {level: make_player(level, random.Random(0)).name for level in LEVELS} == {
        "easy": "random",
        "normal": "greedy",
        "hard": "hard",
    }


def _hidden_shuffled(state: DealState, seed: int) -> DealState:
    """The same position with the other hand and the stock order dealt differently."""
    me = state.to_move
    other = 1 - me
    hidden = [*state.hands[other], *state.setup.stock[state.stock_pos :]]
    random.Random(seed).shuffle(hidden)
    size = len(state.hands[other])
    hands = list(state.hands)
    hands[other] = tuple(sorted(hidden[:size]))
    stock = state.setup.stock[: state.stock_pos] + tuple(hidden[size:])
    setup = DealSetup(state.setup.dealer, state.setup.hands, state.setup.layout, stock)
    return state._replace(setup=setup, hands=(hands[0], hands[1]))


def test_hard_decides_from_its_view_only() -> None:
    rng = random.Random(21)
    state = start(random_setup(rng, 0))
    checked = 0
    while state.phase != OVER and checked < 6:
        legal = legal_actions(state)
        if state.phase == PLAY and len(legal) > 1:
            twin = _hidden_shuffled(state, checked)
            assert twin.hands[state.to_move] == state.hands[state.to_move]
            assert twin.hands[1 - state.to_move] != state.hands[1 - state.to_move]
            choices = [
                HardPlayer(random.Random(5), samples=10, contenders=20).choose(
                    PlayerView(s, s.to_move), legal
                )
                for s in (state, twin)
            ]
            assert choices[0] == choices[1]
            checked += 1
        state = advance(state, rng.choice(legal))
    assert checked == 6


def test_hard_beats_easy_over_a_small_seeded_sample() -> None:
    results = []
    for seed in range(8):
        setup = random_setup(random.Random(seed), seed % 2)
        for hard_seat in (0, 1):
            players: list[Player] = [
                RandomPlayer(random.Random(seed)),
                RandomPlayer(random.Random(seed)),
            ]
            players[hard_seat] = HardPlayer(random.Random(seed), samples=16, contenders=32)
            result = outcome(play_deal(setup, players))
            assert result is not None
            results.append(result.results[hard_seat])
    assert sum(results) / len(results) > 10


def test_racing_drops_the_options_clearly_behind_the_best() -> None:
    points = [
        [10, 10, 10, 10],  # the best (first of equal sums)
        [9, 11, 10, 10],  # level with it
        [0, 1, 0, 0],  # about 10 points behind in every world: out
        [30, 0, 0, 0],  # 2.5 behind on average, but too noisy to tell: stays
        [10, 10, 10, 10],  # the same as the best in every world: nothing to tell apart
        [9, 11, 10, 10],  # the same as option 1: also dropped
    ]
    assert _contenders(points, [0, 1, 2, 3, 4, 5]) == [0, 1, 3]
    assert _contenders(points, [2]) == [2]


class _CountingHard(HardPlayer):
    """Counts the worlds the search draws."""

    worlds = 0

    def hand_drawer(self, view: PlayerView) -> HandDrawer:
        draw = super().hand_drawer(view)

        def counted(rng: random.Random, count: int) -> list[tuple[int, ...]]:
            self.worlds += count
            return draw(rng, count)

        return counted


def test_extra_worlds_go_only_to_open_decisions() -> None:
    def worlds(seed: int, greedy_actions: int) -> int:
        state = start(random_setup(random.Random(seed), 1))
        for _ in range(greedy_actions):
            state = advance(state, greedy_choice(legal_actions(state), state.setup.layout))
        player = _CountingHard(random.Random(0), samples=100, contenders=120)
        legal = legal_actions(state)
        assert player.choose(PlayerView(state, state.to_move), legal) in legal
        return player.worlds

    # Deal 2, twelve greedy turns in: AD can take the red 9D or the black 9S from the table
    # (30 points now against 20), or lay a card; after 100 worlds every other option trails
    # clearly: decided at once.
    assert worlds(2, 24) == 100
    # Deal 1 opens with captures of nearly equal worth: 9S, 9H or 9D taking AH, JS or JC
    # taking JD, QC taking QH. Twins (9H and 9D) are level in every world, so only one of
    # them stays; the race never separates the rest and spends the whole budget.
    assert worlds(1, 0) == 100 + 120


def test_scores_give_a_mean_for_every_option_even_a_lone_one() -> None:
    state = start(random_setup(random.Random(1), 1))
    legal = legal_actions(state)
    view = PlayerView(state, state.to_move)
    player = HardPlayer(random.Random(0), samples=10, contenders=20)
    means = player.scores(view, legal)
    assert len(means) == len(legal) and all(0 <= m <= 210 for m in means)
    assert len(player.scores(view, legal[:1])) == 1


def test_a_time_budget_still_gives_a_legal_choice() -> None:
    state = start(random_setup(random.Random(2), 1))
    legal = legal_actions(state)
    player = HardPlayer(random.Random(0), time_budget=0.0001)
    assert player.choose(PlayerView(state, state.to_move), legal) in legal


def _ben_passed_up_the_ace() -> PlayerView:
    """Ana (seat 0) lays 3C; Ben (seat 1) then lays 2C although AH lay on the table: had he
    held a 9 he would most likely have taken the ace's 20 points with it. Ana's view."""
    state = act(
        position("AH KS", hand="3C 4C", other="2C 5S", stock="QS QH JS JH"),
        "play 3C",
        "flip QS",
        "play 2C",
        "flip QH taking QS",
    )
    return PlayerView(state, 0)


def test_inference_reads_the_other_players_plays_from_the_log() -> None:
    view = _ben_passed_up_the_ace()
    plays = other_player_plays(view)
    assert texts([a for _, _, a in plays]) == ["play 2C"]
    sharp, soft = card_weights(view, (1.5, 0.15))
    # 9D taking AH would have scored 30 against 0, with one other card in Ben's hand: under
    # the sharp model the nine is all but ruled out, under the soft one merely less likely.
    assert sharp[parse_card("9D")] == pytest.approx(-(1.5 * 30 - math.log(2)), abs=1e-6)
    assert soft[parse_card("9D")] == pytest.approx(-math.log(1 + math.exp(4.5) / 2))
    # 6D could only have been laid, which scores worse than 2C: all but nothing against it.
    assert sharp[parse_card("6D")] == pytest.approx(0.0, abs=1e-3)


def test_believed_hands_favour_hands_that_explain_the_plays() -> None:
    view = _ben_passed_up_the_ace()
    sharp = [0.0, 0.0, 0.0, 1.0]
    hands = believed_hands(view, belief=sharp)(random.Random(1), 2000)
    assert all(len(h) == view.opponent_hand_count and set(h) <= set(view.unseen()) for h in hands)
    uniform = 2000 * 4 / len(view.unseen())  # expected count of any one rank drawn blindly
    nines = sum(1 for h in hands for c in h if c >> 2 == 8)
    sixes = sum(1 for h in hands for c in h if c >> 2 == 5)
    assert nines < uniform / 10
    assert sixes > uniform / 2


def test_one_play_does_not_rule_a_card_out() -> None:
    # Ben has revealed no choice yet: the model that fits is not known, mostly uniform, so a
    # nine (which would have taken the ace he passed up) is still drawn well over half as
    # often as blindly.
    view = _ben_passed_up_the_ace()
    assert sharpness_belief(view) == pytest.approx(PRIOR)
    hands = believed_hands(view)(random.Random(1), 2000)
    uniform = 2000 * 4 / len(view.unseen())
    assert sum(1 for h in hands for c in h if c >> 2 == 8) > 0.6 * uniform


def _ben_reveals(first: str, second: str) -> PlayerView:
    """Ben (seat 1) holds 2C and 9D with AH on the table, plays ``first`` and then
    ``second``: both were his choice at the first play. Ana's view."""
    state = act(
        position("AH KS", hand="3C 4C", other="2C 9D", stock="QS QH JS JH"),
        "play 3C",
        "flip QS",
        f"play {first}",
        "flip QH taking QS",
        "play 4C",
        "flip JS",
        f"play {second}",
    )
    return PlayerView(state, 0)


def test_the_sharpness_follows_how_the_other_player_plays() -> None:
    # Taking the ace first is what a greedy player does; laying 2C while holding the nine that
    # takes it is not. (QH had one target: no choice there.)
    greedy = _ben_reveals("9D taking AH", "2C")
    careless = _ben_reveals("2C", "9D taking AH")
    assert revealed_choices(greedy) == [(30, [30, 0])]
    assert revealed_choices(careless) == [(0, [0, 30])]
    sharp = SHARPNESSES.index(1.5)
    assert sharpness_belief(greedy)[sharp] > PRIOR[sharp]
    assert sharpness_belief(careless)[sharp] < 1e-15
    assert sharpness_belief(careless)[0] > 0.85


def _ben_lays(first: str, second: str) -> PlayerView:
    """Ben (seat 1) holds two black cards that capture nothing and lays ``first``, then
    ``second``: at his first play the two were tied (both score 0). Ana's view."""
    state = act(
        position("KS", hand="3C 5C 7S", other=f"{first} {second} 6S", stock="QS JS TS 9S 8S"),
        "play 3C",
        "flip QS",
        f"play {first}",
        "flip JS",
        "play 5C",
        "flip TS",
        f"play {second}",
        "flip 9S",
    )
    return PlayerView(state, 0)


def test_the_ties_the_other_player_revealed_show_how_it_breaks_them() -> None:
    def chance(view: PlayerView) -> float:
        return lowest_first_chance(scored_plays(view), view.layout)

    # The lower of the tied pair first, as normal does; then the higher first.
    assert chance(_ben_lays("2C", "4C")) == pytest.approx(0.95 / (0.95 + 0.5))
    assert chance(_ben_lays("4C", "2C")) == pytest.approx(0.05 / (0.05 + 0.5))


def test_a_lower_tied_card_is_unlikely_only_in_a_lowest_first_hand() -> None:
    # AC and 8C would have tied with both of Ben's plays (laid for 0); AC comes first in hand
    # order, 8C after both cards he played.
    ace, eight = parse_card("AC"), parse_card("8C")

    def against_the_eight(view: PlayerView) -> float:
        (weights,) = card_weights(view, (0.5,))
        return weights[ace] - weights[eight]

    assert against_the_eight(_ben_lays("2C", "4C")) < -1.0
    assert against_the_eight(_ben_lays("4C", "2C")) > -0.1
