"""The autosave: each running game holds its own save slot in the data folder; nothing is lost.

A slot is a save file, ``current.json`` (slot 1, the layout of earlier versions) or
``current-2.json`` ... ``current-16.json``, and a lock file beside it (``.current.lock``) that the
game playing it holds with ``flock``; the system drops the lock when that process ends, even after
kill -9. Only the holder writes a slot. A new game takes the lowest slot no running game holds and
first moves what was saved there into ``archive/``; ``--resume`` takes the newest save no running
game holds. A save that cannot be read is moved aside with a message.

A game knows the file it last wrote (or read): before each write it looks, and a save that is not
that file (another game copied there, a hand-edited one) is moved into ``archive/`` too, never
written over (:meth:`SaveSlot.save` returns where it went). ``archive/`` is never followed through
a symbolic link: nothing is moved out of the data folder.
"""

import errno
import os
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from chinese_ten.engine.errors import RecordError, SaveError
from chinese_ten.lang.i18n import _, ngettext
from chinese_ten.store.files import file_problem, shown
from chinese_ten.store.slots import MAX_SLOTS

if TYPE_CHECKING:  # pydantic is imported on the first save, not at start-up
    from chinese_ten.engine.deal import DealState
    from chinese_ten.store.records import GameRecord

HOME_VARIABLE = "CHINESE_TEN_HOME"
"""Overrides the data folder (tests, portable installs)."""

if sys.platform == "win32":  # pragma: no cover (the game is tested on POSIX systems)
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except PermissionError:
            return False
        return True

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True


def data_dir() -> Path:
    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override)
    from platformdirs import user_data_path

    return user_data_path("chinese-ten", appauthor=False)


def _make_folder(folder: Path) -> None:
    """``mkdir -p``, where a file in the way is NotADirectoryError (not "exists")."""
    if folder.exists() and not folder.is_dir():
        code = errno.ENOTDIR
        raise NotADirectoryError(code, os.strerror(code), str(folder))
    folder.mkdir(parents=True, exist_ok=True)


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")


@dataclass(frozen=True, slots=True)
class _Seen:
    """A save as a game last wrote or read it: its file's identity and its content's digest."""

    stamp: tuple[int, int, int] | None
    """Inode, size and modification time; None: no file was there."""
    digest: str | None


def _file_stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        status = path.stat()
    except FileNotFoundError:
        return None
    return status.st_ino, status.st_size, status.st_mtime_ns


def _digest(data: bytes) -> str:
    import hashlib  # at the first save written or read back, not at start-up

    return hashlib.sha256(data).hexdigest()


ARCHIVE_FOLDER = "archive"
"""Beside the saves: every save put away (finished, unfinished, corrupt, replaced)."""


class SaveSlot:
    """One save file in a folder, the lock that says which game holds it, and ``archive/``."""

    def __init__(self, folder: Path | None = None, number: int = 1) -> None:
        self.folder = folder if folder is not None else data_dir()
        self.number = number
        stem = "current" if number == 1 else f"current-{number}"
        self.path = self.folder / f"{stem}.json"
        self.lock_path = self.folder / f".{stem}.lock"
        self._lock: int | None = None
        self._seen: _Seen | None = None
        """What this game last wrote, read or left in the slot; None: no game holds it (a
        write of a slot not held, :meth:`save`, replaces what it finds)."""

    @property
    def held(self) -> bool:
        return self._lock is not None

    def claim(self) -> bool:
        """Hold this slot for this game; False when another running game holds it. From now
        on a file this game did not write or read (:meth:`load`, :meth:`put_away`) is not
        its save: :meth:`save` keeps it in ``archive/``."""
        held = self._hold()
        if held and self._seen is None:
            self._seen = _Seen(None, None)
        return held

    def _hold(self) -> bool:
        """Take the lock; False when another running game holds it."""
        if self._lock is not None:
            return True
        try:
            _make_folder(self.folder)
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
        except OSError as error:
            raise SaveError(file_problem(self.folder, error)) from None
        if not _try_lock(fd):
            os.close(fd)
            return False
        self._lock = fd
        return True

    def release(self) -> None:
        """Let another game take this slot (the lock file stays: removing it would race)."""
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    def exists(self) -> bool:
        return self.path.exists()

    def save(self, record: "GameRecord") -> Path | None:
        """Write the save; a slot not held is held just for the write, unless another game
        holds it (SaveError: the other game's save is never touched). A file in the slot that
        this game did not last write or read is moved into ``archive/`` first: where it went
        is returned (None: nothing was in the way)."""
        from chinese_ten.store.files import write_atomically
        from chinese_ten.store.records import record_json

        just_now = not self.held
        if just_now and not self._hold():
            raise SaveError(
                _("{path}: another running game holds this save").format(path=shown(self.path))
            )
        text = record_json(record)
        try:
            kept = self._keep_another()
            write_atomically(self.path, text)
            self._seen = _Seen(_file_stamp(self.path), _digest(text.encode("utf-8")))
        except OSError as error:
            raise SaveError(file_problem(self.path, error)) from None
        finally:
            if just_now:
                self.release()
        return kept

    def _keep_another(self) -> Path | None:
        """If the slot holds a file this game did not last write or read (another game, or
        other content), move it into ``archive/`` and return where (SaveError if it cannot
        be: the caller then writes nothing)."""
        seen = self._seen
        if seen is None:
            return None
        stamp = _file_stamp(self.path)
        if stamp is None or stamp == seen.stamp:
            return None
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return None
        if _digest(data) == seen.digest:
            return None
        return self.archive("replaced")

    def _looked(self) -> None:
        """Remember the slot as it is now (after a read, or once it is put away)."""
        stamp = _file_stamp(self.path)
        try:
            digest = None if stamp is None else _digest(self.path.read_bytes())
        except FileNotFoundError:
            stamp, digest = None, None
        self._seen = _Seen(stamp, digest)

    def load(self) -> tuple["GameRecord", list["DealState"]]:
        """The saved game; a save that cannot be read is moved aside and RecordError raised."""
        from chinese_ten.store.records import load_and_replay

        try:
            found = load_and_replay(self.path)
        except RecordError as error:
            if not self.path.exists():
                raise
            try:
                kept = self.archive("corrupt")
            except SaveError as archive_error:
                raise RecordError(
                    _("{problem} (moving it aside failed: {reason})").format(
                        problem=error, reason=archive_error
                    )
                ) from None
            raise RecordError(
                _("{problem} (the file was kept as {path})").format(problem=error, path=shown(kept))
            ) from None
        try:
            self._looked()
        except OSError as error:
            raise RecordError(file_problem(self.path, error)) from None
        return found

    def archive(self, reason: str) -> Path:
        """Move the save into ``archive/`` and return its new path (SaveError if impossible,
        and when ``archive/`` is a symbolic link: it is never followed out of the folder)."""
        target = self.folder / ARCHIVE_FOLDER / f"{_stamp()}-{reason}.json"
        if target.parent.is_symlink():
            raise SaveError(
                _(
                    "{path} is a symbolic link: saves are never moved through one; make it a "
                    "folder, or remove the link"
                ).format(path=shown(target.parent))
            )
        try:
            _make_folder(target.parent)
            os.replace(self.path, target)
            self._seen = _Seen(None, None)
        except FileNotFoundError as error:
            failed = self.path if not self.path.exists() else target.parent
            raise SaveError(file_problem(failed, error)) from None
        except OSError as error:
            raise SaveError(file_problem(target.parent, error)) from None
        return target

    def put_away(self, reason: str) -> Path | None:
        """Archive what this slot holds before a new game uses it; None if it holds nothing."""
        if self.exists():
            return self.archive(reason)
        self._seen = _Seen(None, None)
        return None


@dataclass(frozen=True, slots=True)
class Claim:
    """The slot a game holds, and the saves it passed over because other games hold them."""

    slot: SaveSlot
    busy: tuple[Path, ...]


def saves_present(folder: Path | None = None) -> bool:
    """Whether any slot of ``folder`` holds a save: a few ``stat`` calls, no reading, so the
    start screen can tell before its first frame whether to wait for the question."""
    base = folder if folder is not None else data_dir()
    try:
        return any(SaveSlot(base, number).exists() for number in range(1, MAX_SLOTS + 1))
    except OSError:
        return True  # cannot tell: wait for the opening, which says what is wrong


def _saved_newest_first(slots: list[SaveSlot]) -> list[SaveSlot]:
    dated: list[tuple[float, SaveSlot]] = []
    for slot in slots:
        try:
            dated.append((slot.path.stat().st_mtime, slot))
        except OSError:
            continue  # no save in this slot
    return [slot for _, slot in sorted(dated, key=lambda pair: -pair[0])]


def claim_slot(folder: Path | None = None, *, resume: bool = False) -> Claim:
    """Hold a slot for a game starting now.

    With ``resume`` it is the newest save no running game holds (check ``slot.exists()``: when
    every save is held, or there is none, a free slot comes back as for a new game). A new game
    gets the lowest slot no running game holds; what it holds is for the caller to put away.
    SaveError when the folder cannot be used or every slot is held.
    """
    base = folder if folder is not None else data_dir()
    slots = [SaveSlot(base, number) for number in range(1, MAX_SLOTS + 1)]
    busy: list[Path] = []
    if resume:
        for slot in _saved_newest_first(slots):
            if slot.claim():
                return Claim(slot, tuple(busy))
            busy.append(slot.path)
    for slot in slots:
        if slot.claim():
            return Claim(slot, tuple(busy))
        if slot.path not in busy:
            busy.append(slot.path)
    raise SaveError(
        ngettext(
            "{path}: the {count} save is held by a running game: close it",
            "{path}: all {count} saves are held by running games: close one of them",
            MAX_SLOTS,
        ).format(path=shown(base), count=MAX_SLOTS)
    )
