"""The ``greedy`` player (level normal): the most red points now.

A capturing option scores the red points of the played card plus what it takes; a card that
captures nothing scores minus its own red value (so black and low cards are shed first). The
first of equal options in legal-action order wins, so the choice is deterministic.
"""

import random
from collections.abc import Sequence

from chinese_ten.actions import TRIPLE, Action
from chinese_ten.cards import POINTS
from chinese_ten.view import PlayerView


def greedy_score(action: Action, layout: Sequence[int]) -> int:
    """Red points this action captures now, or minus the card's value if it captures nothing."""
    card, code = action & 63, action >> 6 & 63
    if code == 0:
        return -POINTS[card]
    if code == TRIPLE:
        return POINTS[card] + sum(POINTS[c] for c in layout if c >> 2 == card >> 2)
    return POINTS[card] + POINTS[code - 1]


def greedy_choice(legal: Sequence[Action], layout: Sequence[int]) -> Action:
    best, best_score = legal[0], greedy_score(legal[0], layout)
    for action in legal[1:]:
        score = greedy_score(action, layout)
        if score > best_score:
            best, best_score = action, score
    return best


class GreedyPlayer:
    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        del rng  # deterministic; the argument keeps every player built the same way

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return greedy_choice(legal, view.layout)
