"""What ``chinese-ten serve`` keeps count of: games running at once, and which are idle.

No web server and no Textual here, so the limits are tested on their own (with a clock).
"""

import contextlib
import ipaddress
import socket
import struct
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

LOCAL_HOSTS = frozenset(("127.0.0.1", "::1", "localhost"))
"""Hosts only this machine can reach; any other gets a warning."""


def is_local(host: str) -> bool:
    return host.lower() in LOCAL_HOSTS


def usual_host(host: str) -> str:
    """An address in the spelling a browser writes it (``::0`` is ``::``, ``0`` is ``0.0.0.0``,
    ``127.1`` is ``127.0.0.1``: the system takes them all); a name as it is."""
    with contextlib.suppress(ValueError):
        return str(ipaddress.ip_address(host))
    if host and host.isascii() and not any(c.isspace() for c in host):
        with contextlib.suppress(OSError):  # the forms inet_aton takes: 0, 127.1, 0x7f.1
            return socket.inet_ntoa(socket.inet_aton(host))
    return host


def url_of(host: str, port: int) -> str:
    """The address to open (an IPv6 host goes in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


WILDCARDS = {"0.0.0.0": socket.AF_INET, "::": socket.AF_INET6}
"""The hosts that mean every address of one family (``--host ''`` is refused: it is no host)."""
_SIOCGIFADDR = 0x8915


def _ipv4_addresses() -> list[str]:
    """Each network interface's IPv4 address (Linux ``ioctl``), else those of this machine's
    name."""
    found: list[str] = []
    with contextlib.suppress(OSError, ImportError), socket.socket(socket.AF_INET) as probe:
        import fcntl

        for _, name in socket.if_nameindex():
            with contextlib.suppress(OSError):
                asked = struct.pack("256s", name.encode()[:15])
                answer = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR, asked)
                found.append(socket.inet_ntoa(answer[20:24]))
    return found or _named_addresses(socket.AF_INET)


def _ipv6_addresses() -> list[str]:
    """This machine's global IPv6 addresses (Linux ``/proc/net/if_inet6``; a link-local one
    needs an interface name no browser address can carry)."""
    found: list[str] = []
    with contextlib.suppress(OSError), open("/proc/net/if_inet6", encoding="ascii") as table:
        for row in table:
            fields = row.split()
            if len(fields) == 6 and fields[3] in ("00", "10"):  # global, or loopback
                found.append(str(ipaddress.IPv6Address(bytes.fromhex(fields[0]))))
    return found or _named_addresses(socket.AF_INET6)


def _named_addresses(family: socket.AddressFamily) -> list[str]:
    with contextlib.suppress(OSError, UnicodeError):
        infos = socket.getaddrinfo(socket.gethostname(), None, family, socket.SOCK_STREAM)
        return [str(info[4][0]) for info in infos]
    return []


def reachable(host: str) -> list[str]:
    """The hosts a browser can open for a server listening on ``host``: itself, or for a
    wildcard this machine's addresses of that family, those others can reach first and the
    loopback one last."""
    family = WILDCARDS.get(host)
    if family is None:
        return [host]
    found = _ipv4_addresses() if family == socket.AF_INET else _ipv6_addresses()
    loopback = "127.0.0.1" if family == socket.AF_INET else "::1"
    others = [a for a in dict.fromkeys(found) if not ipaddress.ip_address(a).is_loopback]
    return [*others, loopback]


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
