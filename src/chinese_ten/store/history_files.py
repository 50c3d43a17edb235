"""The history's file and what lies beside it, and SQLite's errors in plain words.

What is refused in the history's place (:mod:`chinese_ten.store.history_places` says where
it is), before SQLite opens it (a symbolic link, for the file or a journal beside it; a pipe,
a device or a socket); a file that is not a database (or is corrupt) moved aside as
``history.sqlite.broken-<n>``, never deleted (:func:`moved_aside`); and every SQLite error
said as one line a person can act on (:func:`sqlite_problem`, a :class:`HistoryError`).
"""

import errno
import os
import sqlite3
import stat
from pathlib import Path
from typing import Final

from chinese_ten.engine.errors import ChineseTenError
from chinese_ten.lang.i18n import N_, _
from chinese_ten.store.files import file_problem, shown
from chinese_ten.text.names import visible

MAX_BROKEN: Final = 1000
"""``history.sqlite.broken-1`` ... : how many broken files are kept before giving up."""
NOT_A_DATABASE: Final = (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT)
"""SQLite's result codes of a file that is not a database, or is corrupt."""


class HistoryError(ChineseTenError):
    """The history cannot be opened, read or written, or holds no such game."""

    def __init__(self, message: str, *, damaged: bool = False) -> None:
        super().__init__(message)
        self.damaged = damaged
        """The file turned out corrupt after it opened (SQLite found a damaged page)."""


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


def sqlite_problem(path: Path, error: sqlite3.Error) -> HistoryError:
    """One line a person can act on, for an SQLite error (its own words only as a last resort)."""
    code = getattr(error, "sqlite_errorcode", None)
    damaged = code is not None and code & 0xFF in NOT_A_DATABASE
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


def refuse_links(path: Path) -> None:
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


def no_special_file(path: Path) -> None:
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


def moved_aside(path: Path, reason: str) -> str:
    """Move a broken database aside; what to tell."""
    kept = _move_aside(path)
    return _(
        "{path} could not be read as a history database ({reason}); it was kept as "
        "{kept} and a new history begun"
    ).format(path=shown(path), reason=reason, kept=shown(kept))


def make_history_folder(folder: Path) -> None:
    from chinese_ten.store.saves import _make_folder as make

    make(folder)


def no_file_in_the_way(folder: Path) -> None:
    """NotADirectoryError when ``folder``, or the nearest of its parents that exists, is a
    file: there is no history there, and saying "no games yet" would hide why."""
    for place in (folder, *folder.parents):
        if place.exists():
            if not place.is_dir():
                raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(place))
            return


def file_stamp(path: Path) -> tuple[int, int, int]:
    status = path.stat()
    return status.st_ino, status.st_size, status.st_mtime_ns


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
