"""Fidelity as a person meets it: a resumed game against the computer keeps the computer's hand
hidden, and a key answers only the question it was pressed for."""

from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input, RichLog

from chinese_ten.engine.cards import format_card
from chinese_ten.engine.view import PlayerView
from chinese_ten.game.flow import GameFlow
from chinese_ten.game.options import GameOptions
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.cut import CutScreen
from chinese_ten.tui.screens.dialogs import ContinueScreen, QuitScreen
from chinese_ten.tui.screens.game import GameScreen
from chinese_ten.tui.screens.handover import HandoverScreen
from chinese_ten.tui.screens.results import ResultsScreen
from chinese_ten.tui.screens.start import StartScreen
from tests.tui_helpers import computer_moves, options, screen_text, step, until, until_screen

SIZE = (100, 32)


def _vs_hard(folder: Path, **kwargs: object) -> GameOptions:
    return options(folder, players=None, computer=(None, "hard"), **kwargs)


def _save_vs_hard(folder: Path) -> None:
    """``play --vs hard``: a deal dealt and a few actions played, then the program left."""
    flow = GameFlow(_vs_hard(folder))
    flow.find_unfinished()
    flow.hold_fresh_slot()
    flow.start_series()
    flow.deal(20)
    while flow.computer_to_move() is None:  # the person's turns, up to the computer's
        assert flow.state is not None
        flow.apply(PlayerView(flow.state, 0).legal_actions()[0])
    flow.release()


def _board_shown(app: ChineseTenApp) -> bool:
    return app.game.flow.state is not None and "Computer (hard)" in screen_text(app)


def _computer_cards_hidden(app: ChineseTenApp) -> None:
    game = app.game
    assert game.flow.state is not None and game.flow.viewer() == 0
    text = screen_text(app)
    shown_hand = [format_card(c) for c in PlayerView(game.flow.state, 1).hand]
    assert shown_hand, "the computer holds cards"
    assert not isinstance(app.screen, HandoverScreen)
    assert "Pass the keyboard" not in text
    assert "Computer (hard)" in text


async def test_continuing_a_game_against_the_computer_from_plain_play(tmp_path: Path) -> None:
    _save_vs_hard(tmp_path)
    app = ChineseTenApp(options(tmp_path, players=None))  # chinese-ten play, then c
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(pilot, ContinueScreen)
        assert "You v Computer (hard)" in " ".join(screen_text(app).split())
        await pilot.press("c")
        await until_screen(pilot, GameScreen)
        await until(pilot, lambda: _board_shown(app), "the board")
        assert app.game.flow.table.computer == (None, "hard")
        _computer_cards_hidden(app)


async def test_resume_of_a_game_against_the_computer(tmp_path: Path) -> None:
    _save_vs_hard(tmp_path)
    app = ChineseTenApp(options(tmp_path, players=None, resume=True, deals_planned=6))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await until_screen(pilot, GameScreen)
        await until(pilot, lambda: _board_shown(app), "the board")
        _computer_cards_hidden(app)
        flat = " ".join(screen_text(app).split())
        assert "length: saved deal after deal, asked 6 deals" in flat


async def test_the_continue_question_says_what_differs(tmp_path: Path) -> None:
    _save_vs_hard(tmp_path)
    app = ChineseTenApp(options(tmp_path, players=("Ana", "Ben")))
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(pilot, ContinueScreen)
        flat = " ".join(screen_text(app).split())
        assert "You asked for another game than this one" in flat
        assert "players: saved You v Computer (hard), asked Ana v Ben" in flat
        await pilot.press("n")  # the game asked for: Ana and Ben, hot-seat
        await until(pilot, lambda: app.game.flow.names == ("Ana", "Ben"), "the game asked for")
        assert app.game.flow.table.computer == (None, None)
        assert app.game.flow.names == ("Ana", "Ben")


# ------------------------------------------------------------------ keys for their question
async def test_names_typed_while_the_save_is_looked_for_never_answer_the_question(
    tmp_path: Path,
) -> None:
    _save_vs_hard(tmp_path)
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen_stack[0]
        assert isinstance(start, StartScreen) and start.holding
        # Letters reach the screen before the question is up: they are held, not acted on.
        for key in "qna":
            start.post_message(events.Key(key, key))
        await until_screen(pilot, ContinueScreen)
        assert not isinstance(app.screen, QuitScreen)
        assert (tmp_path / "current.json").exists()  # nothing archived unasked
        await pilot.press("n")
        await until_screen(pilot, StartScreen)
        first = app.screen.query_one("#name0", Input)
        assert first.value == "" and not first.disabled and first.has_focus


async def test_with_no_save_letters_typed_early_go_into_the_first_field(tmp_path: Path) -> None:
    (tmp_path / "current.json").write_text("not a save")  # looked for, found unreadable
    app = ChineseTenApp(options(tmp_path, players=None))
    opening = app._opening
    app._opening = lambda: None  # type: ignore[method-assign]  # the look waits for the letters
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        assert isinstance(start, StartScreen) and start.holding
        for key in "Ana":
            start.post_message(events.Key(key, key))
        await until(pilot, lambda: start.held == "Ana", "the letters typed while it looks")
        opening()
        await until(pilot, lambda: not start.holding, "the save to be looked for")
        await pilot.pause()
        first = start.query_one("#name0", Input)
        assert first.value == "Ana" and first.has_focus


async def test_with_no_save_at_all_the_fields_take_input_at_once(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        assert isinstance(start, StartScreen) and not start.holding
        await pilot.press("B", "e", "n")
        assert start.query_one("#name0", Input).value == "Ben"


async def test_a_key_read_before_the_screen_changed_is_dropped(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(pilot, CutScreen)
        cut = app.screen
        assert not isinstance(cut, GameScreen)  # the cut waits for Enter
        early = events.Key("enter", "\r")  # read from the terminal now...
        await pilot.pause()  # (a moment: the key's time is before the change's)
        app._screen_changed(cut)  # ...and the screen changed after it was read
        app.post_message(early)
        await pilot.pause()  # the key is handled (idle again)
        assert app.screen is cut  # not acted on
        await pilot.press("enter")  # pressed now: it acts
        await until(pilot, lambda: app.screen is not cut, "the cut to close")
        assert app.screen is not cut


async def test_the_arrows_move_the_card_cursor_against_the_computer(tmp_path: Path) -> None:
    app = ChineseTenApp(_vs_hard(tmp_path, seed=5))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):
            if isinstance(app.screen, GameScreen) and app.game.turn.stage == "select":
                break
            await step(pilot) if not isinstance(app.screen, GameScreen) else None
            await computer_moves(pilot)
        game = app.game
        assert game.turn.stage == "select"
        log = game.query_one("#log", RichLog)
        log.focus()  # where a click or Tab may have put the focus
        await pilot.pause()
        before = game.turn.cursor
        await pilot.press("right")
        assert game.turn.cursor == before + 1 and log.scroll_x == 0
        await pilot.press("left")
        assert game.turn.cursor == before


async def test_the_last_turn_of_a_deal_stays_in_sight_before_the_results(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, computer=(None, "easy"), players=("Ana", "Bot")))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(400):
            if isinstance(app.screen, GameScreen) and app.game.turn.stage == "over":
                break
            if isinstance(app.screen, ResultsScreen):
                raise AssertionError("the results replaced the board at once")
            await step(pilot)
        assert isinstance(app.screen, GameScreen) and app.game.turn.stage == "over"
        flat = " ".join(screen_text(app).split())
        assert "The deal is over: Enter shows the results." in flat
        await pilot.press("enter")
        await until_screen(pilot, ResultsScreen)


# ------------------------------------------------------------------ a browser tab speaks browser
async def test_a_browser_tab_shows_no_server_path_or_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _save_vs_hard(tmp_path)
    # as chinese-ten serve runs it: Textual's web driver says is_web
    monkeypatch.setattr(ChineseTenApp, "is_web", property(lambda _: True))
    app = ChineseTenApp(options(tmp_path, players=None, browser=True))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await until_screen(pilot, ContinueScreen)
        flat = " ".join(screen_text(app).split())
        assert "You v Computer (hard), 0 deals finished, is saved." in flat
        assert str(tmp_path) not in flat and "archive" not in flat
        await pilot.press("n")
        await until(pilot, lambda: "put aside" in screen_text(app), "the notice")
        flat = " ".join(screen_text(app).split())
        assert "The game saved before was put aside." in flat and str(tmp_path) not in flat
        await until_screen(pilot, StartScreen)
        start = app.screen
        assert isinstance(start, StartScreen) and start.computer == (None, "hard")
        await pilot.press("enter")  # the table saved before, offered again: you v the computer
        await until_screen(pilot, CutScreen)
        await pilot.press("enter")  # the cut: a deal is dealt and saved
        await until(pilot, lambda: app.game.flow.state is not None, "a deal")
        assert app.game.flow.state is not None
        await pilot.press("ctrl+q")
        await until_screen(pilot, QuitScreen)
        flat = " ".join(screen_text(app).split())
        assert "open this page again to continue it" in flat and "chinese-ten" not in flat
        await pilot.press("n")
        await pilot.resize_terminal(39, 20)
        await until(pilot, lambda: "Widen the window" in screen_text(app), "the small window")
        flat = " ".join(screen_text(app).split())
        assert "Widen the window or zoom out" in flat and "terminal" not in flat


async def test_a_second_tab_is_told_in_words_not_paths(tmp_path: Path) -> None:
    first = GameFlow(options(tmp_path, browser=True))
    first.find_unfinished()
    first.hold_fresh_slot()
    second = GameFlow(options(tmp_path, browser=True))
    _, notices = second.find_unfinished()
    assert [n.title for n in notices] == ["Saves held by another tab"]
    assert str(tmp_path) not in notices[0].text
    first.release()
    second.release()
