"""The ``random`` player (level easy): uniform over the legal actions."""

import random
from collections.abc import Sequence

from chinese_ten.engine.actions import Action
from chinese_ten.engine.view import PlayerView


class RandomPlayer:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random
        """The draw itself, looked up once: ``simulate`` asks half a million times a minute."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return self.choose_among(legal)

    def choose_among(self, legal: Sequence[Action]) -> Action:
        """The same choice without a view (see :class:`~chinese_ten.players.base.Player`)."""
        return legal[int(self._random() * len(legal))]
