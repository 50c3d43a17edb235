"""The two moments a guard compares: when a screen was first written to the terminal showing
what it waits for, and when the key being handled was pressed."""

import time
from typing import Any, cast

from textual.screen import Screen

from chinese_ten.tui.frames import FrameWatch, pressed_at, pressing


class FakeScreen:
    """Just what the watch reads of a screen."""

    is_running = True


def screen() -> Screen[Any]:
    return cast(Screen[Any], FakeScreen())


def test_the_first_frame_that_shows_it_is_told_once() -> None:
    watch, board, other = FrameWatch(), screen(), screen()
    seen: list[float] = []
    painted = [False]
    watch.after(board, seen.append, shows=lambda: painted[0])
    watch.written(other, 1.0)  # another screen's frame
    watch.written(board, 2.0)  # the board's, before its hand was painted
    assert seen == []
    painted[0] = True
    watch.written(board, 3.0)
    watch.written(board, 4.0)  # a later frame changes nothing
    assert seen == [3.0]


def test_a_screen_closed_before_it_was_drawn_is_forgotten() -> None:
    watch, gone, board = FrameWatch(), FakeScreen(), screen()
    seen: list[float] = []
    watch.after(cast(Screen[Any], gone), seen.append)
    gone.is_running = False
    watch.written(board, 1.0)
    assert watch._waiting == [] and seen == []


def test_a_key_counts_from_when_it_was_pressed_while_it_is_handled() -> None:
    before = time.monotonic()
    assert pressed_at() >= before  # no key: now
    with pressing(5.0):
        assert pressed_at() == 5.0
        with pressing(7.0):
            assert pressed_at() == 7.0
        assert pressed_at() == 5.0
    assert pressed_at() >= before
