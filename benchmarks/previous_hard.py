"""The ``hard`` player without the exact end of a deal: the sampling search for every decision,
for benchmarks only (``bench_strength.py --variants``, ``bench_exact.py``)."""

import random
from collections.abc import Sequence

from chinese_ten.engine.actions import Action
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.hard import HardPlayer


class PreviousHardPlayer(HardPlayer):
    """``hard`` with every decision sampled, however few cards are unseen."""

    name = "previous-hard"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        means, alive = self._search(view, legal)
        return legal[max(alive, key=means.__getitem__)]

    def scores(self, view: PlayerView, legal: Sequence[Action]) -> list[float]:
        return self._search(view, legal)[0]
