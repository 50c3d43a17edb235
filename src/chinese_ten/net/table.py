"""The online table's authority: one game, its seats and stages, without a socket.

Messages from a seat go in (:meth:`TableAuthority.receive`), and what comes out is data: a
:class:`Refusal` with its code (worded by the host, at its edge), or :class:`Accepted`, after
which the host writes :meth:`TableAuthority.snapshot` to disk and only then sends each seat
its :meth:`TableAuthority.updates`. A snapshot is the whole table (seats, secrets, stage,
``seq``, who is ready, the cut and the game's record), so a table taken up from it
(:meth:`TableAuthority.taken_up`) is the table every seat was last told of.

``seq`` counts the positions a seat may answer: it rises with every move, every cut and every
deal dealt, and with nothing else (a seat ready, a seat handed to the computer, presence).
A message that would change nothing is refused (``unchanged``) and moves nothing.
"""

import hmac
import json
import random
import secrets as secret_source
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final, get_args

from chinese_ten.engine.actions import Action, action_card, action_target, parse_action
from chinese_ten.engine.chance import cutter_of
from chinese_ten.engine.deal import OVER, DealState, legal_actions
from chinese_ten.engine.errors import ChineseTenError
from chinese_ten.engine.view import PlayerView
from chinese_ten.game.flow import GameFlow, Notice
from chinese_ten.game.options import GameOptions
from chinese_ten.lang.i18n import N_
from chinese_ten.net.protocol import (
    SECRET,
    TABLE_ID,
    Act,
    Cut,
    CutMade,
    DealRecordMessage,
    Hand,
    Ready,
    RefusalCode,
    Stage,
    TableState,
    Update,
    own_view,
    seat_view,
)
from chinese_ten.players.base import LaterPlayer, Player
from chinese_ten.players.levels import LEVELS

if TYPE_CHECKING:  # pydantic's records load with the first snapshot
    from chinese_ten.store.records import GameRecord

FORMAT: Final = "chinese-ten-table"
VERSION: Final = 2
"""The snapshot's version: version 1 kept the game in a save file beside the table's."""
MOST_SEQ: Final = 2**53
"""``seq`` stays below this (JSON numbers are exact up to it in every client)."""
STAGES: Final[tuple[Stage, ...]] = get_args(Stage)


def new_secret() -> str:
    return secret_source.token_urlsafe(32)


def new_table_id() -> str:
    return secret_source.token_urlsafe(6)


@dataclass(frozen=True, slots=True)
class Refusal:
    """A message that changed nothing, and why."""

    code: RefusalCode


@dataclass(frozen=True, slots=True)
class Accepted:
    """A change: the table is saved, then every seat told. ``deal_ended``: the game's record
    goes to every seat before the update that says so."""

    deal_ended: bool = False


class DamagedTableError(ValueError):
    """A snapshot that is not one this program wrote, or contradicts itself: ``problem`` says
    which part (a message to translate where it is shown), ``detail`` what was found there."""

    def __init__(self, problem: str, detail: str = "") -> None:
        super().__init__(problem)
        self.problem = problem
        self.detail = detail


class TableFlow(GameFlow):
    """The table's game: the host keeps no history and no save slot of its own (every seat's
    client stores each deal's record in its person's history; the table's snapshot is its
    save)."""

    def remember(self) -> list[Notice]:
        return []

    def save(self) -> list[Notice]:
        return []

    def record(self, *, full: bool) -> "GameRecord":
        """:meth:`GameFlow.record`, built without validating again what the engine made (a
        snapshot is written after every change; a test holds it equal to the validated
        record, field for field)."""
        from chinese_ten.store.records import (
            FORMAT,
            VERSION,
            DealRecord,
            GameRecord,
            TurnRecord,
        )

        states = self.deals() if full else [*self.finished]
        deals = []
        for state in states:
            actions = state.actions
            turns = []
            for k in range(0, len(actions), 2):
                flip = actions[k + 1] if k + 1 < len(actions) else None
                turns.append(
                    TurnRecord.model_construct(
                        play=action_card(actions[k]),
                        capture=action_target(actions[k]),
                        flip_capture=None if flip is None else action_target(flip),
                        flipped=flip is not None,
                    )
                )
            setup = state.setup
            deals.append(
                DealRecord.model_construct(
                    dealer=setup.dealer,
                    hands=setup.hands,
                    layout=setup.layout,
                    stock=setup.stock,
                    turns=tuple(turns),
                )
            )
        table = self.table
        return GameRecord.model_construct(
            format=FORMAT,
            version=VERSION,
            seat_count=table.seats,
            players=table.record_names(),
            deals_planned=self.series.deals_planned,
            deals=tuple(deals),
            seats=tuple(table.seat_records()),
            settings=table.settings_record(),
        )


class TableAuthority:
    """One table: its game, each person's secret, the stage, who is here and who is ready."""

    def __init__(
        self,
        table_id: str,
        options: GameOptions,
        seat_secrets: tuple[str | None, ...] | None = None,
    ) -> None:
        self.table_id = table_id
        session = replace(options.session, pause=0.0, guard=0.0)
        self.flow = TableFlow(replace(options, session=session))
        self.secrets: tuple[str | None, ...] = seat_secrets or tuple(
            None if level is not None else new_secret() for level in options.table.computer
        )
        self.handed: dict[int, str] = {}
        """Person seats the host's seat handed to the computer, at a level."""
        self.here: set[int] = set()
        """The person seats connected now (presence is never saved: nobody is here after a
        restart until they come back)."""
        self.ready: set[int] = set()
        self.seq = 0
        self.stage: Stage = "cut"
        self.cut: CutMade | None = None
        """How the deal in play was cut (None: not known, or a cut awaited)."""
        self._names: tuple[str, ...] | None = None

    # ------------------------------------------------------------ seats
    def person_seats(self) -> list[int]:
        return [seat for seat, secret in enumerate(self.secrets) if secret is not None]

    @property
    def host_seat(self) -> int:
        """The seat of the host's person: the first person's seat."""
        return self.person_seats()[0]

    def seat_of(self, secret: object) -> int | None:
        """The seat whose secret this is (compared in constant time), or None: anything but
        an ASCII text of a secret's length is no seat's."""
        if not isinstance(secret, str) or not secret.isascii():
            return None
        found = None
        for seat, mine in enumerate(self.secrets):
            if (
                mine is not None
                and len(mine) == len(secret)
                and hmac.compare_digest(mine.encode(), secret.encode())
            ):
                found = seat
        return found

    def link(self, base: str, seat: int) -> str:
        """The invite link of a person's seat: the secret after ``#`` never reaches a server
        log or a proxy (browsers do not send it; ``join`` sends it in its hello)."""
        secret = self.secrets[seat]
        assert secret is not None
        return f"{base}/t/{self.table_id}#{secret}"

    def present(self, seat: int) -> bool:
        return self.flow.computers[seat] is not None or seat in self.here

    def arrive(self, seat: int) -> None:
        """A person's connection proved its seat (presence: no ``seq``, nothing saved)."""
        self.here.add(seat)

    def leave(self, seat: int) -> None:
        self.here.discard(seat)

    # ------------------------------------------------------------ the game
    def start(self) -> None:
        """A new series, its first deal cut at random (nobody is here yet)."""
        self.flow.start_series()
        self._seat_handed()
        self._deal()
        self.seq = 0  # the first update a seat gets

    def _seat_handed(self) -> None:
        for seat, level in list(self.handed.items()):
            self.hand(seat, level)

    @property
    def cutter(self) -> int:
        """The seat that cuts the next deal's pack."""
        return cutter_of(self.flow.series.next_dealer, self.flow.seats)

    def _deal(self) -> None:
        """The next deal: a person here in the cutter's seat cuts it (the table waits in the
        ``cut`` stage); for a computer's seat, or a person away, it is cut at random."""
        self.ready.clear()
        self.cut = None
        self.seq += 1
        cutter = self.cutter
        if self.flow.computers[cutter] is None and cutter in self.here:
            self.stage = "cut"
            return
        self._cut_at_random()

    def _cut_at_random(self) -> None:
        rng = self.flow.deal_rng(self.flow.deal_number)
        self._deal_cut(rng.randint(1, 51), at_random=True)

    def _deal_cut(self, position: int, *, at_random: bool) -> None:
        cutter = self.cutter
        self.flow.deal(position)
        self.cut = CutMade(seat=cutter, position=position, at_random=at_random)
        self.stage = "play"

    def _play(self, action: Action) -> bool:
        """Play ``action``; True when it ended the deal."""
        applied = self.flow.apply(action)
        self.seq += 1
        if applied.result is None:
            return False
        self.stage = "finished" if self.flow.series.is_over else "results"
        self.ready.clear()
        return True

    def waiting_for(self) -> tuple[int, ...]:
        state = self.flow.state
        if self.stage == "play" and state is not None:
            return (state.to_move,)
        if self.stage == "cut":
            return (self.cutter,)
        if self.stage == "results":
            return tuple(
                s
                for s in self.person_seats()
                if self.flow.computers[s] is None and s not in self.ready
            )
        return ()

    # ------------------------------------------------------------ messages
    def receive(self, seat: int, message: Act | Cut | Ready | Hand) -> Refusal | Accepted:
        """A proven seat's message: what changed, or why nothing did."""
        if isinstance(message, Act):
            return self._act(seat, message)
        if isinstance(message, Cut):
            return self._cut(seat, message)
        if isinstance(message, Ready):
            return self._ready(seat, message)
        return self._hand(seat, message)

    def _act(self, seat: int, message: Act) -> Refusal | Accepted:
        state = self.flow.state
        if self.stage != "play" or state is None or state.phase == OVER:
            return Refusal("not_now")
        if state.to_move != seat or self.flow.computers[seat] is not None:
            return Refusal("turn")
        if message.seq != self.seq:
            return Refusal("stale")
        try:
            action = parse_action(message.action)
        except ChineseTenError:
            return Refusal("illegal")
        if action not in legal_actions(state):
            return Refusal("illegal")
        return Accepted(deal_ended=self._play(action))

    def _cut(self, seat: int, message: Cut) -> Refusal | Accepted:
        if self.stage != "cut":
            return Refusal("not_now")
        if seat != self.cutter:
            return Refusal("turn")
        if message.seq != self.seq:
            return Refusal("stale")
        self._deal_cut(message.position, at_random=False)
        self.seq += 1
        return Accepted()

    def _ready(self, seat: int, message: Ready) -> Refusal | Accepted:
        """A person has seen the results; the last one ready deals the next deal. Being
        ready raises no ``seq``, so every seat answers the same update."""
        if self.stage != "results":
            return Refusal("not_now")
        if message.seq != self.seq:
            return Refusal("stale")
        if seat in self.ready or seat not in self.waiting_for():
            return Refusal("unchanged")
        self.ready.add(seat)
        if not self.waiting_for():
            self._deal()
        return Accepted()

    def _hand(self, by: int, message: Hand) -> Refusal | Accepted:
        """The host's seat hands an absent person's seat to the computer at a level, or
        (level None) back to its person."""
        seat, level = message.seat, message.level
        if by != self.host_seat:
            return Refusal("not_host")
        if seat >= len(self.secrets):
            return Refusal("malformed")
        if self.secrets[seat] is None:
            return Refusal("present" if level is not None else "unchanged")
        if self.handed.get(seat) == level:
            return Refusal("unchanged")
        if level is not None and seat in self.here:
            return Refusal("present")
        self.hand(seat, level)
        return Accepted()

    def hand(self, seat: int, level: str | None) -> None:
        """A person's seat plays as the computer at ``level`` until given back (None)."""
        if level is None:
            self.handed.pop(seat, None)
            self.flow.computers[seat] = None
        else:
            self.handed[seat] = level
            self.flow.computers[seat] = LaterPlayer(level, random.Random(seat))

    # ------------------------------------------------------------ what nobody sends
    def computer_turn(self) -> tuple[Player, DealState] | None:
        """The computer to move and the position it decides on (off the event loop), or None."""
        if self.stage != "play":
            return None
        player = self.flow.computer_to_move()
        state = self.flow.state
        if player is None or state is None:
            return None
        return player, state

    def computer_plays(self, state: DealState, action: Action) -> Accepted | None:
        """The computer's ``action`` in ``state``; None when the table has moved on since."""
        if self.flow.state is not state or self.stage != "play":
            return None
        return Accepted(deal_ended=self._play(action))

    def on_its_own(self) -> Accepted | None:
        """What the table does without a message: the cut of a cutter's seat handed to the
        computer, or the next deal when no person is to be waited for."""
        if self.stage == "cut" and self.flow.computers[self.cutter] is not None:
            self._cut_at_random()
            self.seq += 1
            return Accepted()
        if self.stage == "results" and not self.waiting_for():
            self._deal()
            return Accepted()
        return None

    # ------------------------------------------------------------ what each seat is told
    def names(self) -> tuple[str, ...]:
        """The seats' names (worked out once: a table's names do not change)."""
        if self._names is None:
            self._names = self.flow.names
        return self._names

    def table_state(self) -> TableState:
        table = self.flow.table
        return TableState(
            names=self.names(),
            levels=tuple(self.handed.get(seat, level) for seat, level in enumerate(table.computer)),
            present=tuple(self.present(s) for s in range(table.seats)),
            deals_planned=self.flow.series.deals_planned,
            first_dealer=self.flow.series.first_dealer,
            points=tuple(o.points for o in self.flow.series.outcomes),
            stage=self.stage,
            waiting_for=self.waiting_for(),
            hints=table.hints,
            open_scores=table.open_scores,
            cut=self.cut,
        )

    def update_for(self, seat: int) -> Update:
        """What ``seat`` is sent now."""
        return self.updates([seat])[seat]

    def updates(self, seats: Sequence[int]) -> dict[int, Update]:
        """Each of ``seats``' update: the table and the public part of the view worked out
        once, then each seat's own hand and legal actions put in (every private field of a
        view is replaced: :func:`~chinese_ten.net.protocol.own_view`)."""
        if not seats:
            return {}
        table = self.table_state()
        state = self.flow.state
        if state is None:
            return {seat: Update(seq=self.seq, table=table, view=None) for seat in seats}
        public = seat_view(PlayerView(state, seats[0]))
        updates = {}
        for seat in seats:
            view = public if seat == seats[0] else own_view(public, PlayerView(state, seat))
            if view.legal and self.flow.computers[seat] is not None:
                view = view.model_copy(update={"legal": ()})  # the computer plays it now
            updates[seat] = Update(seq=self.seq, table=table, view=view)
        return updates

    def record_message(self) -> DealRecordMessage:
        from chinese_ten.store.records import record_json

        return DealRecordMessage(
            deals=len(self.flow.finished), record=record_json(self.flow.record(full=False))
        )

    @property
    def deal_over(self) -> bool:
        return self.stage in ("results", "finished") and bool(self.flow.finished)

    # ------------------------------------------------------------ the snapshot
    def snapshot(self) -> str:
        """The whole table as JSON text: what a host taken up again starts from."""
        from chinese_ten.store.records import record_json

        meta = json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "table": self.table_id,
                "secrets": list(self.secrets),
                "handed": {str(k): v for k, v in sorted(self.handed.items())},
                "seq": self.seq,
                "stage": self.stage,
                "ready": sorted(self.ready),
                "cut": None if self.cut is None else self.cut.model_dump(),
            }
        )
        return f'{meta[:-1]}, "game": {record_json(self.flow.record(full=True))}}}'

    @classmethod
    def taken_up(cls, text: str, options: GameOptions) -> "TableAuthority":
        """The table of a :meth:`snapshot`, checked whole: DamagedTableError names the first
        part that is not as this program writes it."""
        from chinese_ten.engine.errors import RecordError
        from chinese_ten.store.records import parse_record, replay

        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise DamagedTableError(N_("not JSON")) from None
        if isinstance(data, dict) and "format" not in data and "secrets" in data:
            raise DamagedTableError(N_("a table of an older version, which kept its game apart"))
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise DamagedTableError(N_("not a table of chinese-ten host"))
        if data.get("version") != VERSION or type(data.get("version")) is not int:
            raise DamagedTableError(N_("a table of another version"))
        table_id = data.get("table")
        if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
            raise DamagedTableError(N_("the table's id"))
        try:
            record = parse_record(json.dumps(data.get("game")), "game")
            states = replay(record)
        except (RecordError, ValueError, RecursionError) as error:
            raise DamagedTableError(N_("the game"), str(error)) from None
        if not states:
            raise DamagedTableError(N_("the game has no deal"))
        seat_secrets = _secrets(data.get("secrets"), record)
        table = cls(table_id, options, seat_secrets)
        table.flow.take_up(record, states)
        table.handed = _handed(data.get("handed"), seat_secrets)
        table._seat_handed()
        table.seq = _whole(data.get("seq"), N_("the seq"), MOST_SEQ)
        table.stage = table._stage(data.get("stage"))
        table.ready = table._ready_seats(data.get("ready"))
        table.cut = table._saved_cut(data.get("cut"))
        return table

    def _stage(self, saved: object) -> Stage:
        state = self.flow.state
        assert state is not None
        over = state.phase == OVER
        if saved not in STAGES:
            raise DamagedTableError(N_("the stage"))
        stage: Stage = saved
        if (stage == "play") == over or (stage == "finished") != self.flow.series.is_over:
            raise DamagedTableError(N_("the stage, for the game's deal"))
        return stage

    def _ready_seats(self, saved: object) -> set[int]:
        if not isinstance(saved, list) or any(type(s) is not int for s in saved):
            raise DamagedTableError(N_("the seats ready"))
        ready = set(saved)
        if len(ready) != len(saved) or not ready <= set(self.person_seats()):
            raise DamagedTableError(N_("the seats ready"))
        if ready and self.stage != "results":
            raise DamagedTableError(N_("the seats ready, outside the results"))
        return ready

    def _saved_cut(self, saved: object) -> CutMade | None:
        """The kept cut of the deal taken up (in play or just ended) by the seat that cuts
        it; None while a cut is awaited or when none is kept."""
        state = self.flow.state
        if saved is None:
            return None
        assert state is not None
        position = saved.get("position") if isinstance(saved, dict) else None
        seat = saved.get("seat") if isinstance(saved, dict) else None
        at_random = saved.get("at_random") if isinstance(saved, dict) else None
        if (
            not isinstance(saved, dict)
            or set(saved) != {"seat", "position", "at_random"}
            or self.stage == "cut"
            or type(seat) is not int
            or seat != cutter_of(state.setup.dealer, self.flow.seats)
            or type(position) is not int
            or not 1 <= position <= 51
            or type(at_random) is not bool
        ):
            raise DamagedTableError(N_("the cut"))
        return CutMade(seat=seat, position=position, at_random=at_random)


def _whole(value: object, what: str, most: int) -> int:
    if type(value) is not int or not 0 <= value < most:
        raise DamagedTableError(what)
    return value


def _secrets(saved: object, record: "GameRecord") -> tuple[str | None, ...]:
    """One secret for each person's seat of the record, none for a computer's, no two alike."""
    seats = record.seats
    if not isinstance(saved, list) or seats is None or len(saved) != len(seats):
        raise DamagedTableError(N_("the seats' secrets"))
    found: list[str | None] = []
    for secret, seat in zip(saved, seats, strict=True):
        if seat.computer is None:
            if not isinstance(secret, str) or not SECRET.fullmatch(secret):
                raise DamagedTableError(N_("the seats' secrets"))
        elif secret is not None:
            raise DamagedTableError(N_("the seats' secrets"))
        found.append(secret)
    people = [s for s in found if s is not None]
    if not people or len(set(people)) != len(people):
        raise DamagedTableError(N_("the seats' secrets"))
    return tuple(found)


def _handed(saved: object, seat_secrets: tuple[str | None, ...]) -> dict[int, str]:
    if not isinstance(saved, dict):
        raise DamagedTableError(N_("the seats handed to the computer"))
    handed: dict[int, str] = {}
    for key, level in saved.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() and len(key) == 1 else -1
        if not 0 <= seat < len(seat_secrets) or seat_secrets[seat] is None or level not in LEVELS:
            raise DamagedTableError(N_("the seats handed to the computer"))
        handed[seat] = level
    return handed
