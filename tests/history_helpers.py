"""Game records for the history tests: real games between seeded computer players."""

import random

from chinese_ten.analysis.simulate import play_deal, series_setups
from chinese_ten.players.base import make_player
from chinese_ten.store.records import GameRecord, game_record


def played(
    deals: int = 2,
    *,
    seed: int = 1,
    names: tuple[str, str] = ("Ana", "Ben"),
    planned: int | None = None,
) -> GameRecord:
    """A record of ``deals`` finished deals of greedy against random (``planned`` defaults
    to ``deals``: a whole series)."""
    rng = random.Random(seed)
    players = [make_player("greedy", random.Random(seed)), make_player("random", rng)]
    states = [play_deal(setup, players) for setup in series_setups(random.Random(seed), deals)]
    return game_record(names, deals if planned is None else planned, states)


def played_at(
    names: tuple[str, ...],
    deals: int = 2,
    *,
    seed: int = 1,
    planned: int | None = None,
    open_ended: bool = False,
) -> GameRecord:
    """A record of ``deals`` finished deals at a table of ``len(names)`` seats: random play
    (``open_ended``: deal after deal, no series planned)."""
    rng = random.Random(seed)
    players = [make_player("random", random.Random(seed + k)) for k in range(len(names))]
    setups = series_setups(rng, deals, seats=len(names))
    states = [play_deal(setup, players) for setup in setups]
    if open_ended:
        return game_record(names, None, states)
    return game_record(names, deals if planned is None else planned, states)
