"""``hard`` with 2, 3 or 4 seats: two seats make the pinned 2-seat choices, more seats get
legal, fair choices from worlds that deal every hidden hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chinese_ten.analysis.simulate import play_deal
from chinese_ten.engine.actions import format_action, parse_action
from chinese_ten.engine.cards import parse_card
from chinese_ten.engine.chance import deal_from, random_setup, shuffled_deck
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
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.base import Player
from chinese_ten.players.greedy import greedy_choice, greedy_score
from chinese_ten.players.hard import (
    PRIOR,
    SHARPNESSES,
    HardPlayer,
    believed_seat_hands,
    revealed_choices,
    sharpness_belief,
)
from chinese_ten.players.random_player import RandomPlayer
from tests.helpers import act


def _two_seat_position(seed: int, actions: int) -> DealState:
    """Deal ``seed`` after ``actions`` actions, each greedy or random at even odds (so the
    other player's choices give the inference something to read); deals 10 and 11 open with a
    layout triple of kings."""
    rng = random.Random(seed)
    if seed < 10:
        state = start(random_setup(rng, seed % 2))
    else:
        kings = [parse_card(k) for k in ("KS", "KH", "KD")]
        deck = [c for c in shuffled_deck(rng) if c not in kings]
        deck[24:24] = kings
        state = start(deal_from(deck, seed % 2))
    for _ in range(actions):
        legal = legal_actions(state)
        if rng.random() < 0.5:
            action = greedy_choice(legal, state.setup.layout)
        else:
            action = rng.choice(legal)
        state = advance(state, action)
    return state


TWO_SEAT_CHOICES = [
    # (deal seed, actions before the decision, hard's choice, sum of its option means)
    (0, 0, "play JH taking JD", 1306.7),
    (0, 8, "play 5S taking 5H", 1102.05),
    (0, 16, "play 5S taking 5H", 943.1),
    (1, 2, "play 6S taking 4H", 1149.2),
    (1, 10, "play 7C", 887.65),
    (1, 13, "flip 2C taking 8S", 215.9),
    (2, 4, "play KS taking KD", 1141.3),
    (2, 12, "play KS taking KD", 925.9),
    (2, 20, "play 9C", 803.0),
    (3, 6, "play QC taking QD", 1332.25),
    (3, 14, "play QC taking QD", 1092.45),
    (3, 22, "play QC", 739.75),
    (4, 0, "play 4D taking 6D", 1200.9),
    (4, 8, "play KH taking KC", 1046.95),
    (4, 15, "flip 2C taking 8S", 168.0),
    (5, 2, "play TH taking TC", 1261.0),
    (5, 9, "flip 7C taking 3H", 236.5),
    (5, 10, "play AC", 864.8),
    (6, 4, "play 8C", 1046.8),
    (6, 12, "play 6C taking 4D", 998.55),
    (6, 20, "play TS", 767.5),
    (7, 6, "play AC taking 9H", 1013.95),
    (7, 14, "play 6S", 863.55),
    (7, 22, "play 2H taking 8D", 796.9),
    (8, 0, "play AD taking 9H", 1255.6),
    (8, 8, "play 4D taking 6S", 933.35),
    (8, 16, "play 7D taking 3C", 761.55),
    (9, 2, "play 7H taking 3D", 1279.2),
    (9, 10, "play 6S", 1014.6),
    (9, 18, "play JS taking JC", 788.05),
    (10, 0, "play 6H", 1281.25),
    (10, 14, "play 8S", 1095.9),
    (11, 0, "play TD taking TS", 1296.85),
    (11, 5, "flip 4D taking 6H", 328.5),
    (11, 14, "play 9H taking AD", 1333.2),
]
"""The 2-seat search's choices (recorded from the 2-seat-only ``hard`` of commit d0c0159): the
same seeds give the same choices, and the same worlds the same means."""


@pytest.mark.parametrize(("seed", "actions", "choice", "total"), TWO_SEAT_CHOICES)
def test_two_seats_choose_as_before_seats_were_counted(
    seed: int, actions: int, choice: str, total: float
) -> None:
    state = _two_seat_position(seed, actions)
    legal = legal_actions(state)
    assert len(legal) > 1
    view = PlayerView(state, state.to_move)
    player = HardPlayer(random.Random(seed * 7 + actions), samples=30, contenders=60)
    assert format_action(player.choose(view, legal)) == choice
    means = HardPlayer(random.Random(seed), samples=20, contenders=0).scores(view, legal)
    assert sum(means) == pytest.approx(total, abs=1e-6)


def _three_seats() -> DealState:
    """Three seats, Ana (seat 0) first. With AH and AD on the table, Ben (seat 1) takes AH
    with 9D, as greedy would, and plays 2C later; Cy (seat 2) lays 2S although his 9H could
    take AD, and takes it with the nine a turn later."""
    setup = DealSetup.from_text(
        2,
        ("3C 4C 5H", "9D 2C KC", "2S 9H QD"),
        "AH AD KS 6C",
        "QS JS TS 5S JH TH 6D 7H 8H",
    )
    return act(
        start(setup, check=False),
        "play 3C",
        "flip QS",
        "play 9D taking AH",
        "flip JS",
        "play 2S",
        "flip TS",
        "play 4C taking 6C",
        "flip 5S",
        "play 2C",
        "flip JH taking JS",
        "play 9H taking AD",
        "flip TH taking TS",
    )


def test_each_other_seat_is_read_from_its_own_choices() -> None:
    view = PlayerView(_three_seats(), 0)
    assert revealed_choices(view, 1) == [(30, [30, 30, 0])]  # 9D could take either ace
    assert revealed_choices(view, 2) == [(0, [0, 30])]
    assert revealed_choices(view) == revealed_choices(view, 1)  # the next seat by default
    sharp = SHARPNESSES.index(1.5)
    ben, cy = sharpness_belief(view, 1), sharpness_belief(view, 2)
    assert ben[sharp] > PRIOR[sharp]
    assert cy[sharp] < 1e-15 and cy[0] > 0.85


def test_the_black_aces_count_in_the_model_of_the_other_seats() -> None:
    take_spade = parse_action("play 9C taking AS")
    assert greedy_score(take_spade, (), 2) == 0
    assert greedy_score(take_spade, (), 3) == 30
    assert greedy_score(parse_action("play 9C taking AC"), (), 4) == 40
    assert greedy_score(parse_action("play AC"), (), 4) == -40


def test_worlds_deal_every_other_hand_from_the_unseen_cards() -> None:
    view = PlayerView(_three_seats(), 0)
    unseen = set(view.unseen())
    for hands in believed_seat_hands(view)(random.Random(3), 200):
        assert hands[0] == view.hand
        assert [len(h) for h in hands] == list(view.hand_counts)
        assert set(hands[1]) | set(hands[2]) <= unseen
        assert not set(hands[1]) & set(hands[2])


def _random_position(seed: int, seats: int) -> DealState:
    """A position of a deal of ``seats`` played at random, where the mover has a choice
    (or the deal's last position if none comes)."""
    rng = random.Random(seed)
    state = start(random_setup(rng, rng.randrange(seats), seats=seats))
    stop = rng.randrange(2 * 24)
    for _ in range(stop):
        legal = legal_actions(state)
        if not legal:
            break
        state = advance(state, rng.choice(legal))
    return state


@settings(max_examples=12)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from([3, 4]))
def test_hard_with_more_seats_plays_a_legal_action(seed: int, seats: int) -> None:
    state = _random_position(seed, seats)
    legal = legal_actions(state)
    if legal:
        player = HardPlayer(random.Random(seed), samples=6, contenders=12)
        assert player.choose(PlayerView(state, state.to_move), legal) in legal


def _hidden_redealt(state: DealState, seed: int) -> DealState:
    """The same position with every other seat's hand and the stock order dealt anew."""
    me, hands = state.to_move, list(state.hands)
    others = [s for s in range(len(hands)) if s != me]
    hidden = [c for s in others for c in hands[s]] + list(state.setup.stock[state.stock_pos :])
    random.Random(seed).shuffle(hidden)
    for s in others:
        hands[s], hidden = tuple(sorted(hidden[: len(hands[s])])), hidden[len(hands[s]) :]
    setup = state.setup
    stock = setup.stock[: state.stock_pos] + tuple(hidden)
    return state._replace(
        setup=DealSetup(setup.dealer, setup.hands, setup.layout, stock), hands=tuple(hands)
    )


@pytest.mark.parametrize("seats", [3, 4])
def test_hard_with_more_seats_decides_from_its_view_only(seats: int) -> None:
    rng = random.Random(40 + seats)
    state = start(random_setup(rng, 0, seats=seats))
    checked = 0
    while state.phase != OVER and checked < 4:
        legal = legal_actions(state)
        if state.phase == PLAY and len(legal) > 1 and state.stock_pos > 2:
            twin = _hidden_redealt(state, checked)
            me = state.to_move
            assert twin.hands[me] == state.hands[me]
            assert any(twin.hands[s] != state.hands[s] for s in range(seats) if s != me)
            scores = [
                HardPlayer(random.Random(5), samples=10, contenders=20).scores(
                    PlayerView(s, me), legal
                )
                for s in (state, twin)
            ]
            assert scores[0] == scores[1]
            checked += 1
        state = advance(state, rng.choice(legal))
    assert checked == 4


@pytest.mark.parametrize("seats", [3, 4])
def test_hard_with_more_seats_beats_random_over_a_few_seeded_deals(seats: int) -> None:
    results = []
    for seed in range(3):
        setup = random_setup(random.Random(seed), seed % seats, seats=seats)
        for hard_seat in range(seats):
            players: list[Player] = [RandomPlayer(random.Random(seed + s)) for s in range(seats)]
            players[hard_seat] = HardPlayer(random.Random(seed), samples=16, contenders=32)
            result = outcome(play_deal(setup, players))
            assert result is not None
            results.append(result.results[hard_seat])
    assert sum(results) / len(results) > 8
