"""Where the exact solver takes over from sampling: ``hard``, the hint and the review."""

import json
import random

import pytest

from chinese_ten.analysis.review_search import Decision, judge
from chinese_ten.analysis.review_types import GameReview, Judgement
from chinese_ten.engine.deal import DealState, advance, legal_actions
from chinese_ten.engine.errors import RecordError
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.base import make_player
from chinese_ten.players.exact import EXACT_UNSEEN, exact_applies, exact_values
from chinese_ten.players.hard import HardPlayer, exact_weights
from tests.players.test_exact import brute_force, endgame


def _real_choice(seats: int, hands: tuple[int, ...], table: int) -> DealState:
    """The first seeded end position whose options are worth different amounts."""
    for seed in range(200):
        state = endgame(seed, seats, hands, table)
        view = PlayerView(state, 0)
        values = exact_values(view, view.legal_actions())
        if max(values) - min(values) > 1.0:
            return state
    raise AssertionError("no position with a real choice")


@pytest.mark.parametrize(("seats", "hands"), [(2, (2, 2)), (3, (2, 1, 1)), (4, (2, 1, 0, 0))])
def test_hard_solves_few_unseen_cards_exactly(seats: int, hands: tuple[int, ...]) -> None:
    state = _real_choice(seats, hands, 4)
    view = PlayerView(state, 0)
    legal = view.legal_actions()
    assert exact_applies(view)
    player = HardPlayer(random.Random(1))
    exact = exact_values(view, legal, exact_weights(view))
    assert player.scores(view, legal) == exact
    best = legal[max(range(len(legal)), key=exact.__getitem__)]
    assert player.choose(view, legal) == best


def test_the_exact_rule_is_one_rule_with_the_limits_hard_is_given() -> None:
    """``hard``'s own limits (a benchmark or a test sets them) go through :func:`exact_applies`."""
    view = PlayerView(_real_choice(2, (2, 2), 4), 0)
    assert exact_applies(view)
    assert not exact_applies(view, {2: -1, 3: -1, 4: -1})
    player = HardPlayer(random.Random(1))
    assert player.is_exact(view)
    player.exact_unseen = {2: -1, 3: -1, 4: -1}
    assert not player.is_exact(view)
    many = PlayerView(endgame(3, 2, (4, 4), 4), 0)
    assert not exact_applies(many)
    assert exact_applies(many, {2: 52, 3: 52, 4: 52})


def test_hard_samples_when_many_cards_are_unseen() -> None:
    """Above the crossover the values are sampled: two seeds give different figures."""
    state = endgame(3, 2, (4, 4), 4)
    view = PlayerView(state, 0)
    assert len(view.unseen()) > EXACT_UNSEEN[2]
    assert not HardPlayer(random.Random(1)).is_exact(view)
    legal = view.legal_actions()
    first = HardPlayer(random.Random(1)).scores(view, legal)
    second = HardPlayer(random.Random(2)).scores(view, legal)
    assert first != second


def test_the_hint_gives_the_exact_best_move() -> None:
    """The hint is ``hard`` with the table's thinking time; late in a deal it is exact,
    whatever its seed or time."""
    state = _real_choice(2, (2, 2), 4)
    view = PlayerView(state, 0)
    legal = view.legal_actions()
    exact = exact_values(view, legal, exact_weights(view))
    best = legal[max(range(len(legal)), key=exact.__getitem__)]
    for seed, think in ((0, 0.001), (5, None)):
        assert make_player("hard", random.Random(seed), think=think).choose(view, legal) == best


def _exact_judgement(state: DealState) -> tuple[Decision, Judgement]:
    legal = legal_actions(state)
    view = PlayerView(state, 0)
    values = exact_values(view, legal, exact_weights(view))
    worst = legal[min(range(len(legal)), key=values.__getitem__)]
    decision = Decision(1, 11, state, worst, seed=0, samples=400)
    found = judge(decision)
    assert found is not None
    return decision, found


def test_the_review_marks_exact_verdicts_without_an_error() -> None:
    state = _real_choice(2, (2, 2), 4)
    _, judgement = _exact_judgement(state)
    assert judgement.exact
    assert judgement.loss_se == 0.0
    review = GameReview(("a", "b"), 1, 400, 0, (judgement,))
    shown = review.as_json()["decisions"][0]
    assert shown["exact"] is True
    assert shown["loss_se"] is None
    back = GameReview.from_text(review.to_text())
    assert back.judgements[0] == judgement


def test_the_review_s_exact_figures_agree_with_a_brute_force_enumeration() -> None:
    """The review weighs the other hand as ``hard`` does; so does the brute force here."""
    state = _real_choice(2, (2, 2), 5)
    decision, found = _exact_judgement(state)
    truth = brute_force(state, exact_weights(PlayerView(state, 0)))
    assert found.chosen_value == pytest.approx(truth[decision.chosen], abs=0.01)
    assert found.best_value == pytest.approx(max(truth.values()), abs=0.01)


def test_a_sampled_verdict_keeps_its_error_and_is_not_exact() -> None:
    state = endgame(3, 2, (4, 4), 4)
    legal = legal_actions(state)
    for chosen in legal:
        found = judge(Decision(1, 9, state, chosen, seed=0, samples=400))
        if found is not None and found.loss > 0:
            assert not found.exact
            shown = GameReview(("a", "b"), 1, 400, 0, (found,)).as_json()["decisions"][0]
            assert shown["exact"] is False
            assert shown["loss_se"] is not None
            return
    pytest.fail("no sampled loss to look at")


@pytest.mark.parametrize("exact", ["yes", 1, None])
def test_a_stored_exact_mark_that_is_not_a_truth_value_is_refused(exact: object) -> None:
    state = _real_choice(2, (2, 2), 4)
    _, found = _exact_judgement(state)
    review = GameReview(("a", "b"), 1, 400, 0, (found,))
    data = json.loads(review.to_text())
    data["decisions"][0]["exact"] = exact
    with pytest.raises(RecordError):
        GameReview.from_text(json.dumps(data))


def test_after_the_played_card_the_turned_card_is_judged_exactly_too() -> None:
    state = _real_choice(2, (2, 2), 6)
    after = advance(state, legal_actions(state)[0])
    assert exact_applies(PlayerView(after, 0))
