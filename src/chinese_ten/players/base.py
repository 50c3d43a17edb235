"""The player protocol and the registry of players by name."""

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from chinese_ten.actions import Action
from chinese_ten.errors import ChineseTenError
from chinese_ten.view import PlayerView


class Player(Protocol):
    """Chooses one of ``legal`` (the view's legal actions, passed in to save recomputing)."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...


def _registry() -> dict[str, Callable[[random.Random], Player]]:
    from chinese_ten.players.greedy import GreedyPlayer
    from chinese_ten.players.random_player import RandomPlayer

    return {"random": RandomPlayer, "greedy": GreedyPlayer}


PLAYER_NAMES: tuple[str, ...] = ("random", "greedy")


def make_player(name: str, rng: random.Random) -> Player:
    """A player by name, with its own RNG (so seats never share one)."""
    factory = _registry().get(name)
    if factory is None:
        raise ChineseTenError(f"unknown player {name!r}: choose from {', '.join(PLAYER_NAMES)}")
    return factory(rng)
