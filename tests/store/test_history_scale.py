"""Many games, people and opponents: the tables stay a screenful, ``--json`` has them all,
and the figures are worked out in one pass."""

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from chinese_ten.cli.commands.stats_tables import MAX_OPPONENTS, MAX_PEOPLE
from chinese_ten.cli.main import main
from chinese_ten.store.history import open_history
from tests.history_helpers import played

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("COLUMNS", "120")
    return tmp_path / "data"


def _against(home: Path, count: int) -> None:
    """Ana against ``count`` people, one game each (Ana has the most deals)."""
    with open_history(home) as history:
        for k in range(count):
            history.store(
                played(1, seed=k, names=("Ana", f"P{k:02d}")),
                computers=(None, None),
                started=START,
                ended=START,
            )


def test_a_few_opponents_are_all_drawn(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _against(home, 3)
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert all(f"P{k:02d}" in out for k in range(3)) and "more" not in out


def test_many_opponents_and_people_are_counted_not_drawn(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    count = MAX_OPPONENTS + 2
    _against(home, count)
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "... and 2 more opponents (--json lists every one)" in out
    more_people = count + 1 - MAX_PEOPLE
    assert f"... and {more_people} more people (stats --player NAME shows one" in out
    assert out.count("all opponents") == 1  # only Ana has more than one opponent
    assert main(["stats", "--json"]) == 0
    players = json.loads(capsys.readouterr().out)["players"]
    assert len(players) == count + 1
    assert players[0]["player"] == "Ana" and len(players[0]["opponents"]) == count
    assert main(["stats", "--player", f"P{count - 1:02d}"]) == 0
    assert "more" not in capsys.readouterr().out
