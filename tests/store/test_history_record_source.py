"""The record is the one source of a stored game's facts: a row whose columns say otherwise
(a hand edit, a damaged disk) is damaged, skipped and said in one line, exit status 1."""

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from chinese_ten.cli.main import main
from chinese_ten.store.history import open_history, read_history
from chinese_ten.store.history_places import FILE_NAME
from chinese_ten.store.history_rows import deal_bounds
from chinese_ten.store.records import GameRecord, replay, series_score
from tests.history_helpers import played, played_at

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
READERS = (["history"], ["history", "--json"], ["stats"], ["stats", "--json"])


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def _store(folder: Path, *records: GameRecord) -> list[int]:
    with open_history(folder) as history:
        return [
            history.store(record, computers=(None,) * record.seat_count, started=START, ended=START)
            for record in records
        ]


def _sql(folder: Path, statement: str, *parameters: object) -> None:
    db = sqlite3.connect(folder / FILE_NAME)
    db.execute(statement, parameters)
    db.commit()
    db.close()


def _results(record: GameRecord) -> list[tuple[int, ...]]:
    return [o.results for o in series_score(record, replay(record)).outcomes]


def _said_damaged(home: Path, capsys: pytest.CaptureFixture[str], game: int, why: str) -> None:
    """Every reader leaves ``game`` out, says why in one line and ends with status 1."""
    for args in READERS:
        assert main(args) == 1, args
        out, err = capsys.readouterr()
        assert err == f"{home / FILE_NAME}: game {game} is damaged ({why}); skipped\n"
        assert "Cleo" in out and "Ana" not in out
    with read_history(home) as history:
        assert [row.players for row in history.games()] == [("Cleo", "Dan")]


def test_rows_that_agree_with_their_records_are_listed(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _store(home, played(2, seed=1), played_at(("Cleo", "Dan", "Eve"), 2, seed=2))
    for args in READERS:
        assert main(args) == 0
        out, err = capsys.readouterr()
        assert "Ana" in out and "Cleo" in out and err == ""


def test_totals_results_and_winner_edited_together_are_not_believed(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The report's edit: a whole, consistent row of a game its record says was lost."""
    record = played(1, seed=3)
    assert _results(record)[0][0] != 50
    first, _second = _store(home, record, played(1, seed=2, names=("Cleo", "Dan")))
    _sql(
        home,
        "UPDATE games SET total0 = 50, total1 = -50, winner = 0, results = '[50]' WHERE id = ?",
        first,
    )
    _said_damaged(home, capsys, first, "total0 is not what its record says")
    assert main(["stats", "--json"]) == 1
    assert "Ana" not in capsys.readouterr().out


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ("winner = 1 - winner", "winner is not what its record says"),
        ("total1 = total0", "total1 is not what its record says"),
        ("over = 1, deals_planned = 3", "deals_planned is not what its record says"),
        ("player0 = 'Zed'", "player0 is not what its record says"),
        ("player0 = 'You'", "player0 is not what its record says"),
        (
            "seat_count = 3, player2 = 'Eve', total2 = 0",
            "results is not a list of each seat's results, one a deal",
        ),
        (
            "record = '{}'",
            "its record cannot be replayed: record: format: Field required (and 4 more problems)",
        ),
        ("record = 42", "its record cannot be replayed: record: Input should be an object"),
        ("record = x'7b7d'", "its record cannot be read"),
    ],
)
def test_a_column_its_record_contradicts_is_damage(
    home: Path, capsys: pytest.CaptureFixture[str], change: str, why: str
) -> None:
    first, _second = _store(home, played(2, seed=4), played(1, seed=2, names=("Cleo", "Dan")))
    with read_history(home) as history:
        assert history.games()[1].winner is not None  # a series won: its winner can be swapped
    _sql(home, f"UPDATE games SET {change} WHERE id = ?", first)
    _said_damaged(home, capsys, first, why)


def test_deals_played_past_the_deals_recorded_is_damage(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Listed as "3 of 1" before: three deals played of a series of one."""
    record = played(1, seed=5)
    first, _second = _store(home, record, played(1, seed=2, names=("Cleo", "Dan")))
    (deal,) = _results(record)
    three = json.dumps([deal[0]] * 3)
    _sql(home, "UPDATE games SET deals_played = 3, results = ? WHERE id = ?", three, first)
    _said_damaged(home, capsys, first, "deals_played is not what its record says")


def test_a_finished_flag_with_deals_still_planned_is_damage(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, _second = _store(home, played(1, seed=6, planned=3), played(1, names=("Cleo", "Dan")))
    _sql(home, "UPDATE games SET over = 1 WHERE id = ?", first)
    _said_damaged(home, capsys, first, "over is not what its record says")


def test_a_record_that_names_another_player_is_damage(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The record edited, the columns not: the listed "Ana" would export as "Zed"."""
    first, _second = _store(home, played(1, seed=7), played(1, seed=2, names=("Cleo", "Dan")))
    _sql(
        home, "UPDATE games SET record = replace(record, '\"Ana\"', '\"Zed\"') WHERE id = ?", first
    )
    _said_damaged(home, capsys, first, "player0 is not what its record says")


@pytest.mark.parametrize(("seats", "result"), [(2, 200), (2, -106), (3, 161), (4, -71)])
def test_a_deal_past_what_its_table_can_score_is_damage(
    home: Path, capsys: pytest.CaptureFixture[str], seats: int, result: int
) -> None:
    names = ("Ana", "Ben", "Cy", "Di")[:seats]
    record = played(1, seed=8) if seats == 2 else played_at(names, 1, seed=8)
    first, _second = _store(home, record, played(1, seed=2, names=("Cleo", "Dan")))
    low, high = deal_bounds(seats)
    assert not low <= result <= high
    deal = result if seats == 2 else [result, *[0] * (seats - 1)]
    _sql(home, "UPDATE games SET results = ? WHERE id = ?", f"[{json.dumps(deal)}]", first)
    why = (
        "results is not a list of numbers, one a deal"
        if seats == 2
        else "results is not a list of each seat's results, one a deal"
    )
    _said_damaged(home, capsys, first, why)


def test_the_bounds_are_what_each_table_can_score() -> None:
    assert [deal_bounds(seats) for seats in (2, 3, 4)] == [(-105, 105), (-80, 160), (-70, 210)]
