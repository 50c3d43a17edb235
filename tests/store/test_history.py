"""The history database: round trip, one copy per game, schema versions, two writers at once,
broken files moved aside, folders that cannot be written; tables of 3 and 4 (schema
version 3); a resumed game whose last store failed."""

import json
import multiprocessing
import os
import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from chinese_ten.analysis.history_text import players_text, seat_label
from chinese_ten.analysis.stats import Z_95, player_stats
from chinese_ten.cli.main import main
from chinese_ten.engine.deal import legal_actions
from chinese_ten.engine.errors import ChineseTenError, RecordError
from chinese_ten.game.flow import GameFlow
from chinese_ten.lang.i18n import choose
from chinese_ten.store.history import History, open_history, read_history
from chinese_ten.store.history_columns import record_key
from chinese_ten.store.history_files import HistoryError
from chinese_ten.store.history_names import history_key
from chinese_ten.store.history_pending import keep
from chinese_ten.store.history_places import FILE_NAME
from chinese_ten.store.history_rows import GameRow
from chinese_ten.store.history_schema import MIGRATIONS, SCHEMA_VERSION
from chinese_ten.store.records import (
    GameRecord,
    SeatRecord,
    load_and_replay,
    parse_record,
    record_json,
    replay,
    series_score,
)
from chinese_ten.text.wording import signed
from tests.history_helpers import played, played_at
from tests.options_helpers import game_options

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


def test_a_resumed_game_is_found_hashing_only_the_lengths_stored_for_its_players(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hashing every beginning of a long resumed game would be slow: only the lengths of games
    stored with the same players are tried."""
    import chinese_ten.store.history_queries as queries

    whole = played(40, seed=11, planned=None)
    begun = whole.model_copy(update={"deals": whole.deals[:7]})
    other = played(3, seed=4, names=("Ana", "Cy"))
    with open_history(tmp_path) as history:
        history.store(other, computers=(None, None), started=START, ended=END)
        first = history.store(begun, computers=(None, None), started=START, ended=END)
    hashed: list[int] = []
    key_of = queries.key_of
    monkeypatch.setattr(queries, "key_of", lambda r: hashed.append(len(r.deals)) or key_of(r))
    with open_history(tmp_path) as history:
        assert history.find_begun(whole) == first
    assert hashed == [7]


def test_who_sat_where_is_kept_but_does_not_make_another_game(tmp_path: Path) -> None:
    bare = played(2, seed=4)
    seated = bare.model_copy(
        update={"seats": (SeatRecord(), SeatRecord(computer="hard", default_name=True))}
    )
    with open_history(tmp_path) as history:
        first, added = history.import_record(seated)
        assert added and history.record(first) == seated
        assert history.import_record(bare) == (first, False)


# The history and the statistics at tables of 3 and 4 (schema version 3): a version-2 file
# read as it is and migrated, 3-4 seat games stored by the flow and imported, listed in 80
# columns in every language, counted by table size with shared places, and hostile rows.


GOLDEN = Path(__file__).parents[1] / "golden"

START_TIME = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

WIDTH = 80


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    return tmp_path / "data"


def _version_2_file(folder: Path) -> None:
    """A history as version 2 wrote it (its two migrations, its columns), one game of two
    whose second seat was named "Player 3" (not a default name before version 3)."""
    record = played(2, seed=4, names=("Ana", "Player 3"))
    score = series_score(record, replay(record))
    db = sqlite3.connect(folder / FILE_NAME, isolation_level=None)
    MIGRATIONS[0](db)
    MIGRATIONS[1](db)
    db.execute("PRAGMA user_version = 2")
    db.execute(
        "INSERT INTO games (record_key, record, player0, player1, name_key0, name_key1, "
        "computer0, computer1, started, ended, added, deals_planned, deals_played, total0, "
        "total1, winner, over, results, imported) VALUES (?, ?, 'Ana', 'Player 3', 'ana', "
        "'player 3', NULL, NULL, NULL, NULL, '2026-01-01T00:00:00+00:00', 2, 2, ?, ?, ?, 1, "
        "?, 1)",
        (
            record_key(record),
            record.model_dump_json(),
            score.totals[0],
            score.totals[1],
            score.winner,
            json.dumps([o.results[0] for o in score.outcomes]),
        ),
    )
    db.close()


def test_a_version_2_file_is_read_as_it_is_then_migrated_keeping_its_games(
    tmp_path: Path,
) -> None:
    _version_2_file(tmp_path)
    before = (tmp_path / FILE_NAME).read_bytes()
    with read_history(tmp_path) as history:
        (old,) = history.games()
        assert history.games(player="Ben") == []
        assert [r.id for r in history.games(player="ana")] == [old.id]
    assert (tmp_path / FILE_NAME).read_bytes() == before  # nothing migrated by a reader
    assert old.seats == 2 and old.players == ("Ana", "Player 3")
    assert [sum(deal[s] for deal in old.results) for s in (0, 1)] == list(old.totals)
    record = played(2, seed=4, names=("Ana", "Player 3"))
    with open_history(tmp_path) as history:
        (migrated,) = history.games()
        assert history.import_record(record) == (old.id, False)  # same key: not added again
        assert [r.id for r in history.games(player="Joueur 3")] == [old.id]  # a default name
    assert migrated == old
    db = sqlite3.connect(tmp_path / FILE_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    assert db.execute(
        "SELECT seat_count, player2, player3, total2, total3, name_key1 FROM games"
    ).fetchall() == [(2, None, None, None, None, history_key("Player 3"))]
    db.close()


def test_a_failed_migration_leaves_the_version_2_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _version_2_file(tmp_path)

    def broken(db: sqlite3.Connection) -> None:
        third(db)
        raise sqlite3.OperationalError("disk I/O error", sqlite3.SQLITE_IOERR)

    third = MIGRATIONS[2]
    monkeypatch.setattr("chinese_ten.store.history_schema.MIGRATIONS", (*MIGRATIONS[:2], broken))
    with pytest.raises(HistoryError):
        open_history(tmp_path)
    db = sqlite3.connect(tmp_path / FILE_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 2
    columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
    assert "seat_count" not in columns and len(db.execute("SELECT * FROM games").fetchall()) == 1
    db.close()


def _play_series(flow: GameFlow) -> list[str]:
    """Play the whole series, each person the first legal action; what the flow said."""
    said: list[str] = []
    while not flow.series.is_over:
        said += [notice.text for notice in flow.deal(17)]
        while flow.deal_in_play:
            assert flow.state is not None
            legal = legal_actions(flow.state)
            player = flow.computer_to_move()
            action = legal[0] if player is None else player.choose(flow.view(), legal)
            said += [notice.text for notice in flow.apply(action).notices]
    assert flow.history.wait()
    return said + [notice.text for notice in flow.history_notices()]


@pytest.mark.parametrize(
    ("computer", "names", "listed"),
    [
        (("normal", None, None), ("Ana", "Ben", "Cy"), "Ana (computer, normal) v Ben v Cy"),
        (
            (None, "easy", "easy", "normal"),
            None,
            "You v Computer 2 (easy) v Computer 3 (easy) v Computer (normal)",
        ),
    ],
)
def test_the_flow_stores_a_game_of_three_and_of_four(
    tmp_path: Path, computer: tuple[str | None, ...], names: tuple[str, ...] | None, listed: str
) -> None:
    options = game_options(
        computer=computer, players=names, seed=5, save_dir=tmp_path, deals_planned=2
    )
    flow = GameFlow(options)
    flow.hold_fresh_slot()
    flow.start_series()
    assert _play_series(flow) == []  # nothing to tell: stored
    with read_history(tmp_path) as history:
        (row,) = history.games()
        assert history.record(row.id) == flow.record(full=True)
    assert row.seats == len(computer) and row.computers == computer
    assert row.totals == flow.series.totals and row.over and row.deals_played == 2
    assert [sum(deal[s] for deal in row.results) for s in range(row.seats)] == list(row.totals)
    assert row.winners == flow.series.leaders
    assert players_text(row) == listed  # a computer's level said once
    flow.release()


def test_records_of_three_and_four_seats_are_imported_once(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = [str(GOLDEN / "golden-3-seats.json"), str(GOLDEN / "golden-4-seats.json")]
    assert main(["history", "import", *paths]) == 0
    assert capsys.readouterr().out.count("added as game") == 2
    assert main(["history", "import", *paths]) == 0
    assert capsys.readouterr().out.count("already there") == 2
    assert main(["history", "--json"]) == 0
    listed = {len(game["players"]): game for game in json.loads(capsys.readouterr().out)}
    for path in paths:
        record, states = load_and_replay(Path(path))
        score = series_score(record, states)
        game = listed[record.seat_count]
        assert game["players"] == list(record.players)
        assert game["totals"] == list(score.totals)
        assert game["results"] == [list(o.results) for o in score.outcomes]
        assert game["winners"] == list(score.leaders)


def test_a_record_of_five_seats_is_still_refused_in_one_line(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = json.loads((GOLDEN / "golden-4-seats.json").read_text())
    document["players"].append("Eve")
    bad = tmp_path / "five.json"
    bad.write_text(json.dumps(document))
    assert main(["history", "import", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("refused: ") and "Traceback" not in err


LONG = ("Alexandrina Ferreira", "Bartholomew Oyelaran", "Computer 3 (hard)", "Maximiliano Ruiz")
"""Long names at a table of four; seat 2 is the computer under its default name."""


def _four_long(folder: Path) -> None:
    with open_history(folder) as history:
        history.import_record(played(1, seed=9))  # a game of two beside it
        game = history.import_record(played_at(LONG, 2, seed=3))[0]
    db = sqlite3.connect(folder / FILE_NAME, isolation_level=None)  # as the flow stores it
    db.execute("UPDATE games SET computer2 = 'hard', computer3 = 'easy' WHERE id = ?", (game,))
    db.close()


@pytest.mark.parametrize("lang", ["en", "fr", "pt"])
def test_a_game_of_four_with_long_names_fits_80_columns(
    home: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    home.mkdir(parents=True)
    _four_long(home)
    try:
        assert main(["--lang", lang, "history"]) == 0
        out = capsys.readouterr().out
    finally:
        choose("en")
    lines = [line.rstrip() for line in out.splitlines()]
    assert max(len(line) for line in lines) <= WIDTH
    for name in (*LONG[:2], "Maximiliano Ruiz ("):
        assert any(name in line for line in lines), name
    said = {"en": "Computer 3 (hard)", "fr": "Ordinateur 3 (difficile)", "pt": "Computador 3"}
    assert any(said[lang] in line for line in lines)
    assert not re.search(r"\(hard\)|\(easy\)", out) or lang == "en"  # levels translated
    assert out.count("3 (") == 1  # the default computer's level said once, not twice


@pytest.mark.parametrize("lang", ["en", "fr", "pt"])
def test_each_total_faces_its_seat(
    home: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """A seat a line, its total on that line, in every language (French's "contre" after a
    long name once wrapped onto a line of its own and shifted every total below it)."""
    home.mkdir(parents=True)
    names = ("Rui", "Computer (normal)", "Computer 3 (easy)", "Computer 4 (easy)")
    with open_history(home) as history:
        game = history.import_record(played_at(names, 2, seed=3, open_ended=True))[0]
    db = sqlite3.connect(home / FILE_NAME, isolation_level=None)  # as the flow stores it
    db.execute(
        "UPDATE games SET computer1 = 'normal', computer2 = 'easy', computer3 = 'easy', "
        "ended = ? WHERE id = ?",
        (START_TIME.isoformat(), game),  # played here deal after deal: the widest columns
    )
    db.close()
    try:
        assert main(["--lang", lang, "history"]) == 0
        out = capsys.readouterr().out
        choose(lang)
        with read_history(home) as history:
            row = history.games(player=None, limit=1)[0]
        labels = [seat_label(row, seat) for seat in range(4)]  # as the reader's language says
    finally:
        choose("en")
    lines = out.splitlines()
    first = next(k for k, line in enumerate(lines) if "Rui" in line)
    for seat, total in enumerate(row.totals):
        line = lines[first + seat] + " "
        assert labels[seat] in line and f" {signed(total)} " in line, (seat, line)


def test_the_computer_is_named_in_the_language_and_marked_once(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The computer's level is said once: never "Vous contre Ordinateur (difficile)
    (ordinateur (hard))"."""
    with open_history(home) as history:
        history.store(
            played(2, seed=2, names=("You", "Computer (hard)")),
            computers=(None, "hard"),
            started=START_TIME,
            ended=START_TIME,
        )
    try:
        assert main(["--lang", "fr", "history"]) == 0
        listed = capsys.readouterr().out
        assert main(["--lang", "fr", "stats"]) == 0
        stats = capsys.readouterr().out
    finally:
        choose("en")
    assert "Vous contre" in listed and "Ordinateur (difficile)" in listed
    assert "ordinateur" not in listed and "hard" not in listed
    assert "Ordinateur" in stats and "(difficile)" in stats and "hard" not in stats


def _row(
    game_id: int,
    players: tuple[str, ...],
    deals: tuple[tuple[int, ...], ...],
    *,
    over: bool = True,
    computers: tuple[str | None, ...] | None = None,
) -> GameRow:
    totals = tuple(sum(deal[s] for deal in deals) for s in range(len(players)))
    best = max(totals)
    winner = totals.index(best) if totals.count(best) == 1 and over else None
    return GameRow(
        id=game_id,
        players=players,
        keys=tuple(history_key(p) for p in players),
        computers=computers or (None,) * len(players),
        started=None,
        ended=None,
        deals_planned=len(deals) if over else len(deals) + 1,
        deals_played=len(deals),
        totals=totals,
        winner=winner,
        over=over,
        results=deals,
        imported=False,
    )


TABLES = [
    # totals 10, 10, -20: Ana and Ben share first place, Cy third
    _row(1, ("Ana", "Ben", "Cy"), ((4, 6, -10), (6, 4, -10))),
    # totals -5, 15, -10: Ben first, Ana second, Cy third
    _row(2, ("Ana", "Ben", "Cy"), ((-5, 15, -10),)),
    # totals 5, 5, 5, -15: three share first, Di fourth; Cy is a computer here
    _row(3, ("Di", "Ana", "Cy", "Ben"), ((5, 5, 5, -15),), computers=(None, None, "hard", None)),
    # not over: a game and a deal, no place
    _row(4, ("Ana", "Ben", "Cy", "Di"), ((30, -10, -10, -10),), over=False),
    # a game of two: against an opponent, as before
    _row(5, ("Ana", "Ben"), ((7, -7),)),
]


def test_places_and_the_mean_per_deal_by_table_size() -> None:
    everyone = {s.player: s for s in player_stats(TABLES)}
    ana = everyone["Ana"]
    three, four = ana.tables
    assert (three.seats, three.games, three.places) == (3, 2, [1, 1, 0])
    assert three.figures.results == [4, 6, -5]
    mean = 5 / 3
    variance = ((4 - mean) ** 2 + (6 - mean) ** 2 + (-5 - mean) ** 2) / 2
    assert three.figures.mean == pytest.approx(mean)
    assert three.figures.interval == pytest.approx(Z_95 * (variance / 3) ** 0.5)
    assert (four.seats, four.games, four.places, four.figures.results) == (
        4,
        2,
        [1, 0, 0, 0],
        [5, 30],
    )
    assert [(m.opponent, m.series_won, m.results) for m in ana.opponents] == [("Ben", 1, [7])]
    assert ana.overall.results == [7]  # the games of two only
    assert [t.places for t in everyone["Ben"].tables] == [[2, 0, 0], [0, 0, 0, 1]]
    assert [t.places for t in everyone["Cy"].tables] == [[0, 0, 2], [0, 0, 0, 0]]
    assert everyone["Cy"].tables[1].games == 1  # the game where Cy is the computer: not Cy's
    assert [t.places for t in everyone["Di"].tables] == [[1, 0, 0, 0]]
    assert everyone["Di"].opponents == [] and everyone["Di"].deals == 2


def test_places_agree_with_the_series_standing() -> None:
    """Hand-built rows aside, a real game of four: a person's place is the standing's."""
    record = played_at(("Ana", "Ben", "Cy", "Di"), 3, seed=11)
    score = series_score(record, replay(record))
    rows = [_row(1, record.players, tuple(o.results for o in score.outcomes))]
    places = {record.players[seat]: place for place, seat in score.standing}
    for stats in player_stats(rows):
        (table,) = stats.tables
        assert table.places[places[stats.player] - 1] == 1 and sum(table.places) == 1


def test_stats_json_and_table_carry_the_table_sizes(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_history(home) as history:
        history.import_record(played_at(("Ana", "Ben", "Cy"), 2, seed=3))
        history.import_record(played(1, seed=1, names=("Ben", "Dan")))
    assert main(["stats", "--json"]) == 0
    people = {p["player"]: p for p in json.loads(capsys.readouterr().out)["players"]}
    assert people["Ana"]["tables"][0] | {"mean": 0, "interval95": 0} == {
        "seats": 3,
        "games": 1,
        "places": people["Ana"]["tables"][0]["places"],
        "deals": 2,
        "mean": 0,
        "interval95": 0,
    }
    assert sum(people["Ana"]["tables"][0]["places"]) == 1
    assert "tables" not in people["Dan"]  # a person of games of two: the document as before
    assert main(["stats", "--player", "cy"]) == 0
    out = capsys.readouterr().out
    assert max(len(line.rstrip()) for line in out.splitlines()) <= WIDTH
    (line,) = [line for line in out.splitlines() if "3 players" in line]
    assert re.search(r"\b1\b.*\d-\d-\d.*\b2\b", line)  # games, places, deals
    assert re.search(r"[+-]\d+\.\d ± \d+\.\d", line)


@pytest.mark.parametrize(
    ("change", "column"),
    [
        ("seat_count = 5", "seat_count"),
        ("player3 = 'Eve' || char(27) || ']2;x' || char(7)", "player3"),
        ("results = '[[1, 2], [3, 4]]'", "results"),
        ("player3 = 'Eve'", "player3"),
        ("total2 = 'many'", "total2"),
        ("computer1 = 'godlike'", "computer1"),
    ],
)
def test_a_hostile_row_of_three_is_one_line_and_the_rest_listed(
    tmp_path: Path, change: str, column: str
) -> None:
    with open_history(tmp_path) as history:
        good = history.import_record(played_at(("Ana", "Ben", "Cy", "Di"), 1, seed=2))[0]
        bad = history.import_record(played_at(("Ana", "Ben", "Cy"), 2, seed=4))[0]
    db = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None)
    db.execute(f"UPDATE games SET {change} WHERE id = ?", (bad,))
    db.close()
    with read_history(tmp_path) as history:
        assert [row.id for row in history.games()] == [good]
    (line,) = history.damage
    assert f"game {bad} is damaged ({column}" in line and "\x1b" not in line


def test_a_person_is_found_in_any_seat(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with open_history(home) as history:
        four = history.import_record(played_at(("Ana", "Ben", "Cy", "Di"), 1, seed=2))[0]
        history.import_record(played(1, seed=1, names=("Ana", "Ben")))
        assert [row.id for row in history.games(player="di")] == [four]
        assert history.games(player="Eve") == []
    assert main(["history", "--player", "DI", "--json"]) == 0
    (game,) = json.loads(capsys.readouterr().out)
    assert game["id"] == four and game["players"][3] == "Di"
    assert main(["stats", "--player", "di", "--json"]) == 0
    (di,) = json.loads(capsys.readouterr().out)["players"]
    assert di["opponents"] == [] and [t["seats"] for t in di["tables"]] == [4]


def test_a_game_of_four_exports_as_it_was_imported(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    golden = GOLDEN / "golden-4-seats.json"
    with open_history(home) as history:
        game = history.import_record(load_and_replay(golden)[0])[0]
    out = tmp_path / "out.json"
    assert main(["history", "export", str(game), str(out)]) == 0
    assert load_and_replay(out)[1] == load_and_replay(golden)[1]
    assert load_and_replay(out)[0].players == ("Ana", "Ben", "Cy", "Di")


# ------------------------------------------------------------ a resumed game whose last
# store failed, an imported game, damage found while storing


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
            played(3, seed=seed, names=names),
            computers=computers,
            started=START_TIME,
            ended=START_TIME,
        )


def test_a_resume_after_a_failed_store_grows_the_same_row(tmp_path: Path) -> None:
    """Deal 1 stored; deal 2's store failed; the game was left and resumed; deal 3 ends:
    one row with the 3 deals (not a second game counting deal 1 twice)."""
    whole = played(3, seed=7)
    one = whole.model_copy(update={"deals": whole.deals[:1]})
    first = keep(tmp_path, one, computers=(None, "easy"), started=START_TIME, game_id=None)
    assert first.problem is None and first.game_id is not None
    resumed = keep(tmp_path, whole, computers=(None, "easy"), started=START_TIME, game_id=None)
    assert resumed.problem is None and resumed.game_id == first.game_id
    with open_history(tmp_path) as history:
        (row,) = history.games()
    assert row.deals_played == 3 and row.id == first.game_id


def test_a_resume_never_grows_an_imported_game(tmp_path: Path) -> None:
    whole = played(2, seed=8)
    one = whole.model_copy(update={"deals": whole.deals[:1]})
    with open_history(tmp_path) as history:
        imported, _ = history.import_record(one)
    kept = keep(tmp_path, whole, computers=(None, None), started=START_TIME, game_id=None)
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
    first = keep(tmp_path, one, computers=(None, "easy"), started=START_TIME, game_id=None)
    assert first.problem is None
    database = tmp_path / "history.sqlite"
    _damage(database)
    damaged = database.read_bytes()
    kept = keep(
        tmp_path, whole, computers=(None, "easy"), started=START_TIME, game_id=first.game_id
    )
    assert kept.problem is None, kept.problem
    (warning,) = kept.warnings
    assert "broken-1" in warning
    assert (tmp_path / "history.sqlite.broken-1").read_bytes() == damaged  # nothing lost
    with open_history(tmp_path) as history:
        (row,) = history.games()
    assert row.deals_played == 2 and row.id == kept.game_id


def test_deal_after_deal_has_no_winner_and_no_places() -> None:
    from dataclasses import replace

    from chinese_ten.analysis.history_text import outcome_text, places_text

    open_ended = replace(
        _row(6, ("Ana", "Ben", "Cy"), ((9, -2, -7),), over=False), deals_planned=None
    )
    assert outcome_text(open_ended) == "-"  # no series to win; the totals say who is ahead
    assert outcome_text(_row(7, ("Ana", "Ben"), ((7, -7),), over=False)) == "not over"
    (table,) = next(s for s in player_stats([open_ended]) if s.player == "Ana").tables
    assert table.places == [0, 0, 0] and places_text(table) == "-"
    (played,) = next(s for s in player_stats(TABLES[:2]) if s.player == "Ana").tables
    assert places_text(played) == "1-1-0"
