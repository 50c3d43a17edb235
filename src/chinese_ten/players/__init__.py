"""Computer players. Each reads a :class:`~chinese_ten.view.PlayerView`, never the state."""

from chinese_ten.levels import LEVELS, PLAYER_NAMES
from chinese_ten.players.base import LaterPlayer, Player, make_player

__all__ = ["LEVELS", "PLAYER_NAMES", "LaterPlayer", "Player", "make_player"]
