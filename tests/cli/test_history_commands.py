"""``chinese-ten history`` (list, export, import) and ``stats``: friendly and hostile input,
the statistics worked out by hand on a small set of games, tables that fit 80 columns, a
closed pipe, plurals and a damaged file."""

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
from chinese_ten.store.history import History, open_history
from chinese_ten.store.history_names import history_key
from chinese_ten.store.history_rows import GameRow
from chinese_ten.store.records import record_json
from tests.history_helpers import played

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
HOSTILE = "[bold]x[/] \x1b]2;pwn\x07"
"""Markup, and the start of a window-title escape (refused by the name rule)."""
MARKUP = "[red]Zed[/]"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def _fail(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as stop:
        main(list(args))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def _stored(home: Path, *names: tuple[str, str]) -> list[int]:
    with open_history(home) as history:
        return [
            history.store(
                played(2, seed=k, names=pair), computers=(None, None), started=START, ended=START
            )
            for k, pair in enumerate(names, start=1)
        ]


def test_list_table_and_json(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ids = _stored(home, ("Ana", "Ben"), (MARKUP, "Ben"))
    assert main(["history"]) == 0
    out = capsys.readouterr().out
    assert MARKUP in out and "Ana" in out  # markup shown as typed
    assert main(["history", "--json", "--player", "ben", "--limit", "1"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["id"] == ids[1] and row["players"] == [MARKUP, "Ben"]
    assert main(["history", "--player", "Nobody"]) == 0
    assert "No games of Nobody" in capsys.readouterr().out


def test_an_empty_history_says_so(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history"]) == 0
    assert "No games in the history yet." in capsys.readouterr().out
    assert main(["stats"]) == 0
    assert "No games in the history yet." in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["history", "--limit", "0"], "at least 1"),
        (["history", "--limit", "-1"], "at least 1"),
        (["history", "--limit", "1" + "0" * 30], "more than"),
        (["history", "--limit", "x"], "not a whole number"),
        (["history", "--player", HOSTILE], "control"),
        (["history", "--player", ""], "empty"),
        (["stats", "--player", "a\nb"], "one line"),
        (["history", "export", "abc"], "not a whole number"),
        (["history", "export", "0"], "at least 1"),
        (["history", "export", "9" * 30], "no game"),
        (["history", "export"], "required"),
        (["history", "import"], "required"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    home: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    err = _fail(capsys, *args)
    assert message in err
    assert "\x1b" not in err


def test_export_to_stdout_and_to_a_new_file_only(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (game,) = _stored(home, ("Ana", "Ben"))
    with open_history(home) as history:
        expected = record_json(history.record(game))
    assert main(["history", "export", str(game)]) == 0
    assert capsys.readouterr().out == expected
    target = tmp_path / "game.json"
    assert main(["history", "export", str(game), str(target)]) == 0
    assert target.read_text() == expected
    target.write_text("mine")
    assert main(["history", "export", str(game), str(target)]) == 1
    assert "already exists" in capsys.readouterr().err
    assert target.read_text() == "mine"
    assert main(["history", "export", str(game), str(tmp_path)]) == 1
    assert main(["history", "export", "77"]) == 1
    err = capsys.readouterr().err
    assert "no game 77" in err and err.count("\n") == 2


def test_import_each_game_once_and_refuse_the_rest(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.json"
    good.write_text(record_json(played(2, seed=9)))
    not_record = tmp_path / "not.json"
    not_record.write_text('{"hello": 1}')
    args = ["history", "import", str(good), str(good), str(not_record), str(tmp_path), "/dev/zero"]
    assert main(args) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [
        f"{good}: added as game 1",
        f"{good}: already there, as game 1",
    ]
    refused = captured.err.splitlines()
    assert len(refused) == 3 and all(line.startswith("refused: ") for line in refused)
    assert "not a regular file" in refused[2] and "folder" in refused[1]
    assert main(["history", "import", str(good)]) == 0
    assert "already there" in capsys.readouterr().out
    with open_history(home) as history:
        assert len(history.games()) == 1


def test_stats_table_json_and_ascii(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _stored(home, (MARKUP, "Ben"), ("Ben", MARKUP))
    assert main(["stats", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert MARKUP in out
    assert not any(block in out for block in "▁▂▃▄▅▆▇█")
    assert main(["stats", "--json", "--player", "ben"]) == 0
    (ben,) = json.loads(capsys.readouterr().out)["players"]
    assert ben["player"] == "Ben" and ben["overall"]["deals"] == 4
    (against,) = ben["opponents"]
    assert against["opponent"] == MARKUP


# ------------------------------------------------------------ the figures, by hand
def _row(
    game_id: int,
    players: tuple[str, str],
    results: tuple[int, ...],
    *,
    computers: tuple[str | None, str | None] = (None, None),
    planned: int | None = None,
) -> GameRow:
    total = sum(results)
    over = planned is not None and len(results) == planned
    return GameRow(
        id=game_id,
        players=players,
        keys=(history_key(players[0]), history_key(players[1])),
        computers=computers,
        started=None,
        ended=datetime(2026, 1, game_id, tzinfo=UTC),
        deals_planned=planned,
        deals_played=len(results),
        totals=(total, -total),
        winner=(None if not over or total == 0 else (0 if total > 0 else 1)),
        over=over,
        results=tuple((r, -r) for r in results),
        imported=False,
    )


ROWS = [
    _row(3, ("Ana", "Computer"), (20,), computers=(None, "hard")),
    _row(1, ("Ana", "Ben"), (10, -4), planned=2),
    _row(2, ("Ben", "ana"), (6, 0), planned=2),
]


def test_the_figures_match_a_hand_count() -> None:
    ana, ben = player_stats(ROWS)
    assert ana.player == "Ana"  # the latest spelling ("ana" in game 2, "Ana" in game 3)
    overall = ana.overall
    assert overall.results == [10, -4, -6, 0, 20]
    assert (overall.series_won, overall.series_lost, overall.series_tied) == (1, 1, 0)
    assert overall.mean == 4.0
    assert overall.interval == pytest.approx(1.96 * (118 / 5) ** 0.5)  # 9.52
    assert (overall.best, overall.worst) == (20, -6)
    assert overall.streak == (1, 1)
    assert overall.running == [10, 6, 0, 0, 20]
    versus_ben, versus_hard = ana.opponents
    assert versus_ben.opponent == "Ben" and versus_ben.mean == 0
    assert versus_ben.interval == pytest.approx(1.96 * (152 / 3 / 4) ** 0.5)  # 6.98
    assert versus_ben.streak == (0, 1)
    assert (versus_hard.opponent, versus_hard.computer) == ("Computer (hard)", "hard")
    assert versus_hard.interval is None and versus_hard.series_won == 0
    assert ben.overall.results == [-10, 4, 6, 0]
    assert (ben.overall.best, ben.overall.worst, ben.overall.streak) == (6, -10, (0, 1))
    assert [s.player for s in player_stats(ROWS, "BEN")] == ["Ben"]
    assert player_stats([], None) == []


def test_a_losing_streak_and_the_sparkline() -> None:
    rows = [_row(1, ("Ana", "Ben"), (5, -3, -7, -1))]
    (ana, _ben) = player_stats(rows)
    assert ana.overall.streak == (-1, 3)
    assert sparkline([]) == ""
    assert len(sparkline(list(range(100)), width=10)) == 10
    assert sparkline(list(range(100)), width=10).endswith("█")
    assert sparkline([-5, 0, 5], ascii_only=True) == "_=#"


# ------------------------------------------------------------ tables in 80 columns, pipes,
# plurals, the running total from 0, a damaged file (found playing and attacking)


WIDTH = 80


@pytest.fixture
def home_at_80(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
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
    home_at_80: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_history(home_at_80) as history:
        _against_computers(history)
    assert main(["stats", "--player", "ana"]) == 0
    lines = _lines(capsys.readouterr().out)
    assert max(len(line) for line in lines) <= WIDTH
    for label in ("Computer (easy)", "Computer (hard)", "Benedict Cumberbatch", "all opponents"):
        (line,) = [line for line in lines if label in line]  # on one line, whole
        assert re.search(r"[+-]\d+\.\d ± \d+\.\d", line)  # the mean and its interval too
        assert re.search(r"(won|lost|tied) \d+", line)


def test_the_list_fits_80_columns_and_never_splits_a_seat(
    home_at_80: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_history(home_at_80) as history:
        _against_computers(history)
    assert main(["history"]) == 0
    lines = _lines(capsys.readouterr().out)
    assert max(len(line) for line in lines) <= WIDTH
    for label in ("Computer (easy)", "Computer (hard)", "Benedict Cumberbatch", "Rob (computer"):
        assert any(label in line for line in lines), label


def test_a_wide_terminal_keeps_the_boxed_tables(
    home_at_80: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    with open_history(home_at_80) as history:
        _against_computers(history)
    assert main(["history"]) == 0
    out = capsys.readouterr().out
    assert "┏" in out
    assert any("Ana v Computer (easy)" in line for line in out.splitlines())
    assert main(["stats", "--player", "ana"]) == 0
    out = capsys.readouterr().out
    assert "┏" in out and "Series W-L-T" in out


def test_a_boxed_table_wraps_its_headers_before_its_cells(
    home_at_80: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Too narrow for headers on one line, wide enough for the cells: still boxed."""
    monkeypatch.setenv("COLUMNS", "100")
    with open_history(home_at_80) as history:
        _against_computers(history)
    assert main(["stats", "--player", "ana"]) == 0
    lines = _lines(capsys.readouterr().out)
    assert max(len(line) for line in lines) <= 100 and "┏" in lines[1]
    assert not any("Series W-L-T" in line for line in lines)  # wrapped at its space
    for label in ("Computer (normal)", "Benedict Cumberbatch", "all opponents"):
        (line,) = [line for line in lines if label in line]
        assert re.search(r"[+-]\d+\.\d ± \d+\.\d .*(won|lost|tied) \d+", line)


def test_a_narrow_terminal_degrades_without_a_traceback(
    home_at_80: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    with open_history(home_at_80) as history:
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


def test_a_streak_of_one_is_singular(home_at_80: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with open_history(home_at_80) as history:
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
    assert re.search(r"\b1 (victoire|défaite|nul)\b", out), out


def test_the_running_total_is_drawn_from_zero() -> None:
    from chinese_ten.analysis.history_text import running_from_zero

    (ana,) = player_stats([_one_game_row(-38)], "Ana")
    assert running_from_zero(ana.overall) == [0, -38]
    assert sparkline(running_from_zero(ana.overall)) == "█▁"  # a loss shows as a fall
    (ana,) = player_stats([_one_game_row(12)], "Ana")
    assert sparkline(running_from_zero(ana.overall)) == "▁█"


def _one_game_row(result: int) -> GameRow:
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


def _damage(path: Path) -> None:
    """Overwrite every page after the first: the header reads, the tables do not."""
    size = path.stat().st_size
    with path.open("r+b") as file:
        file.seek(4096)
        file.write(b"\xff" * (size - 4096))


def test_a_damaged_history_is_one_line_for_the_commands(
    home_at_80: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_history(home_at_80) as history:
        _against_computers(history)
    _damage(home_at_80 / "history.sqlite")
    for args in (["history"], ["stats"], ["history", "export", "1"]):
        assert main(args) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err and "history.sqlite" in err


# ------------------------------------------------------- games played deal after deal
def _open_ended(home: Path) -> None:
    """Ana and Ben, deal after deal (no series to win), still going: stored as each deal
    ends, so it has a time of its last deal and no end."""
    record = played(4, seed=2).model_copy(update={"deals_planned": None})
    with open_history(home) as history:
        history.store(record, computers=(None, None), started=START, ended=START)


def test_deal_after_deal_has_no_series_won_lost_or_tied(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    _open_ended(home)
    assert main(["stats", "--player", "ana"]) == 0
    lines = [line.replace("│", " ").split() for line in capsys.readouterr().out.splitlines()]
    (row,) = [cells for cells in lines if cells[:1] == ["Ben"]]
    assert row[1] == "-", row  # not 0-0-0 beside a streak of won deals
    assert main(["history"]) == 0
    out = capsys.readouterr().out
    assert "Last played" in out and "Ended" not in out  # the game has not ended


def test_a_finished_series_still_counts_won_lost_tied(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    _stored(home, ("Ana", "Ben"))
    _open_ended(home)
    assert main(["stats", "--player", "ana"]) == 0
    lines = [line.replace("│", " ").split() for line in capsys.readouterr().out.splitlines()]
    (row,) = [cells for cells in lines if cells[:1] == ["Ben"]]
    assert re.fullmatch(r"[01]-[01]-[01]", row[1]) and row[1].count("1") == 1, row
