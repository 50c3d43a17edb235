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
    from chinese_ten.players.hard import HardPlayer
    from chinese_ten.players.random_player import RandomPlayer

    return {"random": RandomPlayer, "greedy": GreedyPlayer, "hard": HardPlayer}


PLAYER_NAMES: tuple[str, ...] = ("random", "greedy", "hard")
LEVELS: dict[str, str] = {"easy": "random", "normal": "greedy", "hard": "hard"}
"""Difficulty levels offered to a person, and the players behind them."""


def make_player(name: str, rng: random.Random, *, think: float | None = None) -> Player:
    """A player by name or level, with its own RNG (so seats never share one).

    ``think`` caps the ``hard`` player's time per decision, in seconds.
    """
    name = LEVELS.get(name, name)
    if name == "hard" and think is not None:
        from chinese_ten.players.hard import HardPlayer

        return HardPlayer(rng, time_budget=think)
    factory = _registry().get(name)
    if factory is None:
        known = ", ".join((*PLAYER_NAMES, *LEVELS))
        raise ChineseTenError(f"unknown player {name!r}: choose from {known}")
    return factory(rng)
