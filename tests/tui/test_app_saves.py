"""Saving in the TUI as a person meets it: two windows, failed saves, quitting, fair exports."""

import re
import sys
from pathlib import Path

import pytest
from textual.pilot import Pilot

from chinese_ten.engine.deal import DealState
from chinese_ten.store.records import load_and_replay
from chinese_ten.store.saves import SaveSlot
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.cut import CutScreen
from chinese_ten.tui.screens.dialogs import ContinueScreen, ExportScreen, QuitScreen, ReplaceScreen
from chinese_ten.tui.screens.game import GameScreen
from chinese_ten.tui.screens.results import ResultsScreen
from tests.pty_helpers import Terminal
from tests.tui_helpers import (
    current_record,
    deal_states,
    options,
    play_until_results,
    screen_text,
    step,
    until,
)

SIZE = (100, 32)


def _save(folder: Path, states: list[DealState], planned: int | None = None) -> None:
    SaveSlot(folder).save(current_record(("Ana", "Ben"), planned, states))


def _flat(app: ChineseTenApp) -> str:
    """The screen's words on one line: long messages wrap inside boxes and toasts."""
    return " ".join(re.sub("[█▌▎▏▁▄▀]", " ", screen_text(app)).split())


async def _wait_for(pilot: Pilot[None], kind: type) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, kind), f"a {kind.__name__}")


async def _type_path(pilot: Pilot[None], path: Path) -> None:
    await _wait_for(pilot, ExportScreen)
    await pilot.pause()
    pilot.app.screen.query_one("#export-path").value = str(path)  # type: ignore[attr-defined]
    await pilot.press("enter")
    await pilot.pause()


# ------------------------------------------------------------------ two windows
async def test_two_games_on_one_folder_keep_their_own_saves(tmp_path: Path) -> None:
    first = ChineseTenApp(options(tmp_path, seed=1))
    second = ChineseTenApp(options(tmp_path, seed=2))
    async with first.run_test(size=SIZE) as one:
        await step(one)  # the cut: a deal is dealt and saved
        mine = (tmp_path / "current.json").read_bytes()
        async with second.run_test(size=SIZE, notifications=True) as two:
            await two.pause()
            text = _flat(second)
            assert "Another Chinese Ten window is playing" in text and "current-2.json" in text
            assert "this one saves its game separately" in text
            for _ in range(6):
                await step(two)
            assert (tmp_path / "current.json").read_bytes() == mine  # never touched
            assert second.game.flow.state is not None and second.game.flow.slot is not None
            assert second.game.flow.slot.path == tmp_path / "current-2.json"
            _, theirs = load_and_replay(tmp_path / "current-2.json")
            assert theirs[-1] == second.game.flow.state
        for _ in range(4):
            await step(one)
        _, ours = load_and_replay(tmp_path / "current.json")
        assert ours[-1] == first.game.flow.state
    assert not list(tmp_path.glob("archive/*"))  # neither put the other's game away


async def test_resume_says_when_the_only_save_is_held_by_another_window(tmp_path: Path) -> None:
    states = deal_states(5, 0)
    _save(tmp_path, [states[8]])
    other_window = SaveSlot(tmp_path)
    assert other_window.claim()
    try:
        app = ChineseTenApp(options(tmp_path, resume=True))
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await pilot.pause()
            text = _flat(app)
            assert "Another Chinese Ten window is playing" in text
            assert "this one starts a new game, saved separately, as" in text
            assert "There is no saved game" not in text
            assert isinstance(app.screen, CutScreen)  # a new game, in its own slot
            await step(pilot)
        _, held = load_and_replay(tmp_path / "current.json")
        assert held[-1] == states[8]
        assert (tmp_path / "current-2.json").is_file()
    finally:
        other_window.release()


# ------------------------------------------------------------------ failed saves
def _broken_folder(tmp_path: Path) -> Path:
    """A data folder that cannot exist: it would be inside a regular file (root or not)."""
    (tmp_path / "file").write_text("in the way")
    return tmp_path / "file" / "data"


async def test_a_failed_save_stays_on_screen_and_the_quit_says_so(tmp_path: Path) -> None:
    app = ChineseTenApp(options(_broken_folder(tmp_path)))
    async with app.run_test(size=SIZE) as pilot:
        seen = 0
        for _ in range(8):
            await step(pilot)
            if isinstance(app.screen, GameScreen):  # the board: the warning is its top line
                seen += 1
                assert "⚠ Not saved:" in _flat(app)
                assert "file/data: it is a file, or inside one" in _flat(app)
        assert seen >= 3
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        text = _flat(app)
        assert "The game is NOT saved" in text and "Save a copy" in text
        assert "The game is saved" not in text
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 1
    assert app.game.unsaved is not None and "file/data" in app.game.unsaved


async def test_the_warning_goes_once_a_save_works_again(tmp_path: Path) -> None:
    folder = _broken_folder(tmp_path)
    app = ChineseTenApp(options(folder))
    async with app.run_test(size=SIZE) as pilot:
        while not isinstance(app.screen, GameScreen):
            await step(pilot)
        assert "Not saved" in _flat(app)
        (tmp_path / "file").unlink()  # the person fixes the folder
        await step(pilot)
        while not isinstance(app.screen, GameScreen):
            await step(pilot)
        assert "Not saved" not in _flat(app)
        _, states = load_and_replay(folder / "current.json")
        assert states[-1] == app.game.flow.state
        await pilot.press("q")
        await pilot.pause()
        assert "The game is saved" in _flat(app)
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_after_a_failed_save_a_copy_can_be_saved_before_quitting(tmp_path: Path) -> None:
    app = ChineseTenApp(options(_broken_folder(tmp_path)))
    copy = tmp_path / "copy.json"
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(4):
            await step(pilot)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("s")
        await _type_path(pilot, copy)
    assert app.return_code == 0 and app.game.unsaved is None
    _, states = load_and_replay(copy)
    assert states[-1] == app.game.flow.state  # the deal in play, whole


async def test_an_old_save_that_cannot_be_put_away_is_never_overwritten(tmp_path: Path) -> None:
    _save(tmp_path, [deal_states(5, 0)[6]])
    before = (tmp_path / "current.json").read_bytes()
    (tmp_path / "archive").write_text("a file where the archive folder goes")
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await _wait_for(pilot, ContinueScreen)
        await pilot.press("n")  # a new game: the old one cannot be put away, so it stays
        for _ in range(3):
            await step(pilot)
        while not isinstance(app.screen, GameScreen):
            await step(pilot)
        assert "the saved game could not be put away" in _flat(app)
    assert (tmp_path / "current.json").read_bytes() == before
    assert app.game.unsaved is not None


async def test_a_new_series_after_the_save_vanished(tmp_path: Path) -> None:
    states = deal_states(7, 0)
    _save(tmp_path, [states[-2]], planned=1)
    app = ChineseTenApp(options(tmp_path, resume=True, deals_planned=1))
    async with app.run_test(size=SIZE) as pilot:
        await play_until_results(pilot)
        assert app.game.flow.series.is_over
        (tmp_path / "current.json").unlink()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, CutScreen) and app.game.flow.save_problem is None
        await step(pilot)
    assert (tmp_path / "current.json").is_file()


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_the_command_exits_1_with_one_line_when_the_game_is_not_saved(tmp_path: Path) -> None:
    folder = _broken_folder(tmp_path)
    game = Terminal(["play", "--players", "Ana,Ben", "--seed", "4"], folder)
    try:
        assert game.wait_for("cut the pack"), game.text
        assert game.press(b"\r", "I am ready", guarded=True), game.text  # the cut
        # past the hand-over screen, to the board and its warning
        assert game.press(b"\r", "Not saved", guarded=True), game.text
        game.write(b"q")
        assert b"NOT saved" in game.read_until(b"NOT saved")
        game.write(b"y")
        tail = game.read_until(b"the game was not saved")
        assert game.process.wait(timeout=30) == 1
    finally:
        game.end()
    restored = tail.rindex(b"\x1b[?1049l")
    line = tail[restored:].split(b"chinese-ten: ", 1)[1].split(b"\r\n")[0].decode()
    assert line == f"the game was not saved: {folder}: it is a file, or inside one, not a " + (
        "folder: choose another folder"
    )


# ------------------------------------------------------------------ export
async def test_export_mid_deal_writes_only_the_finished_deals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    finished, playing = deal_states(3, 0), deal_states(4, 1)
    _save(tmp_path, [finished[-1], playing[10]])
    app = ChineseTenApp(options(tmp_path, resume=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # past the hand-over screen
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        text = _flat(app)
        assert "The deal being played is left out" in text and "1 finished deal" in text
        await _type_path(pilot, tmp_path / "out.json")
    record, states = load_and_replay(tmp_path / "out.json")
    assert len(record.deals) == 1 and states == [finished[-1]]


async def test_export_before_any_deal_is_finished_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app = ChineseTenApp(options(tmp_path / "data", hints=False))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        for _ in range(3):
            await step(pilot)
        await pilot.press("e")
        await pilot.pause()
        assert not isinstance(app.screen, ExportScreen)
        assert "Nothing to export yet" in _flat(app)
    assert list(tmp_path.iterdir()) == [tmp_path / "data"]


async def test_export_asks_before_it_replaces_a_file(tmp_path: Path) -> None:
    states = deal_states(6, 0)
    _save(tmp_path, [states[-2]])
    mine = tmp_path / "mine.json"
    mine.write_bytes(b"the user's own file")
    app = ChineseTenApp(options(tmp_path, resume=True))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await play_until_results(pilot)
        app.game.action_export()  # what the command palette's "Export game record" does
        await pilot.pause()
        assert "The whole game: 1 finished deal." in _flat(app)
        await _type_path(pilot, mine)
        await _wait_for(pilot, ReplaceScreen)
        assert "mine.json exists" in _flat(app)
        await pilot.press("n")
        await pilot.pause()
        assert mine.read_bytes() == b"the user's own file"
        assert "Nothing written" in _flat(app)
        app.game.action_export()
        await _type_path(pilot, mine)
        await _wait_for(pilot, ReplaceScreen)
        await pilot.press("y")
        await pilot.pause()
    _, written = load_and_replay(mine)
    assert written == [states[-1]]


@pytest.mark.parametrize(
    ("where", "says"),
    [
        ("folder", "is a folder: give a file name"),
        ("file/x.json", "it is a file, or inside one, not a folder"),
        ("gone/x.json", "its folder does not exist"),
    ],
)
async def test_an_export_error_is_one_notification(tmp_path: Path, where: str, says: str) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("x")
    states = deal_states(6, 0)
    _save(tmp_path, [states[-2]])
    app = ChineseTenApp(options(tmp_path, resume=True))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await play_until_results(pilot)
        app.game.action_export()
        await _type_path(pilot, tmp_path / where)
        text = _flat(app)
        assert "Could not write the game record" in text and says in text
        assert isinstance(app.screen, ResultsScreen)


async def test_a_failed_save_is_said_on_the_hand_over_screen_too(tmp_path: Path) -> None:
    """The cut, hand-over and results screens cover the board's warning line: the failed save
    stays said there by a toast that lasts until a save works (not one that times out)."""
    from chinese_ten.tui.screens.handover import HandoverScreen

    app = ChineseTenApp(options(_broken_folder(tmp_path)))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        for _ in range(8):
            await step(pilot)
            if isinstance(app.screen, HandoverScreen):
                break
        assert isinstance(app.screen, HandoverScreen)
        lasting = [n for n in app._notifications if n.title == "Could not save"]
        assert lasting and all(n.timeout > 3600 for n in lasting)


# ------------------------------------------------------------------ a save nobody plays
@pytest.mark.parametrize("resume", [True, False])
async def test_a_save_whose_every_seat_is_the_computer_begins_a_new_game(
    tmp_path: Path, resume: bool
) -> None:
    """A save (made by hand, or by another program) whose seats are all the computer's:
    there is no one to hand the keyboard to. Said once, and a new game begins, the save kept
    in the archive (no traceback, the app runs on)."""
    states = deal_states(5, 0)
    record = current_record((None, None), 3, [states[8]], computer=("hard", "easy"))
    SaveSlot(tmp_path).save(record)
    app = ChineseTenApp(options(tmp_path, resume=resume))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert "The saved game has no person at the table" in _flat(app)
        assert not isinstance(app.screen, ContinueScreen)
        assert app.return_code is None and app.is_running
    assert len(list((tmp_path / "archive").glob("*.json"))) == 1  # kept, not lost
