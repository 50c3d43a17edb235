"""Reading the history database: the games listed, one game's row and record, a stored
analysis, and the row a resumed game continues.

Reading is not trusting: the file is input like any other. Every listed row is checked column
by column (names by the one rule of :mod:`chinese_ten.text.names`) and against what its record
says, and a row that is not as :mod:`chinese_ten.store.history` writes it is left out and said
in one line (:attr:`HistoryQueries.damage`). A file read as immutable is checked after each
query, and opened again if it changed under it. SQLite's errors are said in plain words.
"""

import json
import sqlite3
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Final, Self

from chinese_ten.engine.errors import ChineseTenError
from chinese_ten.engine.variant import MOST_SEATS
from chinese_ten.lang.i18n import _
from chinese_ten.store.files import shown
from chinese_ten.store.history_columns import canonical, key_of, record_facts, record_key
from chinese_ten.store.history_files import HistoryError, file_stamp, sqlite_problem
from chinese_ten.store.history_names import history_key, keys_in_older_files
from chinese_ten.store.history_rows import (
    ROW_COLUMNS,
    ROW_COLUMNS_OF_TWO,
    ROW_NAMES,
    DamagedRowError,
    GameRow,
    checked_row,
    damaged_line,
)
from chinese_ten.store.history_schema import connect_to_read
from chinese_ten.text.names import visible

if TYPE_CHECKING:
    from chinese_ten.store.records import GameRecord

MAX_ANALYSIS_CHARS: Final = 64 * 2**20
"""The longest stored analysis read: far above a review of a long game (sizes in
``docs/performance.md``)."""


class HistoryQueries:
    """An open history database's queries: :class:`chinese_ten.store.history.History` adds
    the writes. Close it (or use ``with``).

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
        """For a file read as immutable (:func:`chinese_ten.store.history.read_history`): its
        inode, size and time."""
        self.path = path
        self.warnings = warnings
        """What a person should be told about the opening (a broken file moved aside)."""
        self.damage: list[str] = []
        """One line for each stored game read and left out because it is damaged."""

    def __enter__(self) -> Self:
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

    def _reading(self, sql: str, parameters: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        try:
            if self._stamp is None:
                return list(self._db.execute(sql, parameters))
            for _attempt in range(3):  # an immutable read: was the file changed under it?
                rows = list(self._db.execute(sql, parameters))
                if file_stamp(self.path) == self._stamp:
                    return rows
                self._db.close()
                self._db, self._stamp = connect_to_read(self.path)
            raise sqlite3.OperationalError("changing", sqlite3.SQLITE_BUSY)
        except sqlite3.Error as error:
            raise sqlite_problem(self.path, error) from None

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
                (key_of(earlier),),
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
            raise missing_game(game_id)
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
            facts = record_facts(record, replay(record))
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
            raise missing_game(game_id)
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


def missing_game(game_id: int) -> HistoryError:
    """There is no game ``game_id``."""
    return HistoryError(_("there is no game {id} in the history").format(id=game_id))
