"""The start screen offers what ``play`` does: another person at this keyboard, or the computer
at a level in the seat you choose; ``--vs`` and ``--seat`` are the choice offered first."""

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, RadioButton, RadioSet, Static

from chinese_ten import i18n
from chinese_ten.game_flow import GameFlow
from chinese_ten.records import load_and_replay
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.cut import CutScreen
from chinese_ten.tui.screens.start import StartScreen
from chinese_ten.tui_options import computer_seats
from tests.tui_helpers import options, screen_text

SIZE = (100, 32)


def _start(app: ChineseTenApp) -> StartScreen:
    screen = app.screen
    assert isinstance(screen, StartScreen)
    return screen


def _button(screen: StartScreen, choice: str, index: int) -> RadioButton:
    return list(screen.query_one(f"#{choice}", RadioSet).query(RadioButton).results())[index]


async def _click(pilot: Pilot[None], widget: object) -> None:
    assert await pilot.click(widget)  # type: ignore[arg-type]
    await pilot.pause()


def test_the_command_line_levels_by_seat() -> None:
    assert computer_seats("hard", 0) == (None, "hard")
    assert computer_seats("easy", 1) == ("easy", None)
    assert computer_seats(None, 1) == (None, None)
    asked = options(Path("."), players=None, computer=("easy", None))
    assert (asked.vs, asked.person_seat) == ("easy", 1)
    assert not asked.shows_start  # play --vs easy --seat 2 in a terminal: straight to the game
    assert options(Path("."), players=None, computer=("easy", None), browser=True).shows_start
    assert options(Path("."), players=None).shows_start


def test_start_series_seats_the_computer_chosen(tmp_path: Path) -> None:
    flow = GameFlow(options(tmp_path, players=None))
    flow.start_series(("Ana", None), (None, "hard"))
    assert flow.table.computer == (None, "hard") and flow.names == ("Ana", "Computer (hard)")
    assert flow.options.computer == (None, "hard") and not flow.options.hot_seat
    assert flow.computers[0] is None and flow.computers[1] is not None
    flow.start_series((None, "Ben"), (None, None))  # and back to two people
    assert flow.computers == [None, None] and flow.names == ("Player 1", "Ben")


async def test_play_alone_offers_the_computer_by_keyboard(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = _start(app)
        text = screen_text(app)
        assert "a person here" in text and "the computer" in text and "Your seat" in text
        assert screen.query_one("#name0", Input).has_focus
        assert screen.query_one("#level", RadioSet).disabled  # no level for two people
        await pilot.press("shift+tab")  # from the first name back to the opponent
        assert screen.query_one("#opponent", RadioSet).has_focus
        await pilot.press("right", "enter")  # the computer
        await pilot.pause()
        assert screen.computer == (None, "hard")
        assert not screen.query_one("#name1", Input).display
        assert "Computer (hard)" in screen_text(app) and "Your name" in screen_text(app)
        await pilot.press("tab", "left", "left", "enter")  # level: easy
        await pilot.press("tab", "right", "enter")  # seat: second
        await pilot.pause()
        assert screen.computer == ("easy", None)
        await pilot.press("tab", *"Ana", "enter")  # the only name field starts the game
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        flow = app.game.flow
        assert flow.table.computer == ("easy", None) and flow.table.typed == (None, "Ana")
        assert flow.names == ("Computer (easy)", "Ana") and not app.game.options.hot_seat


async def test_the_choice_by_mouse_and_back_to_two_people(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = _start(app)
        await _click(pilot, _button(screen, "opponent", 1))
        await _click(pilot, _button(screen, "level", 1))
        await _click(pilot, _button(screen, "seat", 1))
        assert screen.computer == ("normal", None)
        assert "Computer (normal)" in screen_text(app)
        await _click(pilot, _button(screen, "opponent", 0))  # two people again
        assert screen.computer == (None, None) and screen.query_one("#name1", Input).display
        await _click(pilot, _button(screen, "opponent", 1))  # the level and seat are kept
        assert screen.computer == ("normal", None)
        await _click(pilot, screen.query_one("#start"))
        assert isinstance(app.screen, CutScreen)
        assert app.game.flow.table.computer == ("normal", None)
        assert app.game.flow.table.typed == (None, None)
        assert app.game.names == ("Computer (normal)", "You")
        await pilot.press("enter")  # the cut: the save records the seats
        await pilot.pause()
    record, _states = load_and_replay(tmp_path / "current.json")
    assert record.seats is not None
    assert [s.computer for s in record.seats] == ["normal", None]


async def test_serve_vs_is_offered_first_not_locked(tmp_path: Path) -> None:
    """``serve --vs easy --seat 2``: every tab shows the start screen with that choice."""
    asked = options(tmp_path, players=None, computer=("easy", None), browser=True)
    app = ChineseTenApp(asked)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = _start(app)
        assert screen.computer == ("easy", None)
        assert _button(screen, "seat", 1).value and _button(screen, "level", 0).value
        await _click(pilot, _button(screen, "opponent", 0))
        await pilot.press("tab")  # past the level and seat, no longer asked: the first name
        assert screen.query_one("#name0", Input).has_focus
        await pilot.press(*"Eve", "enter", *"Fay", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        assert app.game.flow.table.computer == (None, None)
        assert app.game.names == ("Eve", "Fay") and app.game.options.hot_seat


async def test_play_vs_in_a_terminal_goes_straight_to_the_game(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=None, computer=(None, "hard")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        assert app.game.names == ("You", "Computer (hard)")


@pytest.mark.parametrize("name", ["[/]", "[b]x[/b] [@click=app.quit]", "W" * 24])
async def test_a_hostile_name_against_the_computer_is_shown_as_typed(
    tmp_path: Path, name: str
) -> None:
    app = ChineseTenApp(options(tmp_path, players=None, computer=(None, "hard"), browser=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = _start(app)
        field = screen.query_one("#name0", Input)
        field.value = name[: field.max_length or None]
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CutScreen), screen_text(app)
        assert app.game.flow.table.typed == (field.value, None)
        assert app.game.names == (field.value, "Computer (hard)")


async def test_the_computers_name_is_refused_as_yours(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=None, computer=(None, "hard"), browser=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = _start(app)
        await pilot.press(*"computer (HARD)", "enter")
        await pilot.pause()
        assert app.screen is screen
        assert screen.query_one("#name-problem", Static).display
        assert screen.query_one("#name0", Input).has_focus


@pytest.mark.parametrize("language", ["en", "fr", "pt"])
@pytest.mark.parametrize("ascii_only", [False, True])
@pytest.mark.parametrize("vs", [None, "normal"])
async def test_the_start_screen_fits_80_by_24(
    tmp_path: Path, language: str, ascii_only: bool, vs: str | None
) -> None:
    i18n.choose(language)
    try:
        kwargs: dict[str, object] = {"ascii": ascii_only, "symbols": not ascii_only}
        app = ChineseTenApp(
            options(tmp_path, players=None, computer=(None, vs), browser=True, **kwargs)
        )
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = _start(app)
            # the longest the box gets: a name refused (the other seat's), said below
            screen.query_one("#name0", Input).value = screen.defaults[1]
            await pilot.press("enter", "enter")
            await pilot.pause()
            assert screen.query_one("#name-problem", Static).display
            box = screen.query_one("#start-box").region
            assert box.bottom <= 23 and box.right <= 80  # above the key bar
            for widget in screen.query("#start-box *").results():
                if widget.display and widget.region:
                    assert box.contains_region(widget.region), widget
            for choice in ("#opponent", "#level", "#seat"):
                buttons = screen.query_one(choice, RadioSet).query(RadioButton).results()
                for button in buttons:  # every option whole, on one line
                    assert button.region.right <= box.right - 1, button
            if ascii_only:
                assert screen_text(app).isascii()
    finally:
        i18n.choose("en")
