"""Choices and figures pinned for fixed seeds, at tables of two, three and four: the
``hard`` player's sampling search (its exact end of a deal turned off here:
``tests/players/test_exact_use.py`` checks that) decides the pinned actions with the pinned
option scores, and the review gives the pinned figures. The worlds, the pool and the standard
errors each come from one source (``chinese_ten.engine.worlds``,
``chinese_ten.analysis.workers``, ``chinese_ten.players.spread``): a change there that moves a
pinned value changes what the players and the review do."""

import hashlib
import random

import pytest

from chinese_ten.analysis.review import analyse
from chinese_ten.engine.actions import Action
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import OVER, advance, legal_actions, outcome, start
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.greedy import greedy_choice
from chinese_ten.players.hard import HardPlayer
from tests.history_helpers import played, played_at


def _digest(value: object) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:16]


def _hard_deal(seats: int, seed: int) -> tuple[str, tuple[int, ...], list[float]]:
    """A deal of ``hard`` (seat 0, a small budget) against greedy: a digest of every action,
    the points, and ``hard``'s option scores at its first real choice."""
    rng = random.Random(seed)
    hard = HardPlayer(random.Random(seed), samples=30, contenders=120)
    hard.exact_unseen = {2: -1, 3: -1, 4: -1}  # sampling for every decision
    state = start(random_setup(rng, seed % seats, seats=seats))
    actions: list[Action] = []
    first: list[float] = []
    while state.phase != OVER:
        legal = legal_actions(state)
        if state.to_move == 0:
            view = PlayerView(state, 0)
            if len(legal) > 1 and not first:
                first = [round(x, 9) for x in hard.scores(view, legal)]
            action = hard.choose(view, legal)
        else:
            action = greedy_choice(legal, state.setup.layout, seats)
        actions.append(action)
        state = advance(state, action)
    result = outcome(state)
    assert result is not None
    return _digest(actions), result.points, first


@pytest.mark.parametrize(
    ("seats", "seed", "actions", "points", "first"),
    [
        (
            2,
            1,
            "2ebf57596f463975",
            (117, 93),
            [
                *(108.166666667, 107.4, 107.266666667, 107.266666667, 105.473333333),
                *(107.133333333, 109.826666667, 112.133333333, 114.833333333, 109.98),
                *(111.8, 109.42),
            ],
        ),
        (
            3,
            2,
            "140cdbc75c751481",
            (87, 100, 53),
            [79.5, 92.706666667, 90.893333333, 87.54, 93.413333333, 92.166666667, 85.62, 84.52],
        ),
        (
            4,
            1,
            "4e49e78c78229148",
            (115, 57, 88, 20),
            [80.006666667, 83.166666667, 83.6, 81.0, 67.666666667, 90.566666667],
        ),
    ],
)
def test_hard_decides_as_before(
    seats: int, seed: int, actions: str, points: tuple[int, ...], first: list[float]
) -> None:
    assert _hard_deal(seats, seed) == (actions, points, first)


@pytest.mark.parametrize(
    ("table", "judged", "digest", "figures"),
    [
        (
            2,
            21,
            "c36bb9915d39fabc",
            [
                (5.162499999999994, 1.5529110831848936),
                (0.0, 0.0),
                (1.5499999999999972, 1.2275709265646677),
            ],
        ),
        (
            3,
            20,
            "8bd3ef1b66c57c8a",
            [
                (0.875, 1.3476861323737084),
                (5.0, 1.2456252560385137),
                (2.950000000000003, 1.6580165823482496),
            ],
        ),
        (
            4,
            22,
            "e59966ec8db49506",
            [
                (3.2125000000000057, 0.9645117066570427),
                (1.0375000000000085, 0.7178650991884981),
                (0.0, 0.0),
            ],
        ),
    ],
)
def test_the_review_gives_the_same_figures(
    table: int, judged: int, digest: str, figures: list[tuple[float, float]]
) -> None:
    if table == 2:
        record = played(1, seed=3)
    elif table == 3:
        record = played_at(("A", "B", "C"), 1, seed=2)
    else:
        record = played_at(("A", "B", "C", "D"), 1, seed=4)
    review = analyse(record, samples=80, seed=7)
    assert len(review.judgements) == judged
    assert [(j.loss, j.loss_se) for j in review.judgements[:3]] == figures
    assert _digest(review.judgements) == digest
