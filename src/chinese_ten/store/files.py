"""Writing a person's files: never replace one by surprise; say in one line why a write failed."""

import errno
import os
import tempfile
from pathlib import Path

from chinese_ten.lang.i18n import N_, _
from chinese_ten.text.names import visible

_PROBLEMS = {
    errno.EEXIST: N_("it already exists: choose another name"),
    errno.EISDIR: N_("it is a folder: give a file name"),
    errno.ENOTDIR: N_("it is a file, or inside one, not a folder: choose another folder"),
    errno.EACCES: N_("no permission to write there: choose a folder you can write to"),
    errno.EPERM: N_("no permission to write there: choose a folder you can write to"),
    errno.EROFS: N_("the disk is read-only: choose another place"),
    errno.ENOSPC: N_("the disk is full: free some space, or choose another disk"),
    errno.EDQUOT: N_("the disk quota is used up: free some space, or choose another disk"),
    errno.ENOENT: N_("it vanished, or its folder does not exist: choose an existing folder"),
    errno.ENAMETOOLONG: N_("the name is too long: choose a shorter one"),
}


def shown(path: Path | str) -> str:
    """``path`` as text that is safe to echo (see :func:`chinese_ten.text.names.visible`)."""
    return visible(str(path))


def file_problem(path: Path, error: OSError) -> str:
    """One line: the path, what is wrong with it, and what to do."""
    problem = _PROBLEMS.get(error.errno or 0)
    if problem is None:
        reason = error.strerror or str(error)
        return _("{path}: {reason}: choose another place").format(path=shown(path), reason=reason)
    return _("{path}: {problem}").format(path=shown(path), problem=_(problem))


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` via a temporary file, fsync and rename, so a crash never leaves half a
    file (the save slot: this program's own file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _written_aside(path, text)
    try:
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    _synced_folder(path.parent)


def _synced_folder(folder: Path) -> None:
    """The folder's entries on the disk too (the rename itself survives a power cut)."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return  # a system that cannot open folders: the file's own fsync is what there is
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_new(path: Path, text: str) -> None:
    """Write a file that is not there yet; FileExistsError if it is, even if made meanwhile.

    The text goes to a temporary file first, which is then hard-linked under its name: a
    link never replaces a file, and a crash never leaves half a file.
    """
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    tmp = _written_aside(path, text)
    try:
        os.link(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _written_aside(path: Path, text: str) -> Path:
    """``text`` in a new hidden temporary file beside ``path``, flushed to the disk."""
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
    return Path(name)


def unused_name(path: Path, limit: int = 100) -> Path:
    """``path``, or ``stem-2.suffix`` ... when it is taken (a default the person may change)."""
    for number in range(1, limit):
        candidate = path if number == 1 else path.with_stem(f"{path.stem}-{number}")
        if not candidate.exists():
            return candidate
    return path
