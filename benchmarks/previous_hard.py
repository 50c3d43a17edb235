"""The ``hard`` player before the exact end of a deal: the sampling search for every decision,
kept for benchmarks only (``bench_strength.py --variants``, ``bench_exact.py``)."""

import random
from collections.abc import Sequence

from chinese_ten.engine.actions import Action
from chinese_ten.engine.deal import DealState
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.hard import HardPlayer
from chinese_ten.players.playout import learned_points

WEIGHTS = (
    0.6936940980526423,
    0.03897007893830341,
    0.0575834701761096,
    0.02812692131143484,
    -0.07814290571849589,
    0.21064615855001784,
    -0.28370693975804623,
    0.3766582658332574,
    -0.021283463749432335,
    -0.14654394335786178,
    -0.14361558419547674,
    0.7026527535504621,
)
"""The learned policy's weights of that day (``players/policy.py``)."""


def _own_plays_learned(state: DealState, seat: int, learned: int) -> int:
    """Its playouts: its own plays by the policy of its day, every other seat greedy."""
    return learned_points(state, seat, 1 << seat, WEIGHTS)


class PreviousHardPlayer(HardPlayer):
    """``hard`` as it was: every decision sampled, however few cards are unseen, every other
    seat greedy in the playouts."""

    name = "previous-hard"

    playout = staticmethod(_own_plays_learned)

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        means, alive = self._search(view, legal)
        return legal[max(alive, key=means.__getitem__)]

    def scores(self, view: PlayerView, legal: Sequence[Action]) -> list[float]:
        return self._search(view, legal)[0]
