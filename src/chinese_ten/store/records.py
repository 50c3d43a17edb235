"""Game records: one JSON format for saving, exporting and replaying a game.

The pydantic models check everything at the edge (unknown fields, wrong types, duplicate or
missing cards, impossible counts); :func:`replay` then checks every turn against the engine.
A record may stop part-way through a deal, even between the two actions of a turn.

Version 2 says the seat count (``seat_count``: 2, 3 or 4) and is what we write; version 1 is
the format of two seats only, without ``seat_count``, which is still read and replayed.
"""

import json
import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from chinese_ten.engine.actions import FLIP, Action, action_card, action_target, takes
from chinese_ten.engine.cards import DECK, Card, format_card, parse_card, rank
from chinese_ten.engine.deal import (
    FLIP_PHASE,
    OVER,
    PLAY,
    DealSetup,
    DealState,
    advance,
    illegality,
    legal_actions,
    outcome,
    pile_points,
    start,
)
from chinese_ten.engine.errors import ChineseTenError, DealSetupError, NotationError, RecordError
from chinese_ten.engine.series import MAX_DEALS, SeriesScore
from chinese_ten.engine.variant import FEWEST_SEATS, MOST_SEATS, SEAT_COUNTS, variant
from chinese_ten.lang.i18n import N_, _, ngettext
from chinese_ten.players.levels import computer_names
from chinese_ten.text.engine_words import illegal_reason, said
from chinese_ten.text.names import check_name, check_names

FORMAT: Final = "chinese-ten"
VERSION: Final = 2
"""The version every record is written in; version 1 (two seats, no ``seat_count``) is read."""
MAX_RECORD_BYTES: Final = 16 * 1024 * 1024
"""The largest record file read: 16 MiB, far above any legal record, even one re-indented by
hand with every optional field (sizes in ``docs/performance.md``)."""


_CARDS_AS_WRITTEN: Final = {format_card(card): card for card in DECK}
"""Each card as records are written (``TH``): read by one look-up, other spellings parsed."""


def _card(value: object, info: ValidationInfo) -> Card:
    if info.mode == "python" and type(value) is int and 0 <= value < 52:
        return value  # built from engine state, not read from a file
    card = _CARDS_AS_WRITTEN.get(value) if isinstance(value, str) else None
    if card is not None:
        return card
    if not isinstance(value, str):
        raise ValueError(
            _("a card is written as text such as 'TH', not {value}").format(value=repr(value))
        )
    try:
        return parse_card(value)
    except NotationError as error:
        raise ValueError(said(error)) from None


def _whole_number(value: object) -> object:
    if type(value) is not int:
        raise ValueError(
            _("a whole number is needed here, not {value}").format(value=json.dumps(value))
        )
    return value


_WHOLE_NUMBER = BeforeValidator(_whole_number)
"""For a Literal of numbers, which takes ``true`` or ``1.0`` for 1 even when strict."""

CardText = Annotated[int, BeforeValidator(_card), PlainSerializer(format_card, return_type=str)]
"""A card: card notation in JSON, an int inside."""


class _Model(BaseModel):
    """Strict JSON types: ``true`` is no dealer or version, ``"2"`` or ``2.0`` no count."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class TurnRecord(_Model):
    """One turn: the played card, what it took, and what the turned-over stock card took."""

    play: CardText
    capture: CardText | None = None
    flip_capture: CardText | None = None
    flipped: bool = True
    """False only on the very last turn of an unfinished game: the stock card is still down."""

    @model_validator(mode="after")
    def _unflipped_has_no_flip_capture(self) -> "TurnRecord":
        if not self.flipped and self.flip_capture is not None:
            raise ValueError(
                _("a turn whose stock card is not turned over cannot have flip_capture")
            )
        return self


def _seat_count(value: object) -> object:
    _whole_number(value)
    if value not in SEAT_COUNTS:
        raise ValueError(
            _("a table has {fewest} to {most} seats, not {count}").format(
                fewest=FEWEST_SEATS, most=MOST_SEATS, count=value
            )
        )
    return value


class DealRecord(_Model):
    """One deal: who dealt, every hand (one per seat), the layout, the stock and the turns.

    Checked as a deal of its game's table by :class:`GameRecord` (which knows the seat count).
    """

    dealer: Annotated[int, _WHOLE_NUMBER]
    hands: tuple[tuple[CardText, ...], ...]
    layout: tuple[CardText, ...]
    stock: tuple[CardText, ...] = Field(description="top card first")
    turns: tuple[TurnRecord, ...] = ()

    def setup(self) -> DealSetup:
        hands = tuple(tuple(sorted(hand)) for hand in self.hands)
        return DealSetup(self.dealer, hands, self.layout, self.stock)

    def check(self, seats: int) -> None:
        """Raise :class:`RecordError` unless this is a full deal of one pack at a table of
        ``seats``: a hand per seat of the size the seat count deals, a dealer among them."""
        count = len(self.hands)
        if count != seats:
            raise RecordError(
                ngettext(
                    "{count} hand for {seats} seats: a deal has one hand per seat",
                    "{count} hands for {seats} seats: a deal has one hand per seat",
                    count,
                ).format(count=count, seats=seats)
            )
        if not 0 <= self.dealer < seats:
            raise RecordError(
                _("dealer {dealer} is not a seat: the seats are 0 to {last}").format(
                    dealer=self.dealer, last=seats - 1
                )
            )
        size = variant(seats).hand_size
        for seat, hand in enumerate(self.hands):
            if len(hand) != size:
                raise RecordError(
                    ngettext(
                        "the hand of seat {seat} has {count} card; it must have {size}",
                        "the hand of seat {seat} has {count} cards; it must have {size}",
                        len(hand),
                    ).format(seat=seat, count=len(hand), size=size)
                )
        try:
            self.setup().check()
        except DealSetupError as error:
            raise RecordError(said(error)) from None


PlayerName = Annotated[str, AfterValidator(check_name)]
"""A name under the one rule of :mod:`chinese_ten.text.names` (stripped, one line, no controls)."""


def _computer(value: object) -> object:
    known = computer_names()
    if not isinstance(value, str) or value not in known:
        raise ValueError(
            _("a computer seat is one of {known}, not {value}").format(
                known=", ".join(known), value=json.dumps(value)
            )
        )
    return value


ComputerName = Annotated[str, BeforeValidator(_computer)]
"""A computer seat's level or player (:func:`chinese_ten.players.levels.computer_names`)."""

MAX_THINK: Final = 60.0
"""The most seconds a record may give the hard computer per decision (as ``--think``)."""


class SeatRecord(_Model):
    """Who sits in a seat: a person (``computer`` null) or the computer at a level; and
    whether the seat's name is its default (``You``, ``Computer (hard)``, ``Player 2``),
    which every reader shows in its own language."""

    computer: ComputerName | None = None
    """A level offered to a person, or a computer player by name (``simulate``'s)."""
    default_name: bool = False


class SettingsRecord(_Model):
    """The options that change how a game is played, which a resumed game keeps."""

    hints: bool = True
    open_scores: bool = False
    think: float | None = Field(default=None, ge=0.01, le=MAX_THINK)


class GameRecord(_Model):
    format: Literal["chinese-ten"]
    version: Annotated[Literal[1, 2], _WHOLE_NUMBER]
    seat_count: Annotated[int, BeforeValidator(_seat_count)] = 2
    """How many play: written (and required) from version 2 on; version 1 is always 2."""
    players: tuple[PlayerName, ...] = Field(min_length=FEWEST_SEATS, max_length=MOST_SEATS)
    """One name per seat, in seat order."""
    deals_planned: int | None = Field(ge=1, le=MAX_DEALS)
    """``None`` for open-ended play (``chinese-ten play`` offers deal after deal)."""
    deals: tuple[DealRecord, ...] = Field(max_length=MAX_DEALS)
    """At most :data:`MAX_DEALS`, planned or open-ended: every record is bounded."""
    seats: tuple[SeatRecord, ...] | None = Field(
        default=None, min_length=FEWEST_SEATS, max_length=MOST_SEATS
    )
    """Who sits where, one per seat; absent in records of earlier versions and from
    ``simulate``."""
    settings: SettingsRecord | None = None
    """The game's options; absent in records of earlier versions and from ``simulate``."""

    @field_validator("players")
    @classmethod
    def _names_differ(cls, players: tuple[str, ...]) -> tuple[str, ...]:
        for k, first in enumerate(players):
            for second in players[k + 1 :]:
                check_names((first, second))
        return players

    @model_validator(mode="after")
    def _seat_count_agrees(self) -> "GameRecord":
        """Every per-seat list has one entry per seat; version 1 is the game of two."""
        seats = self.seat_count
        if self.version == 1:
            if "seat_count" in self.model_fields_set:
                raise ValueError(
                    _("seat_count is written from version 2 on: version 1 is for 2 players")
                )
            if len(self.players) != 2:
                raise ValueError(
                    _(
                        "players: a record of version 1 is for 2 players, not {count} "
                        "(3 or 4 players are recorded from version 2 on)"
                    ).format(count=len(self.players))
                )
        elif "seat_count" not in self.model_fields_set:
            raise ValueError(_("seat_count: a record of version 2 says how many play"))
        for field, count in (
            ("players", len(self.players)),
            ("seats", len(self.seats) if self.seats is not None else seats),
        ):
            if count != seats:
                raise ValueError(
                    ngettext(
                        "{field}: {count} entry for seat_count {seats}: one per seat",
                        "{field}: {count} entries for seat_count {seats}: one per seat",
                        count,
                    ).format(field=field, count=count, seats=seats)
                )
        for k, deal in enumerate(self.deals):
            try:
                deal.check(seats)
            except RecordError as error:
                raise ValueError(
                    _("{where}: {problem}").format(where=f"deals[{k}]", problem=error)
                ) from None
        return self

    @model_validator(mode="after")
    def _series_shape(self) -> "GameRecord":
        if self.deals_planned is not None and len(self.deals) > self.deals_planned:
            raise ValueError(
                ngettext(
                    "{count} deals recorded but only {planned} planned",
                    "{count} deals recorded but only {planned} planned",
                    self.deals_planned,
                ).format(count=len(self.deals), planned=self.deals_planned)
            )
        for k, deal in enumerate(self.deals[1:], start=1):
            expected = (self.deals[k - 1].dealer + 1) % self.seat_count
            if deal.dealer == expected:
                continue
            if self.seat_count == 2:
                raise ValueError(
                    _(
                        "deal {number} has the same dealer as deal {previous}: dealers alternate"
                    ).format(number=k + 1, previous=k)
                )
            raise ValueError(
                _(
                    "deal {number} is dealt by seat {dealer}, not {expected}: the deal passes "
                    "to the next seat"
                ).format(number=k + 1, dealer=deal.dealer, expected=expected)
            )
        return self


def deal_record(state: DealState) -> DealRecord:
    """The record of a deal up to ``state``."""
    setup = state.setup
    turns: list[TurnRecord] = []
    actions = state.actions
    for i in range(0, len(actions), 2):
        play = actions[i]
        flip = actions[i + 1] if i + 1 < len(actions) else None
        turns.append(
            TurnRecord(
                play=action_card(play),
                capture=action_target(play),
                flip_capture=None if flip is None else action_target(flip),
                flipped=flip is not None,
            )
        )
    return DealRecord(
        dealer=setup.dealer,
        hands=setup.hands,
        layout=setup.layout,
        stock=setup.stock,
        turns=tuple(turns),
    )


def game_record(
    players: Sequence[str],
    deals_planned: int | None,
    states: Sequence[DealState],
    *,
    seats: Sequence[SeatRecord] | None = None,
    settings: SettingsRecord | None = None,
) -> GameRecord:
    """A whole game's record, in the current version: every deal played so far, the last one
    possibly unfinished; one name (and seat) per seat, 2, 3 or 4."""
    return GameRecord(
        format=FORMAT,
        version=VERSION,
        seat_count=len(players),
        players=tuple(players),
        deals_planned=deals_planned,
        deals=tuple(deal_record(s) for s in states),
        seats=None if seats is None else tuple(seats),
        settings=settings,
    )


def _resolve(state: DealState, card: Card, capture: Card | None) -> Action:
    """The legal action a record's card and capture stand for; RecordError if none."""
    flipping = state.phase == FLIP_PHASE
    base = card | FLIP if flipping else card
    options = [a for a in legal_actions(state) if a & (FLIP | 63) == base]
    if not options:
        illegal = (
            _("flip {card} is illegal: {reason}")
            if flipping
            else _("play {card} is illegal: {reason}")
        )
        reason = illegal_reason(illegality(state, base))
        raise RecordError(illegal.format(card=format_card(card), reason=reason))
    if capture is None:
        if len(options) > 1:
            names = ", ".join(
                format_card(c) for a in options if (c := action_target(a)) is not None
            )
            raise RecordError(
                _("{card} can take {cards}: the record must name one").format(
                    card=format_card(card), cards=names
                )
            )
        return options[0]
    for a in options:
        if takes(a, capture, rank(card)):
            return a
    wanted = base | (capture + 1) << 6
    raise RecordError(
        _("{card} cannot take {target}: {reason}").format(
            card=format_card(card),
            target=format_card(capture),
            reason=illegal_reason(illegality(state, wanted)),
        )
    )


def replay_deal(record: DealRecord, *, last: bool) -> DealState:
    """Rebuild a deal's state turn by turn; ``last`` allows it to be unfinished."""
    state = start(record.setup())
    for number, turn in enumerate(record.turns, start=1):
        try:
            if state.phase != PLAY:
                raise RecordError(_("the deal is already over"))
            state = advance(state, _resolve(state, turn.play, turn.capture))
            if not turn.flipped:
                if not last or number != len(record.turns):
                    raise RecordError(_("only the last turn of a game may stop before the flip"))
                break
            flip_card = state.setup.stock[state.stock_pos]
            state = advance(state, _resolve(state, flip_card, turn.flip_capture))
        except RecordError as error:
            raise RecordError(
                _("turn {number}: {problem}").format(number=number, problem=error)
            ) from None
    if state.phase != OVER and not last:
        raise RecordError(_("the deal is unfinished but another deal follows it"))
    return state


def replay(record: GameRecord) -> list[DealState]:
    """Every deal's latest state; RecordError names the deal and turn of the first fault."""
    states = []
    for k, deal in enumerate(record.deals, start=1):
        try:
            states.append(replay_deal(deal, last=k == len(record.deals)))
        except RecordError as error:
            raise RecordError(
                _("deal {number}, {problem}").format(number=k, problem=error)
            ) from None
    return states


def series_score(record: GameRecord, states: Sequence[DealState]) -> SeriesScore:
    """The totals of the finished deals (:meth:`SeriesScore.of_states`)."""
    return SeriesScore.of_states(record.deals_planned, states, record.seat_count)


def replay_summary(record: GameRecord, states: Sequence[DealState]) -> dict[str, Any]:
    """The ``replay --json`` document: each deal's points and results, one per seat, and the
    series totals. With 3 or 4 seats, where ``winner`` null cannot say who shares, each deal
    and the series also list their ``winners`` (the seats with the highest score); the
    document of 2 seats is exactly that of version 1."""
    many = record.seat_count > 2
    deals = []
    for state in states:
        result = outcome(state)
        points = result.points if result else pile_points(state)
        deal: dict[str, Any] = {
            "complete": result is not None,
            "dealer": state.setup.dealer,
            "points": list(points),
            "results": list(result.results) if result else None,
        }
        if many:
            deal["winners"] = list(result.winners) if result else None
        deals.append(deal)
    score = series_score(record, states)
    finished = all(d["complete"] for d in deals)
    summary: dict[str, Any] = {
        "deals": deals,
        "totals": list(score.totals),
        "winner": score.winner if finished else None,
    }
    if many:
        summary["winners"] = list(score.leaders) if finished and score.is_over else None
    return summary


def parse_record(text: str, source: str = "record") -> GameRecord:
    """Validate JSON text; RecordError with one line naming the first problem.

    A UTF-8 byte-order mark at the start is accepted (some editors write one).
    """
    try:
        return GameRecord.model_validate_json(text.removeprefix("\ufeff"))
    except ValidationError as error:
        raise RecordError(
            _("{path}: {problem}").format(path=source, problem=_first_problem(error))
        ) from None


def _first_problem(error: ValidationError) -> str:
    problems = error.errors(include_url=False)
    first = problems[0]
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in first["loc"]).lstrip(".")
    message = _problem(first["type"], first.get("ctx") or {}, str(first["msg"]))
    if len(problems) > 1:
        others = len(problems) - 1
        message = ngettext(
            "{problem} (and {count} more problem)", "{problem} (and {count} more problems)", others
        ).format(problem=message, count=others)
    return _("{where}: {problem}").format(where=where, problem=message) if where else message


def _problem(kind: str, ctx: dict[str, Any], english: str) -> str:
    """Pydantic's message for the problems a hand-edited record meets, from the catalog (so
    in the current language); pydantic's own English for the rare rest."""
    if kind == "value_error":  # raised by our validators: already in the language
        return str(ctx.get("error", english))
    if kind == "json_invalid":
        return _("not valid JSON ({reason})").format(reason=ctx.get("error", "truncated?"))
    if kind == "literal_error":
        return _("Input should be {expected}").format(expected=ctx.get("expected"))
    if kind in ("too_short", "too_long"):
        most = ctx.get("min_length" if kind == "too_short" else "max_length", 0)
        text = (
            ngettext(
                "Input should have at least {count} item, not {actual}",
                "Input should have at least {count} items, not {actual}",
                most,
            )
            if kind == "too_short"
            else ngettext(
                "Input should have at most {count} item, not {actual}",
                "Input should have at most {count} items, not {actual}",
                most,
            )
        )
        return text.format(count=most, actual=ctx.get("actual_length"))
    if kind == "greater_than_equal":
        return _("Input should be greater than or equal to {least}").format(least=ctx.get("ge"))
    if kind == "less_than_equal":
        return _("Input should be less than or equal to {most}").format(most=ctx.get("le"))
    simple = _SIMPLE_PROBLEMS.get(kind)
    return _(simple) if simple is not None else english


_SIMPLE_PROBLEMS: Final = {
    "missing": N_("Field required"),
    "extra_forbidden": N_("Extra inputs are not permitted"),
    "string_type": N_("Input should be a valid string"),
    "int_type": N_("Input should be a valid integer"),
    "bool_type": N_("Input should be a valid boolean"),
    "tuple_type": N_("Input should be a valid array"),
    "list_type": N_("Input should be a valid list"),
    "model_type": N_("Input should be an object"),
    "dict_type": N_("Input should be a valid dictionary"),
}


def load_record(path: Path) -> GameRecord:
    """Read and validate a record file; every failure is one RecordError line naming the file."""
    data = _read_limited(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(
            _("{path}: not UTF-8 text (byte {offset}): a record is a JSON text file").format(
                path=path, offset=error.start
            )
        ) from None
    return parse_record(text, str(path))


def _read_limited(path: Path) -> bytes:
    """The bytes of a regular file of at most :data:`MAX_RECORD_BYTES`; never blocks.

    Opened without waiting (a FIFO with no writer would wait for ever), then refused unless
    it is a regular file, so ``/dev/zero``, a pipe or a folder are named instead of read.
    """
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise RecordError(_("{path}: no such file: check the path").format(path=path)) from None
    except PermissionError:
        raise RecordError(_("{path}: no permission to read it").format(path=path)) from None
    except OSError as error:
        raise RecordError(
            _("{path}: cannot open it ({reason})").format(path=path, reason=error.strerror)
        ) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise RecordError(
                _("{path}: is a folder: give the path of a record file in it").format(path=path)
            )
        if not stat.S_ISREG(mode):
            raise RecordError(
                _("{path}: not a regular file (a device, pipe or socket)").format(path=path)
            )
        chunks = []
        size = 0
        while size <= MAX_RECORD_BYTES:
            chunk = os.read(fd, MAX_RECORD_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise RecordError(
            _("{path}: cannot read it ({reason})").format(path=path, reason=error.strerror)
        ) from None
    finally:
        os.close(fd)
    if size > MAX_RECORD_BYTES:
        raise RecordError(
            _("{path}: larger than {size} MiB, the most a record can be").format(
                path=path, size=MAX_RECORD_BYTES // 2**20
            )
        )
    return b"".join(chunks)


def load_and_replay(path: Path) -> tuple[GameRecord, list[DealState]]:
    record = load_record(path)
    try:
        return record, replay(record)
    except ChineseTenError as error:
        raise RecordError(_("{path}: {problem}").format(path=path, problem=said(error))) from None


def record_json(record: GameRecord) -> str:
    """Pretty JSON with each card list and each turn on one line, so a record reads as a log."""
    data = record.model_dump(mode="json")
    for optional in ("seats", "settings"):
        if data[optional] is None:
            del data[optional]  # a record of who sits where is written only when known
    if record.version == 1:
        del data["seat_count"]  # a record read in version 1 is written back as it was
    for deal in data["deals"]:
        for turn in deal["turns"]:
            if turn["flipped"]:
                del turn["flipped"]  # the default: written only for a turn stopped mid-way
    deals = [
        "    {\n"
        + ",\n".join(
            f'      "{key}": '
            + (
                "[\n" + ",\n".join(f"        {json.dumps(t)}" for t in value) + "\n      ]"
                if key == "turns" and value
                else json.dumps(value)
            )
            for key, value in deal.items()
        )
        + "\n    }"
        for deal in data.pop("deals")
    ]
    head = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in data.items())
    body = "[\n" + ",\n".join(deals) + "\n  ]" if deals else "[]"
    return f'{{\n{head},\n  "deals": {body}\n}}\n'
