"""Every game played, kept in an SQLite database in the data folder (``history.sqlite``):
the history opened, to write or only to read, and its writes.

The game flow stores a game as each of its deals ends (insert, then update the same row;
:mod:`chinese_ten.store.history_pending` when the history cannot be written);
``chinese-ten history import`` adds records made elsewhere. Only the standard library's
:mod:`sqlite3` is used; pydantic (records) is imported on first use.

:func:`open_history` creates or migrates the file (:mod:`chinese_ten.store.history_schema`),
moving one that is not a database aside (:mod:`chinese_ten.store.history_files`). The commands
and the screen that only read open it with :func:`read_history`: nothing created, moved,
migrated or written, an older schema read as it is, every row checked as it is read
(:mod:`chinese_ten.store.history_queries`).

A game is stored once under its key (:mod:`chinese_ten.store.history_columns`). A game stored
as it is played keeps its row while it grows (the flow keeps the id); its key is that of the
finished deals stored so far, which is how a resumed game finds its row again (the row with the
most of its first deals, so a deal that failed to store before the game was left is added with
the next one, not as a new game).
"""

import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from chinese_ten.engine.errors import ChineseTenError
from chinese_ten.store.files import file_problem, shown
from chinese_ten.store.history_columns import (
    Columns,
    canonical,
    computer_columns,
    record_columns,
    row_values,
    time_column,
)
from chinese_ten.store.history_files import (
    NOT_A_DATABASE,
    HistoryError,
    make_history_folder,
    moved_aside,
    no_file_in_the_way,
    no_special_file,
    refuse_links,
    sqlite_problem,
)
from chinese_ten.store.history_names import history_key
from chinese_ten.store.history_places import history_path
from chinese_ten.store.history_queries import HistoryQueries, missing_game
from chinese_ten.store.history_schema import connect, connect_to_read, empty_database

if TYPE_CHECKING:
    from chinese_ten.store.records import GameRecord


class History(HistoryQueries):
    """An open history database, its queries (:class:`HistoryQueries`) and its writes. Use
    :func:`open_history`; close it (or use ``with``).

    It may be used from another thread than the one that opened it (a Textual worker), but
    by one thread at a time."""

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken at once (so a second writer waits, then goes on)."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        except sqlite3.Error as error:
            raise sqlite_problem(self.path, error) from None

    def store(
        self,
        record: "GameRecord",
        *,
        computers: Sequence[str | None],
        started: datetime,
        ended: datetime | None,
        game_id: int | None = None,
    ) -> int:
        """Insert a game, or with ``game_id`` update the game stored as it went on; its id.

        An update keeps the first start time and forgets analyses of the shorter record.
        """
        columns, values = row_values(record, computers, ended)
        with self._writing() as db:
            return self._store_in(db, values, columns.key, started=started, game_id=game_id)

    @staticmethod
    def _store_in(
        db: sqlite3.Connection,
        values: dict[str, object],
        key: str,
        *,
        started: datetime,
        game_id: int | None,
    ) -> int:
        """:meth:`store` inside a write transaction already taken."""
        if game_id is not None:
            found = db.execute("SELECT record_key FROM games WHERE id = ?", (game_id,)).fetchone()
            if found is not None:
                sets = ", ".join(f"{name} = :{name}" for name in values)
                db.execute(
                    f"UPDATE games SET {sets}, started = COALESCE(started, :started) "
                    "WHERE id = :id",
                    {**values, "started": time_column(started), "id": game_id},
                )
                if found[0] != key:
                    db.execute("DELETE FROM analysis WHERE game_id = ?", (game_id,))
                return game_id
        return History._insert(
            db, {**values, "started": time_column(started), "imported": 0}, game_id=game_id
        )

    @staticmethod
    def _insert(db: sqlite3.Connection, values: dict[str, object], game_id: int | None) -> int:
        values = {**values, "added": time_column(datetime.now(UTC)), "id": game_id}
        names = ", ".join(values)
        marks = ", ".join(f":{name}" for name in values)
        cursor = db.execute(f"INSERT INTO games ({names}) VALUES ({marks})", values)
        return int(cursor.lastrowid or 0)

    def import_record(self, record: "GameRecord") -> tuple[int, bool]:
        """Add a record made elsewhere, once: (its id, whether it was new). RecordError if it
        does not replay."""
        columns = record_columns(record)
        with self._writing() as db:
            found = db.execute(
                "SELECT id FROM games WHERE record_key = ? ORDER BY id LIMIT 1", (columns.key,)
            ).fetchone()
            if found is not None:
                return int(found[0]), False
            values = {
                **columns.values,
                "record_key": columns.key,
                "record": columns.text,
                **computer_columns(()),
                "started": None,
                "ended": None,
                "imported": 1,
            }
            return self._insert(db, values, game_id=None), True

    def store_unless_held(
        self,
        record: "GameRecord",
        *,
        computers: Sequence[str | None],
        started: datetime,
        ended: datetime | None,
    ) -> int | None:
        """Store a game kept aside (a pending file) as :meth:`store` does, growing the row it
        continues (:meth:`find_begun`); None, storing nothing, when its deals are held already:
        a row of the same players with at least as many deals begins with them. Looked for
        and stored in one write transaction, so two programs cannot both store it."""
        columns, values = row_values(record, computers, ended)
        with self._writing() as db:
            if self._held(record, columns):
                return None
            begun = self.find_begun(record) if len(record.deals) > 1 else None
            return self._store_in(db, values, columns.key, started=started, game_id=begun)

    def _held(self, record: "GameRecord", columns: Columns) -> bool:
        """Whether a row of ``record``'s players with at least as many deals begins with its
        deals (its own row, or one grown past it)."""
        from chinese_ten.store.records import MAX_RECORD_BYTES, parse_record

        if self._reading("SELECT 1 FROM games WHERE record_key = ? LIMIT 1", (columns.key,)):
            return True
        seats = len(record.players)
        same_players = " AND ".join(f"name_key{s} = ?" for s in range(seats))
        results = str(columns.values["results"])
        begins = results[:-1]  # "[a, b" of "[a, b]": the results of a longer game go on
        rows = self._reading(
            "SELECT CASE WHEN length(record) <= ? THEN record END FROM games "
            f"WHERE seat_count = ? AND {same_players} AND deals_played > ? "
            "AND deals_planned IS ? AND substr(results, 1, ?) = ? ORDER BY id DESC",
            (
                MAX_RECORD_BYTES,
                seats,
                *map(history_key, record.players),
                columns.values["deals_played"],
                record.deals_planned,
                len(begins),
                begins,
            ),
        )
        deals = canonical(record)[0].deals
        for (text,) in rows:
            if text is None:
                continue  # too large to read: not the same deals as far as is known
            try:
                stored = parse_record(str(text), source=shown(self.path))
            except ChineseTenError:
                continue  # damaged: likewise
            if stored.deals[: len(deals)] == deals:
                return True
        return False

    def store_analysis(self, game_id: int, key: str, text: str) -> None:
        """Keep an analysis of game ``game_id`` (replacing one under the same key)."""
        with self._writing() as db:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise missing_game(game_id)
            db.execute(
                "INSERT OR REPLACE INTO analysis (game_id, key, text) VALUES (?, ?, ?)",
                (game_id, key, text),
            )


def open_history(folder: Path | None = None) -> History:
    """Open (creating or migrating) the history in ``folder``, by default the data folder.

    A file that is not a database is moved aside (``History.warnings`` says where) and a new
    one begun; HistoryError when the folder cannot be written or the database used.
    """
    path = history_path(folder)
    refuse_links(path)
    no_special_file(path)
    try:
        make_history_folder(path.parent)
    except OSError as error:
        raise HistoryError(file_problem(path.parent, error)) from None
    warnings: list[str] = []
    try:
        return History(connect(path), path, warnings)
    except sqlite3.DatabaseError as error:
        if getattr(error, "sqlite_errorcode", None) not in NOT_A_DATABASE:
            raise sqlite_problem(path, error) from None
        warnings.append(moved_aside(path, str(error)))
    try:
        return History(connect(path), path, warnings)
    except sqlite3.Error as error:
        raise sqlite_problem(path, error) from None


def open_existing_history(folder: Path | None = None) -> History | None:
    """The history in ``folder`` opened to write, only if its file is there and it and its
    folder can be written: None otherwise (nothing created, nothing moved aside). For what
    may be kept or skipped without a word, such as a review's analysis; HistoryError when
    the file is there, writable, and cannot be used."""
    path = history_path(folder)
    if not path.is_file():
        return None
    refuse_links(path)
    if not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
        return None
    try:
        return History(connect(path), path, [])
    except sqlite3.Error as error:
        raise sqlite_problem(path, error) from None


def read_history(folder: Path | None = None) -> History:
    """Open the history only to read it: nothing is created, moved aside, migrated or written.

    No file yet: an empty history. A damaged file, a folder in its place or one written by a
    newer version: HistoryError. SQLite's read-only mode would leave ``-wal`` and ``-shm``
    files beside a database in WAL mode (and cannot make them in a read-only folder), so with
    no ``-wal`` beside it (no program is writing) the file is read as *immutable*; each query
    then checks that the file did not change under it, and opens it again if it did.
    """
    path = history_path(folder)
    try:
        if not path.exists() and not path.is_symlink():
            no_file_in_the_way(path.parent)
            return History(empty_database(), path, [])
        db, stamp = connect_to_read(path)
    except sqlite3.Error as error:
        raise sqlite_problem(path, error) from None
    except NotADirectoryError as error:
        raise HistoryError(file_problem(Path(error.filename or path.parent), error)) from None
    except OSError as error:
        raise HistoryError(file_problem(path, error)) from None
    return History(db, path, [], stamp)
