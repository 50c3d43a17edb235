"""Storing finished deals in the history off the screen's thread.

A store may wait for the database: another program can hold ``history.sqlite`` for seconds
(:data:`chinese_ten.store.history_schema.BUSY_TIMEOUT_MS`), and a screen that waited would
freeze, then act on the keys pressed meanwhile. So the game flow hands each finished deal's
record to its :class:`HistoryWriter` and goes on at once; a thread of the writer's own (no
Textual in it) stores the records in order, keeping only the newest of one game when several
wait (each holds all the game's finished deals). What a person should be told comes back as
:class:`Said` values the screen picks up (:meth:`HistoryWriter.said`); that a deal could not be
stored is said once for the writer's game flow, not at every deal. At the end,
:meth:`HistoryWriter.wait` gives the last deal a bounded time to be stored.

Only the standard library is imported here; the history module loads in the thread.
"""

import contextlib
import threading
from collections import deque
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from chinese_ten.store.records import GameRecord

_ONLY_PENDING: Final = datetime(1, 1, 1, tzinfo=UTC)
"""The start of no game: the job that only stores pending games."""
SHUTDOWN_WAIT: Final = 15.0
"""Seconds the end of the program waits for the last deal to be stored (longer than a store
waits for a busy database before it fails,
:data:`chinese_ten.store.history_schema.BUSY_TIMEOUT_MS`)."""


@dataclass(frozen=True, slots=True)
class Said:
    """What to tell about a store: a warning (a broken file moved aside) or its failure."""

    text: str
    failed: bool
    pending: bool = False
    """Failed, but the game is kept in a pending file and stored when the history is free."""


@dataclass(frozen=True, slots=True)
class _Job:
    folder: Path | None
    record: "GameRecord | None"
    """None: only store the pending games (:mod:`chinese_ten.store.history_pending`)."""
    computers: tuple[str | None, ...]
    """Each seat's computer level; None for a person."""
    started: datetime
    """Which game: a new series is a new game (a new row) from its first deal."""


class HistoryWriter:
    """One game flow's stores, in order, on a thread that lives while records wait."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._jobs: deque[_Job] = deque()
        self._said: list[Said] = []
        self._ids: dict[datetime, int | None] = {}
        """Each game's row, by its start (None after a resume: found by its first deals)."""
        self._thread: threading.Thread | None = None
        self._failed = False

    def store(
        self,
        folder: Path | None,
        record: "GameRecord",
        *,
        computers: tuple[str | None, ...],
        started: datetime,
    ) -> None:
        """Hand over a game's finished deals; returns at once."""
        with self._lock:
            self._jobs.append(_Job(folder, record, computers, started))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="history", daemon=True)
                self._thread.start()

    def store_pending(self, folder: Path | None) -> None:
        """Store the games a busy history left pending in ``folder`` (a game of an earlier
        run), on the writer's thread; nothing is said, and a history still busy keeps them
        for the next store."""
        from chinese_ten.store.history_places import pending_folder  # no SQLite at start-up

        place = pending_folder(folder)
        if place.is_dir() and not place.is_symlink() and any(place.glob("game-*.json")):
            with self._lock:
                self._jobs.append(_Job(folder, None, (), _ONLY_PENDING))
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name="history", daemon=True)
                    self._thread.start()

    def game_id(self, started: datetime) -> int | None:
        """The row of the game begun at ``started``, once stored."""
        with self._lock:
            return self._ids.get(started)

    def said(self) -> list[Said]:
        """What to tell since the last call (for the screen's thread to show)."""
        with self._lock:
            said, self._said = self._said, []
        return said

    def wait(self, timeout: float | None = SHUTDOWN_WAIT) -> bool:
        """Wait up to ``timeout`` seconds for every record handed over to be stored (or to
        fail); whether they all were."""
        with self._lock:
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
        with self._lock:
            return self._thread is None

    def _next(self) -> _Job | None:
        """The newest record of the first waiting game; None (and the thread ends) if none."""
        with self._lock:
            if not self._jobs:
                self._thread = None
                return None
            job = self._jobs.popleft()
            while self._jobs and self._jobs[0].started == job.started:
                job = self._jobs.popleft()  # it holds every deal the older one held
            return job

    def _run(self) -> None:
        while (job := self._next()) is not None:
            from chinese_ten.store.history import open_history
            from chinese_ten.store.history_pending import Kept, keep, store_pending

            if job.record is None:
                # kept for the next store if it fails: nothing said
                with contextlib.suppress(Exception), open_history(job.folder) as history:
                    store_pending(history, job.folder)
                continue

            game_id = self.game_id(job.started)
            try:
                kept = keep(
                    job.folder,
                    job.record,
                    computers=job.computers,
                    started=job.started,
                    game_id=game_id,
                )
            except Exception as error:  # a traceback from a thread would garble the screen
                kept = Kept(game_id, problem=str(error) or type(error).__name__)
            with self._lock:
                self._ids[job.started] = kept.game_id
                self._said += [Said(text, failed=False) for text in kept.warnings]
                if kept.problem is not None and not self._failed:
                    self._failed = True  # said once: the next failures are the same story
                    self._said.append(Said(kept.problem, failed=True, pending=kept.pending))
