"""Every game played, kept in an SQLite database in the data folder (``history.sqlite``).

The game flow stores a game as each of its deals ends (insert, then update the same row);
``chinese-ten history import`` adds records made elsewhere. Only the standard library's
:mod:`sqlite3` is used; pydantic (records) is imported on first use.

Schema, version 3 (``PRAGMA user_version``; :data:`MIGRATIONS` brings any earlier version up,
version 0 being a new, empty file)::

    games(
      id            INTEGER PRIMARY KEY,
      record_key    TEXT NOT NULL,     -- sha256 of the canonical record (see record_key)
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

The journal is WAL with a busy timeout, and every write is one ``BEGIN IMMEDIATE``
transaction, so two games ending at once are both kept. A file that is not a database (or is
corrupt) is moved aside as ``history.sqlite.broken-<n>``, never deleted, and a new one begun;
so is one whose damage shows only when a game is stored (:func:`keep`), the whole game then
stored in the new one.

Reading is not trusting: the file is input like any other. The commands and the screen that
only read open it with :func:`read_history` (nothing created, moved, migrated or written; an
older schema read as it is); every listed row is checked column by column (names by the one
rule of :mod:`chinese_ten.text.names`), and a row that is not as we write it is left out and said
in one line (:attr:`History.damage`). SQLite's errors are said in plain words with what to do.

The same game is stored once: :func:`record_key` hashes the record rebuilt from its replayed
deals (so the optional ``capture`` fields and the order of a hand do not matter), and an import
whose key is already there adds nothing. A game stored as it is played keeps its row while it
grows (the flow keeps the id); its key is that of the finished deals stored so far, which is
how a resumed game finds its row again (the row with the most of its first deals, so a deal
that failed to store before the game was left is added with the next one, not as a new game).
"""

import errno
import hashlib
import json
import os
import sqlite3
import stat
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Final

from chinese_ten.engine.errors import ChineseTenError
from chinese_ten.engine.variant import MOST_SEATS
from chinese_ten.lang.i18n import N_, _
from chinese_ten.store.files import file_problem, shown
from chinese_ten.store.history_names import history_key, keys_in_older_files
from chinese_ten.store.history_rows import (
    ROW_COLUMNS,
    ROW_COLUMNS_OF_TWO,
    ROW_NAMES,
    DamagedRowError,
    GameRow,
    checked_row,
    damaged_line,
    stored_level,
    stored_time,
)
from chinese_ten.text.names import visible

if TYPE_CHECKING:
    from chinese_ten.engine.deal import DealState
    from chinese_ten.store.records import GameRecord

FILE_NAME: Final = "history.sqlite"
BUSY_TIMEOUT_MS: Final = 10_000
"""How long a write waits for another game's write to finish before it fails."""
MAX_ANALYSIS_CHARS: Final = 64 * 2**20
"""The longest stored analysis read (a review of a 1000-deal game takes about 9 MB)."""
MAX_BROKEN: Final = 1000
"""``history.sqlite.broken-1`` ... : how many broken files are kept before giving up."""

_NOT_A_DATABASE: Final = (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT)


class HistoryError(ChineseTenError):
    """The history cannot be opened, read or written, or holds no such game."""

    def __init__(self, message: str, *, damaged: bool = False) -> None:
        super().__init__(message)
        self.damaged = damaged
        """The file turned out corrupt after it opened (SQLite found a damaged page)."""


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
    kept is of two; added columns cost no rewrite of the rows). "Player 3", "Computer 2
    (hard)"... became default names: a game of two that used one as a name is keyed anew."""
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


def canonical(record: "GameRecord") -> tuple["GameRecord", list["DealState"]]:
    """The record rebuilt from its replayed deals (RecordError if it does not replay), and
    those deals: every capture named, hands sorted, so equal games give equal JSON. Who sat
    where and the options (``seats``, ``settings``) are left out: the same deals are the same
    game, however it was recorded; the stored record keeps them."""
    from chinese_ten.store.records import game_record, replay

    states = replay(record)
    return game_record(record.players, record.deals_planned, states), states


def record_key(record: "GameRecord") -> str:
    """The key under which a game is stored once: sha256 of its canonical JSON."""
    return _key_of(canonical(record)[0])


def _key_of(canonical_record: "GameRecord") -> str:
    """sha256 of the canonical JSON; a game of two is hashed as version 1 wrote it, so the
    games stored before records said their seat count are still found (on resume, import)."""
    if canonical_record.seat_count == 2:
        text = canonical_record.model_copy(update={"version": 1}).model_dump_json(
            exclude={"seat_count"}
        )
    else:
        text = canonical_record.model_dump_json()
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _time(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.astimezone()  # a naive time is local time
    return moment.astimezone(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class _Columns:
    """The query columns of a record."""

    values: dict[str, object]
    key: str
    text: str


def _row(
    record: "GameRecord", computers: Sequence[str | None], ended: datetime | None
) -> tuple["_Columns", dict[str, object]]:
    """A game's row: its columns and every value stored with them."""
    columns = _columns(record)
    values = {
        **columns.values,
        "record_key": columns.key,
        "record": columns.text,
        **_computers(computers),
        "ended": _time(ended),
    }
    return columns, values


def _facts(record: "GameRecord", states: Sequence["DealState"]) -> dict[str, object]:
    """The columns that say what the record says (its seats, names, deals, totals, winner,
    results): the one place they are derived, as a game is stored and as a row is read."""
    from chinese_ten.store.records import series_score

    score = series_score(record, states)
    seats = record.seat_count
    results = [o.results[0] if seats == 2 else list(o.results) for o in score.outcomes]
    values: dict[str, object] = {"seat_count": seats}
    for seat in range(MOST_SEATS):
        there = seat < seats
        values[f"player{seat}"] = record.players[seat] if there else None
        values[f"name_key{seat}"] = history_key(record.players[seat]) if there else None
        values[f"total{seat}"] = score.totals[seat] if there else None
    return values | {
        "deals_planned": record.deals_planned,
        "deals_played": len(results),
        "winner": score.winner,
        "over": int(score.is_over),
        "results": json.dumps(results),
    }


def _columns(record: "GameRecord") -> _Columns:
    rebuilt, states = canonical(record)
    values = _facts(rebuilt, states)
    key = _key_of(rebuilt)
    whole = rebuilt.model_copy(update={"seats": record.seats, "settings": record.settings})
    return _Columns(values, key, whole.model_dump_json())


def _computers(levels: Sequence[str | None]) -> dict[str, str | None]:
    """The computer columns of a table whose seats play at ``levels`` (None: a person)."""
    return {
        f"computer{seat}": levels[seat] if seat < len(levels) else None
        for seat in range(MOST_SEATS)
    }


class History:
    """An open history database. Use :func:`open_history`; close it (or use ``with``).

    It may be used from another thread than the one that opened it (a Textual worker), but
    by one thread at a time."""

    def __init__(
        self,
        db: sqlite3.Connection,
        path: Path,
        warnings: list[str],
        stamp: tuple[int, int, int] | None = None,
    ) -> None:
        self._db = db
        self._stamp = stamp
        """For a file read as immutable (:func:`read_history`): its inode, size and time."""
        self.path = path
        self.warnings = warnings
        """What a person should be told about the opening (a broken file moved aside)."""
        self.damage: list[str] = []
        """One line for each stored game read and left out because it is damaged."""

    def __enter__(self) -> "History":
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self._db.close()

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
            raise _problem(self.path, error) from None

    def _reading(self, sql: str, parameters: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        try:
            if self._stamp is None:
                return list(self._db.execute(sql, parameters))
            for _attempt in range(3):  # an immutable read: was the file changed under it?
                rows = list(self._db.execute(sql, parameters))
                if _stamp(self.path) == self._stamp:
                    return rows
                self._db.close()
                self._db, self._stamp = _connect_to_read(self.path)
            raise sqlite3.OperationalError("changing", sqlite3.SQLITE_BUSY)
        except sqlite3.Error as error:
            raise _problem(self.path, error) from None

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
        columns, values = _row(record, computers, ended)
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
                    {**values, "started": _time(started), "id": game_id},
                )
                if found[0] != key:
                    db.execute("DELETE FROM analysis WHERE game_id = ?", (game_id,))
                return game_id
        return History._insert(
            db, {**values, "started": _time(started), "imported": 0}, game_id=game_id
        )

    @staticmethod
    def _insert(db: sqlite3.Connection, values: dict[str, object], game_id: int | None) -> int:
        values = {**values, "added": _time(datetime.now(UTC)), "id": game_id}
        names = ", ".join(values)
        marks = ", ".join(f":{name}" for name in values)
        cursor = db.execute(f"INSERT INTO games ({names}) VALUES ({marks})", values)
        return int(cursor.lastrowid or 0)

    def import_record(self, record: "GameRecord") -> tuple[int, bool]:
        """Add a record made elsewhere, once: (its id, whether it was new). RecordError if it
        does not replay."""
        columns = _columns(record)
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
                **_computers(()),
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
        columns, values = _row(record, computers, ended)
        with self._writing() as db:
            if self._held(record, columns):
                return None
            begun = self.find_begun(record) if len(record.deals) > 1 else None
            return self._store_in(db, values, columns.key, started=started, game_id=begun)

    def _held(self, record: "GameRecord", columns: _Columns) -> bool:
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

    def find(self, record: "GameRecord") -> int | None:
        """The id of the game stored with exactly this record (a resumed game's row)."""
        key = record_key(record)
        rows = self._reading(
            "SELECT id FROM games WHERE record_key = ? ORDER BY id DESC LIMIT 1", (key,)
        )
        return int(str(rows[0][0])) if rows else None

    def find_begun(self, record: "GameRecord") -> int | None:
        """The row of a game that ``record`` continues: the one stored with the most of its
        first deals (not all of them), or None. After a resume, a deal whose store failed is
        thus not a new game: the row of the deals before it grows."""
        from chinese_ten.store.records import game_record

        states = canonical(record)[1]
        seats = len(record.players)
        same_players = " AND ".join(f"name_key{s} = ?" for s in range(seats))
        lengths = self._reading(  # only these beginnings can be stored: hashing each is slow
            "SELECT DISTINCT deals_played FROM games WHERE imported = 0 AND seat_count = ? "
            f"AND {same_players} AND deals_played BETWEEN 1 AND ? ORDER BY deals_played DESC",
            (seats, *map(history_key, record.players), len(states) - 1),
        )
        for (count,) in lengths:
            if type(count) is not int:
                continue
            earlier = game_record(record.players, record.deals_planned, states[:count])
            rows = self._reading(
                "SELECT id FROM games WHERE record_key = ? AND imported = 0 "
                "ORDER BY id DESC LIMIT 1",
                (_key_of(earlier),),
            )
            if rows:
                return int(str(rows[0][0]))
        return None

    def _columns(self) -> tuple[str, int]:
        """The listed columns, and the seats a name is searched in: a file written before
        version 3 (read as it is) has two seats a game."""
        version = self._reading("PRAGMA user_version")[0][0]
        if isinstance(version, int) and version < 3:
            return ROW_COLUMNS_OF_TWO, 2
        return ROW_COLUMNS, MOST_SEATS

    def games(self, player: str | None = None, limit: int | None = None) -> list[GameRow]:
        """Stored games, newest first (by end, else start, else when added); ``player``
        matches a name up to case and Unicode form, a default name in any language.

        A row that is not as we write it is left out and said in :attr:`damage`."""
        columns, seats = self._columns()
        sql = f"SELECT {columns} FROM games"
        parameters: list[object] = []
        wanted = None if player is None else history_key(player)
        if player is not None:
            keys = sorted(keys_in_older_files(player))  # a schema-1 file read as it is
            marks = ", ".join("?" * len(keys))
            sql += " WHERE " + " OR ".join(f"name_key{s} IN ({marks})" for s in range(seats))
            parameters += keys * seats
        sql += " ORDER BY COALESCE(ended, started, added) DESC, id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            parameters.append(max(limit, 0))
        rows: list[GameRow] = []
        names: dict[str, tuple[str, str]] = {}
        for values in self._reading(sql, tuple(parameters)):
            try:
                row = checked_row(values, names)
                if wanted is not None and wanted not in row.keys:
                    continue
                self._agrees(values, row)
            except DamagedRowError as why:
                self.damage.append(damaged_line(self.path, values[0], str(why)))
                continue
            rows.append(row)
        return rows

    def row(self, game_id: int) -> GameRow:
        rows = self._reading(f"SELECT {self._columns()[0]} FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise _missing(game_id)
        try:
            row = checked_row(rows[0], {})
            self._agrees(rows[0], row)
        except DamagedRowError as why:
            raise HistoryError(damaged_line(self.path, game_id, str(why))) from None
        return row

    def _agrees(self, values: tuple[object, ...], row: GameRow) -> None:
        """DamagedRowError unless the listed row says what its record says: the record is
        the one source of a game's facts, the columns only what it was stored as (found by
        a query). A record that cannot be read or replayed is damage too."""
        from chinese_ten.store.records import MAX_RECORD_BYTES, parse_record, replay

        found = self._reading(
            "SELECT CASE WHEN length(record) <= ? THEN record END FROM games WHERE id = ?",
            (MAX_RECORD_BYTES, row.id),
        )
        text = found[0][0] if found else None
        if not isinstance(text, str):
            raise DamagedRowError(_("its record cannot be read"))
        try:
            record = parse_record(text, source="record")
            facts = _facts(record, replay(record))
        except ChineseTenError as error:
            raise DamagedRowError(
                _("its record cannot be replayed: {problem}").format(problem=visible(str(error)))
            ) from None
        stored = dict(zip(ROW_NAMES, values, strict=True))
        for column, fact in facts.items():
            if column in stored and column != "results" and stored[column] != fact:
                raise DamagedRowError(
                    _("{column} is not what its record says").format(column=column)
                )
        if json.loads(str(facts["results"])) != json.loads(str(stored["results"])):
            raise DamagedRowError(
                _("{column} is not what its record says").format(column="results")
            )

    def record(self, game_id: int) -> "GameRecord":
        """The stored record of game ``game_id``; HistoryError when there is none."""
        from chinese_ten.store.records import MAX_RECORD_BYTES, parse_record

        rows = self._reading(  # a record longer than any file read as one is not read whole
            "SELECT CASE WHEN length(record) <= ? THEN record END FROM games WHERE id = ?",
            (MAX_RECORD_BYTES, game_id),
        )
        if not rows:
            raise _missing(game_id)
        if rows[0][0] is None:
            raise HistoryError(
                _("{path}: larger than {size} MiB, the most a record can be").format(
                    path=f"{shown(self.path)} #{game_id}", size=MAX_RECORD_BYTES // 2**20
                )
            )
        try:
            return parse_record(str(rows[0][0]), source=f"{shown(self.path)} #{game_id}")
        except ChineseTenError as error:
            raise HistoryError(str(error)) from None

    def analysis(self, game_id: int, key: str) -> str | None:
        """The analysis stored for a game under ``key`` (a budget or version), if any; one
        longer than :data:`MAX_ANALYSIS_CHARS` is not read (the review does it again)."""
        rows = self._reading(
            "SELECT text FROM analysis WHERE game_id = ? AND key = ? AND typeof(text) = 'text' "
            "AND length(text) <= ?",
            (game_id, key, MAX_ANALYSIS_CHARS),
        )
        return str(rows[0][0]) if rows else None

    def store_analysis(self, game_id: int, key: str, text: str) -> None:
        """Keep an analysis of game ``game_id`` (replacing one under the same key)."""
        with self._writing() as db:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise _missing(game_id)
            db.execute(
                "INSERT OR REPLACE INTO analysis (game_id, key, text) VALUES (?, ?, ?)",
                (game_id, key, text),
            )


def _missing(game_id: int) -> HistoryError:
    return HistoryError(_("there is no game {id} in the history").format(id=game_id))


_BUSY: Final = N_("{path} is busy: another program is using it; try again when it ends")
_CANNOT_OPEN: Final = N_(
    "{path} cannot be opened: check that its folder exists and can be read and written"
)
_DAMAGED: Final = N_("{path} is damaged (it is not a history database)")
_WORDS: Final = {
    sqlite3.SQLITE_BUSY: _BUSY,
    sqlite3.SQLITE_LOCKED: _BUSY,
    sqlite3.SQLITE_READONLY: N_(
        "{path} cannot be written (it or its folder is read-only): allow writing, or play "
        "on without a history"
    ),
    sqlite3.SQLITE_FULL: N_("{path}: the disk is full: make room, then try again"),
    sqlite3.SQLITE_IOERR: N_(
        "{path} could not be read or written (the disk reported an error): check the disk, "
        "then try again"
    ),
    sqlite3.SQLITE_CANTOPEN: _CANNOT_OPEN,
    sqlite3.SQLITE_PERM: _CANNOT_OPEN,
    sqlite3.SQLITE_NOTADB: _DAMAGED,
    sqlite3.SQLITE_CORRUPT: _DAMAGED,
}
"""Plain words for SQLite's, by primary result code."""


def _said(template: str, path: Path) -> str:
    return _(template).format(path=shown(path))


def _problem(path: Path, error: sqlite3.Error) -> HistoryError:
    """One line a person can act on, for an SQLite error (its own words only as a last resort)."""
    code = getattr(error, "sqlite_errorcode", None)
    damaged = code is not None and code & 0xFF in _NOT_A_DATABASE
    if path.is_dir():
        return HistoryError(_("{path} is a folder, not a history file").format(path=shown(path)))
    if code is not None and code & 0xFF in _WORDS:
        return HistoryError(_said(_WORDS[code & 0xFF], path), damaged=damaged)
    return HistoryError(
        _("{path}: the history database failed ({reason})").format(
            path=shown(path), reason=visible(str(error))
        ),
        damaged=damaged,
    )


def history_path(folder: Path | None = None) -> Path:
    from chinese_ten.store.saves import data_dir

    return (folder if folder is not None else data_dir()) / FILE_NAME


def open_history(folder: Path | None = None) -> History:
    """Open (creating or migrating) the history in ``folder``, by default the data folder.

    A file that is not a database is moved aside (``History.warnings`` says where) and a new
    one begun; HistoryError when the folder cannot be written or the database used.
    """
    path = history_path(folder)
    _refuse_links(path)
    _no_special_file(path)
    try:
        _make_folder(path.parent)
    except OSError as error:
        raise HistoryError(file_problem(path.parent, error)) from None
    warnings: list[str] = []
    try:
        return History(_connect(path), path, warnings)
    except sqlite3.DatabaseError as error:
        if getattr(error, "sqlite_errorcode", None) not in _NOT_A_DATABASE:
            raise _problem(path, error) from None
        warnings.append(_moved_aside(path, str(error)))
    try:
        return History(_connect(path), path, warnings)
    except sqlite3.Error as error:
        raise _problem(path, error) from None


def open_existing_history(folder: Path | None = None) -> History | None:
    """The history in ``folder`` opened to write, only if its file is there and it and its
    folder can be written: None otherwise (nothing created, nothing moved aside). For what
    may be kept or skipped without a word, such as a review's analysis; HistoryError when
    the file is there, writable, and cannot be used."""
    path = history_path(folder)
    if not path.is_file():
        return None
    _refuse_links(path)
    if not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
        return None
    try:
        return History(_connect(path), path, [])
    except sqlite3.Error as error:
        raise _problem(path, error) from None


def _refuse_links(path: Path) -> None:
    """HistoryError when the history file, or a journal SQLite would write beside it, is a
    symbolic link: writing through one would change, or create, a file elsewhere."""
    for place in (path, *(path.with_name(path.name + s) for s in ("-wal", "-shm", "-journal"))):
        try:
            link = place.is_symlink()
        except OSError as error:  # a name too long, a folder that cannot be searched
            raise HistoryError(file_problem(place, error)) from None
        if link:
            raise HistoryError(
                _(
                    "{path} is a symbolic link: the history is never written through one; "
                    "put the history file itself there, or remove the link"
                ).format(path=shown(place))
            )


def _no_special_file(path: Path) -> None:
    """HistoryError when a named pipe, a device or a socket is in the history file's place:
    SQLite would wait on a pipe for ever, past SIGTERM."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return  # nothing there (or nothing that can be looked at): said when it is opened
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise HistoryError(
            _("{path}: not a regular file (a device, pipe or socket)").format(path=shown(path))
        )


def _moved_aside(path: Path, reason: str) -> str:
    """Move a broken database aside; what to tell."""
    kept = _move_aside(path)
    return _(
        "{path} could not be read as a history database ({reason}); it was kept as "
        "{kept} and a new history begun"
    ).format(path=shown(path), reason=reason, kept=shown(kept))


def _make_folder(folder: Path) -> None:
    from chinese_ten.store.saves import _make_folder as make

    make(folder)


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
            _no_file_in_the_way(path.parent)
            return History(_empty(), path, [])
        db, stamp = _connect_to_read(path)
    except sqlite3.Error as error:
        raise _problem(path, error) from None
    except NotADirectoryError as error:
        raise HistoryError(file_problem(Path(error.filename or path.parent), error)) from None
    except OSError as error:
        raise HistoryError(file_problem(path, error)) from None
    return History(db, path, [], stamp)


def _no_file_in_the_way(folder: Path) -> None:
    """NotADirectoryError when ``folder``, or the nearest of its parents that exists, is a
    file: there is no history there, and saying "no games yet" would hide why."""
    for place in (folder, *folder.parents):
        if place.exists():
            if not place.is_dir():
                raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(place))
            return


def _stamp(path: Path) -> tuple[int, int, int]:
    status = path.stat()
    return status.st_ino, status.st_size, status.st_mtime_ns


def _connect_to_read(path: Path) -> tuple[sqlite3.Connection, tuple[int, int, int] | None]:
    """A read-only connection, checked: immutable (with the file's stamp) unless a ``-wal``
    file says a program is writing it, then through SQLite's locks (stamp None)."""
    if path.is_dir():
        raise sqlite3.OperationalError("folder", sqlite3.SQLITE_CANTOPEN)
    _no_special_file(path)
    writing = path.with_name(path.name + "-wal").exists()
    stamp = None if writing else _stamp(path)
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
            return _empty(), None
    except BaseException:
        db.close()
        raise
    return db, stamp


def _empty() -> sqlite3.Connection:
    """An empty history in memory, for reading where there is no file yet."""
    db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    for migration in MIGRATIONS:
        migration(db)
    return db


def _connect(path: Path) -> sqlite3.Connection:
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


def _move_aside(path: Path) -> Path:
    """Rename a broken database (and its journal files) to the first free ``.broken-<n>``."""
    for number in range(1, MAX_BROKEN + 1):
        target = path.with_name(f"{path.name}.broken-{number}")
        if target.exists():
            continue
        try:
            os.link(path, target)  # never replaces a file, even one made meanwhile
        except FileExistsError:
            continue
        except OSError as error:
            raise HistoryError(file_problem(target, error)) from None
        try:
            path.unlink()
            for suffix in ("-wal", "-shm"):
                journal = path.with_name(path.name + suffix)
                if journal.exists():
                    journal.replace(target.with_name(target.name + suffix))
        except OSError as error:
            raise HistoryError(file_problem(path, error)) from None
        return target
    raise HistoryError(
        _("{path}: too many broken history files beside it: remove some").format(path=shown(path))
    )


@dataclass(slots=True)
class Kept:
    """What :func:`keep` did: the game's id (None if not stored) and what to tell."""

    game_id: int | None
    warnings: list[str] = field(default_factory=list)
    problem: str | None = None
    pending: bool = False
    """Not stored, but kept in a pending file: stored when the history is free again."""


PENDING_FOLDER: Final = "history-pending"
"""Beside the history: the games whose last finished deal could not be stored yet (the
history was busy, or could not be written), one file a game, each a whole record; every
later store stores them first (:func:`store_pending`), and removes each file once stored."""
PENDING_FORMAT: Final = "chinese-ten-pending"
MAX_PENDING_FILES: Final = 100
"""Pending files read at one time (a game leaves one)."""


def pending_folder(folder: Path | None) -> Path:
    return history_path(folder).with_name(PENDING_FOLDER)


def _pending_path(folder: Path | None, started: datetime) -> Path:
    """The pending file of the game begun at ``started``."""
    return pending_folder(folder) / f"game-{started.astimezone(UTC):%Y%m%dT%H%M%S%fZ}.json"


def _keep_pending(
    folder: Path | None,
    record: "GameRecord",
    computers: Sequence[str | None],
    started: datetime,
) -> Path:
    """Write the game's finished deals to its pending file (this run's game: its own file,
    replaced as the game grows); OSError if it cannot be written."""
    from chinese_ten.store.files import write_atomically

    path = _pending_path(folder, started)
    if path.parent.is_symlink():  # never written through: the file would land elsewhere
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path.parent))
    document = {
        "format": PENDING_FORMAT,
        "started": _time(started),
        "ended": _time(datetime.now(UTC)),
        "computers": list(computers),
        "record": json.loads(record.model_dump_json()),
    }
    write_atomically(path, json.dumps(document))
    return path


def store_pending(history: History, folder: Path | None) -> None:
    """Store every pending game of ``folder`` (oldest first) and remove its file; a game
    already stored whole is not stored twice. A pending file that cannot be read, or whose
    game does not replay, is left where it is; HistoryError (the history busy again) leaves
    the rest for later."""
    from chinese_ten.store.records import MAX_RECORD_BYTES, parse_record

    place = pending_folder(folder)
    if place.is_symlink() or not place.is_dir():
        return
    files = sorted(p for p in place.glob("game-*.json") if p.is_file() and not p.is_symlink())
    for path in files[:MAX_PENDING_FILES]:
        try:
            if path.stat().st_size > 2 * MAX_RECORD_BYTES:
                continue
            document = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(document, dict) or document.get("format") != PENDING_FORMAT:
                continue
            record = parse_record(json.dumps(document["record"]), source=shown(path))
            started = stored_time(document["started"], "started")
            ended = stored_time(document["ended"], "ended")
            computers = document["computers"]
            if started is None or not isinstance(computers, list):
                continue
            if len(computers) != len(record.players):
                continue
            computers = [stored_level(c, "computers") for c in computers]
            canonical(record)  # RecordError: a game that does not replay
        except (
            OSError,
            ValueError,
            KeyError,
            TypeError,
            RecursionError,
            ChineseTenError,
            DamagedRowError,
        ):
            continue  # not as we write it: left as it is
        history.store_unless_held(record, computers=computers, started=started, ended=ended)
        path.unlink(missing_ok=True)


def keep(
    folder: Path | None,
    record: "GameRecord",
    *,
    computers: Sequence[str | None],
    started: datetime,
    game_id: int | None,
) -> Kept:
    """Store a game as a deal of it ends (the history writer thread's one call): open, store,
    close.

    ``game_id`` None after a resume: the row holding the most of its first finished deals is
    found first (:meth:`History.find_begun`), even when the last store before it failed.
    A failure is returned as ``problem`` (the game plays on), never raised.
    """
    try:
        return _kept(
            folder, record, computers=computers, started=started, game_id=game_id, warnings=[]
        )
    except HistoryError as error:
        if not error.damaged:
            return _pending(
                folder,
                record,
                computers=computers,
                started=started,
                game_id=game_id,
                problem=str(error),
            )
        damage = str(error)
    except ChineseTenError as error:
        return Kept(game_id, problem=str(error))
    warnings: list[str] = []
    try:  # damaged inside: kept aside, and the whole game so far stored in a new history
        warnings.append(_moved_aside(history_path(folder), damage))
        return _kept(
            folder, record, computers=computers, started=started, game_id=None, warnings=warnings
        )
    except ChineseTenError as error:
        return Kept(game_id, warnings, problem=str(error))


def _pending(
    folder: Path | None,
    record: "GameRecord",
    *,
    computers: Sequence[str | None],
    started: datetime,
    game_id: int | None,
    problem: str,
) -> Kept:
    """The history could not be written: the game kept in its pending file, and one line
    that says both (or only the problem, if the pending file cannot be written either)."""
    try:
        path = _keep_pending(folder, record, computers, started)
    except OSError:
        return Kept(game_id, problem=problem)
    said = _("{problem}; the game is kept in {path} and stored when the history is free")
    return Kept(game_id, problem=said.format(problem=problem, path=shown(path)), pending=True)


def _kept(
    folder: Path | None,
    record: "GameRecord",
    *,
    computers: Sequence[str | None],
    started: datetime,
    game_id: int | None,
    warnings: list[str],
) -> Kept:
    with open_history(folder) as history:
        store_pending(history, folder)
        if game_id is None and len(record.deals) > 1:
            game_id = history.find_begun(record)
        stored = history.store(
            record, computers=computers, started=started, ended=datetime.now(UTC), game_id=game_id
        )
        _pending_path(folder, started).unlink(missing_ok=True)  # its own, from a failed store
        return Kept(stored, [*warnings, *history.warnings])
