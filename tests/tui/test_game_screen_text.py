"""What the game screen says: the computer's seat, long names, open scores, the
prompts and marks of a choice, and no key acting on a hidden board."""

import re
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input

from chinese_ten.engine.cards import mask_points
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.cut import CutScreen
from chinese_ten.tui.screens.dialogs import ExportScreen
from chinese_ten.tui.screens.game import GameScreen
from chinese_ten.tui.screens.handover import HandoverScreen
from chinese_ten.tui.screens.results import ResultsScreen
from chinese_ten.tui.seats import computer_mark, fit, fit_line
from chinese_ten.tui.widgets.board import Board
from chinese_ten.tui.widgets.card import CardStrip
from chinese_ten.tui.widgets.too_small import MIN_SIZE
from tests.tui_helpers import (
    app_at,
    hand_key,
    make_setup,
    marked,
    options,
    play_until_results,
    save_position,
    screen_text,
    until,
)

LONG = ("Alexandrina Wilhelmina Konstantinopoulou", "Bartholomew Fitzgerald Montgomery-Smythe")
CHOICE = (1, "8D", "2H 2C 6S 7S", "KS")
"""Ana (seat 0) holds 8♦, which takes 2♥ or 2♣; the stock turns K♠."""
TURNED_CHOICE = (1, "3C", "QS QH 5C 6D", "QD")
"""Ana plays 3♣ (no capture); the turned Q♦ takes Q♠ or Q♥."""


def lines(app: ChineseTenApp) -> list[str]:
    return screen_text(app).splitlines()


# ------------------------------------------------------------------ 1. the computer's seat
async def test_the_computers_seat_is_marked_on_the_cut_the_board_and_the_results(
    tmp_path: Path,
) -> None:
    # --vs easy --players Ana,Ben --seat 2: Ana is the computer.
    app = ChineseTenApp(options(tmp_path, computer=("easy", None), deals_planned=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        assert "Ana (computer, easy)" in screen_text(app)
        await pilot.press("enter")
        await until(pilot, lambda: app.game.turn.stage == "select")
        status, opponent = lines(app)[0], lines(app)[2]
        assert "Ana (computer, easy)" in status and "Ben (computer" not in status
        assert "Ana (computer" in opponent and "in hand" in opponent
        results = await play_until_results(pilot)
        text = screen_text(app)
        assert isinstance(results, ResultsScreen)
        deal_rows = [line for line in text.splitlines() if "Ana" in line]
        assert deal_rows and all("(computer, easy)" in line for line in deal_rows)
        assert "Ben (computer" not in text


async def test_a_default_computer_name_is_not_marked_twice(tmp_path: Path) -> None:
    app = ChineseTenApp(
        options(tmp_path, players=("You", "Computer (hard)"), computer=(None, "hard"))
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app)
    assert "Computer (hard)" in text and "(computer" not in text


def test_the_mark_is_ascii_and_only_for_a_computer() -> None:
    assert computer_mark("Ben", "hard") == " (computer, hard)"
    assert computer_mark("Ben", "hard", short=True) == " (computer)"
    assert computer_mark("Ben", None) == ""
    assert computer_mark("Computer (hard)", "hard") == ""
    assert computer_mark("Ben", "hard").isascii()


# ------------------------------------------------------------- 2. keys on a hidden board
async def test_no_game_key_acts_while_the_board_is_hidden(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        game = app.game
        assert game.turn.stage == "select"
        await pilot.resize_terminal(39, 20)
        await pilot.pause()
        assert "enlarge this window" in screen_text(app)
        await pilot.press("enter", "1", "enter", "space", "right", "t", "e")
        await pilot.pause()
        state = game.flow.state
        assert state is not None and not state.actions and game.turn.stage == "select"
        assert app.screen is game and "Play / take" not in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("enter")  # shown again: the keys work again
        await pilot.pause()
        state = game.flow.state
        assert state is not None and len(state.actions) == 1


async def test_the_hand_over_hides_and_waits_below_the_boards_size(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the cut
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        await pilot.resize_terminal(39, 24)
        await pilot.pause()
        text = screen_text(app)
        assert "enlarge this window" in text and "Pass the keyboard" not in text
        await pilot.press("enter", "space")
        await pilot.click(offset=(20, 12))
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "Pass the keyboard" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


def test_the_keys_and_the_stylesheet_hide_at_the_same_size() -> None:
    assert (MIN_SIZE[0], "-normal") in ChineseTenApp.HORIZONTAL_BREAKPOINTS
    assert (MIN_SIZE[1], "-tall") in ChineseTenApp.VERTICAL_BREAKPOINTS


# ----------------------------------------------------------------- 3. the computer's cut
async def test_the_computers_cut_offers_only_enter(tmp_path: Path) -> None:
    # Ana deals first by lot with seed 3, so the cut is Ben's: the computer's here.
    app = ChineseTenApp(options(tmp_path, computer=(None, "easy")))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        cut = app.screen
        assert isinstance(cut, CutScreen) and cut.computer_cuts
        footer = lines(app)[-1]
        assert "Deal the cards" in footer and "Cut" not in footer  # as "Press Enter to deal"
        assert "Random" not in footer and "Fewer" not in footer and "More" not in footer
        position = cut.position
        await pilot.press("left", "right", "right", "r")
        assert cut.position == position
        await pilot.press("enter")  # deals
        await until(pilot, lambda: not isinstance(app.screen, CutScreen), "the deal")


async def test_a_persons_cut_offers_the_cut_keys(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        footer = lines(app)[-1]
        assert "Fewer" in footer and "More" in footer and "Random cut" in footer


# ------------------------------------------------------------------- 4. open scores
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_open_scores_show_beside_the_piles(tmp_path: Path, size: tuple[int, int]) -> None:
    save_position(tmp_path, make_setup(*CHOICE), open_scores=True)  # the save says it
    app = ChineseTenApp(options(tmp_path, resume=True))
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter", hand_key(app, "8♦"), "enter", "enter")  # 8♦ takes 2♥
        await pilot.pause()
        state = app.game.flow.state
        assert state is not None and state.piles[0]
        own, other = (mask_points(p) for p in state.piles)
        assert own == 10
        text = screen_text(app)
        assert f"pile 2 · {own} red points" in text
        assert f"12 in hand · {other} red points" in text


async def test_scores_stay_hidden_without_the_option(tmp_path: Path) -> None:
    app = app_at(tmp_path, make_setup(*CHOICE))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", hand_key(app, "8♦"), "enter", "enter")
        await pilot.pause()
        assert "red points" not in screen_text(app)


# -------------------------------------------------------------------- 5. long names
@pytest.mark.parametrize("ascii_only", [False, True])
async def test_long_names_are_shortened_and_the_counts_stay(
    tmp_path: Path, ascii_only: bool
) -> None:
    app = ChineseTenApp(
        options(tmp_path, players=LONG, computer=(None, "easy"), ascii=ascii_only, open_scores=True)
    )
    ellipsis = "\\.\\.\\." if ascii_only else "…"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: app.game.turn.stage == "select")
        shown = lines(app)
        game = app.game
        status, opponent = shown[0], shown[2]
        totals = game.flow.series.totals
        assert re.search(
            f"Deal 1  .  totals .+{ellipsis} {totals[0]}, .+{ellipsis} \\(computer\\) {totals[1]}"
            f"  .  dealer .+{ellipsis}",
            status,
        ), status
        in_hand = game.turn.view().opponent_hand_count
        assert re.search(
            f"{ellipsis} \\(computer\\) . {in_hand} in hand . \\d+ red points", opponent
        )
        hand_title = next(line for line in shown if "hand" in line and "pile 0" in line)
        assert re.search("pile 0 . 0 red points[-─]", hand_title)  # whole: it fits
        banner = next(line for line in shown if ": play" in line or ": choose" in line)
        assert re.match(" Your turn: (play|choose)", banner), banner  # the person, by seat
        for line in (status, opponent, banner):
            assert LONG[0] not in line and LONG[1] not in line


def test_fit_cuts_by_cells_and_marks_the_cut() -> None:
    assert fit("Ana", 3, "…") == "Ana"
    assert fit("Alexandra", 5, "…") == "Alex…"
    assert fit("Alexandra", 5, "...") == "Al..."
    assert fit("王小明先生", 5, "…") == "王小…"  # two cells a character
    assert fit("Ann Lee", 5, "…") == "Ann…"  # no space before the ellipsis


def test_fit_line_shortens_names_before_the_counts() -> None:
    from rich.text import Text

    def build(name: object) -> Text:
        assert callable(name)
        return Text(f"{name(0)} 12, {name(1)} 3")

    names = ("A" * 40, "Ben")
    assert fit_line(build, 80, names, (None, "hard"), "…").plain == (
        f"{'A' * 40} 12, Ben (computer, hard) 3"
    )
    short = fit_line(build, 30, names, (None, "hard"), "…").plain
    assert short.endswith(" 12, Ben (computer) 3") and len(short) <= 30
    tiny = fit_line(build, 5, names, (None, "hard"), "…").plain
    assert tiny.endswith(" 12, Ben (computer) 3")  # never the counts


# --------------------------------------------------------------- 6. a choice of target
async def test_the_capture_choice_reads_as_one_or_the_other(tmp_path: Path) -> None:
    app = app_at(tmp_path, make_setup(*CHOICE))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter", hand_key(app, "8♦"))
        await pilot.pause()
        text = screen_text(app)
        assert "play 8♦ and take 2♥ or 2♣" in text
        assert "take 2♥ 2♣" not in text
        three = app.game.query_one(Board)._cards_or([0, 1, 2]).plain
        assert three.count(",") == 1 and three.count(" or ") == 1


# ------------------------------------------------------------- 7. the hint after turning
async def test_the_hint_for_the_turned_card_names_what_to_take(tmp_path: Path) -> None:
    app = app_at(tmp_path, make_setup(*TURNED_CHOICE))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter", hand_key(app, "3♣"), "enter", "space")
        await pilot.pause()
        assert app.game.turn.stage == "flip-target"
        await pilot.press("t")
        await until(pilot, lambda: "Hint:" in screen_text(app))
        text = screen_text(app)
        assert "Hint: take Q♠ with the turned Q♦" in text or (
            "Hint: take Q♥ with the turned Q♦" in text
        )
        assert "turn over the stock card" not in text


# -------------------------------------------------------------- 8. taking the triple
async def test_the_triple_is_marked_as_taken_when_its_fourth_card_is_chosen(
    tmp_path: Path,
) -> None:
    app = app_at(tmp_path, make_setup(1, "8D KH", "KS KC KD 7S", "2S"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert len(marked(app, "#table", "triple")) == 3  # waiting for the fourth king
        await pilot.press(hand_key(app, "K♥"))
        await pilot.pause()
        assert "take the layout triple?" in screen_text(app)
        assert len(marked(app, "#table", "target")) == 3
        assert marked(app, "#table", "triple") == []


# ---------------------------------------------------------- 9. the stock while choosing
async def test_the_stock_count_leaves_out_the_turned_card(tmp_path: Path) -> None:
    app = app_at(tmp_path, make_setup(*TURNED_CHOICE))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter", hand_key(app, "3♣"), "enter")
        await pilot.pause()
        (before,) = app.game.query_one("#stock", CardStrip).looks
        await pilot.press("space")
        await pilot.pause()
        assert app.game.turn.stage == "flip-target"
        (during,) = app.game.query_one("#stock", CardStrip).looks
        assert (before.count, during.count) == (24, 23)


# --------------------------------------------------------------- 10. the export path
async def test_the_export_field_shows_no_control_character(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    default = tmp_path / "a\x1b]2;owned\x07b" / "game.json"
    chosen: list[Path | None] = []
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(ExportScreen(default), chosen.append)
        await pilot.pause()
        field = app.screen.query_one(Input)
        assert "\x1b" not in field.value and "\\x1b]2;owned\\x07b" in field.value
        await pilot.press("enter")  # the default, unchanged, is the real path
        await pilot.pause()
        assert chosen == [default]
        app.push_screen(ExportScreen(tmp_path / "x.json"), chosen.append)
        await pilot.pause()
        field = app.screen.query_one(Input)
        field.value = ""
        field.post_message(events.Paste("y\x1b[2J\x9bz.json"))
        await pilot.pause()
        assert field.value == "y[2Jz.json"
        await pilot.press("enter")
        await pilot.pause()
        assert chosen[-1] == Path("y[2Jz.json")


async def test_long_names_leave_room_for_the_results(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=LONG, computer=(None, "easy"), deals_planned=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until_results(pilot)
        await pilot.press("end")  # the deal's table, under the series'
        await pilot.pause()
        text = screen_text(app)
    # The tables, under the keys of the verdict (which names each whole)
    tables = text.split("n: new series · g: new game · q: quit")[1]
    assert "Points" in tables and "Result" in tables and "Red cards" in tables
    assert "Alexandrina Wilhelmina…" in tables
    assert "Bartholomew Fitzgerald… (computer, easy)" in tables
    assert LONG[0] not in tables.replace("\n", " ")  # the tables cut it
