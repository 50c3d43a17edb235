"""The history database's schema, its migrations, and the connections that open it.

Schema, version 3 (``PRAGMA user_version``; :data:`MIGRATIONS` brings any earlier version up,
version 0 being a new, empty file)::

    games(
      id            INTEGER PRIMARY KEY,
      record_key    TEXT NOT NULL,     -- sha256 of the canonical record (history_columns)
      record        TEXT NOT NULL,     -- the whole game record, canonical JSON
      seat_count    INTEGER NOT NULL,  -- 2, 3 or 4 (version 3; 2 for every older game)
      player0 ... player3     TEXT,    -- the names, as written (NULL beyond seat_count)
      name_key0 ... name_key3 TEXT,    -- who sat there (history_names.history_key): the name
                                       -- up to case and Unicode form; a default name ("You",
                                       -- "Vous") one key in every language (version 2)
      computer0 ... computer3 TEXT,    -- the level of a computer seat, NULL for a person
      started, ended          TEXT,    -- ISO 8601 UTC; NULL when not known (an import)
      added         TEXT NOT NULL,     -- when the row was first written
      deals_planned INTEGER,           -- NULL for open-ended play
      deals_played  INTEGER NOT NULL,  -- deals finished
      total0 ... total3 INTEGER,       -- series totals of the finished deals
      winner        INTEGER,           -- seat that won the series; NULL: shared or not over
      over          INTEGER NOT NULL,  -- 1 when a planned series is played to its end
      results       TEXT NOT NULL,     -- JSON list, one item a finished deal: of two seats,
                                       -- seat 0's result; of 3-4, a list of every seat's
      imported      INTEGER NOT NULL   -- 1 for a record added by ``history import``
    )
    analysis(game_id REFERENCES games(id) ON DELETE CASCADE, key TEXT, text TEXT,
             PRIMARY KEY (game_id, key))   -- the review's stored analyses, by budget/version

The journal is WAL with a busy timeout (:data:`BUSY_TIMEOUT_MS`), and every write is one
``BEGIN IMMEDIATE`` transaction, so two games ending at once are both kept. A connection to
write (:func:`connect`) brings the file up to :data:`SCHEMA_VERSION` in one transaction; one to
read (:func:`connect_to_read`) changes nothing: an older schema is read as it is, and a file
with no ``-wal`` beside it (no program is writing) is read as *immutable*. A file written by a
newer version is refused and left as it is.
"""

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Final

from chinese_ten.lang.i18n import _
from chinese_ten.store.files import shown
from chinese_ten.store.history_files import HistoryError, file_stamp, no_special_file
from chinese_ten.store.history_names import history_key

BUSY_TIMEOUT_MS: Final = 10_000
"""How long a write waits for another game's write to finish before it fails."""


def _v1(db: sqlite3.Connection) -> None:
    db.execute(
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            record_key TEXT NOT NULL,
            record TEXT NOT NULL,
            player0 TEXT NOT NULL,
            player1 TEXT NOT NULL,
            name_key0 TEXT NOT NULL,
            name_key1 TEXT NOT NULL,
            computer0 TEXT,
            computer1 TEXT,
            started TEXT,
            ended TEXT,
            added TEXT NOT NULL,
            deals_planned INTEGER,
            deals_played INTEGER NOT NULL,
            total0 INTEGER NOT NULL,
            total1 INTEGER NOT NULL,
            winner INTEGER,
            over INTEGER NOT NULL,
            results TEXT NOT NULL,
            imported INTEGER NOT NULL
        )"""
    )
    db.execute("CREATE INDEX games_record_key ON games(record_key)")
    db.execute("CREATE INDEX games_name_key0 ON games(name_key0)")
    db.execute("CREATE INDEX games_name_key1 ON games(name_key1)")
    db.execute(
        """CREATE TABLE analysis (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            text TEXT NOT NULL,
            PRIMARY KEY (game_id, key)
        )"""
    )


def _v2(db: sqlite3.Connection) -> None:
    """Default names ("You", "Vous", "Player 1"...) keyed as one person in every language."""
    rows = db.execute("SELECT id, player0, player1 FROM games").fetchall()
    for game_id, *players in rows:
        keys = [history_key(p) if isinstance(p, str) else None for p in players]
        db.execute(
            "UPDATE games SET name_key0 = COALESCE(?, name_key0), "
            "name_key1 = COALESCE(?, name_key1) WHERE id = ?",
            (*keys, game_id),
        )


def _v3(db: sqlite3.Connection) -> None:
    """Tables of 3 and 4 seats: the seat count and the columns of seats 2 and 3 (every game
    of a version 2 file is of two; added columns cost no rewrite of the rows). "Player 3",
    "Computer 2 (hard)"... are default names: a game of two that used one as a name is keyed
    anew."""
    db.execute("ALTER TABLE games ADD COLUMN seat_count INTEGER NOT NULL DEFAULT 2")
    for seat in (2, 3):
        for column, kind in (("player", "TEXT"), ("name_key", "TEXT"), ("computer", "TEXT")):
            db.execute(f"ALTER TABLE games ADD COLUMN {column}{seat} {kind}")
        db.execute(f"ALTER TABLE games ADD COLUMN total{seat} INTEGER")
        db.execute(f"CREATE INDEX games_name_key{seat} ON games(name_key{seat})")
    for seat in (0, 1):
        names = db.execute(f"SELECT DISTINCT player{seat}, name_key{seat} FROM games").fetchall()
        for name, key in names:
            if isinstance(name, str) and history_key(name) != key:
                db.execute(
                    f"UPDATE games SET name_key{seat} = ? WHERE player{seat} = ?",
                    (history_key(name), name),
                )


MIGRATIONS: Final[tuple[Callable[[sqlite3.Connection], None], ...]] = (_v1, _v2, _v3)
"""``MIGRATIONS[v]`` brings a database of version ``v`` to version ``v + 1``."""
SCHEMA_VERSION: Final = len(MIGRATIONS)


def connect_to_read(path: Path) -> tuple[sqlite3.Connection, tuple[int, int, int] | None]:
    """A read-only connection, checked: immutable (with the file's stamp) unless a ``-wal``
    file says a program is writing it, then through SQLite's locks (stamp None)."""
    if path.is_dir():
        raise sqlite3.OperationalError("folder", sqlite3.SQLITE_CANTOPEN)
    no_special_file(path)
    writing = path.with_name(path.name + "-wal").exists()
    stamp = None if writing else file_stamp(path)
    query = "mode=ro" if writing else "mode=ro&immutable=1"
    uri = f"{path.resolve().as_uri()}?{query}"
    db = sqlite3.connect(
        uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
    )
    try:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise _newer(path, version)
        tables = db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'games'")
        if version == 0 and tables.fetchone()[0] == 0:  # an empty file: no game yet
            db.close()
            return empty_database(), None
    except BaseException:
        db.close()
        raise
    return db, stamp


def empty_database() -> sqlite3.Connection:
    """An empty history in memory, for reading where there is no file yet."""
    db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    for migration in MIGRATIONS:
        migration(db)
    return db


def connect(path: Path) -> sqlite3.Connection:
    """A connection to an up-to-date database (sqlite3 errors go to the caller)."""
    db = sqlite3.connect(
        path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
    )
    try:
        db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise _newer(path, version)
        if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA foreign_keys = ON")
        if version < SCHEMA_VERSION:
            _migrate(db)
    except BaseException:
        db.close()
        raise
    return db


def _newer(path: Path, version: int) -> HistoryError:
    return HistoryError(
        _(
            "{path} was written by a newer chinese-ten (schema {found}, this one knows "
            "{known}): it is left as it is"
        ).format(path=shown(path), found=version, known=SCHEMA_VERSION)
    )


def _migrate(db: sqlite3.Connection) -> None:
    """Apply the missing migrations in one transaction (re-reading the version inside it,
    since another game may have migrated meanwhile)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        for migration in MIGRATIONS[version:]:
            migration(db)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
