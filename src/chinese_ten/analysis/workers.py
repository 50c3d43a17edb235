"""Worker processes: ending with the process that started them, and a pool that hands back
results in task order.

One place for both, for ``simulate`` and the review (the pool) and ``serve``'s games (the
parent-death signal). Loading this module loads no pool: ``multiprocessing`` is imported
only when workers are asked for.
"""

import contextlib
import itertools
import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:
    from multiprocessing.pool import AsyncResult, Pool

Task = TypeVar("Task")
Result = TypeVar("Result")

_SET_PARENT_DEATH_SIGNAL: Final = 1
"""Linux's ``PR_SET_PDEATHSIG``."""
_POLL: Final = 0.1
"""Seconds between two looks at whether to stop, while workers work."""


def end_with_parent(sig: signal.Signals, parent: int | None = None) -> None:
    """Have the kernel send ``sig`` to this process when its parent dies, even by ``kill
    -9`` (Linux only, ``prctl(PR_SET_PDEATHSIG)``; elsewhere nothing is asked). The parent
    may have died before that was asked: then ``sig`` is sent at once. ``parent`` is the
    parent's pid when known; otherwise a parent already gone is seen as adoption by pid 1."""
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_SET_PARENT_DEATH_SIGNAL, sig)
    gone = os.getppid() != parent if parent is not None else os.getppid() == 1
    if gone:
        os.kill(os.getpid(), sig)


def start_worker(parent: int) -> None:
    """A pool worker's initializer: ignore SIGINT, and end with ``parent``: a worker whose
    parent was killed (``kill -9``) otherwise works on for minutes, then prints
    BrokenPipeError tracebacks. The kernel sends SIGTERM when the parent dies (Linux)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    end_with_parent(signal.SIGTERM, parent)


def usable_jobs(jobs: int, tasks: int) -> int:
    """Worker processes worth starting: no more than asked, tasks to do, or CPUs usable."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        cpus = os.cpu_count() or 1
    return max(1, min(jobs, tasks, cpus))


def worker_pool(workers: int) -> "Pool":
    """A pool of ``workers`` fresh processes that ignore SIGINT (Ctrl+C interrupts the main
    process only, which terminates the pool on its way out) and end with this process, even
    when it is killed."""
    import multiprocessing

    with _real_stderr(), _sigint_ignored():
        return multiprocessing.get_context("spawn").Pool(
            workers, initializer=start_worker, initargs=(os.getpid(),)
        )


def ordered_results(
    work: Callable[[Task], Result],
    tasks: Iterable[Task],
    workers: int,
    look_ahead: int,
    waiting: Callable[[], None] | None = None,
) -> Generator[Result, None, None]:
    """``work(task)`` for every task, done by a :func:`worker_pool` of ``workers`` processes,
    yielded in task order.

    Tasks are taken from ``tasks`` only as workers need them (``Pool.imap`` would drain the
    iterator at once): at most ``workers * look_ahead`` are pending. ``waiting`` is called
    every :data:`_POLL` seconds while the oldest result is awaited; an exception it raises
    (a cancellation) ends the run. Leaving the generator early terminates the workers.
    """
    queue = iter(tasks)
    with worker_pool(workers) as pool:
        pending: deque[AsyncResult[Result]] = deque(
            pool.apply_async(work, (task,))
            for task in itertools.islice(queue, workers * look_ahead)
        )
        while pending:
            head = pending.popleft()
            if waiting is not None:
                while not head.ready():
                    waiting()
                    head.wait(_POLL)
            result = head.get()
            for task in itertools.islice(queue, 1):
                pending.append(pool.apply_async(work, (task,)))
            yield result


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Ignore SIGINT while workers start: they inherit it (a signal can only be set from the
    main thread; elsewhere the workers' initializer alone sets it)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def _real_stderr() -> Iterator[None]:
    """The process's own stderr while the pool starts: multiprocessing hands its file
    descriptor to the resource tracker, and inside a Textual app ``sys.stderr`` is a capture
    with no descriptor (``fileno()`` is -1, and the tracker fails to start)."""
    captured = sys.stderr
    try:
        usable = captured is not None and captured.fileno() >= 0
    except (OSError, ValueError):
        usable = False
    if usable or sys.__stderr__ is None:
        yield
        return
    sys.stderr = sys.__stderr__
    try:
        yield
    finally:
        sys.stderr = captured
