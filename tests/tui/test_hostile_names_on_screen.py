"""Hostile names on the screens: refused at the start screen with the reason, or shown
literally on every screen (start, cut, turn, hand-over, results); no screen ever holds a
control character a name brought in. The same names in files and commands:
``tests/text/test_hostile_text.py``.
"""

import json
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.engine.deal import PLAY, DealState
from chinese_ten.store.saves import SaveSlot
from chinese_ten.text.names import MAX_NAME_LENGTH, unsafe
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.cut import CutScreen
from chinese_ten.tui.screens.game import GameScreen
from chinese_ten.tui.screens.handover import HandoverScreen
from chinese_ten.tui.screens.results import ResultsScreen
from chinese_ten.tui.screens.start import StartScreen
from tests.text.test_hostile_text import (
    PAIRS,
    REFUSED,
    _finished_deal,
    _no_control,
    _record_data,
)
from tests.tui_helpers import current_record, options, play_until_results, screen_text, step

SIZE = (120, 36)


async def _show(pilot: Any, kind: type) -> str:
    """Press the keys a player would until a ``kind`` screen shows; its text."""
    for _ in range(10):
        if isinstance(pilot.app.screen, kind):
            return screen_text(pilot.app)
        await step(pilot)
    raise AssertionError(f"no {kind.__name__}")


def _near_the_end() -> DealState:
    """The last turn of a finished deal, not yet played."""
    return [s for s in _finished_deal() if s.phase == PLAY][-1]


async def test_start_screen_refuses_hostile_names_and_keeps_the_field_focused(
    tmp_path: Path,
) -> None:
    from textual.widgets import Input, Static

    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        first, second = screen.query_one("#name0", Input), screen.query_one("#name1", Input)
        assert first.max_length == second.max_length == MAX_NAME_LENGTH
        for name, reason in REFUSED[:8]:  # as a paste would bring them
            first.value = f"Ana{name}"
            await pilot.pause()
            problem = str(screen.query_one("#name-problem", Static).content)
            assert problem.startswith("Seat 1: a name") and reason in problem
            assert problem.endswith("it was left out.")
            assert first.value == "".join(c for c in f"Ana{name}" if not unsafe(c))
            assert first.has_focus
            _no_control(screen_text(app))
        for name, reason in REFUSED[8:]:
            first.value = name
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is screen
            if name.strip():
                assert first.has_focus
                assert "Seat 1: a name" in screen_text(app)
                problem = str(screen.query_one("#name-problem", Static).content)
                assert problem == f"Seat 1: a name {reason}."
            else:  # an empty field stands for the name shown in it
                assert second.has_focus
                first.focus()
        first.value = "Ana"
        second.value = "ANA"
        await pilot.press("enter")
        await pilot.pause()
        assert second.has_focus
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and second.has_focus
        assert "Ana and ANA read the same" in screen_text(app)
        second.value = "\x1b[2J"
        await pilot.click("#start")
        await pilot.pause()
        assert app.screen is screen and second.has_focus
        assert "Seat 2: a name cannot hold control characters" in screen_text(app)
        second.value = "Ben"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CutScreen) and app.game.flow.names == ("Ana", "Ben")


@pytest.mark.parametrize(("first", "second"), PAIRS)
async def test_names_typed_on_the_start_screen_show_literally_on_every_screen(
    first: str, second: str, tmp_path: Path
) -> None:
    from textual.widgets import Input

    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#name0", Input).value = first
        await pilot.press("enter")
        app.screen.query_one("#name1", Input).value = f" {second} "
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.flow.names == (first, second)
        text = await _show(pilot, CutScreen)
        assert (
            "shuffles." in text
            and f"{app.game.flow.names[app.game.flow.series.next_dealer]}" in text
        )
        text = await _show(pilot, HandoverScreen)
        state = app.game.flow.state
        assert state is not None
        mover = app.game.flow.names[state.to_move]
        assert f"Pass the keyboard to {mover}" in text
        assert f"{mover}, press Enter when you are ready." in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.turn.stage == "select"
        text = screen_text(app)
        assert f"{mover}'s hand · pile" in text and f"{mover}: play" in text
        await step(pilot)  # play a card: the log and the next hand-over name the player
        await step(pilot)
        text = await _show(pilot, HandoverScreen)
        assert f"{mover} played" in text and f"{mover} turned over" in text
        assert app.is_running
        _no_control(text)


@pytest.mark.parametrize(("first", "second"), PAIRS)
async def test_resumed_names_show_literally_on_the_results(
    first: str, second: str, tmp_path: Path
) -> None:
    SaveSlot(tmp_path).save(current_record((first, second), 2, [_near_the_end()]))
    app = ChineseTenApp(options(tmp_path, resume=True, players=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.game.flow.names == (first, second)
        await play_until_results(pilot, limit=20)
        text = screen_text(app)
        assert isinstance(app.screen, ResultsScreen)
        for name in (first, second):
            assert text.count(name) >= 2, name  # its row of the deal, its column of the series
        assert "wins the deal" in text or "tie" in text
        _no_control(text)


async def test_a_save_with_a_hostile_name_is_refused_and_a_new_game_begins(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home\x1b]2;pwned\x07"
    data = _record_data(["\x1b]2;pwned\x07\x1b[2J", "Ben"])
    home.mkdir()
    (home / "current.json").write_text(json.dumps(data), encoding="utf-8")
    app = ChineseTenApp(options(home, resume=True, players=None))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "could not be read" in text and "control characters" in text
        assert "home\\x1b]2;pwned\\x07" in text  # the path, made visible
        _no_control(text)
        assert isinstance(app.screen, StartScreen)
        assert len(list((home / "archive").glob("*-corrupt.json"))) == 1
