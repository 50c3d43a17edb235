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
class TabGame:
    """One running game: when someone last touched it (a key, a click)."""

    touched: float


@dataclass
class TabGames:
    """At most ``most`` games at once; a game untouched for ``idle`` seconds is idle."""

    most: int
    idle: float
    clock: Callable[[], float] = time.monotonic
    taken: list[TabGame] = field(default_factory=list)

    def admit(self) -> TabGame | None:
        """A game for a new game, or None when all are taken."""
        if len(self.taken) >= self.most:
            return None
        game = TabGame(self.clock())
        self.taken.append(game)
        return game

    def touch(self, game: TabGame) -> None:
        game.touched = self.clock()

    def leave(self, game: TabGame) -> None:
        if game in self.taken:
            self.taken.remove(game)

    def idle_games(self) -> list[TabGame]:
        now = self.clock()
        return [game for game in self.taken if now - game.touched >= self.idle]

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
