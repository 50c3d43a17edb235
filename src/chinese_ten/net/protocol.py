"""The messages of ``chinese-ten host`` and ``chinese-ten join``: versioned JSON, each defined once.

A client opens a websocket at ``/t/<table>/ws`` and sends :class:`Hello` with its seat's
secret; the server answers :class:`Welcome` then an :class:`Update` after every change: that
seat's view of the deal (its own hand, every public card and event, never another hand or the
stock's order) and the table around it. A client acts with :class:`Act`, :class:`Ready` or
:class:`Cut`, naming the update it answers (``seq``): an answer to an update gone is refused as
stale, so a message replayed changes nothing. docs/protocol.md describes the exchange for
other clients. Cards are written as in records (``AS``, ``TH``), actions as ``play 8C taking 2H``.
"""

import json
import re
from functools import lru_cache
from typing import Annotated, Final, Literal, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    TypeAdapter,
    ValidationError,
    model_validator,
)

from chinese_ten.engine.actions import Action, format_action
from chinese_ten.engine.cards import Card, cards_of_mask, format_card
from chinese_ten.engine.variant import MOST_SEATS
from chinese_ten.engine.view import Event, PlayerView
from chinese_ten.players.levels import LEVELS

VERSION: Final = 1
"""The protocol's version: a client and a server of different versions do not play together."""
MAX_CLIENT_MESSAGE: Final = 1024
"""Bytes of one message from a client, at most (a frame of exactly this many is taken): the
longest, a hello, needs under 200."""
MAX_SERVER_MESSAGE: Final = 1 << 20
"""Bytes of one message from the server (a series' record at its end is the longest)."""
SECRET_LENGTH: Final = 43
"""Characters of a seat's secret (``secrets.token_urlsafe(32)``)."""
TABLE_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""A table's id, as an invite link spells it (``secrets.token_urlsafe(6)`` makes 8)."""
SECRET: Final = re.compile(rf"[A-Za-z0-9_-]{{{SECRET_LENGTH}}}")
"""A seat's secret, as an invite link spells it after ``#``."""

RefusalCode = Literal[
    "no_hello",
    "version",
    "secret",
    "replaced",
    "flood",
    "too_big",
    "malformed",
    "hello_again",
    "turn",
    "illegal",
    "stale",
    "not_now",
    "unchanged",
    "not_host",
    "present",
    "unsaved",
]
"""Why a message was refused: the one list of codes (docs/protocol.md's table is checked
against it). The host words each for people at its edge; a client may act on the code."""
REFUSAL_CODES: Final[tuple[RefusalCode, ...]] = get_args(RefusalCode)

Stage = Literal["cut", "play", "results", "finished"]
"""Where the table stands: a deal about to be dealt (the cutter's cut awaited), a deal in play,
a deal just ended (the table waits until every person is ready), the series over."""


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# ------------------------------------------------------------------ client to server
class Hello(_Model):
    """The first message of a connection: who is sitting down."""

    kind: Literal["hello"] = "hello"
    version: StrictInt
    secret: Annotated[str, Field(min_length=1, max_length=64)]


class Act(_Model):
    """An action of the seat to move, answering update ``seq``."""

    kind: Literal["act"] = "act"
    seq: Annotated[StrictInt, Field(ge=0)]
    action: Annotated[str, Field(max_length=48)]


class Ready(_Model):
    """The results of the deal are seen: deal the next one when every person is ready."""

    kind: Literal["ready"] = "ready"
    seq: Annotated[StrictInt, Field(ge=0)]


class Cut(_Model):
    """The cutter's cut of the next deal's pack: ``position`` cards lifted (1 to 51),
    answering the update ``seq`` that asks for it (stage ``cut``)."""

    kind: Literal["cut"] = "cut"
    seq: Annotated[StrictInt, Field(ge=0)]
    position: Annotated[StrictInt, Field(ge=1, le=51)]


def _a_level(value: str) -> str:
    if value not in LEVELS:
        raise ValueError(f"not a level: one of {', '.join(LEVELS)}")
    return value


Level = Annotated[str, AfterValidator(_a_level)]
"""A computer's level by its name (:data:`chinese_ten.players.levels.LEVELS`)."""


class Hand(_Model):
    """The host's seat only: an absent person's seat plays as the computer at ``level``, or
    (``level`` None) goes back to its person."""

    kind: Literal["hand"] = "hand"
    seat: Annotated[StrictInt, Field(ge=0, lt=MOST_SEATS)]
    level: Level | None


class Ping(_Model):
    kind: Literal["ping"] = "ping"
    data: Annotated[str, Field(max_length=64)] = ""


ClientMessage = Annotated[Hello | Act | Ready | Cut | Hand | Ping, Field(discriminator="kind")]


# ------------------------------------------------------------------ server to client
class EventModel(_Model):
    """One public happening of the deal (see ``engine.view.Event``)."""

    seat: int
    kind: Literal["four", "play", "flip"]
    card: str | None
    captured: tuple[str, ...]


class SeatView(_Model):
    """The deal as one seat may know it (``engine.view.PlayerView``)."""

    seat: int
    hand: tuple[str, ...]
    hand_counts: tuple[int, ...]
    table: tuple[str, ...]
    layout: tuple[str, ...]
    dealer: int
    to_move: int
    phase: int
    """0: the mover plays from the hand; 1: the mover turns the stock card; 2: over."""
    triple: int
    flip_card: str | None
    stock_count: int
    piles: tuple[tuple[str, ...], ...]
    turn_number: int
    events: tuple[EventModel, ...]
    legal: tuple[str, ...]
    """The seat's legal actions (none when it is not its turn)."""


class CutMade(_Model):
    """How the pack of the deal in play (or just ended) was cut."""

    seat: int
    """The cutter (:func:`~chinese_ten.engine.chance.cutter_of` the dealer)."""
    position: int
    at_random: bool
    """Cut at random by the host for the seat (a computer's seat, or a person away at the
    time), not by the seat's person."""


class TableState(_Model):
    """The table around the deal: who sits where, who is here, the series so far."""

    names: Annotated[tuple[Annotated[str, Field(max_length=64)], ...], Field(max_length=MOST_SEATS)]
    levels: tuple[str | None, ...]
    """The computer's level in each seat (None: a person)."""
    present: tuple[bool, ...]
    """Whether each seat is playing now: a computer, or a person connected."""
    deals_planned: int | None
    first_dealer: int
    points: tuple[tuple[int, ...], ...]
    """Each finished deal's points, seat by seat."""
    stage: Stage
    waiting_for: tuple[int, ...]
    """The seats the table waits for: the seat to move (a computer's too), the cutter, or the
    people to be ready for the next deal."""
    hints: bool
    open_scores: bool
    cut: CutMade | None = None
    """How the deal in play (or just ended) was cut; None while a cut is awaited."""

    @model_validator(mode="after")
    def _seats_agree(self) -> "TableState":
        """Every seat said is one of the table's: a host's word indexes ``names``."""
        seats = len(self.names)
        if len(self.levels) != seats or len(self.present) != seats:
            raise ValueError("names, levels and present differ in length")
        if any(not 0 <= seat < seats for seat in self.waiting_for):
            raise ValueError("waiting_for holds a seat the table does not have")
        if self.cut is not None and not 0 <= self.cut.seat < seats:
            raise ValueError("the cut's seat is one the table does not have")
        return self


class Welcome(_Model):
    kind: Literal["welcome"] = "welcome"
    version: int
    seat: int
    table_id: str


class Update(_Model):
    kind: Literal["update"] = "update"
    seq: int
    table: TableState
    view: SeatView | None
    """The deal in play or just ended; None before the first deal."""


class Refused(_Model):
    """A message that changed nothing, and why. ``fatal``: the connection is closed after it
    (no secret, a wrong one, another version, a flood)."""

    kind: Literal["refused"] = "refused"
    code: RefusalCode
    reason: str
    fatal: bool = False


class DealRecordMessage(_Model):
    """At the end of a deal, the game's record so far: every card of the finished deals is
    public then. Its text is a game record (``store.records``)."""

    kind: Literal["record"] = "record"
    deals: int
    record: str


class Pong(_Model):
    kind: Literal["pong"] = "pong"
    data: str = ""


ServerMessage = Annotated[
    Welcome | Update | Refused | DealRecordMessage | Pong, Field(discriminator="kind")
]

_CLIENT: TypeAdapter[Hello | Act | Ready | Cut | Hand | Ping] = TypeAdapter(ClientMessage)
_SERVER: TypeAdapter[Welcome | Update | Refused | DealRecordMessage | Pong] = TypeAdapter(
    ServerMessage
)


class BadMessageError(ValueError):
    """A message that is not one of the protocol's (``code`` says how)."""

    def __init__(self, code: RefusalCode, detail: str) -> None:
        super().__init__(detail)
        self.code = code


def version_of(text: str | bytes) -> int | None:
    """The ``version`` a hello or welcome claims, read before the rest (another version's
    message may not fit this one's models); None when there is none."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    version = data.get("version") if isinstance(data, dict) else None
    return version if type(version) is int else None


def read_client(text: str | bytes) -> Hello | Act | Ready | Cut | Hand | Ping:
    """A client's message, or :class:`BadMessageError` (``too_big``, ``malformed``)."""
    if len(text) > MAX_CLIENT_MESSAGE:
        raise BadMessageError("too_big", f"over {MAX_CLIENT_MESSAGE} bytes")
    try:
        return _CLIENT.validate_json(text)
    except (ValidationError, RecursionError) as error:
        raise BadMessageError("malformed", str(error).splitlines()[0]) from None


def read_server(text: str | bytes) -> Welcome | Update | Refused | DealRecordMessage | Pong:
    """A server's message, or :class:`BadMessageError`."""
    if len(text) > MAX_SERVER_MESSAGE:
        raise BadMessageError("too_big", f"over {MAX_SERVER_MESSAGE} bytes")
    try:
        return _SERVER.validate_json(text)
    except (ValidationError, RecursionError) as error:
        raise BadMessageError("malformed", str(error).splitlines()[0]) from None


def dump(message: BaseModel) -> str:
    return message.model_dump_json()


# ------------------------------------------------------------------ from the engine
def _cards(cards: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple(format_card(c) for c in cards)


@lru_cache(maxsize=8192)
def event_model(event: Event) -> EventModel:
    """An event as a message (the same events are sent again with every update of a deal)."""
    return EventModel(
        seat=event.seat,
        kind=event.kind,  # type: ignore[arg-type]
        card=None if event.card is None else format_card(event.card),
        captured=_cards(event.captured),
    )


def seat_view(view: PlayerView) -> SeatView:
    """What ``view``'s seat may know, as a message: built from the view's public accessors
    only (never from the deal's state), so nothing hidden can slip in."""
    legal: list[Action] = view.legal_actions()
    return SeatView(
        seat=view.seat,
        hand=_cards(view.hand),
        hand_counts=view.hand_counts,
        table=_cards(view.table),
        layout=_cards(view.layout),
        dealer=view.dealer,
        to_move=view.to_move,
        phase=view.phase,
        triple=view.triple,
        flip_card=None if view.flip_card is None else format_card(view.flip_card),
        stock_count=view.stock_count,
        piles=tuple(_cards(cards_of_mask(pile)) for pile in view.piles),
        turn_number=view.turn_number,
        events=tuple(event_model(e) for e in view.events()),
        legal=tuple(format_action(a) for a in legal),
    )


PRIVATE_FIELDS: Final = frozenset(("seat", "hand", "legal"))
"""The fields of a :class:`SeatView` that differ from seat to seat; every other is public."""


def own_view(public: SeatView, view: PlayerView) -> SeatView:
    """``public`` (another seat's view of the same moment) with ``view``'s seat's own fields
    in place of that seat's: the public part is worked out once for every seat."""
    return public.model_copy(
        update={
            "seat": view.seat,
            "hand": _cards(view.hand),
            "legal": tuple(format_action(a) for a in view.legal_actions()),
        }
    )
