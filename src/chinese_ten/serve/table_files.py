"""A hosted table's folder on disk: ``host/TABLE/table.json``, the table's whole snapshot.

What this program wrote earlier is read as a stranger's file: never through a symbolic link,
only a regular file, at most :data:`MOST_BYTES`, and checked whole by
:meth:`~chinese_ten.net.table.TableAuthority.taken_up`. Every problem is a
:class:`TableFileError` of one line, worded here.
"""

import errno
import os
import stat
from pathlib import Path
from typing import Final

from chinese_ten.engine.errors import SaveError
from chinese_ten.lang.i18n import _
from chinese_ten.net.protocol import TABLE_ID
from chinese_ten.store.files import file_problem, shown, write_atomically
from chinese_ten.store.saves import SaveSlot

TABLE_FILE: Final = "table.json"
MOST_BYTES: Final = 16 << 20
"""The largest snapshot read back: roomy for a long open-ended series' record (a record's
size: docs/performance.md), and still a bound."""


class TableFileError(Exception):
    """One line: which table, and what is wrong with its files."""


def own_folder(folder: Path, *, make: bool) -> Path:
    """``folder`` as a real folder of this user's (made, readable by its owner only, when
    ``make``): a symbolic link, or a file in its place, is a :class:`TableFileError`."""
    try:
        if make:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        status = os.lstat(folder)
    except OSError as error:
        raise TableFileError(file_problem(folder, error)) from None
    if stat.S_ISLNK(status.st_mode):
        raise TableFileError(
            _("{path}: a symbolic link, which the host does not follow").format(path=shown(folder))
        )
    if not stat.S_ISDIR(status.st_mode):
        raise TableFileError(file_problem(folder, NotADirectoryError(errno.ENOTDIR, "")))
    return folder


def table_folders(root: Path) -> list[Path | TableFileError]:
    """Each table's folder under ``root``, or why an entry there is not one."""
    own_folder(root, make=False)
    found: list[Path | TableFileError] = []
    for entry in sorted(root.iterdir()):
        if entry.name.startswith("."):
            continue
        if not TABLE_ID.fullmatch(entry.name):
            found.append(TableFileError(_("{path}: not a table's name").format(path=shown(entry))))
            continue
        try:
            found.append(own_folder(entry, make=False))
        except TableFileError as error:
            found.append(error)
    return found


def read_table(folder: Path) -> str:
    """The text of ``folder``'s table file, read without following a link, from a regular
    file of at most :data:`MOST_BYTES` (a pipe or a device is never opened for a wait)."""
    path = folder / TABLE_FILE
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise TableFileError(
                _("{path}: a symbolic link, which the host does not follow").format(
                    path=shown(path)
                )
            ) from None
        raise TableFileError(file_problem(path, error)) from None
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise TableFileError(_("{path}: not a regular file").format(path=shown(path)))
        if status.st_size > MOST_BYTES:
            raise TableFileError(_("{path}: too large to be a table").format(path=shown(path)))
        with os.fdopen(fd, "rb") as handle:
            fd = -1
            data = handle.read(MOST_BYTES + 1)
    except OSError as error:
        raise TableFileError(file_problem(path, error)) from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > MOST_BYTES:
        raise TableFileError(_("{path}: too large to be a table").format(path=shown(path)))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise TableFileError(_("{path}: not text").format(path=shown(path))) from None


def write_table(folder: Path, text: str) -> None:
    """Replace ``folder``'s table file with ``text`` (a new file, fsynced, then renamed over
    the old one: readable by its owner only). OSError when it cannot be written."""
    write_atomically(folder / TABLE_FILE, text)


def hold(folder: Path) -> SaveSlot:
    """The lock that makes this process the table's one writer: TableFileError when another
    host holds it."""
    slot = SaveSlot(folder)
    try:
        held = slot.claim()
    except SaveError as error:
        raise TableFileError(str(error)) from None
    if not held:
        raise TableFileError(_("{path}: another host holds this table").format(path=shown(folder)))
    return slot
