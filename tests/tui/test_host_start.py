"""``chinese-ten host`` asks who sits where on ``play``'s start screen; its choice is the table
hosted, and leaving it opens no table."""

from pathlib import Path

from textual.widgets import Input

from chinese_ten.tui.host_start import HostStartApp
from chinese_ten.tui.screens.start import StartScreen
from chinese_ten.tui.widgets.controls import ListChoice, OptionRow
from tests.tui_helpers import options, screen_text

SIZE = (100, 32)


async def test_three_seats_with_a_computer_by_keyboard(tmp_path: Path) -> None:
    app = HostStartApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        assert "a person here" in screen_text(app)
        await pilot.press("shift+tab", "shift+tab")  # the count, 2 chosen
        assert screen.query_one("#count", OptionRow).has_focus
        await pilot.press("right")  # 3
        await pilot.pause()
        await pilot.press("tab", "tab", "tab")  # the second seat's choice
        assert screen.query_one("#who1", ListChoice).has_focus
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")  # the computer, hard
        await pilot.pause()
        assert screen.computer == (None, "hard", None)
        await pilot.press("tab", "tab")  # past the third seat's choice, to its name
        assert screen.query_one("#name2", Input).has_focus
        await pilot.press(*"Cy", "enter")  # Enter in the last person's field starts
        await pilot.pause()
    assert app.chosen == ((None, None, "Cy"), (None, "hard", None))


async def test_leaving_the_start_screen_chooses_no_table(tmp_path: Path) -> None:
    app = HostStartApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.screen.query_one("#name0", Input).has_focus
        await pilot.press("ctrl+q")  # nothing played: no quit question, no save
        await pilot.pause()
    assert app.chosen is None
    assert not list(tmp_path.glob("*.json"))  # no game was saved
