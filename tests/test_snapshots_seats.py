"""Snapshots of the board and the results at tables of three and four, at 80x24 and 120x40
(``--snapshot-update`` to accept changes)."""

from collections.abc import Callable
from pathlib import Path

import pytest

from chinese_ten.analysis.simulate import SeriesPlay, simulate
from chinese_ten.store.saves import SaveSlot
from chinese_ten.tui.app import ChineseTenApp
from tests.tui_helpers import current_record, options

SIZES = [(80, 24), (120, 40)]
Snap = Callable[..., bool]


@pytest.mark.parametrize("size", SIZES)
def test_you_against_two_computers(
    snap_compare: Snap, tmp_path: Path, size: tuple[int, int]
) -> None:
    app = ChineseTenApp(
        options(tmp_path, players=None, computer=("easy", None, "hard"), open_scores=True)
    )
    assert snap_compare(app, press=["enter"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
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
