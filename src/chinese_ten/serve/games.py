"""What ``chinese-ten serve`` keeps count of: games running at once, and which are idle.

No web server and no Textual here, so the limits are tested on their own (with a clock).
"""

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

LOCAL_HOSTS = frozenset(("127.0.0.1", "::1", "localhost"))
"""Hosts only this machine can reach; any other gets a warning."""


def is_local(host: str) -> bool:
    return host.lower() in LOCAL_HOSTS


def url_of(host: str, port: int) -> str:
    """The address to open (an IPv6 host goes in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


@dataclass(eq=False)
class Seat:
    """One running game: when someone last touched it (a key, a click)."""

    touched: float


@dataclass
class Seats:
    """At most ``most`` games at once; a game untouched for ``idle`` seconds is idle."""

    most: int
    idle: float
    clock: Callable[[], float] = time.monotonic
    taken: list[Seat] = field(default_factory=list)

    def admit(self) -> Seat | None:
        """A seat for a new game, or None when all are taken."""
        if len(self.taken) >= self.most:
            return None
        seat = Seat(self.clock())
        self.taken.append(seat)
        return seat

    def touch(self, seat: Seat) -> None:
        seat.touched = self.clock()

    def leave(self, seat: Seat) -> None:
        if seat in self.taken:
            self.taken.remove(seat)

    def idle_seats(self) -> list[Seat]:
        now = self.clock()
        return [seat for seat in self.taken if now - seat.touched >= self.idle]

    @property
    def full(self) -> bool:
        return len(self.taken) >= self.most


def end_with_server() -> None:
    """In a game the server started: SIGHUP (save and exit) when the server ends, even by
    ``kill -9``, so that no game is left running, holding its save, without a browser.
    Linux only (``prctl``); elsewhere the server's own shutdown ends its games."""
    if not sys.platform.startswith("linux"):
        return
    import signal

    from chinese_ten.analysis.workers import end_with_parent

    end_with_parent(signal.SIGHUP)  # at once if the server ended before that was set
