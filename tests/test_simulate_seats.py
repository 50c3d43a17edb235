"""``simulate`` between two players of one kind (``greedy,greedy``): their seats are named
apart, checked before anything is played, so no played game is lost to a refused record."""

import json
from pathlib import Path

import pytest

from chinese_ten.analysis.simulate import SeriesPlay, seat_names, simulate
from chinese_ten.cli.main import main
from chinese_ten.engine.errors import PlayerNameError
from chinese_ten.store.records import load_and_replay


def test_one_kind_twice_writes_records_with_seats_named_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path / "data"))
    folder = tmp_path / "runs"
    args = ["simulate", "--games", "2", "--deals", "1", "--players", "greedy,greedy"]
    assert main([*args, "--duplicate", "--seed", "3", "--records", str(folder), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["players"] == ["greedy 1", "greedy 2"]
    assert sum(summary["series_won"].values()) + summary["series_tied"] == 4  # two keys
    records = sorted(folder.iterdir())
    assert [p.name for p in records] == [
        "series-00001-greedy-1-v-greedy-2.json",
        "series-00002-greedy-2-v-greedy-1.json",  # the duplicate: the seats swapped
        "series-00003-greedy-1-v-greedy-2.json",
        "series-00004-greedy-2-v-greedy-1.json",
    ]
    record, _states = load_and_replay(records[1])
    assert record.players == ("greedy 2", "greedy 1")


def test_names_that_read_the_same_are_told_apart_and_others_kept() -> None:
    assert seat_names(("Greedy", "greedy")) == ("Greedy 1", "greedy 2")  # as a record reads
    plays: list[SeriesPlay] = []
    simulate(1, 1, ("random", "random"), 1, on_series=plays.append)
    simulate(1, 1, ("greedy", "random"), 1, on_series=plays.append)
    assert [p.players for p in plays] == [("random 1", "random 2"), ("greedy", "random")]


def test_names_a_record_refuses_stop_the_run_before_any_series_is_played() -> None:
    plays: list[SeriesPlay] = []
    with pytest.raises(PlayerNameError):
        simulate(3, 1, ("greedy", "\x1b[2J"), 1, on_series=plays.append)
    assert plays == []
