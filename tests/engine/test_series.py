from chinese_ten.engine.deal import DealOutcome
from chinese_ten.engine.series import MAX_DEALS, SeriesScore


def _deal(first_result: int) -> DealOutcome:
    winner = None if first_result == 0 else (0 if first_result > 0 else 1)
    return DealOutcome(
        (105 + first_result, 105 - first_result), (first_result, -first_result), winner
    )


def test_dealer_alternates_from_the_lot() -> None:
    series = SeriesScore(6, first_dealer=1)
    assert [series.dealer_of(k) for k in range(6)] == [1, 0, 1, 0, 1, 0]


def test_totals_and_winner() -> None:
    series = SeriesScore(3, 0)
    for r in (10, -4, 7):
        assert series.winner is None
        series = series.add(_deal(r))
    assert series.totals == (13, -13) and series.is_over and series.winner == 0
    assert series.next_dealer == 1


def test_equal_totals_are_a_tied_series() -> None:
    series = SeriesScore(2, 0).add(_deal(12)).add(_deal(-12))
    assert series.is_over and series.totals == (0, 0) and series.winner is None


def test_open_ended_play_ends_only_at_the_most_deals_a_record_holds() -> None:
    series = SeriesScore(None, 0).add(_deal(5))
    assert not series.is_over and series.winner is None
    longest = SeriesScore(None, 0, (_deal(5),) * MAX_DEALS)
    assert longest.is_over and longest.winner == 0
    assert not SeriesScore(None, 0, longest.outcomes[1:]).is_over
