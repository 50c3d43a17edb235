"""Screens that decide who sees the table next (the cut, the results, the continue question)
act only on a deliberate key: see :class:`~chinese_ten.game.turn.Guard`. The guard counts
from the first frame that shows the screen, and a key counts from when it was pressed (see
:mod:`chinese_ten.tui.frames`)."""

from typing import Any

from textual.screen import Screen

from chinese_ten.game.turn import Guard
from chinese_ten.tui.frames import after_frame, decides_who_sees, pressed_at


def arm(screen: Screen[Any], guard: Guard) -> None:
    """Start counting ``guard``'s time once ``screen`` is on the terminal (call it once the
    screen holds what it shows: a frame written from then on shows it)."""
    decides_who_sees(screen)
    guard.reset()
    after_frame(screen, guard.drawn)


def deliberate(guard: Guard) -> bool:
    """Whether the key being handled is a decision."""
    return guard.ready(pressed_at())
