"""Figures measured by an independent implementation (rules brief), as golden tests.

Seeded, so each run is the same; the tolerances are several standard errors wide.
"""

import random

from chinese_ten.analysis.simulate import play_deal, simulate
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import four_of_a_kind_rank, outcome, start, triple_rank
from chinese_ten.players.base import make_player

DEALS = 20_000


def test_random_play_dealer_advantage_and_layout_triples() -> None:
    rng = random.Random(2026)
    players = [make_player("random", random.Random(1)), make_player("random", random.Random(2))]
    dealer_wins = ties = triples = fours = 0
    for k in range(DEALS):
        setup = random_setup(rng, k % 2)
        triples += triple_rank(setup.layout) >= 0
        fours += four_of_a_kind_rank(setup.layout) >= 0
        result = outcome(play_deal(setup, players))
        assert result is not None
        ties += result.winner is None
        dealer_wins += result.winner == setup.dealer
    # brief: dealer 54.5%, ties 1.9%; sd of a share over 20,000 deals is at most 0.35%
    assert abs(dealer_wins / DEALS - 0.545) < 0.015
    assert abs(ties / DEALS - 0.019) < 0.006
    # brief: a layout triple in about 0.36% of deals (72 expected, sd 8.5)
    assert 40 <= triples <= 105
    assert fours <= 3


def test_greedy_beats_random_by_about_24_points_a_deal() -> None:
    summary = simulate(100, 6, ("greedy", "random"), seed=99, duplicate=True)
    assert summary.deals_scored == 600
    assert 21 < summary.mean < 28 and summary.ci95 < 1.5


def test_a_four_of_a_kind_deal_still_empties() -> None:
    rng = random.Random(0)
    setup = random_setup(rng, 1)
    from chinese_ten.engine.cards import parse_card
    from chinese_ten.engine.deal import DealSetup

    kings = tuple(parse_card(k) for k in ("KS", "KH", "KD", "KC"))
    rest = [
        c for c in (*setup.hands[0], *setup.hands[1], *setup.layout, *setup.stock) if c not in kings
    ]
    layout_swap = DealSetup(
        1, (tuple(sorted(rest[:12])), tuple(sorted(rest[12:24]))), kings, tuple(rest[24:])
    )
    state = start(layout_swap)
    assert state.piles[1].bit_count() == 4
    players = [make_player("random", random.Random(3))] * 2
    result = outcome(play_deal(layout_swap, players))
    assert result is not None and sum(result.points) == 210
