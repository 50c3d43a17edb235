"""The client side of the protocol: an invite link read, a seat taken, messages both ways.

Used by ``chinese-ten join`` (its screen reads :class:`Connection`'s messages), by the host's
own seat, by the benchmark's bots and by the tests. Everything the server sends is validated
(:func:`~chinese_ten.net.protocol.read_server`) before anything reads it.
"""

import json
from dataclasses import dataclass
from urllib.parse import urlsplit

import aiohttp

from chinese_ten.lang.i18n import _
from chinese_ten.net.protocol import (
    MAX_SERVER_MESSAGE,
    SECRET,
    TABLE_ID,
    VERSION,
    Act,
    BadMessageError,
    Cut,
    DealRecordMessage,
    Hello,
    Ping,
    Pong,
    Ready,
    Refused,
    Update,
    Welcome,
    dump,
    read_server,
    version_of,
)

MAX_LINK = 512


class JoinError(Exception):
    """Why a seat cannot be taken, in one line for the person."""


class UnreachableError(JoinError):
    """The host cannot be reached, or the connection to it was lost: trying again may work
    (the same link takes the seat up again)."""


@dataclass(frozen=True, slots=True)
class Link:
    """An invite link: ``http://HOST:PORT/t/TABLE#SECRET`` (``https`` behind TLS)."""

    base: str
    table_id: str
    secret: str

    @property
    def websocket(self) -> str:
        scheme, rest = self.base.split("://", 1)
        return f"{'wss' if scheme == 'https' else 'ws'}://{rest}/t/{self.table_id}/ws"


LINK_VARIABLE = "CHINESE_TEN_LINK"
"""``join`` without a link reads it here (a host starting a browser tab's client passes it so:
a process's command line is open to every user of the machine, its environment is not)."""


def parse_link(text: str) -> Link:
    """The link's parts, or :class:`JoinError` saying what is wrong with it."""
    text = text.strip()
    address, hash_sign, _secret = text.partition("#")  # a secret is never said back
    wrong = JoinError(
        _("{link} is not an invite link: it looks like http://HOST:PORT/t/TABLE#SECRET").format(
            link=repr(address[:80] + ("#..." if hash_sign else ""))
        )
    )
    if len(text) > MAX_LINK:
        raise wrong
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 (raises ValueError for a port that is no number)
    except ValueError:
        raise wrong from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise wrong
    path = parts.path.rstrip("/").split("/")
    if len(path) != 3 or path[1] != "t" or not TABLE_ID.fullmatch(path[2]):
        raise wrong
    if not SECRET.fullmatch(parts.fragment):
        raise JoinError(_("This link has lost its secret (the part after #): copy all of it."))
    return Link(f"{parts.scheme}://{parts.netloc}", path[2], parts.fragment)


ServerMessage = Welcome | Update | Refused | DealRecordMessage | Pong


class Connection:
    """One seat's websocket: :meth:`open` says hello and waits for the welcome."""

    def __init__(self, link: Link) -> None:
        self.link = link
        self.seat = -1
        self._session: aiohttp.ClientSession | None = None
        self._socket: aiohttp.ClientWebSocketResponse | None = None
        self.received: list[str] = []
        """Every text the server sent, as it came (kept only when ``keep``)."""
        self.keep = False

    async def open(self, timeout: float = 10.0) -> Welcome:
        self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None))
        try:
            self._socket = await self._session.ws_connect(
                self.link.websocket, max_msg_size=MAX_SERVER_MESSAGE, heartbeat=30.0
            )
        except aiohttp.WSServerHandshakeError as error:
            await self.close()
            if error.status == 404:
                raise JoinError(_("The host has no such table (it may have ended).")) from None
            raise JoinError(
                _("The host refused the connection ({status}).").format(status=error.status)
            ) from None
        except (aiohttp.ClientError, OSError, TimeoutError):
            await self.close()
            raise UnreachableError(
                _("Cannot reach the host at {where}: is the game still open?").format(
                    where=self.link.base
                )
            ) from None
        await self.send(Hello(version=VERSION, secret=self.link.secret).model_dump_json())
        first = await self.receive()
        if isinstance(first, Refused):
            await self.close()
            raise JoinError(first.reason)
        if not isinstance(first, Welcome):
            await self.close()
            raise JoinError(_("The host answered something else than a welcome."))
        self.seat = first.seat
        return first

    async def send(self, text: str) -> None:
        assert self._socket is not None
        await self._socket.send_str(text)

    async def act(self, seq: int, action: str) -> None:
        await self.send(dump(Act(seq=seq, action=action)))

    async def ready(self, seq: int) -> None:
        await self.send(dump(Ready(seq=seq)))

    async def cut(self, seq: int, position: int) -> None:
        """The cutter's cut of the next deal's pack (``position`` cards lifted, 1 to 51)."""
        await self.send(dump(Cut(seq=seq, position=position)))

    async def hand(self, seat: int, level: str | None) -> None:
        """The host's seat: ``seat`` to the computer at ``level``, or back (None)."""
        await self.send(json.dumps({"kind": "hand", "seat": seat, "level": level}))

    async def ping(self, data: str = "") -> None:
        await self.send(dump(Ping(data=data)))

    async def receive(self) -> ServerMessage:
        """The next message; :class:`JoinError` when the connection ends or the server
        sends what the protocol does not know."""
        assert self._socket is not None
        message = await self._socket.receive()
        if message.type != aiohttp.WSMsgType.TEXT:
            raise UnreachableError(_("The connection to the host was lost."))
        text = message.data
        if self.keep:
            self.received.append(text)
        claimed = version_of(text)
        if claimed is not None and claimed != VERSION:
            raise JoinError(
                _(
                    "The host speaks protocol version {server}, this client version {client}: "
                    "use the same version of chinese-ten as the host."
                ).format(server=claimed, client=VERSION)
            )
        try:
            return read_server(text)
        except BadMessageError:
            raise JoinError(_("The host sent a message this client does not understand.")) from None

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close()
        if self._session is not None:
            await self._session.close()
