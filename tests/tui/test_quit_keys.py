"""Ctrl+C in the app: it asks to quit like q, and copies a selection in a name field."""

from pathlib import Path

from textual.widgets import Input

from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.dialogs import QuitScreen
from chinese_ten.tui.screens.game import GameScreen
from chinese_ten.tui.screens.start import StartScreen
from tests.tui_helpers import options


async def test_ctrl_c_in_the_game_asks_to_quit_like_q(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter", "enter")  # cut, then the hand-over
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        depth = len(app.screen_stack)
        await pilot.press("ctrl+c")  # pressed again: still the one dialog
        await pilot.pause()
        assert len(app.screen_stack) == depth
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+c", "y")
        await pilot.pause()
    assert app.return_code == 0
    assert (tmp_path / "current.json").is_file()


async def test_ctrl_c_in_a_name_field_copies_a_selection_and_otherwise_asks_to_quit(
    tmp_path: Path,
) -> None:
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        field = app.screen.query_one("#name0", Input)
        await pilot.press(*"Ana")
        field.select_all()
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.clipboard == "Ana"
        assert isinstance(app.screen, StartScreen)
        await pilot.press("end", "ctrl+c")  # nothing selected now
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
