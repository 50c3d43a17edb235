"""What ``chinese-ten serve`` lets in, and in what shape: nothing from outside is trusted.

The threat is a page in the same browser (or anyone on the network, with ``--host``) reaching
the server: it must not start a game, read the history or continue a saved game. So every
request must

- name this server in its ``Host`` header (a DNS-rebinding page names its own domain), and in
  its ``Origin`` when it has one: exactly the origin the ``Host`` names (a page on another
  port of the same machine is another origin);
- carry the per-run token that ``serve`` printed, in the address (``?token=``, first load) or in
  the HttpOnly, SameSite=Strict cookie the page sets (reloads, the websocket, downloads). The
  cookie holds a value derived from the token and the port, never the token itself.

Browsers scope cookies by host, not by port: a page served by another program on the same host
receives this server's cookies. So a cookie alone starts nothing: a websocket (the only way to a
game) must also carry this server's own ``Origin``, and no page may be framed by another
(``frame-ancestors 'none'``), so another port's page can neither open our socket nor put our
page in a frame and play through it.

Each browser gets a random HttpOnly cookie of its own on its first visit; its games are saved in a
data folder named after that cookie's hash, so one browser is never offered another's game.
Every size and message a browser sends is bounded here before it reaches a game. No Textual import.
"""

import gettext
import hashlib
import hmac
import ipaddress
import json
import math
import re
import secrets
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web
from aiohttp.typedefs import Middleware

from chinese_ten.lang import i18n
from chinese_ten.lang.i18n import N_
from chinese_ten.serve.games import LOCAL_HOSTS, is_local

TOKEN_PARAMETER = "token"
BROWSER_COOKIE = "chinese-ten-browser"
"""The same name for every port: a browser keeps its saves when the server's port changes."""
BROWSER_COOKIE_DAYS = 400
"""The longest a browser keeps a cookie (Chromium's cap)."""
MAX_QUERY = 256
"""Characters of a query string: the page's own need under 80 (the token; width and height)."""
MAX_MESSAGE = 16 * 1024
"""Bytes of one websocket message, this many included: a key is a few, a pasted name a few
hundred."""
KEY_BYTES = (64 * 1024, 2 * 1024)
"""Bytes (UTF-8) one connection may send at once, and each second after that: pastes of a
whole message pass, and a flood is cut to what a game reads without growing (the rate a game
holds flat at: docs/performance.md); a person types a few keys a second, and a mouse moved
fast sends under 1 KiB."""
KEY_MESSAGES = (400, 200)
"""Messages (keys, mouse moves, resizes) one connection may send at once, and each second:
a mouse moved fast sends tens a second."""
COLUMNS = (20, 480)
ROWS = (10, 200)
"""The terminal sizes a browser may ask for: a 3840x2160 window at the page's 16 px fits
(426x102 cells; at 12 px, more columns than the board can use)."""
MAX_PING = 64
"""Characters of a ping's payload, which the server sends back."""
MAX_LANGUAGES = 16
"""Entries of ``Accept-Language`` looked at (a browser sends a handful)."""
_WILDCARDS = frozenset(("0.0.0.0", "::", ""))
_SECRET = re.compile(r"[A-Za-z0-9_-]{43}")
"""What ``secrets.token_urlsafe(32)`` makes: any other cookie value is a new browser."""

WRONG_HOST = N_(
    "This server answers only at the address chinese-ten serve printed; open that address."
)
WRONG_ORIGIN = N_("Only this server's own page may start a game here.")
NO_TOKEN = N_(
    "This address needs the token chinese-ten serve printed: open the whole address it "
    "printed, with ?token=."
)
BAD_TOKEN = N_(
    "This token is not the one chinese-ten serve printed (it changes each time serve starts): "
    "open the address it printed last."
)
BAD_QUERY = N_("This address is too long.")
NO_BROWSER = N_("Load this server's page first: it gives this browser its own saves.")


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def token_cookie(port: int) -> str:
    """The token cookie's name: cookies do not tell ports apart, two servers' tokens must."""
    return f"chinese-ten-token-{port}"


def _split(host: str) -> tuple[str, int] | None:
    """``("::1", 8000)`` for ``[::1]:8000``, the port 80 when there is none; None if malformed."""
    host = host.lower()
    if host.startswith("["):
        name, bracket, rest = host[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return None
        port = rest[1:]
    else:
        name, colon, port = host.partition(":")
        if colon and not port:
            return None
    if port and not (port.isascii() and port.isdigit() and len(port) <= 5):
        return None
    return name, int(port or 80)


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Address:
    """The names under which a browser may reach this server (``Host``, and ``Origin``).

    Loopback: ``localhost``, ``127.0.0.1`` and ``[::1]``. Another host: that host. Every address
    (``0.0.0.0``, ``::``): any IP address, and this machine's names; a rebinding page needs a
    domain name of its own, never an IP address, so refusing unknown names is enough there.
    """

    port: int
    names: frozenset[str]
    any_ip: bool = False

    @classmethod
    def of(cls, host: str, port: int) -> "Address":
        host = host.lower().strip("[]")
        if is_local(host):
            return cls(port, LOCAL_HOSTS)
        if host in _WILDCARDS:
            here = {socket.gethostname().lower(), socket.getfqdn().lower()}
            return cls(port, LOCAL_HOSTS | here, any_ip=True)
        return cls(port, frozenset((host,)))

    def named_by(self, host: str) -> bool:
        split = _split(host)
        if split is None or split[1] != self.port:
            return False
        name = split[0]
        return name in self.names or (self.any_ip and _is_ip(name))

    def is_origin(self, origin: str) -> bool:
        scheme, _, host = origin.partition("://")
        return scheme.lower() == "http" and "/" not in host and self.named_by(host)

    def is_own_origin(self, origin: str, host: str) -> bool:
        """``origin`` is exactly the one of the page at ``host`` (ours, checked by the caller)."""
        return self.is_origin(origin) and _split(origin.partition("://")[2]) == _split(host)


@dataclass(slots=True)
class Guard:
    """The token of this run and the address served (known once the port is bound)."""

    token: str
    address: Address | None = None

    def refusal(self, request: web.Request) -> str | None:
        """Why ``request`` is refused (a message to translate), or None to let it in."""
        if self.address is None:  # not listening yet: nobody has the address
            return WRONG_HOST
        if len(request.query_string) > MAX_QUERY:
            return BAD_QUERY
        host = request.headers.get("Host", "")
        if not self.address.named_by(host):
            return WRONG_HOST
        origin = request.headers.get("Origin")
        if origin is None and request.headers.get("Upgrade", "").lower() == "websocket":
            return WRONG_ORIGIN  # browsers always send it: a client without one is not a page
        if origin is not None and not self.address.is_own_origin(origin, host):
            return WRONG_ORIGIN
        given = request.query.get(TOKEN_PARAMETER)
        if given is not None:
            return None if _same(given, self.token) else BAD_TOKEN
        given = request.cookies.get(token_cookie(self.address.port))
        if given is None:
            return NO_TOKEN
        return None if _same(given, self.cookie_value()) else BAD_TOKEN

    def cookie_value(self) -> str:
        """What the token cookie holds: bound to this run and this port, and not the token (a
        program on another port that receives the cookie cannot print it as our address)."""
        assert self.address is not None
        message = token_cookie(self.address.port).encode()
        return hmac.new(self.token.encode(), message, hashlib.sha256).hexdigest()

    def middleware(self, language: Callable[[web.Request], str]) -> Middleware:
        """Every route behind :meth:`refusal`: a refusal is a 403 with one short plain line."""

        @web.middleware
        async def guard(
            request: web.Request,
            handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
        ) -> web.StreamResponse:
            reason = self.refusal(request)
            if reason is not None:
                text = words(language(request)).gettext(reason)
                return web.Response(text=text + "\n", status=403, headers=PRIVATE)
            return await handler(request)

        return guard


def _same(given: str, secret: str) -> bool:
    return hmac.compare_digest(given.encode(), secret.encode())


UNFRAMED = {"Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY"}
"""Headers of every response: no page (of another port, say) may put ours in a frame."""
PRIVATE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", **UNFRAMED}
"""Headers of every page: the token is in the first address, which must not travel on."""


async def unframed(request: web.Request, response: web.StreamResponse) -> None:
    """For ``on_response_prepare``: :data:`UNFRAMED` on every response, files and refusals too."""
    del request
    for name, value in UNFRAMED.items():
        response.headers.setdefault(name, value)


def browser_of(request: web.Request) -> str | None:
    """This browser's secret (its cookie), or None when it has none or a malformed one."""
    value = request.cookies.get(BROWSER_COOKIE, "")
    return value if _SECRET.fullmatch(value) else None


def browser_folder(data: Path, browser: str) -> Path:
    """The data folder of one browser: its saves and its history, under ``data/browsers``.
    A hash, so the folder's name does not give the cookie away."""
    return data / "browsers" / hashlib.sha256(browser.encode()).hexdigest()[:32]


def language_of(accept: str | None, fallback: str) -> str:
    """The first of our languages the browser accepts (by preference), else ``fallback``.

    >>> language_of("de-DE,fr;q=0.8,en;q=0.5", "pt"), language_of("de", "pt")
    ('fr', 'pt')
    """
    ranked: list[tuple[float, int, str]] = []
    for place, entry in enumerate((accept or "")[:256].split(",")[:MAX_LANGUAGES]):
        tag, _, parameters = entry.strip().partition(";")
        code = tag.strip().split("-", 1)[0].lower()
        quality = 1.0
        name, _, value = parameters.strip().partition("=")
        if name.strip() == "q":
            try:
                quality = float(value)
            except ValueError:
                continue
        if code in i18n.LANGUAGES and 0 < quality <= 1:
            ranked.append((-quality, place, code))
    return min(ranked)[2] if ranked else fallback


def words(language: str) -> gettext.NullTranslations:
    """One language's catalog, for a page in the browser's language (the server has its own):
    :func:`chinese_ten.lang.i18n.catalog`, so a damaged one is English, never a 500."""
    return i18n.catalog(language)


class BadMessageError(ValueError):
    """A websocket message that textual-serve's page never sends."""


class SilentError(TimeoutError):
    """A browser that stopped answering the server's pings (asleep, or the network gone)."""


@dataclass(slots=True)
class Allowance:
    """What one connection may still send: a bucket of bytes and one of messages, each filled
    at its rate up to its size (:data:`KEY_BYTES`, :data:`KEY_MESSAGES`)."""

    clock: Callable[[], float]
    sizes: tuple[int, int] = (KEY_BYTES[0], KEY_MESSAGES[0])
    rates: tuple[int, int] = (KEY_BYTES[1], KEY_MESSAGES[1])
    left: list[float] | None = None
    since: float | None = None

    def take(self, size: int) -> bool:
        """Spend one message of ``size`` bytes; False (nothing spent) when over the allowance."""
        now = self.clock()
        if self.left is None or self.since is None:
            self.left = [float(s) for s in self.sizes]
        else:
            passed = max(0.0, now - self.since)
            self.left = [
                min(float(full), left + passed * rate)
                for full, left, rate in zip(self.sizes, self.left, self.rates, strict=True)
            ]
        self.since = now
        if self.left[0] < size or self.left[1] < 1:
            return False
        self.left = [self.left[0] - size, self.left[1] - 1]
        return True

    def take_message(self, message: "Message | None") -> bool:
        """Spend one message read by :func:`read_message`: its size is the UTF-8 bytes of the
        keys it carries, what the game reads (a mouse move's escape is 13, though JSON spells
        its first byte in 6; a character of a Chinese name is 3); other kinds are only counted."""
        match message:
            case ("stdin", str(keys)):
                return self.take(len(keys.encode()))
            case _:
                return self.take(0)


Message = tuple[str] | tuple[str, str] | tuple[str, int, int]


def _bounded(value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value):
        raise BadMessageError("a size that is not a number")
    return int(max(low, min(value, high)))


def terminal_size(width: object, height: object) -> tuple[int, int]:
    """A terminal size within :data:`COLUMNS` and :data:`ROWS` (BadMessageError if not numbers)."""
    return _bounded(width, *COLUMNS), _bounded(height, *ROWS)


def query_size(text: str | None, default: int, bounds: tuple[int, int]) -> int:
    """The first size (the websocket's query): a number within ``bounds``, else ``default``."""
    try:
        return _bounded(int(text or default), *bounds)
    except (ValueError, BadMessageError):
        return default


def _encodes(keys: str) -> bool:
    """JSON may carry a lone surrogate (``"\\ud800"``), which no UTF-8 pipe can."""
    try:
        keys.encode()
    except UnicodeEncodeError:
        return False
    return True


def read_message(text: str) -> Message | None:
    """``("stdin", keys)``, ``("resize", columns, rows)`` (bounded), ``("ping", data)``,
    ``("blur",)`` or ``("focus",)``; None for a kind this server does not know (ignored).
    BadMessageError for anything else: the game of a browser that sends it is ended."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessageError("not JSON") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise BadMessageError("not a list that starts with a kind")
    kind, data = envelope[0], envelope[1:]
    if kind in ("blur", "focus"):
        return (kind,)
    if kind == "stdin" and len(data) == 1 and isinstance(data[0], str) and _encodes(data[0]):
        return (kind, data[0])
    if kind == "ping" and len(data) == 1 and isinstance(data[0], str) and len(data[0]) <= MAX_PING:
        return (kind, data[0])
    if kind == "resize" and len(data) == 1 and isinstance(data[0], dict):
        return (kind, *terminal_size(data[0].get("width"), data[0].get("height")))
    if kind in ("stdin", "ping", "resize"):
        raise BadMessageError(f"a malformed {kind!r} message")
    return None
