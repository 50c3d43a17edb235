"""The real command in a pseudo-terminal, for tests that meet it as a person does.

Time limits here bound the waiting only; they measure nothing. Everything the program writes
is also fed to a :mod:`pyte` screen, so a test can read the terminal as a person sees it
(:attr:`Terminal.text`) rather than the escape codes that drew it.
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

import pyte

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


QUIET = 0.5
"""Seconds without output after which a guarded screen takes keys: longer than the guard
(``GameOptions.guard``, 0.4 s) with which the cut, a hand-over, the results and the continue
question ignore keys once drawn, so a double tap cannot decide who sees the table. A person
reads the screen first; a test waits for the screen to be still as long."""
RETRY_AFTER = (2.0, 4.0, 8.0)
"""Seconds to wait for a guarded screen's answer before pressing again: only a loaded machine
needs a second key (the guard counted from a drawing later than the test saw it)."""


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
        self.screen = pyte.Screen(columns, rows)
        """What the terminal shows, from every byte read so far."""
        self._stream = pyte.ByteStream(self.screen)
        self.written = bytearray()
        """Every byte the program wrote and this side read, in order (what scrolled away
        and what the screen drew over too)."""

    def read_until(self, needle: bytes, limit: float = 30.0) -> bytes:
        """The bytes written until ``needle`` (in the bytes, not on screen) or ``limit``."""
        assert self.main is not None
        seen = read_until(self.main, needle, limit)
        self._feed(seen)
        return seen

    @property
    def text(self) -> str:
        """The screen as a person reads it, one line a row."""
        return "\n".join(self.screen.display)

    def _pump(self, limit: float) -> bool:
        """Read what the program writes for up to ``limit`` seconds (less once it pauses);
        whether anything came."""
        assert self.main is not None
        ready, _, _ = select.select([self.main], [], [], max(0.0, limit))
        if not ready:
            return False
        try:
            chunk = os.read(self.main, 65536)
        except OSError:
            chunk = b""
        if not chunk:  # the program has gone: only the time passes
            time.sleep(max(0.0, limit))
            return False
        self._feed(chunk)
        return True

    def _feed(self, chunk: bytes) -> None:
        self.written += chunk
        self._stream.feed(chunk)

    def wait_for(self, needle: str, limit: float = 30.0) -> bool:
        """Whether ``needle`` is on screen within ``limit`` seconds."""
        end = time.monotonic() + limit
        while needle not in self.text:
            left = end - time.monotonic()
            if left <= 0:
                return False
            self._pump(min(0.1, left))
        return True

    def settle(self, quiet: float = QUIET, limit: float = 10.0) -> bool:
        """Read until the program has written nothing for ``quiet`` seconds; whether it did
        within ``limit``."""
        end = time.monotonic() + limit
        still_since = time.monotonic()
        while time.monotonic() - still_since < quiet:
            if time.monotonic() >= end:
                return False
            if self._pump(min(0.05, end - time.monotonic())):
                still_since = time.monotonic()
        return True

    def press(self, keys: bytes, then: str, *, guarded: bool = False, limit: float = 30.0) -> bool:
        """Send ``keys`` and wait for ``then`` on screen; whether it came within ``limit``.
        ``guarded``: the screen ignores keys a moment after it is drawn, so the keys go once
        it has been still for :data:`QUIET`, and again if ``then`` is slow to come
        (:data:`RETRY_AFTER`)."""
        end = time.monotonic() + limit
        if guarded:
            self.settle(limit=limit / 3)
        self.write(keys)
        for wait in RETRY_AFTER if guarded else ():
            if self.wait_for(then, min(wait, max(0.0, end - time.monotonic()))):
                return True
            if time.monotonic() >= end:
                return False
            self.write(keys)
        return self.wait_for(then, max(0.0, end - time.monotonic()))

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
