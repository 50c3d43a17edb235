"""``hard`` with 2, 3 or 4 seats: two seats play exactly as before seats were counted, more
seats get legal, fair choices from worlds that deal every hidden hand."""

import random

import pytest

from chinese_ten.actions import format_action
from chinese_ten.cards import parse_card
from chinese_ten.deal import DealState, advance, legal_actions, start
from chinese_ten.dealing import deal_from, random_setup, shuffled_deck
from chinese_ten.players.greedy import greedy_choice
from chinese_ten.players.hard import HardPlayer
from chinese_ten.view import PlayerView


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
"""Recorded from the 2-seat ``hard`` before it learned to count seats (commit d0c0159): the
same seeds must give the same choices, and the same worlds the same means."""


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
