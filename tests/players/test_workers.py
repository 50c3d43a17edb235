"""The worker processes of ``simulate`` and ``review`` never outlive their parent.

A parent killed with ``kill -9`` cannot stop its pool, so each worker asks the kernel to end
it with its parent: none plays on, and none prints a BrokenPipeError traceback. Linux only
(``/proc``, ``prctl``).
"""

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from chinese_ten.store.records import record_json
from tests.history_helpers import played

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc"),
    pytest.mark.skipif(
        sys.platform.startswith("linux") and len(os.sched_getaffinity(0)) < 2,
        reason="one usable CPU: no workers are started",
    ),
]

BOUND = 60.0
"""Seconds any wait below may take: generous, a failure only; not a measure of speed."""
BUSY = 1.0
"""CPU seconds a worker has spent when it is surely past its start and into a long task."""


def _state(pid: int) -> tuple[str, float] | None:
    """The process's state letter and CPU seconds; None once it has gone (or is a zombie
    nobody has reaped yet: an orphan's new parent may be slow to)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return None
    if fields[0] in "ZX":
        return None
    return fields[0], (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    """The pool's workers and multiprocessing's resource tracker."""
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except FileNotFoundError:
        return []


def _is_worker(pid: int) -> bool:
    try:
        return b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        return False


def _poll(condition: str, check: Callable[[], bool]) -> None:
    deadline = time.monotonic() + BOUND
    while not check():
        assert time.monotonic() < deadline, condition
        time.sleep(0.05)


def _kill_when_busy(args: list[str], err: Path) -> tuple[list[int], list[int]]:
    """Start ``chinese-ten ARGS``, wait until two workers work, ``kill -9`` the parent;
    its workers and all its children (with the resource tracker), as they were before."""
    with err.open("w") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "chinese_ten", *args],
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
    try:

        def busy() -> bool:
            assert process.poll() is None, "the command ended before it was killed"
            workers = [w for w in _children(process.pid) if _is_worker(w)]
            states = [_state(w) for w in workers]
            return len(workers) >= 2 and all(s is not None and s[1] >= BUSY for s in states)

        _poll("two workers at work", busy)
        children = _children(process.pid)
        workers = [c for c in children if _is_worker(c)]
        process.send_signal(signal.SIGKILL)
        process.wait(BOUND)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return workers, children


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "--games", "4", "--deals", "1000", "--players", "hard,hard", "--jobs", "2"],
        ["review", "{record}", "--json", "--samples", "100000", "--jobs", "2"],
    ],
    ids=["simulate", "review"],
)
def test_workers_end_with_a_parent_killed_by_kill_9(tmp_path: Path, command: list[str]) -> None:
    record = tmp_path / "game.json"
    record.write_text(record_json(played(2)), encoding="utf-8")
    err = tmp_path / "stderr"
    workers, children = _kill_when_busy([a.format(record=record) for a in command], err)
    assert len(workers) >= 2
    _poll("every child gone", lambda: all(_state(c) is None for c in children))
    assert "Traceback" not in err.read_text()


def test_a_worker_whose_parent_is_already_gone_ends_at_once(tmp_path: Path) -> None:
    """The parent died before the worker could ask the kernel to follow it: the worker's
    start sees another parent and ends (the hostile twin of a pool that works, below)."""
    code = (
        "import os, sys\n"
        "from chinese_ten.analysis.workers import start_worker\n"
        "start_worker(os.getppid() + 1)\n"  # a parent pid that is not ours
        "sys.exit(0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], timeout=BOUND, check=False)
    assert result.returncode == -signal.SIGTERM


def test_a_pool_with_its_parent_alive_works() -> None:
    from chinese_ten.analysis.simulate import simulate

    assert simulate(2, 1, ("greedy", "random"), 9, jobs=2).series_played == 2
