"""The series score from the deals' states: one function for the game, the records, the
history and simulate (``SeriesScore.of_states``)."""

import random

from chinese_ten.analysis.simulate import SeriesPlay, play_deal, series_setups
from chinese_ten.engine.deal import DealState, start
from chinese_ten.engine.series import SeriesScore
from chinese_ten.players.base import make_player
from chinese_ten.store.records import game_record, replay, series_score


def _states(seats: int, deals: int, seed: int) -> list[DealState]:
    players = [make_player("random", random.Random(seed + k)) for k in range(seats)]
    setups = series_setups(random.Random(seed), deals, seats=seats)
    return [play_deal(setup, players) for setup in setups]


def test_the_finished_deals_count_and_the_first_dealer_starts_the_round() -> None:
    for seats in (2, 3, 4):
        states = _states(seats, 3, seats)
        score = SeriesScore.of_states(4, states)
        assert score.seats == seats and score.first_dealer == states[0].setup.dealer
        assert len(score.outcomes) == 3 and not score.is_over
        unfinished = start(series_setups(random.Random(1), 1, seats=seats)[0])
        assert SeriesScore.of_states(4, [*states, unfinished]) == score


def test_no_state_is_a_series_not_yet_dealt_at_the_table_asked() -> None:
    assert SeriesScore.of_states(None, []) == SeriesScore(None, 0)
    assert SeriesScore.of_states(6, [], 3) == SeriesScore(6, 0, seats=3)


def test_records_and_simulate_give_the_same_score() -> None:
    states = _states(3, 2, 7)
    record = game_record(("A", "B", "C"), 2, states)
    score = SeriesScore.of_states(2, states)
    assert series_score(record, replay(record)) == score
    assert SeriesPlay(("a", "b", "c"), 2, tuple(states)).score == score
    assert score.is_over
