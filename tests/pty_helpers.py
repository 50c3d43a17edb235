"""The real command in a pseudo-terminal, for tests that meet it as a person does.

Time limits here bound the waiting only; they measure nothing.
"""

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

CONTROLLING_TERMINAL = (
    "import fcntl, os, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
    "os.execv(sys.executable, [sys.executable, '-m', 'chinese_ten', *sys.argv[1:]])"
)
"""Run in a new session: the pty on stdin becomes its controlling terminal, then the game
replaces this process (same pid). A launcher, because ``preexec_fn`` is unsafe with threads."""


def read_until(fd: int, needle: bytes, limit: float = 30.0) -> bytes:
    """What the terminal shows until ``needle`` appears (or ``limit`` seconds pass)."""
    seen = b""
    end = time.monotonic() + limit
    while needle not in seen and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return seen


class Terminal:
    """``chinese-ten ARGS`` running in a pseudo-terminal of ``size`` (columns, rows) with its
    own data folder; with ``controlling``, in a session of its own whose controlling terminal
    the pty is (closing :attr:`main` then hangs it up, as closing a window does).
    ``environment`` replaces this process's environment as the base."""

    def __init__(
        self,
        args: Sequence[str],
        home: Path,
        *,
        size: tuple[int, int] = (100, 30),
        controlling: bool = False,
        environment: Mapping[str, str] | None = None,
    ) -> None:
        self.main: int | None
        main, child = pty.openpty()
        columns, rows = size
        fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        base = os.environ if environment is None else environment
        env = {**base, "CHINESE_TEN_HOME": str(home), "TERM": "xterm-256color"}
        launcher = ["-c", CONTROLLING_TERMINAL] if controlling else ["-m", "chinese_ten"]
        self.process = subprocess.Popen(
            [sys.executable, *launcher, *args],
            stdin=child,
            stdout=child,
            stderr=child,
            env=env,
            close_fds=True,
            start_new_session=controlling,
        )
        os.close(child)
        self.main = main
        """The master side of the pty; ``None`` once closed."""

    def read_until(self, needle: bytes, limit: float = 30.0) -> bytes:
        assert self.main is not None
        return read_until(self.main, needle, limit)

    def write(self, keys: bytes) -> None:
        assert self.main is not None
        os.write(self.main, keys)

    def close_terminal(self) -> None:
        assert self.main is not None
        os.close(self.main)
        self.main = None

    def end(self) -> None:
        """Kill the process if it still runs, and close the terminal."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self.main is not None:
            self.close_terminal()
