"""Screens that decide who sees the table next (the cut, the results, the continue question)
act only on a deliberate key: see :class:`~chinese_ten.game.turn.Guard`."""

import time
from typing import Any

from textual.screen import Screen

from chinese_ten.game.turn import Guard


def arm(screen: Screen[Any], guard: Guard) -> None:
    """Start counting ``guard``'s time once ``screen`` is on the terminal."""
    guard.reset()
    screen.call_after_refresh(lambda: guard.drawn(time.monotonic()))


def deliberate(guard: Guard) -> bool:
    """Whether a key pressed now is a decision."""
    return guard.ready(time.monotonic())
