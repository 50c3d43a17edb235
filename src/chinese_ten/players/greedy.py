"""The ``greedy`` player (level normal): the most points now.

A capturing option scores the points of the played card plus what it takes; a card that
captures nothing scores minus its own value (so black and low cards are shed first). Points
are those of the table's variant (:func:`~chinese_ten.engine.variant.card_points`): the red
cards, and the black aces that score at that table. The first of equal options in legal-action
order wins, so the choice is deterministic.
"""

import random
from collections.abc import Sequence
from typing import Final

from chinese_ten.engine.actions import TRIPLE, Action
from chinese_ten.engine.cards import DECK
from chinese_ten.engine.variant import SEAT_COUNTS, card_points
from chinese_ten.engine.view import PlayerView

SEAT_POINTS: Final = {n: tuple(card_points(c, n) for c in DECK) for n in SEAT_COUNTS}
"""Points of every card, indexed by card, for each seat count (looked up once a decision)."""


def greedy_score(action: Action, layout: Sequence[int], seats: int = 2) -> int:
    """Points this action captures now, or minus the card's value if it captures nothing."""
    return _score(action, layout, SEAT_POINTS[seats])


def _score(action: Action, layout: Sequence[int], points: tuple[int, ...]) -> int:
    card, code = action & 63, action >> 6 & 63
    if code == 0:
        return -points[card]
    if code == TRIPLE:
        return points[card] + sum(points[c] for c in layout if c >> 2 == card >> 2)
    return points[card] + points[code - 1]


def greedy_choice(legal: Sequence[Action], layout: Sequence[int], seats: int = 2) -> Action:
    """The first legal action with the best :func:`greedy_score`."""
    points = SEAT_POINTS[seats]
    best, best_score = legal[0], _score(legal[0], layout, points)
    for action in legal[1:]:
        score = _score(action, layout, points)
        if score > best_score:
            best, best_score = action, score
    return best


class GreedyPlayer:
    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        del rng  # deterministic; the argument keeps every player built the same way

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return greedy_choice(legal, view.layout, view.seats)
