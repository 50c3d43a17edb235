"""The player protocol and the registry of players by name."""

import functools
import importlib
import random
from collections.abc import Callable, Sequence
from typing import Protocol

from chinese_ten.engine.actions import Action
from chinese_ten.engine.errors import ChineseTenError
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.levels import LEVELS, PLAYER_NAMES, PLAYERS, player_of


class Player(Protocol):
    """Chooses one of ``legal`` (the view's legal actions, passed in to save recomputing).

    A player whose choice reads nothing but the legal actions (``random``) may also offer
    ``choose_among(legal)``, making the same choice from the same draws: ``simulate`` then
    builds no view it would never read (a twentieth of a random deal's time)."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...


@functools.cache
def _player_class(name: str) -> Callable[..., Player]:
    module, attribute = PLAYERS[name]
    made: Callable[..., Player] = getattr(importlib.import_module(module), attribute)
    return made


def make_player(name: str, rng: random.Random, *, think: float | None = None) -> Player:
    """A player by name or level, with its own RNG (so seats never share one).

    ``think`` caps the ``hard`` player's time per decision, in seconds.
    """
    return player_maker(name, think=think)(rng)


def player_maker(name: str, *, think: float | None = None) -> Callable[[random.Random], Player]:
    """What :func:`make_player` makes ``name`` with, found once: ``simulate`` makes a player
    for every seat of every series."""
    name = _known(name)
    if name == "hard" and think is not None:
        return functools.partial(_player_class(name), time_budget=think)
    return _player_class(name)


def _known(name: str) -> str:
    """The player behind a name or level; an unknown one is an error."""
    name = player_of(name)
    if name not in PLAYER_NAMES:
        known = ", ".join((*PLAYER_NAMES, *LEVELS))
        raise ChineseTenError(f"unknown player {name!r}: choose from {known}")
    return name


class LaterPlayer:
    """:func:`make_player`'s player, made on its first move: the TUI's first screen need not
    wait for the ``hard`` player's import (its playout tables take tens of milliseconds)."""

    def __init__(self, name: str, rng: random.Random, *, think: float | None = None) -> None:
        self.name = _known(name)
        self._rng = rng
        self._think = think
        self._player: Player | None = None

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if self._player is None:
            self._player = make_player(self.name, self._rng, think=self._think)
        return self._player.choose(view, legal)
