"""The log keeps its newest line in sight when the window changes size (a browser window
shrunk from 1366x768 to 1280x720 still shows the last events, before the next move)."""

import random
from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import RichLog

from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import DealState, apply_action, legal_actions, start
from chinese_ten.store.saves import SaveSlot
from chinese_ten.tui.app import ChineseTenApp
from tests.tui_helpers import current_record, options, screen_text


def _deal_under_way(actions: int) -> DealState:
    state = start(random_setup(random.Random(5), 1, 20))
    while len(state.actions) < actions:
        state = apply_action(state, legal_actions(state)[0])
    return state


def _app(folder: Path, actions: int) -> ChineseTenApp:
    state = _deal_under_way(actions)
    SaveSlot(folder).save(current_record(("Ana", "Ben"), None, [state], (None, "easy")))
    return ChineseTenApp(options(folder, resume=True, computer=(None, "easy"), pause=60.0))


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ((240, 60), (240, 56)),  # the log's column keeps its width, loses four lines
        ((240, 60), (190, 45)),  # the log goes under the board
        ((200, 40), (200, 50)),  # the log beside the large cards goes under the huge ones
        ((171, 48), (160, 45)),
        ((100, 30), (80, 24)),
    ],
)
async def test_the_log_shows_its_newest_line_after_a_resize(
    tmp_path: Path, before: tuple[int, int], after: tuple[int, int]
) -> None:
    """Whatever the scroll was when the size changed (a browser's window passes through
    sizes of its own), the newest line is in sight once the new size is drawn."""
    app = _app(tmp_path, 44)
    async with app.run_test(size=before) as pilot:
        await pilot.pause()
        log = app.game.query_one("#log", RichLog)
        for k in range(30):  # more lines than any of these sizes shows
            log.write(Text(f"line {k}"))
        await pilot.pause()
        assert log.max_scroll_y > 0
        log.scroll_to(y=0, animate=False, immediate=True)  # the scroll left behind
        await pilot.resize_terminal(*after)
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y, (log.scroll_y, log.max_scroll_y, log.size)
        assert log.lines[-1].text.strip() in screen_text(app)


async def test_a_resize_to_the_same_size_keeps_the_end_too(tmp_path: Path) -> None:
    """Hostile: many sizes in a row, back and forth, end at the newest line."""
    app = _app(tmp_path, 44)
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        log = app.game.query_one("#log", RichLog)
        for k in range(30):
            log.write(Text(f"line {k}"))
        for size in [(120, 30), (200, 50), (81, 25), (200, 50), (200, 49)]:
            await pilot.resize_terminal(*size)
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y
        assert log.lines[-1].text.strip() in screen_text(app)


def _table_of_twelve() -> DealState:
    """A deal under way whose table holds twelve cards (more than a row of large cards)."""
    state = _deal_under_way(28)
    assert len(state.table) == 12
    return state


@pytest.mark.parametrize("size", [(152, 37), (142, 36), (120, 40), (80, 24), (200, 50)])
async def test_a_table_that_wraps_leaves_the_log_in_sight(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Twelve table cards wrapped onto a second row of large cards and pushed the log under
    the key bar at 142 x 36 and 152 x 37 (a laptop's browser window): the cards are drawn a
    size smaller there, and the log's newest line shows."""
    SaveSlot(tmp_path).save(
        current_record(("Ana", "Ben"), None, [_table_of_twelve()], (None, "easy"))
    )
    app = ChineseTenApp(options(tmp_path, resume=True, computer=(None, "easy"), pause=60.0))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        log = app.game.query_one("#log", RichLog)
        board = app.game.query_one("#board")
        assert log.region.bottom <= board.region.bottom and log.region.height >= 3
        assert log.lines[-1].text.strip() in screen_text(app)


async def test_a_table_that_wraps_after_a_resize_leaves_the_log_in_sight(tmp_path: Path) -> None:
    SaveSlot(tmp_path).save(
        current_record(("Ana", "Ben"), None, [_table_of_twelve()], (None, "easy"))
    )
    app = ChineseTenApp(options(tmp_path, resume=True, computer=(None, "easy"), pause=60.0))
    async with app.run_test(size=(170, 47)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(152, 37)
        await pilot.pause()
        await pilot.pause()
        log = app.game.query_one("#log", RichLog)
        assert log.lines[-1].text.strip() in screen_text(app)
