"""Snapshots of the compact board: two players at 40x20, four at 44x22, a hand-over and the
results at 40x20, and ``--compact`` forcing it at 80x24 (``--snapshot-update`` to accept
changes)."""

from collections.abc import Callable
from pathlib import Path

from chinese_ten.analysis.simulate import SeriesPlay, simulate
from chinese_ten.store.saves import SaveSlot
from chinese_ten.tui.app import ChineseTenApp
from tests.tui_helpers import current_record, options

Snap = Callable[..., bool]


def test_two_people_at_40x20(snap_compare: Snap, tmp_path: Path) -> None:
    """A card chosen (square brackets) and the table card it takes (angle brackets)."""
    app = ChineseTenApp(options(tmp_path, open_scores=True))
    assert snap_compare(app, press=["enter", "enter", "right"], terminal_size=(40, 20))


def test_you_against_three_computers_at_44x22(snap_compare: Snap, tmp_path: Path) -> None:
    app = ChineseTenApp(
        options(tmp_path, players=None, computer=(None, "easy", "normal", "hard"), pause=60.0)
    )
    assert snap_compare(app, press=["enter"], terminal_size=(44, 22))


def test_four_people_at_44x22_in_ascii(snap_compare: Snap, tmp_path: Path) -> None:
    app = ChineseTenApp(
        options(
            tmp_path,
            players=("Ana", "Ben", "Cy", "Dee"),
            computer=(None,) * 4,
            ascii=True,
            symbols=False,
        )
    )
    assert snap_compare(app, press=["enter", "enter", "right"], terminal_size=(44, 22))


def test_the_hand_over_at_40x20(snap_compare: Snap, tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    assert snap_compare(app, press=["enter"], terminal_size=(40, 20))


def test_the_results_of_four_at_44x22(snap_compare: Snap, tmp_path: Path) -> None:
    plays: list[SeriesPlay] = []
    simulate(1, 2, ("greedy", "random", "greedy", "random"), 8, on_series=plays.append)
    names = ("Ana", "Ben", "Cy", "Dee")
    SaveSlot(tmp_path).save(current_record(names, 2, plays[0].states, (None,) * 4))
    app = ChineseTenApp(options(tmp_path, players=names, computer=(None,) * 4, resume=True))
    assert snap_compare(app, terminal_size=(44, 22))


def test_compact_asked_for_at_80x24(snap_compare: Snap, tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, compact=True))
    assert snap_compare(app, press=["enter", "enter"], terminal_size=(80, 24))
