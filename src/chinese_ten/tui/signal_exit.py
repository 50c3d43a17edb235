"""SIGTERM, SIGHUP and SIGINT end an interactive game: saved, 128 + n, and never a hang.

The handler only records the signal, asks the app to save and exit (``on_signal``) and wakes
a watchdog thread. The watchdog exists because a normal exit can block for ever: when a
terminal closes, the kernel sends SIGHUP *and* SIGCONT, Textual answers SIGCONT by starting its
terminal mode again, its new writer thread dies on the dead terminal and the shutdown waits on
that thread's full queue (seen on Textual 8.2.8). So a signal also stops SIGCONT handling, and
if the process is still alive ``GRACE`` seconds later the watchdog restores the terminal (when
the app has not) and ends the process with ``os._exit``. The game is saved after every action
and saves are atomic, so ending the process there loses nothing.

No Textual import here: the handler works whatever state the app is in.
"""

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import Any

SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, name)
)
"""The signals that end a game (Windows has no SIGHUP)."""
GRACE = 1.0
"""Seconds the normal exit gets before the watchdog ends the process."""
RESTORE_WAIT = 0.25
"""Seconds the watchdog waits for the terminal to take the restoring sequence."""
RESTORE_SEQUENCE = (
    b"\x1b[<u"  # Kitty keyboard protocol off
    b"\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"  # mouse reporting off
    b"\x1b[?2004l"  # bracketed paste off
    b"\x1b[?7h"  # line wrap on
    b"\x1b[?1004l"  # focus reports off
    b"\x1b[?1049l"  # main screen back
    b"\x1b[?25h"  # cursor shown
)


def exit_code(signum: int) -> int:
    """The shell's convention for a process ended by signal ``signum``."""
    return 128 + signum


class SignalExit:
    """A context manager around the app's run: signals lead to a save and a bounded exit.

    ``on_signal()`` is called inside the signal handler (main thread, any moment), so it
    must only schedule work, never do it. Leaving the block without a signal puts the previous
    handlers back; after a signal they stay, so a second signal is ignored quietly.
    """

    def __init__(
        self,
        on_signal: Callable[[], None],
        *,
        grace: float = GRACE,
        end: Callable[[int], object] = os._exit,
        terminal: tuple[int, int] | None = None,
    ) -> None:
        """``terminal`` is (input fd, output fd) to restore; by default stdin and stderr,
        which Textual's Linux driver uses. ``end`` is replaceable for tests."""
        self.on_signal = on_signal
        self.grace = grace
        self.end = end
        self.signum: int | None = None
        self.app_finished = False
        """Set when the app's run returned: the terminal is restored, the watchdog need not."""
        self._terminal = terminal if terminal is not None else (0, 2)
        self._attributes: list[Any] | None = None
        self._previous: dict[int, Any] = {}
        self._once = threading.Lock()
        self._wake_read, self._wake_write = os.pipe()
        self._watchdog = threading.Thread(target=self._watch, name="signal-watchdog", daemon=True)

    def __enter__(self) -> "SignalExit":
        if sys.platform != "win32":
            import termios

            with contextlib.suppress(termios.error, OSError):
                self._attributes = termios.tcgetattr(self._terminal[0])
        self._watchdog.start()  # started now: a thread started inside a handler could deadlock
        for signum in SIGNALS:
            self._previous[signum] = signal.signal(signum, self._handle)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.app_finished = True
        if self.signum is None:
            for signum, handler in self._previous.items():
                signal.signal(signum, handler)
            os.close(self._wake_write)  # the watchdog reads end-of-file and returns
            self._watchdog.join()
            os.close(self._wake_read)

    @property
    def code(self) -> int | None:
        """The exit code the signal asks for, or ``None`` when none came."""
        return None if self.signum is None else exit_code(self.signum)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if not self._once.acquire(blocking=False):
            return  # a second signal: the exit is already under way
        self.signum = signum
        if sys.platform != "win32":
            signal.signal(signal.SIGCONT, signal.SIG_DFL)  # no restarting the terminal mode now
        os.write(self._wake_write, b"!")
        with contextlib.suppress(Exception):  # nothing may escape into the interrupted code
            self.on_signal()

    def _watch(self) -> None:
        if not os.read(self._wake_read, 1):
            return  # the app ended without a signal
        time.sleep(self.grace)
        code = self.code
        assert code is not None
        if not self.app_finished:
            restorer = threading.Thread(target=self._restore_terminal, daemon=True)
            restorer.start()
            restorer.join(RESTORE_WAIT)  # a terminal that does not read must not keep us
        self.end(code)

    def _restore_terminal(self) -> None:
        """Best effort: after SIGHUP there is no terminal, and every step may fail."""
        term_in, term_out = self._terminal
        if self._attributes is not None and sys.platform != "win32":
            import termios

            with contextlib.suppress(termios.error, OSError):
                termios.tcsetattr(term_in, termios.TCSANOW, self._attributes)
        with contextlib.suppress(OSError):
            os.write(term_out, RESTORE_SEQUENCE)
