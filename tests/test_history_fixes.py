"""Findings of playing with and attacking the history (issue 15), each pinned by a test:
tables that fit 80 columns, a closed pipe, plurals, the running total drawn from 0, and a
resumed game whose last store had failed."""

import json
import os
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from chinese_ten.analysis.stats import player_stats, sparkline
from chinese_ten.cli.main import main
from chinese_ten.store.history import History, keep, open_history
from chinese_ten.store.history_rows import GameRow
from tests.history_helpers import played

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
WIDTH = 80


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    return tmp_path / "data"


def _against_computers(history: History) -> None:
    """Ana against two computer levels and a person: long labels, a few deals each."""
    for seed, (names, computers) in enumerate(
        [
            (("Ana", "Computer (easy)"), (None, "easy")),
            (("Ana", "Computer (hard)"), (None, "hard")),
            (("Benedict Cumberbatch", "Ana"), (None, None)),
            (("Ana", "Rob"), (None, "normal")),
        ],
        start=1,
    ):
        history.store(
            played(3, seed=seed, names=names), computers=computers, started=START, ended=START
        )


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


def test_stats_fit_80_columns_without_wrapping_a_cell(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_history(home) as history:
        _against_computers(history)
    assert main(["stats", "--player", "ana"]) == 0
    lines = _lines(capsys.readouterr().out)
    assert max(len(line) for line in lines) <= WIDTH
    for label in ("computer (easy)", "computer (hard)", "Benedict Cumberbatch", "all opponents"):
        (line,) = [line for line in lines if label in line]  # on one line, whole
        assert re.search(r"[+-]\d+\.\d ± \d+\.\d", line)  # the mean and its interval too
        assert re.search(r"(won|lost|tied) \d+", line)


def test_the_list_fits_80_columns_and_never_splits_a_seat(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_history(home) as history:
        _against_computers(history)
    assert main(["history"]) == 0
    lines = _lines(capsys.readouterr().out)
    assert max(len(line) for line in lines) <= WIDTH
    for label in ("Computer (easy)", "Computer (hard)", "Benedict Cumberbatch", "Rob (computer"):
        assert any(label in line for line in lines), label


def test_a_wide_terminal_keeps_the_boxed_tables(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    with open_history(home) as history:
        _against_computers(history)
    assert main(["history"]) == 0
    out = capsys.readouterr().out
    assert "┏" in out
    assert any("Ana v Computer (easy)" in line for line in out.splitlines())
    assert main(["stats", "--player", "ana"]) == 0
    out = capsys.readouterr().out
    assert "┏" in out and "Series W-L-T" in out


def test_a_narrow_terminal_degrades_without_a_traceback(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    with open_history(home) as history:
        _against_computers(history)
    assert main(["stats"]) == 0 and main(["history"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in _lines(out)) <= 40


@pytest.mark.parametrize(
    "args",
    [
        ["history"],
        ["history", "--json"],
        ["stats"],
        ["stats", "--json"],
        ["history", "export", "1"],
    ],
)
def test_a_closed_pipe_is_quiet(tmp_path: Path, args: list[str]) -> None:
    """``chinese-ten history --json | head -c1``: the reader left; no traceback, exit 1."""
    with open_history(tmp_path) as history:
        _against_computers(history)
    env = {**os.environ, "CHINESE_TEN_HOME": str(tmp_path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "chinese_ten", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # before the program writes a byte
    err = process.stderr.read().decode()
    assert process.wait(timeout=60) == 1  # as test_cli's closed-pipe test: one rule for all
    assert err == ""


def test_a_streak_of_one_is_singular(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with open_history(home) as history:
        history.store(
            played(1, seed=3, names=("Ana", "Ben")),
            computers=(None, None),
            started=START,
            ended=START,
        )
    assert main(["--lang", "fr", "stats", "--json"]) == 0
    (first, second) = json.loads(capsys.readouterr().out)["players"]
    assert {first["overall"]["streak"]["deals"], second["overall"]["streak"]["deals"]} == {1}
    assert main(["--lang", "fr", "stats"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\b1 (gagnée|perdue|nulle)\b", out), out


def test_the_running_total_is_drawn_from_zero() -> None:
    from chinese_ten.analysis.history_text import running_from_zero

    (ana,) = player_stats([_row(-38)], "Ana")
    assert running_from_zero(ana.overall) == [0, -38]
    assert sparkline(running_from_zero(ana.overall)) == "█▁"  # a loss shows as a fall
    (ana,) = player_stats([_row(12)], "Ana")
    assert sparkline(running_from_zero(ana.overall)) == "▁█"


def _row(result: int) -> GameRow:
    return GameRow(
        id=1,
        players=("Ana", "Ben"),
        keys=("ana", "ben"),
        computers=(None, "easy"),
        started=START,
        ended=START,
        deals_planned=1,
        deals_played=1,
        totals=(result, -result),
        winner=0 if result > 0 else 1,
        over=True,
        results=((result, -result),),
        imported=False,
    )


def test_a_resume_after_a_failed_store_grows_the_same_row(tmp_path: Path) -> None:
    """Deal 1 stored; deal 2's store failed; the game was left and resumed; deal 3 ends:
    one row with the 3 deals (not a second game counting deal 1 twice)."""
    whole = played(3, seed=7)
    one = whole.model_copy(update={"deals": whole.deals[:1]})
    first = keep(tmp_path, one, computers=(None, "easy"), started=START, game_id=None)
    assert first.problem is None and first.game_id is not None
    resumed = keep(tmp_path, whole, computers=(None, "easy"), started=START, game_id=None)
    assert resumed.problem is None and resumed.game_id == first.game_id
    with open_history(tmp_path) as history:
        (row,) = history.games()
    assert row.deals_played == 3 and row.id == first.game_id


def test_a_resume_never_grows_an_imported_game(tmp_path: Path) -> None:
    whole = played(2, seed=8)
    one = whole.model_copy(update={"deals": whole.deals[:1]})
    with open_history(tmp_path) as history:
        imported, _ = history.import_record(one)
    kept = keep(tmp_path, whole, computers=(None, None), started=START, game_id=None)
    assert kept.game_id != imported
    with open_history(tmp_path) as history:
        assert sorted(r.deals_played for r in history.games()) == [1, 2]


def _damage(path: Path) -> None:
    """Overwrite every page after the first: the header reads, the tables do not."""
    size = path.stat().st_size
    with path.open("r+b") as file:
        file.seek(4096)
        file.write(b"\xff" * (size - 4096))


def test_damage_found_when_a_game_is_stored_is_moved_aside(tmp_path: Path) -> None:
    whole = played(2, seed=9)
    one = whole.model_copy(update={"deals": whole.deals[:1]})
    with open_history(tmp_path) as history:
        _against_computers(history)
    first = keep(tmp_path, one, computers=(None, "easy"), started=START, game_id=None)
    assert first.problem is None
    database = tmp_path / "history.sqlite"
    _damage(database)
    damaged = database.read_bytes()
    kept = keep(tmp_path, whole, computers=(None, "easy"), started=START, game_id=first.game_id)
    assert kept.problem is None, kept.problem
    (warning,) = kept.warnings
    assert "broken-1" in warning
    assert (tmp_path / "history.sqlite.broken-1").read_bytes() == damaged  # nothing lost
    with open_history(tmp_path) as history:
        (row,) = history.games()
    assert row.deals_played == 2 and row.id == kept.game_id


def test_a_damaged_history_is_one_line_for_the_commands(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_history(home) as history:
        _against_computers(history)
    _damage(home / "history.sqlite")
    for args in (["history"], ["stats"], ["history", "export", "1"]):
        assert main(args) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err and "history.sqlite" in err
