"""The computer players' names and the levels offered to a person, apart from the players
themselves so that parsing a command line does not load the engine."""

PLAYER_NAMES: tuple[str, ...] = ("random", "greedy", "hard")
LEVELS: dict[str, str] = {"easy": "random", "normal": "greedy", "hard": "hard"}
"""Difficulty levels offered to a person, and the players behind them."""
