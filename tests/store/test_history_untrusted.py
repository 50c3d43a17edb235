"""The history file is input: hostile names, damaged rows, read-only places, busy files and
default names in several languages."""

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from chinese_ten.analysis.review_stored import analysis_key
from chinese_ten.cli.main import main
from chinese_ten.lang.i18n import choose
from chinese_ten.store.history import open_history, read_history
from chinese_ten.store.history_files import HistoryError
from chinese_ten.store.history_pending import keep
from chinese_ten.store.history_places import FILE_NAME
from chinese_ten.store.history_schema import MIGRATIONS, SCHEMA_VERSION
from chinese_ten.store.records import GameRecord, record_json, replay, series_score
from tests.history_helpers import played

START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
ESC_NAME = "\x1b[2J"
READERS = (["history"], ["history", "--json"], ["stats"], ["stats", "--json"])


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def _stored(folder: Path, *pairs: tuple[str, str]) -> list[int]:
    with open_history(folder) as history:
        return [
            history.store(
                played(1, seed=k, names=pair), computers=(None, None), started=START, ended=START
            )
            for k, pair in enumerate(pairs, start=1)
        ]


def _sql(folder: Path, statement: str) -> None:
    db = sqlite3.connect(folder / FILE_NAME)
    db.execute(statement)
    db.commit()
    db.close()


def _listing(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file in ``folder`` with its size and modification time."""
    return {p.name: (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.iterdir()}


# ------------------------------------------------------------ names from the file
def test_a_friendly_name_is_listed_as_stored(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _stored(home, ("Ana [b]", "Ben"))
    for args in READERS:
        assert main(args) == 0
        assert "Ana [b]" in capsys.readouterr().out


@pytest.mark.parametrize("args", READERS)
def test_a_name_with_escapes_is_damage_and_never_printed(
    home: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    first, _second = _stored(home, ("Ana", "Ben"), ("Cleo", "Dan"))
    _sql(home, f"UPDATE games SET player0 = char(27) || '[2J' WHERE id = {first}")
    assert main(args) == 1
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err
    assert "Cleo" in out and "Ana" not in out
    assert err.count("\n") == 1
    assert f"game {first} is damaged (player0 is not a valid name" in err


# ------------------------------------------------------------ damaged rows
@pytest.mark.parametrize(
    ("column", "value", "why"),
    [
        ("results", "'notjson'", "results is not a list of numbers"),
        ("results", "'[1, 2, 3]'", "results is not a list of numbers"),
        ("winner", "'abc'", "winner is not a whole number"),
        ("winner", "7", "winner is not a whole number"),
        ("ended", "'notadate'", "ended is not a date"),
        ("computer1", "'[red]x'", "computer1 is not a computer level"),
        ("player1", "''", "player1 is not a valid name: a name cannot be empty"),
        ("player1", "' Ben'", "player1 is not a valid name: a name cannot have space around it"),
        ("player0", "x'00'", "player0 is not a valid name: it is not text"),
        ("results", "'[' || replace(hex(zeroblob(50000)), '00', '[')", "results is not a list"),
        ("results", "'[1' || replace(hex(zeroblob(150)), '00', '0') || ']'", "results is not a"),
        ("results", "'[' || (1 << 62) || ']'", "results is not a list of numbers"),
        ("total0", "1 << 62", "total0 is not a whole number in range"),
        ("deals_planned", "1 << 62", "deals_planned is not a whole number in range"),
        ("ended", "'9999-12-31T23:59:59-14:00'", "ended is not a date"),
        ("ended", "'0001-01-01T00:00:00+14:00'", "ended is not a date"),
        ("started", "'9999-12-31T23:59:59+00:00'", "started is not a date"),
    ],
)
def test_a_damaged_row_is_one_line_and_the_rest_is_listed(
    home: Path, capsys: pytest.CaptureFixture[str], column: str, value: str, why: str
) -> None:
    first, _second = _stored(home, ("Ana", "Ben"), ("Cleo", "Dan"))
    _sql(home, f"UPDATE games SET {column} = {value} WHERE id = {first}")
    for args in (*READERS, ["history", "--player", "Ana"]):
        assert main(args) == 1
        out, err = capsys.readouterr()
        assert err.startswith(f"{home / FILE_NAME}: game {first} is damaged ({why}")
        assert err.endswith("); skipped\n") and err.count("\n") == 1
        assert ("Cleo" in out) == ("Ana" not in args) and "Traceback" not in err
    assert main(["history", "--json"]) == 1
    assert [row["players"] for row in json.loads(capsys.readouterr().out)] == [["Cleo", "Dan"]]


def test_times_at_the_edges_of_the_day_are_read(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, _second = _stored(home, ("Ana", "Ben"), ("Cleo", "Dan"))
    _sql(home, f"UPDATE games SET ended = '2026-12-31T23:59:59-14:00' WHERE id = {first}")
    for args in (*READERS, ["history", "--player", "Ana"]):
        assert main(args) == 0
        out, err = capsys.readouterr()
        assert "Ana" in out and err == ""
    assert main(["history", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["ended"] == "2026-12-31T23:59:59-14:00"


def test_when_every_game_is_damaged_none_is_said_to_be_missing(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _stored(home, ("Ana", "Ben"))
    _sql(home, "UPDATE games SET results = 'notjson'")
    for args in (["history"], ["stats"]):
        assert main(args) == 1
        out, err = capsys.readouterr()
        assert out == "" and "is damaged" in err


# ------------------------------------------------------------ reading writes nothing
def test_reading_with_no_data_folder_creates_nothing(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for args in READERS:
        assert main(args) == 0
    assert "No games in the history yet." in capsys.readouterr().out
    assert not home.exists()


@pytest.mark.parametrize("inside", [False, True])
def test_a_data_folder_that_is_a_file_is_said_in_one_line(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], inside: bool
) -> None:
    home.write_text("not a folder")
    if inside:
        monkeypatch.setenv("CHINESE_TEN_HOME", str(home / "deeper"))
    for args in (*READERS, ["history", "--player", "Ana"]):
        assert main(args) == 1
        out, err = capsys.readouterr()
        assert out == "" and "No games" not in out
        assert (
            err == f"chinese-ten: {home}: it is a file, or inside one, not a folder: "
            "choose another folder\n"
        )
    assert home.read_text() == "not a folder"


def test_reading_a_damaged_file_leaves_it_where_it_is(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home.mkdir()
    (home / FILE_NAME).write_bytes(b"not a database" * 500)
    before = _listing(home)
    for args in [*READERS, ["history", "export", "1"]]:
        assert main(args) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "is damaged" in err and "Traceback" not in err
    assert _listing(home) == before


def test_reading_creates_no_journal_and_changes_no_file(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _stored(home, ("Ana", "Ben"))
    before = _listing(home)
    assert set(before) == {FILE_NAME}  # the last connection closed removes -wal and -shm
    for args in [*READERS, ["history", "export", "1"]]:
        assert main(args) == 0
    capsys.readouterr()
    assert _listing(home) == before


def test_an_older_schema_is_read_as_it_is(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _stored(home, ("Vous", "Ben"), ("You", "Ben"))
    _sql(home, "UPDATE games SET name_key0 = lower(player0)")  # as version 1 keyed them
    _sql(home, "PRAGMA user_version = 1")
    before = _listing(home)
    assert main(["stats", "--player", "you", "--json"]) == 0
    (you,) = json.loads(capsys.readouterr().out)["players"]
    assert you["player"] == "You" and you["overall"]["deals"] == 2
    assert _listing(home) == before


def _unprivileged() -> list[str] | None:
    """A prefix that runs a command without the power to ignore file permissions: nothing
    for a user, ``setpriv`` dropping root's file capabilities for root (None: not possible)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    return [setpriv, "--bounding-set", "-dac_override,-dac_read_search,-fowner"]


def _run(prefix: list[str], home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CHINESE_TEN_HOME": str(home), "COLUMNS": "100"}
    command = [*prefix, sys.executable, "-m", "chinese_ten", *args]
    return subprocess.run(
        command, check=False, capture_output=True, text=True, env=env, timeout=120
    )


@pytest.mark.skipif(_unprivileged() is None, reason="root, and no setpriv to drop its powers")
def test_a_read_only_folder_can_be_read_and_a_write_is_said_plainly(home: Path) -> None:
    prefix = _unprivileged()
    assert prefix is not None
    _stored(home, ("Ana", "Ben"))
    record = home.parent / "game.json"
    record.write_text(record_json(played(1, seed=9)))
    home.chmod(0o555)
    try:
        for args in [*READERS, ["history", "export", "1"]]:
            done = _run(prefix, home, *args)
            assert (done.returncode, done.stderr) == (0, "") and "Ana" in done.stdout
        written = _run(prefix, home, "history", "import", str(record))
    finally:
        home.chmod(0o755)
    assert written.returncode == 1 and written.stderr.count("\n") == 1
    assert "cannot be written (it or its folder is read-only)" in written.stderr
    assert sorted(p.name for p in home.iterdir()) == [FILE_NAME]


REVIEW = ("--json", "--samples", "40", "--jobs", "1")


def test_review_of_an_id_with_no_data_folder_creates_nothing(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", "1", *REVIEW]) == 1
    assert capsys.readouterr().err == "chinese-ten: there is no game 1 in the history\n"
    assert not home.exists()


def test_review_of_an_id_leaves_a_file_that_is_not_a_database_where_it_is(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home.mkdir()
    (home / FILE_NAME).write_text("not a database, but someone's file")
    before = _listing(home)
    assert main(["review", "1", *REVIEW]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is damaged (it is not a history database)" in err
    assert _listing(home) == before


def test_review_of_an_id_keeps_its_analysis_where_it_can_write(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (game,) = _stored(home, ("Ana", "Ben"))
    assert main(["review", str(game), *REVIEW]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == ["Ana", "Ben"]
    with read_history(home) as history:
        assert history.analysis(game, analysis_key(40, 0)) is not None


@pytest.mark.skipif(_unprivileged() is None, reason="root, and no setpriv to drop its powers")
def test_review_of_an_id_reads_a_read_only_folder_and_keeps_nothing(home: Path) -> None:
    prefix = _unprivileged()
    assert prefix is not None
    (game,) = _stored(home, ("Ana", "Ben"))
    before = _listing(home)
    home.chmod(0o555)
    try:
        done = _run(prefix, home, "review", str(game), *REVIEW)
    finally:
        home.chmod(0o755)
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["players"] == ["Ana", "Ben"]
    assert _listing(home) == before


@pytest.mark.skipif(_unprivileged() is None, reason="root, and no setpriv to drop its powers")
def test_a_read_only_folder_with_a_journal_beside_the_file_is_read_whole(tmp_path: Path) -> None:
    """A copy taken while a game was writing: games only in the -wal file are listed too."""
    prefix = _unprivileged()
    assert prefix is not None
    home = tmp_path / "copy"
    home.mkdir()
    _stored(tmp_path, ("Ana", "Ben"))
    with open_history(tmp_path) as writer:
        writer.store(
            played(1, seed=7, names=("Cleo", "Dan")),
            computers=(None, None),
            started=START,
            ended=START,
        )
        for name in (FILE_NAME, f"{FILE_NAME}-wal", f"{FILE_NAME}-shm"):
            shutil.copy(tmp_path / name, home / name)
    home.chmod(0o555)
    try:
        done = _run(prefix, home, "history", "--json")
    finally:
        home.chmod(0o755)
    assert (done.returncode, done.stderr) == (0, "")
    assert [row["players"][0] for row in json.loads(done.stdout)] == ["Cleo", "Ana"]


def test_a_read_only_file_can_be_read(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _stored(home, ("Ana", "Ben"))
    (home / FILE_NAME).chmod(0o400)
    before = _listing(home)
    for args in [*READERS, ["history", "export", "1"]]:
        assert main(args) == 0, capsys.readouterr().err
        assert "Ana" in capsys.readouterr().out
    assert _listing(home) == before


def test_a_newer_schema_is_said_when_reading(home: Path) -> None:
    _stored(home, ("Ana", "Ben"))
    _sql(home, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(HistoryError, match="newer"):
        read_history(home)


# ------------------------------------------------------------ plain words
def test_a_folder_in_place_of_the_file_is_said_plainly(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (home / FILE_NAME).mkdir(parents=True)
    for args in (["history"], ["stats"], ["history", "import", "x.json"]):
        assert main(args) == 1
        err = capsys.readouterr().err
        assert "is a folder, not a history file" in err, err
        assert "unable to open" not in err


def test_a_busy_file_is_said_with_what_to_do(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("chinese_ten.store.history_schema.BUSY_TIMEOUT_MS", 50)
    _stored(home, ("Ana", "Ben"))
    holder = sqlite3.connect(home / FILE_NAME, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(HistoryError) as raised, open_history(home) as history:
            history.store(played(2), computers=(None, None), started=START, ended=START)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert "is busy: another program is using it; try again when it ends" in str(raised.value)
    assert "locked" not in str(raised.value)


# ------------------------------------------------------------ default names
def test_default_names_are_one_person_shown_in_the_current_language(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _stored(home, ("You", "Ana"), ("Vous", "Ana"), ("você", "Ana"), ("Joueur 1", "Ana"))
    assert main(["stats", "--json"]) == 0
    people = {
        p["player"]: p["overall"]["deals"] for p in json.loads(capsys.readouterr().out)["players"]
    }
    assert people == {"You": 3, "Ana": 4, "Player 1": 1}
    assert main(["history", "--player", "VOUS", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 3
    try:
        assert main(["--lang", "fr", "stats", "--json"]) == 0
        shown = {p["player"] for p in json.loads(capsys.readouterr().out)["players"]}
        assert shown == {"Vous", "Ana", "Joueur 1"}
    finally:
        choose("en")


@pytest.mark.parametrize(
    "pair",
    [("You", "Vous"), ("Player 1", "Joueur 1"), ("Você", "you"), ("Jogador", "Você")],
)
def test_one_default_name_in_two_languages_is_never_two_players(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], pair: tuple[str, str]
) -> None:
    """Refused at the door (a record holding both), and a row holding both, written by an
    older version or by hand, is damage: never "You v You" nor You against You."""
    record = tmp_path / "game.json"
    record.write_text(record_json(played(1, seed=4, names=("Ana", "Ben"))).replace("Ben", pair[1]))
    text = record.read_text().replace('"Ana"', json.dumps(pair[0]))
    record.write_text(text)
    assert main(["history", "import", str(record)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "need different names" in err
    first, _second = _stored(home, ("Ana", "Ben"), ("Cleo", "Dan"))
    _sql(home, f"UPDATE games SET player0 = '{pair[0]}', player1 = '{pair[1]}' WHERE id = {first}")
    for args in READERS:
        assert main(args) == 1
        out, err = capsys.readouterr()
        assert f"game {first} is damaged (two seats hold the same player)" in err
        assert "Cleo" in out and "You v You" not in out and err.count("\n") == 1


def test_a_name_like_a_default_but_not_one_is_its_own_person(home: Path) -> None:
    _stored(home, ("You", "Ana"), ("Youth", "Ana"), ("Player 11", "Ana"))
    with read_history(home) as history:
        assert {row.keys[0] for row in history.games()} == {"\x00you", "youth", "player 11"}


def _seat_0_results(record: GameRecord) -> list[int]:
    """Seat 0's result in each finished deal of ``record``, as its replay says."""
    return [o.results[0] for o in series_score(record, replay(record)).outcomes]


def test_version_1_rows_are_migrated_to_one_key(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None)
    MIGRATIONS[0](db)
    db.execute("PRAGMA user_version = 1")
    db.close()
    record = played(1, names=("Vous", "Ana"), planned=2)
    (result,) = _seat_0_results(record)
    _stored_v1 = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None)
    _stored_v1.execute(
        "INSERT INTO games (record_key, record, player0, player1, name_key0, name_key1, added, "
        "deals_planned, deals_played, total0, total1, over, results, imported) VALUES ('k', ?, "
        "'Vous', 'Ana', 'vous', 'ana', '2026-01-01T00:00:00+00:00', 2, 1, ?, ?, 0, ?, 1)",
        (record.model_dump_json(), result, -result, f"[{result}]"),
    )
    _stored_v1.close()
    with open_history(tmp_path) as history:
        assert len(history.games(player="You")) == 1
    db = sqlite3.connect(tmp_path / FILE_NAME)
    assert db.execute("SELECT name_key0, name_key1 FROM games").fetchall() == [("\x00you", "ana")]
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    db.close()


def test_a_file_changed_while_it_is_read_is_read_again(home: Path) -> None:
    """Read as immutable (no -wal beside it), then a game is stored: the next query sees it."""
    _stored(home, ("Ana", "Ben"))
    with read_history(home) as history:
        assert len(history.games()) == 1
        _stored(home, ("Cleo", "Dan"))
        assert len(history.games()) == 2


def test_a_file_with_a_writer_beside_it_is_read_through_sqlite_locks(home: Path) -> None:
    _stored(home, ("Ana", "Ben"))
    with open_history(home) as writer:  # its -wal file is there while it is open
        writer.store(played(1, seed=5), computers=(None, None), started=START, ended=START)
        with read_history(home) as history:
            assert len(history.games()) == 2


@pytest.mark.parametrize(
    ("lang", "seats"), [("en", ["You", "Computer (easy)"]), ("fr", ["Vous", "Ordinateur (facile)"])]
)
def test_a_game_against_the_computer_reads_in_the_current_language(
    home: Path, capsys: pytest.CaptureFixture[str], lang: str, seats: list[str]
) -> None:
    with open_history(home) as history:
        history.store(
            played(1, names=("Vous", "Ordinateur (facile)")),
            computers=(None, "easy"),
            started=START,
            ended=START,
        )
    try:
        assert main(["--lang", lang, "history", "--json"]) == 0
        (row,) = json.loads(capsys.readouterr().out)
        assert main(["--lang", lang, "history"]) == 0
    finally:
        choose("en")
    assert row["players"] == seats
    out = capsys.readouterr().out
    assert seats[1] in out and out.count("(") == 1  # the level said once, by the default name


# ------------------------------------------------------------ links in place of the file
def _bytes_of(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


@pytest.mark.parametrize("target", ["another database", "dangling", "a journal"])
def test_the_history_is_never_written_through_a_symbolic_link(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    _stored(elsewhere, ("Ana", "Ben"))
    home.mkdir()
    if target == "another database":
        (home / FILE_NAME).symlink_to(elsewhere / FILE_NAME)
    elif target == "dangling":
        (home / FILE_NAME).symlink_to(elsewhere / "nothing.sqlite")
    else:
        _stored(home, ("Cleo", "Dan"))
        (home / (FILE_NAME + "-wal")).symlink_to(elsewhere / "victim")
    before = _bytes_of(elsewhere)
    record = tmp_path / "game.json"
    record.write_text(record_json(played(1, seed=9)))
    assert main(["history", "import", str(record)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a symbolic link" in err and "Traceback" not in err
    kept = keep(home, played(1, seed=9), computers=(None, None), started=START, game_id=None)
    assert kept.game_id is None and kept.problem is not None and "symbolic link" in kept.problem
    assert _bytes_of(elsewhere) == before
    assert not (elsewhere / "nothing.sqlite").exists() and not (elsewhere / "victim").exists()


def test_a_history_reached_through_a_linked_folder_is_written(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real = tmp_path / "real"
    real.mkdir()
    home.symlink_to(real)
    record = tmp_path / "game.json"
    record.write_text(record_json(played(1, seed=9)))
    assert main(["history", "import", str(record)]) == 0
    assert (real / FILE_NAME).is_file() and not (real / FILE_NAME).is_symlink()
    capsys.readouterr()
    assert main(["history"]) == 0 and "Ana" in capsys.readouterr().out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("args", [*READERS, ["review", "1", "--json"], ["history", "export", "1"]])
def test_a_history_that_is_a_named_pipe_is_one_line_not_a_hang(home: Path, args: list[str]) -> None:
    """SQLite waits for ever for a writer on a pipe (``review`` even past SIGTERM)."""
    home.mkdir()
    os.mkfifo(home / FILE_NAME)
    ran = subprocess.run(
        [sys.executable, "-m", "chinese_ten", *args],
        env={**os.environ, "CHINESE_TEN_HOME": str(home)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert ran.returncode == 1 and ran.stdout == ""
    assert ran.stderr == (
        f"chinese-ten: {home / FILE_NAME}: not a regular file (a device, pipe or socket)\n"
    )


def test_a_data_folder_name_too_long_is_one_line_for_a_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Looking for symbolic links beside such a name raises ENAMETOOLONG."""
    record = tmp_path / "game.json"
    record.write_text(record_json(played(1)))
    home = tmp_path / ("a" * 300)
    monkeypatch.setenv("CHINESE_TEN_HOME", str(home))
    for args in (["history", "import", str(record)], ["history"]):
        assert main(args) == 1
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "the name is too long" in err


def test_a_stored_record_larger_than_any_record_file_is_not_read(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record column longer than any record file is not parsed."""
    (game_id,) = _stored(home, ("Ana", "Ben"))
    _sql(home, "UPDATE games SET record = printf('%.*c', 17000000, ' ') || '{}'")
    for args in (["history", "export", str(game_id)], ["review", str(game_id), "--json"]):
        assert main(args) == 1
        out, err = capsys.readouterr()
        assert out == ""
        assert err == (
            f"chinese-ten: {home / FILE_NAME} #{game_id}: larger than 16 MiB, the most a "
            "record can be\n"
        )
