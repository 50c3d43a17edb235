"""The last turn on screen: against the computer, the cards it played and turned over and
the card you turned that took nothing are marked on both boards until you play again (the
turn works them out: tests/game/test_turn.py)."""

from collections.abc import Callable
from pathlib import Path

from chinese_ten.engine.actions import flip_action, play_action
from chinese_ten.engine.cards import parse_card
from chinese_ten.engine.deal import DealState, apply_action, start
from chinese_ten.store.saves import SaveSlot
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.widgets.compact_board import CompactBoard
from tests.game.test_turn import LAST_TURN
from tests.tui_helpers import current_record, marked, options, screen_text

Snap = Callable[..., bool]


def _after_the_computer(
    folder: Path, names: tuple[str, str] = ("Ana", "Ben"), **more: object
) -> ChineseTenApp:
    """Ana played 3♣ and turned 8♠ (no capture); the computer's 7♦ took 3♣ and its K♥ lies
    on the table: Ana to play, the game saved there."""
    c = parse_card
    state: DealState = start(LAST_TURN)
    for action in (
        play_action(c("3C")),
        flip_action(c("8S")),
        play_action(c("7D"), c("3C")),
        flip_action(c("KH")),
    ):
        state = apply_action(state, action)
    record = current_record(names, None, [state], (None, "easy"))
    SaveSlot(folder).save(record)
    return ChineseTenApp(options(folder, resume=True, computer=(None, "easy"), **more))


async def test_the_full_board_marks_the_last_turn_until_you_play(tmp_path: Path) -> None:
    app = _after_the_computer(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        game = app.game
        assert game.turn.stage == "select"
        table = game.turn.view().table
        last = marked(app, "#table", "last")
        assert {table[k] for k in last} == {parse_card("8S"), parse_card("KH")}, table
        text = screen_text(app)
        assert "Table · Last turn: Ben took 3♣ with 7♦ · new on the table: 8♠ K♥" in text, text
        await pilot.press("1", "enter")  # you play: the marks are gone
        if game.turn.stage == "target":
            await pilot.press("enter")
        await pilot.pause()
        assert marked(app, "#table", "last") == []
        assert "Last turn" not in screen_text(app)


async def test_a_last_turn_too_long_for_the_title_keeps_whole_parts(tmp_path: Path) -> None:
    """At 80 columns a long name leaves no room for what is new on the table (framed on the
    table anyway): that part goes whole, never a card cut in two."""
    app = _after_the_computer(tmp_path, ("Ana", "Bartholomew Maximilian-Alexander"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        title = next(line for line in text.splitlines() if "Last turn" in line)
        assert "Last turn: Bartholomew Maximilian-Alexander took 3♣ with 7♦ · …" in title, text
        assert "new on the" not in title


async def test_the_marks_are_a_shape_in_ascii(tmp_path: Path) -> None:
    app = _after_the_computer(tmp_path, ascii=True, symbols=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert len(marked(app, "#table", "last")) == 2
        text = screen_text(app)
        assert text.count("/---\\") == 2, text  # two frames of their own, not colour alone
        assert "Last turn:" in text and "took 3C with 7D" in text


async def test_the_compact_board_marks_the_last_turn_until_you_play(tmp_path: Path) -> None:
    app = _after_the_computer(tmp_path, compact=True)
    async with app.run_test(size=(60, 30)) as pilot:
        await pilot.pause()
        board = app.game.query_one(CompactBoard)
        assert board.display
        text = screen_text(app)
        assert "( 8♠)" in text and "( K♥)" in text, text
        marked_lines = [line for line in text.splitlines() if line.startswith("▸ ")]
        assert len(marked_lines) == 3, text  # your turn-over, its play and its turn-over
        assert "7♦" in marked_lines[1] and "3♣" in marked_lines[1]
        await pilot.press("1", "enter")
        if app.game.turn.stage == "target":
            await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "( 8♠)" not in text and "( K♥)" not in text
        assert not [line for line in text.splitlines() if line.startswith("▸ ")]


def test_snapshot_of_the_last_turn_on_the_full_board(snap_compare: Snap, tmp_path: Path) -> None:
    """8♠ and K♥ framed on the table, the capture named in the table's title."""
    assert snap_compare(_after_the_computer(tmp_path), terminal_size=(100, 32))


def test_snapshot_of_the_last_turn_on_the_compact_board(snap_compare: Snap, tmp_path: Path) -> None:
    """8♠ and K♥ in parentheses, the last turn's events marked under the prompt."""
    assert snap_compare(_after_the_computer(tmp_path), terminal_size=(40, 20))
