"""Game options for tests, named flat: ``game_options(players=("Ana", "Ben"), seed=3)``.

``players`` and ``computer`` set the table's seats (``players=None``: names not given, so the
start screen asks); the other names are the fields of the table, the display or the session.
"""

from dataclasses import fields
from typing import Any

from chinese_ten.game.options import Display, GameOptions, Session
from chinese_ten.game.table import Table

_TABLE = {"deals_planned", "hints", "open_scores", "think"}
_DISPLAY = {f.name for f in fields(Display)}
_SESSION = {f.name for f in fields(Session)}


def game_options(**flat: Any) -> GameOptions:
    """The options these flat names describe; a name of no part is an error."""
    unknown = set(flat) - _TABLE - _DISPLAY - _SESSION - {"players", "computer", "deals_by_seats"}
    assert not unknown, f"no such option: {sorted(unknown)}"
    players: tuple[str | None, ...] | None = flat.get("players")
    computer = tuple(flat.get("computer", (None,) * (2 if players is None else len(players))))
    table = Table(
        typed=(None,) * len(computer) if players is None else tuple(players),
        computer=computer,
        deals_planned=flat.get("deals_planned"),
        **{name: flat[name] for name in _TABLE - {"deals_planned"} if name in flat},
    )
    return GameOptions(
        table=table,
        names_given=players is not None,
        deals_by_seats=bool(flat.get("deals_by_seats", False)),
        display=Display(**{name: flat[name] for name in _DISPLAY if name in flat}),
        session=Session(**{name: flat[name] for name in _SESSION if name in flat}),
    )
