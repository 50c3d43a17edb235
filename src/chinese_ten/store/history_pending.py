"""Keeping a game as each of its deals ends (:func:`keep`), and the queue of games not yet
stored (the pending files).

A store that fails because the history is busy, or cannot be written, keeps the game's
finished deals in its pending file beside the history (:data:`PENDING_FOLDER`); every later
store stores the pending games first (:func:`store_pending`), and removes each file once
stored. A file whose damage shows only when a game is stored is moved aside, the whole game
then stored in a new history. A failure is returned to the game flow, never raised: the game
plays on.
"""

import errno
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Final

from chinese_ten.engine.errors import ChineseTenError
from chinese_ten.lang.i18n import _
from chinese_ten.store.files import shown
from chinese_ten.store.history import History, open_history
from chinese_ten.store.history_columns import canonical, time_column
from chinese_ten.store.history_files import HistoryError, moved_aside
from chinese_ten.store.history_places import history_path, pending_folder
from chinese_ten.store.history_rows import DamagedRowError, stored_level, stored_time

if TYPE_CHECKING:
    from chinese_ten.store.records import GameRecord


@dataclass(slots=True)
class Kept:
    """What :func:`keep` did: the game's id (None if not stored) and what to tell."""

    game_id: int | None
    warnings: list[str] = field(default_factory=list)
    problem: str | None = None
    pending: bool = False
    """Not stored, but kept in a pending file: stored when the history is free again."""


PENDING_FORMAT: Final = "chinese-ten-pending"
MAX_PENDING_FILES: Final = 100
"""Pending files read at one time (a game leaves one)."""


def pending_path(folder: Path | None, started: datetime) -> Path:
    """The pending file of the game begun at ``started``."""
    return pending_folder(folder) / f"game-{started.astimezone(UTC):%Y%m%dT%H%M%S%fZ}.json"


def keep_pending(
    folder: Path | None,
    record: "GameRecord",
    computers: Sequence[str | None],
    started: datetime,
) -> Path:
    """Write the game's finished deals to its pending file (this run's game: its own file,
    replaced as the game grows); OSError if it cannot be written."""
    from chinese_ten.store.files import write_atomically

    path = pending_path(folder, started)
    if path.parent.is_symlink():  # never written through: the file would land elsewhere
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path.parent))
    document = {
        "format": PENDING_FORMAT,
        "started": time_column(started),
        "ended": time_column(datetime.now(UTC)),
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
        warnings.append(moved_aside(history_path(folder), damage))
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
        path = keep_pending(folder, record, computers, started)
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
        pending_path(folder, started).unlink(missing_ok=True)  # its own, from a failed store
        return Kept(stored, [*warnings, *history.warnings])
