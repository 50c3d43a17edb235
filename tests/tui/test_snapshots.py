"""Snapshots of the main screens at 80x24 and 120x40, the board at 200x50 too
(``--snapshot-update`` to accept changes)."""

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from chinese_ten.analysis.simulate import SeriesPlay, simulate
from chinese_ten.store.saves import SaveSlot
from chinese_ten.tui.app import ChineseTenApp
from tests.tui_helpers import current_record, hand_key, make_setup, options, save_position

SIZES = [(80, 24), (120, 40)]
BOARD_SIZES = [*SIZES, (200, 50)]
"""Three of the board's card sizes (small, medium, huge)."""
Snap = Callable[..., bool]


@pytest.mark.parametrize("size", SIZES)
def test_start_screen(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(ChineseTenApp(options(tmp_path, players=None)), terminal_size=size)


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_a_turn(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    app = ChineseTenApp(options(tmp_path))
    assert snap_compare(app, press=["enter", "enter", "right"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_a_choice_of_target(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    save_position(tmp_path, make_setup(1, "8D", "2H 2C 6S 7S", "KS"))
    app = ChineseTenApp(options(tmp_path, resume=True))

    async def choose(pilot: Pilot[Any]) -> None:
        await pilot.press("enter")
        await pilot.press(hand_key(app, "8♦"), "enter")

    assert snap_compare(app, run_before=choose, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_the_hand_over_screen(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    app = ChineseTenApp(options(tmp_path))
    assert snap_compare(
        app, press=["enter", "enter", "enter", "space", "enter"], terminal_size=size
    )


@pytest.mark.parametrize("size", SIZES)
def test_the_results_screen(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    plays: list[SeriesPlay] = []
    simulate(1, 2, ("greedy", "random"), 8, on_series=plays.append)
    play = plays[0]
    SaveSlot(tmp_path).save(current_record(("Ana", "Ben"), 2, play.states))
    app = ChineseTenApp(options(tmp_path, resume=True))
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_the_cut_screen(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(ChineseTenApp(options(tmp_path)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_the_quit_question(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    """A dialog over the board (each brings its own styles: dialogs.tcss, board.tcss)."""
    app = ChineseTenApp(options(tmp_path))
    assert snap_compare(app, press=["enter", "enter", "q"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.xdist_group("tmp/chinese-ten-snapshot")  # one folder: the sizes one at a time
def test_the_continue_question(snap_compare: Snap, size: tuple[int, int]) -> None:
    """Asked over the start screen, which stays in sight behind it. The question shows the
    save's path: a fixed folder, so that the picture is the same at every run."""
    folder = Path(tempfile.gettempdir()) / "chinese-ten-snapshot"
    shutil.rmtree(folder, ignore_errors=True)
    save_position(folder, make_setup(1, "8D", "2H 2C 6S 7S", "KS"))
    assert snap_compare(ChineseTenApp(options(folder, players=None)), terminal_size=size)


# Snapshots of the board and the results at tables of three and four, at 80x24 and 120x40
# (``--snapshot-update`` to accept changes).


@pytest.mark.parametrize("size", SIZES)
def test_you_against_two_computers(
    snap_compare: Snap, tmp_path: Path, size: tuple[int, int]
) -> None:
    app = ChineseTenApp(
        options(tmp_path, players=None, computer=("easy", None, "hard"), open_scores=True)
    )
    assert snap_compare(app, press=["enter"], terminal_size=size)


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_four_people_at_one_keyboard(
    snap_compare: Snap, tmp_path: Path, size: tuple[int, int]
) -> None:
    app = ChineseTenApp(
        options(tmp_path, players=("Ana", "Ben", "Cy", "Dee"), computer=(None,) * 4)
    )
    assert snap_compare(app, press=["enter", "enter", "right"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_the_results_of_a_series_of_four(
    snap_compare: Snap, tmp_path: Path, size: tuple[int, int]
) -> None:
    plays: list[SeriesPlay] = []
    simulate(1, 2, ("greedy", "random", "greedy", "random"), 8, on_series=plays.append)
    names = ("Ana", "Ben", "Cy", "Dee")
    SaveSlot(tmp_path).save(current_record(names, 2, plays[0].states, (None,) * 4))
    app = ChineseTenApp(options(tmp_path, players=names, computer=(None,) * 4, resume=True))
    assert snap_compare(app, terminal_size=size)
