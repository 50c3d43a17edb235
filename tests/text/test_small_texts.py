"""Small texts a newcomer reads: ties as 0, plurals; on the screens in
``tests/tui/test_small_texts_on_screen.py``."""

from pathlib import Path

import pytest

from chinese_ten.analysis.simulate import SeriesPlay, simulate
from chinese_ten.cli.main import main
from chinese_ten.store.records import game_record


def tied_series() -> SeriesPlay:
    """Seed 67: deal 1 ends +28/-28, deal 2 is a tie."""
    plays: list[SeriesPlay] = []
    simulate(1, 2, ("greedy", "random"), 67, on_series=plays.append)
    return plays[0]


def write_record(path: Path, deals: int | None, count: int) -> Path:
    play = tied_series()
    path.write_text(game_record(("Ana", "Ben"), deals, play.states[:count]).model_dump_json())
    return path


def test_replay_shows_a_tie_as_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(write_record(tmp_path / "g.json", 2, 2))]) == 0
    rows = [
        [cell.strip() for cell in line.split("│")] for line in capsys.readouterr().out.splitlines()
    ]
    tied = [cells for cells in rows if cells[1:2] == ["2"]]
    assert len(tied) == 1 and tied[0][3:7] == ["105", "105", "0", "0"], tied


@pytest.mark.parametrize(
    ("deals", "count", "verdict"),
    [
        (None, 1, "1 deal finished; no series result yet."),
        (6, 1, "1 of 6 deals finished; no series result yet."),
        (None, 2, "2 deals finished; no series result yet."),
    ],
)
def test_replay_counts_deals_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], deals: int | None, count: int, verdict: str
) -> None:
    assert main(["replay", str(write_record(tmp_path / "g.json", deals, count))]) == 0
    assert capsys.readouterr().out.rstrip().endswith(verdict)
