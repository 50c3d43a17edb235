"""Small texts a newcomer reads: ties as 0, plurals, the key table, the start screen."""

from pathlib import Path

from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.rules import RulesScreen
from chinese_ten.tui.screens.start import StartScreen
from chinese_ten.tui.widgets.keybar import KeyBar
from tests.tui_helpers import options, screen_text, scroll_to_keys


async def test_the_key_table_names_the_hint_key(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=(100, 60)) as pilot:
        await pilot.press("enter", "enter", "f1")
        assert await scroll_to_keys(pilot)
        assert isinstance(app.screen, RulesScreen)
        lines = screen_text(app).splitlines()
    cells = [line.replace("│", " ").split()[:2] for line in lines]
    assert ["t", "hint:"] in cells, "\n".join(lines)


async def test_the_start_screen_offers_what_works(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        text = screen_text(app)
        assert "F1 shows the rules" in text and "?" not in text.replace("^p", "")
        footer = screen_text(app).splitlines()[-1]
        assert footer.count("Quit") == 1, footer
        assert app.screen.query_one(KeyBar)
        await pilot.press("question_mark")  # types into the name field, as the screen says
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        footer = screen_text(app).splitlines()[-1]
        assert "esc Back" in footer and "game" not in footer  # no game yet to go back to
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("escape")  # still leaves, though the footer shows only ^q
        await pilot.pause()
    assert app.return_code == 0


async def test_quitting_before_any_deal_offers_to_stay_not_to_keep_playing(
    tmp_path: Path,
) -> None:
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        text = screen_text(app)
        assert "nothing to save" in text and "Stay (n)" in text
        assert "Keep playing" not in text
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
