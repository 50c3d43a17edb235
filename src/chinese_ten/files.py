"""Writing a person's files: never replace one by surprise; say in one line why a write failed."""

import errno
import os
from pathlib import Path

from chinese_ten.names import visible

_PROBLEMS = {
    errno.EEXIST: "it already exists: choose another name",
    errno.EISDIR: "it is a folder: give a file name",
    errno.ENOTDIR: "it is a file, or inside one, not a folder: choose another folder",
    errno.EACCES: "no permission to write there: choose a folder you can write to",
    errno.EPERM: "no permission to write there: choose a folder you can write to",
    errno.EROFS: "the disk is read-only: choose another place",
    errno.ENOSPC: "the disk is full: free some space, or choose another disk",
    errno.EDQUOT: "the disk quota is used up: free some space, or choose another disk",
    errno.ENOENT: "it vanished, or its folder does not exist: choose an existing folder",
    errno.ENAMETOOLONG: "the name is too long: choose a shorter one",
}


def shown(path: Path | str) -> str:
    """``path`` as text that is safe to echo (see :func:`chinese_ten.names.visible`)."""
    return visible(str(path))


def file_problem(path: Path, error: OSError) -> str:
    """One line: the path, what is wrong with it, and what to do."""
    problem = _PROBLEMS.get(error.errno or 0)
    if problem is None:
        problem = f"{error.strerror or error}: choose another place"
    return f"{shown(path)}: {problem}"


def write_new(path: Path, text: str) -> None:
    """Write ``text`` to a file that must not exist yet (FileExistsError if it does, even if it
    appears meanwhile); a failed write removes the half-written file it created."""
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    with path.open("x", encoding="utf-8") as handle:
        try:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        except BaseException:
            path.unlink(missing_ok=True)
            raise


def unused_name(path: Path, limit: int = 100) -> Path:
    """``path``, or ``stem-2.suffix`` ... when it is taken (a default the person may change)."""
    for number in range(1, limit):
        candidate = path if number == 1 else path.with_stem(f"{path.stem}-{number}")
        if not candidate.exists():
            return candidate
    return path
