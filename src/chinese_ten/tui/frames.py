"""When a person could have seen something, and when they pressed a key: the two moments a
guard compares (see :class:`~chinese_ten.game.turn.Guard`).

A screen is seen from the first frame written to the terminal that shows it, not from when
the app asked for it to be drawn: on a busy machine a drawing may wait long after the key that
asked for it. A key was pressed when the terminal's bytes were read (the event's ``time``),
not when the app gets round to it: two keys sent together stay together, however long the
first one takes to act on. Both read ``time.monotonic``, the clock of Textual's events.
"""

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar
from weakref import WeakSet

from rich.console import RenderableType
from textual import events
from textual.app import App
from textual.screen import Screen

DRAW_DELAY = "CHINESE_TEN_TEST_DRAW_DELAY"
"""For tests only: seconds the app stays busy after writing each frame, as on a loaded
machine where drawing takes that long (a slow machine, on purpose). Unset, no delay."""


def draw_delay() -> float:
    """The delay asked for by :data:`DRAW_DELAY` (0 when unset or not a number)."""
    try:
        return max(0.0, float(os.environ.get(DRAW_DELAY, "0")))
    except ValueError:
        return 0.0


_pressed: list[tuple[object, float]] = []
"""The input events being handled now, each with its own token (the last one counts)."""


def pressed_at() -> float:
    """When the key being handled was pressed (now, when no key is being handled)."""
    return _pressed[-1][1] if _pressed else time.monotonic()


@contextmanager
def pressing(at: float) -> Iterator[None]:
    """Handle an input event made at ``at``: :func:`pressed_at` says so meanwhile."""
    token = object()
    _pressed.append((token, at))
    try:
        yield
    finally:
        _pressed.remove((token, at))


_deciding: "WeakSet[Screen[Any]]" = WeakSet()


def decides_who_sees(screen: Screen[Any]) -> None:
    """``screen`` decides who sees the table next (the cut, a hand-over, the results, the
    continue question): a key pressed before it came up was meant for the screen before."""
    _deciding.add(screen)


def deciding(screen: Screen[Any]) -> bool:
    """Whether ``screen`` decides who sees the table next (see :func:`decides_who_sees`)."""
    return screen in _deciding


def _always() -> bool:
    return True


@dataclass(eq=False)
class _Waiting:
    screen: Screen[Any]
    seen: Callable[[float], None]
    shows: Callable[[], bool]


class FrameWatch:
    """Tells who asked when a screen is first on the terminal (the app reports each frame
    written)."""

    def __init__(self) -> None:
        self._waiting: list[_Waiting] = []

    def after(
        self,
        screen: Screen[Any],
        seen: Callable[[float], None],
        *,
        shows: Callable[[], bool] = _always,
    ) -> None:
        """Call ``seen`` with the time of the first frame written with ``screen`` on top,
        from now on, for which ``shows()`` holds (it shows what the caller waits for)."""
        self._waiting.append(_Waiting(screen, seen, shows))

    def written(self, screen: Screen[Any], at: float) -> None:
        """A frame of ``screen`` (on top) was written to the terminal at ``at``."""
        due = [w for w in self._waiting if w.screen is screen and w.shows()]
        # by identity; a screen closed before it was ever drawn waits no more
        self._waiting = [w for w in self._waiting if w not in due and w.screen.is_running]
        for waiting in due:
            waiting.seen(at)


def after_frame(
    screen: Screen[Any], seen: Callable[[float], None], *, shows: Callable[[], bool] = _always
) -> None:
    """:meth:`FrameWatch.after` with the app's watch; under an app that keeps none (a test's
    own app), once the screen has been refreshed, with the time then."""
    watch = getattr(screen.app, "frames", None)
    if isinstance(watch, FrameWatch):
        watch.after(screen, seen, shows=shows)
    else:
        screen.call_after_refresh(lambda: seen(time.monotonic()))


ReturnType = TypeVar("ReturnType")


class FramedApp(App[ReturnType]):
    """An app whose guards read real moments: it tells its :class:`FrameWatch` of each frame
    written, and says when the key being handled was pressed (:func:`pressed_at`)."""

    def __init__(self) -> None:
        super().__init__()
        self.frames = FrameWatch()
        """Who waits for a screen to be on the terminal (the guards)."""
        self._draw_delay = draw_delay()

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        """Write a frame, then tell who waits for it. Textual writes nothing while updates
        are held (a batch), nor without a terminal (a test's headless app, whose frames
        count as written)."""
        written = renderable is not None and not self._batch_count and screen is self.screen
        super()._display(screen, renderable)
        if written:
            self.frames.written(screen, time.monotonic())
            if self._draw_delay:
                time.sleep(self._draw_delay)  # a slow machine, for tests (DRAW_DELAY)

    async def on_event(self, event: events.Event) -> None:
        """A key is handled as pressed when it was read from the terminal."""
        if isinstance(event, events.Key):
            with pressing(event.time):
                await super().on_event(event)
        else:
            await super().on_event(event)
