"""The history database: round trip, one copy per game, schema versions, two writers at once,
broken files moved aside, folders that cannot be written."""

import json
import multiprocessing
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from chinese_ten.engine.errors import ChineseTenError, RecordError
from chinese_ten.store.history import (
    FILE_NAME,
    MIGRATIONS,
    SCHEMA_VERSION,
    HistoryError,
    keep,
    open_history,
    record_key,
)
from chinese_ten.store.records import (
    GameRecord,
    SeatRecord,
    parse_record,
    record_json,
    replay,
    series_score,
)
from tests.history_helpers import played

START = datetime(2026, 1, 2, 10, 0, tzinfo=UTC)
END = datetime(2026, 1, 2, 10, 30, tzinfo=UTC)


def test_a_record_comes_back_as_it_was_stored(tmp_path: Path) -> None:
    record = played(3, seed=5)
    with open_history(tmp_path) as history:
        game_id = history.store(record, computers=(None, "hard"), started=START, ended=END)
        assert history.record(game_id) == record
        (row,) = history.games()
    score = series_score(record, replay(record))
    assert row.id == game_id
    assert row.players == ("Ana", "Ben")
    assert row.computers == (None, "hard")
    assert (row.started, row.ended) == (START, END)
    assert (row.deals_planned, row.deals_played) == (3, 3)
    assert row.totals == score.totals
    assert row.winner == score.winner
    assert row.over
    assert [sum(deal[seat] for deal in row.results) for seat in (0, 1)] == list(score.totals)
    assert not row.imported


def test_a_game_grows_in_one_row_and_forgets_its_stale_analysis(tmp_path: Path) -> None:
    whole = played(3, seed=2)
    first = whole.model_copy(update={"deals": whole.deals[:1]})
    with open_history(tmp_path) as history:
        game_id = history.store(first, computers=(None, None), started=START, ended=None)
        history.store_analysis(game_id, "v1", '{"x": 1}')
        assert history.analysis(game_id, "v1") == '{"x": 1}'
        later = datetime(2026, 1, 3, tzinfo=UTC)
        same = history.store(
            whole, computers=(None, None), started=later, ended=END, game_id=game_id
        )
        assert same == game_id
        (row,) = history.games()
        assert row.deals_played == 3
        assert row.started == START  # the first start is kept
        assert history.analysis(game_id, "v1") is None
        assert history.find(whole) == game_id


def test_the_same_game_imported_twice_is_stored_once(tmp_path: Path) -> None:
    record = played(2, seed=3)
    with open_history(tmp_path) as history:
        first, added = history.import_record(record)
        assert added
        again, added_again = history.import_record(record)
        assert (again, added_again) == (first, False)
        assert len(history.games()) == 1
        assert history.games()[0].imported


def test_the_key_ignores_how_a_record_was_written(tmp_path: Path) -> None:
    """A hand listed in another order: the same game."""
    record = played(1, seed=4)
    data = record.model_dump(mode="json")
    deal = data["deals"][0]
    deal["hands"][0].reverse()

    loose = parse_record(json.dumps(data))
    assert loose != record
    assert record_key(loose) == record_key(record)


def test_a_game_played_then_imported_is_already_there(tmp_path: Path) -> None:
    record = played(2, seed=6)
    with open_history(tmp_path) as history:
        game_id = history.store(record, computers=("easy", None), started=START, ended=END)
        assert history.import_record(parse_record(record_json(record))) == (game_id, False)


def test_a_record_that_does_not_replay_is_refused(tmp_path: Path) -> None:
    record = played(1, seed=7)
    data = record.model_dump(mode="json")
    turns = data["deals"][0]["turns"]
    turns[0], turns[1] = turns[1], turns[0]

    bad = GameRecord.model_validate_json(json.dumps(data))
    with open_history(tmp_path) as history, pytest.raises(RecordError):
        history.import_record(bad)


def test_games_filters_by_player_and_limit_newest_first(tmp_path: Path) -> None:
    with open_history(tmp_path) as history:
        for day, names in enumerate((("Ana", "Ben"), ("ana", "Cy"), ("Cy", "Dee")), start=1):
            moment = datetime(2026, 2, day, tzinfo=UTC)
            history.store(
                played(1, seed=day, names=names),
                computers=(None, None),
                started=moment,
                ended=moment,
            )
        assert [r.players for r in history.games()] == [
            ("Cy", "Dee"),
            ("ana", "Cy"),
            ("Ana", "Ben"),
        ]
        assert [r.players for r in history.games(player="ANA")] == [("ana", "Cy"), ("Ana", "Ben")]
        assert [r.players for r in history.games(limit=1)] == [("Cy", "Dee")]
        assert history.games(limit=0) == []
        assert history.games(player="Nobody") == []


def test_a_missing_game_is_a_typed_error(tmp_path: Path) -> None:
    with open_history(tmp_path) as history:
        with pytest.raises(HistoryError, match="no game 42"):
            history.record(42)
        with pytest.raises(HistoryError, match="no game 42"):
            history.store_analysis(42, "k", "x")
        assert history.analysis(42, "k") is None
    assert issubclass(HistoryError, ChineseTenError)


# ------------------------------------------------------------ schema versions
def _database_at(path: Path, version: int) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    for migration in MIGRATIONS[:version]:
        migration(db)
    db.execute(f"PRAGMA user_version = {version}")
    db.close()


@pytest.mark.parametrize("version", range(SCHEMA_VERSION))
def test_each_earlier_schema_version_is_migrated(tmp_path: Path, version: int) -> None:
    _database_at(tmp_path / FILE_NAME, version)
    record = played(1, seed=8)
    with open_history(tmp_path) as history:
        game_id = history.store(record, computers=(None, None), started=START, ended=END)
        assert history.record(game_id) == record
    db = sqlite3.connect(tmp_path / FILE_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


def test_a_database_from_a_newer_version_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    _database_at(path, SCHEMA_VERSION)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(HistoryError, match="newer"):
        open_history(tmp_path)
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("*.broken-*"))


# ------------------------------------------------------------ two writers at once
def _store_many(
    folder: str, seed: int, count: int, ready: "multiprocessing.synchronize.Barrier"
) -> None:
    ready.wait()
    for k in range(count):
        record = played(1, seed=seed * 100 + k, names=(f"P{seed}", "Q"))
        with open_history(Path(folder)) as history:
            history.store(record, computers=(None, None), started=START, ended=END)


def test_two_processes_storing_at_once_keep_every_game(tmp_path: Path) -> None:
    open_history(tmp_path).close()
    context = multiprocessing.get_context("spawn")
    ready = context.Barrier(2)
    workers = [
        context.Process(target=_store_many, args=(str(tmp_path), seed, 10, ready))
        for seed in (1, 2)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
        assert worker.exitcode == 0
    with open_history(tmp_path) as history:
        rows = history.games()
    assert len(rows) == 20
    assert {r.players[0] for r in rows} == {"P1", "P2"}


def test_a_second_connection_waits_for_the_first_writer(tmp_path: Path) -> None:
    with open_history(tmp_path) as first, open_history(tmp_path) as second:
        blocker = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        import threading

        done: list[int] = []
        thread = threading.Thread(
            target=lambda: done.append(
                second.store(played(1, seed=9), computers=(None, None), started=START, ended=END)
            )
        )
        thread.start()
        thread.join(timeout=0.3)
        assert not done  # waiting, not failing
        blocker.execute("COMMIT")
        blocker.close()
        thread.join(timeout=30)
        assert len(done) == 1
        assert [r.id for r in first.games()] == done


# ------------------------------------------------------------ broken files and folders
@pytest.mark.parametrize(
    "content", [b"this is not a database" * 100, b"SQLite format 3\x00" + b"\xff" * 5000]
)
def test_a_file_that_is_not_a_database_is_moved_aside(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(content)
    (tmp_path / f"{FILE_NAME}.broken-1").write_bytes(b"an earlier one")
    with open_history(tmp_path) as history:
        (warning,) = history.warnings
        assert "broken-2" in warning
        history.store(played(1), computers=(None, None), started=START, ended=END)
        assert len(history.games()) == 1
    assert (tmp_path / f"{FILE_NAME}.broken-2").read_bytes() == content
    assert (tmp_path / f"{FILE_NAME}.broken-1").read_bytes() == b"an earlier one"


def test_a_folder_inside_a_file_is_an_error_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(HistoryError, match="file"):
        open_history(tmp_path / "file" / "data")
    kept = keep(
        tmp_path / "file" / "data", played(1), computers=(None, None), started=START, game_id=None
    )
    assert kept.game_id is None
    assert kept.problem is not None and "file" in kept.problem


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in any folder")
def test_a_folder_that_cannot_be_written_is_an_error(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(HistoryError):
            open_history(folder)
    finally:
        folder.chmod(0o700)


def test_keep_finds_a_resumed_game_by_its_finished_deals(tmp_path: Path) -> None:
    whole = played(3, seed=11)
    two = whole.model_copy(update={"deals": whole.deals[:2]})
    first = keep(tmp_path, two, computers=(None, "normal"), started=START, game_id=None)
    assert first.problem is None and first.game_id is not None
    resumed = keep(tmp_path, whole, computers=(None, "normal"), started=END, game_id=None)
    assert resumed.game_id == first.game_id
    with open_history(tmp_path) as history:
        (row,) = history.games()
    assert row.deals_played == 3


def test_who_sat_where_is_kept_but_does_not_make_another_game(tmp_path: Path) -> None:
    bare = played(2, seed=4)
    seated = bare.model_copy(
        update={"seats": (SeatRecord(), SeatRecord(computer="hard", default_name=True))}
    )
    with open_history(tmp_path) as history:
        first, added = history.import_record(seated)
        assert added and history.record(first) == seated
        assert history.import_record(bare) == (first, False)
