"""``chinese-ten host``: the one authoritative table (or several) that people join over the network.

Each :class:`HostTable` holds a whole game (a :class:`~chinese_ten.game.flow.GameFlow`) and one
secret per person's seat. A client proves its seat with that secret in its first message
(:class:`~chinese_ten.net.protocol.Hello`) and is sent, after every change, only what its seat
may see (:func:`~chinese_ten.net.protocol.seat_view`). Every action is checked against the
engine's ``legal_actions``; a refused message changes nothing. Computers play here, on the
server. The table's seats and secrets are saved beside the game, so a host started again
takes the table up and the links still work. Secrets never reach a log or an error message.
"""

import asyncio
import contextlib
import hmac
import json
import os
import random
import secrets
import ssl
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent import futures
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.download_manager import DownloadManager

from chinese_ten.engine.actions import action_card, action_target, parse_action
from chinese_ten.engine.chance import cutter_of
from chinese_ten.engine.deal import OVER, legal_actions
from chinese_ten.engine.errors import ChineseTenError, SaveError
from chinese_ten.engine.view import PlayerView
from chinese_ten.game.flow import GameFlow, Notice
from chinese_ten.game.options import GameOptions
from chinese_ten.game.turn import Request
from chinese_ten.lang import i18n
from chinese_ten.lang.i18n import N_, _
from chinese_ten.net.client import LINK_VARIABLE
from chinese_ten.net.protocol import (
    MAX_CLIENT_MESSAGE,
    SECRET_LENGTH,
    VERSION,
    Act,
    BadMessageError,
    Cut,
    CutMade,
    DealRecordMessage,
    Hand,
    Hello,
    Ping,
    Pong,
    Ready,
    Refused,
    Stage,
    TableState,
    Update,
    Welcome,
    dump,
    own_view,
    read_client,
    seat_view,
    version_of,
)
from chinese_ten.players.base import LaterPlayer
from chinese_ten.players.levels import LEVELS
from chinese_ten.serve import host_page
from chinese_ten.serve.games import TabGame, TabGames, url_of
from chinese_ten.serve.guard import MAX_MESSAGE, Address, language_of, unframed
from chinese_ten.serve.page import game_body
from chinese_ten.serve.page import page as terminal_page
from chinese_ten.serve.server import (
    CONNECTIONS,
    HEARTBEAT,
    TabProcess,
    _quiet_logs,
    game_command,
    run_tab,
    runner_of,
)
from chinese_ten.store.files import write_atomically
from chinese_ten.text.names import visible

if TYPE_CHECKING:  # pydantic's records load with the first save
    from chinese_ten.store.records import GameRecord

TABLE_FILE = "table.json"
"""The table's seats and secrets, beside its save (``save-1.json``) in the table's folder."""
HELLO_SECONDS = 10.0
"""A connection that has not said hello by then is closed."""
RATE = 20.0
BURST = 40.0
"""Messages a connection may send: ``BURST`` at once, then ``RATE`` a second."""
MOST_GREETINGS = 1024
"""Connections at once that have not yet proved a seat (each waits at most HELLO_SECONDS)."""

NO_HELLO = N_("The first message must be a hello with the seat's secret.")
WRONG_VERSION = N_(
    "This table speaks protocol version {server}, this client version {client}: "
    "use the same version of chinese-ten as the host."
)
WRONG_SECRET = N_("This link is not one of this table's seats (or the table was started anew).")
FLOOD = N_("Too many messages: the connection is closed.")
NOT_YOUR_TURN = N_("It is not your turn.")
STALE = N_("That answers a position gone by: nothing changed.")
ILLEGAL = N_("That move is not allowed here.")
NOT_NOW = N_("Nothing to be ready for now.")
NO_CUT = N_("There is no pack to cut now.")
NOT_YOUR_CUT = N_("It is not your cut.")
REPLACED = N_("This seat was taken up by another connection with the same link.")
NOT_HOST = N_("Only the host's seat may hand a seat to the computer.")
PRESENT = N_("That seat's person is here: only an absent seat goes to the computer.")
MALFORMED = N_("A message this table does not understand: nothing changed.")
LEFT = N_("You have left the table. Open the link again to sit back down.")
TAB_IDLE_SECONDS = 24 * 3600.0
"""A browser's seat waits as long as the table does: the tab's game ends with the tab."""
TAB_SECRET_BYTES = 256
"""The most a tab's first message (``["secret", SECRET]``) may hold."""

_TERMINAL_SCRIPT = """
(() => {
  // The seat's secret is in the address's #, which no request carries: it goes to the host
  // as the socket's first message, and the host starts this seat's join client with it.
  const secret = location.hash.slice(1);
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(url, ...rest) {
      super(url, ...rest);
      this.addEventListener("open", () => this.send(JSON.stringify(["secret", secret])),
                            { once: true });
    }
  };
  // Sitting down again opens the same link (the secret with it).
  document.addEventListener("click", (event) => {
    if (event.target.closest(".closed-dialog a.button")) {
      event.preventDefault();
      location.reload();
    }
  });
})();
"""


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def new_table_id() -> str:
    return secrets.token_urlsafe(6)


@dataclass
class Bucket:
    """A token bucket: ``take`` is False once a connection sends faster than allowed."""

    rate: float = RATE
    burst: float = BURST
    clock: Callable[[], float] = time.monotonic
    tokens: float = BURST
    at: float = field(default=-1.0)

    def take(self) -> bool:
        now = self.clock()
        if self.at >= 0:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class HostFlow(GameFlow):
    """The host's game: a play only marks the game to be saved; :meth:`HostTable.persist`
    writes it off the event loop, the newest position each time (a save is an fsync, and a
    table's update must not wait for the disk)."""

    dirty = False

    def remember(self) -> list[Notice]:
        """The host keeps no history of its own: every player's client stores each deal's
        record in that player's history (see ``DealRecordMessage``)."""
        return []

    def save(self) -> list[Notice]:
        self.dirty = True
        return []

    def record(self, *, full: bool) -> "GameRecord":
        """:meth:`GameFlow.record`, built without validating again what the engine made
        (the save of a busy host is written after every action; a test holds it equal to
        the validated record, field for field)."""
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

    def write(self) -> "Callable[[], None] | None":
        """The newest position's record, built here, and the write to run elsewhere (None:
        no slot could be held; the problem is in ``save_problem``)."""
        self.dirty = False
        if self.slot is None:
            self.hold_fresh_slot()
        slot = self.slot
        if slot is None:
            return None
        record = self.record(full=True)

        def write() -> None:
            try:
                slot.save(record)
            except SaveError as error:
                self.save_problem = str(error)
            else:
                self.save_problem = None

        return write


class HostTable:
    """One table: the game, its seats' secrets and connections, and what it waits for."""

    def __init__(
        self,
        table_id: str,
        options: GameOptions,
        folder: Path,
        seat_secrets: tuple[str | None, ...] | None = None,
    ) -> None:
        self.table_id = table_id
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        session = replace(options.session, save_dir=folder, pause=0.0, guard=0.0)
        self.flow = HostFlow(replace(options, session=session))
        self._saver: asyncio.Task[None] | None = None
        self._writing: futures.Future[None] | None = None
        """The background write running or last run (:data:`_SAVER`)."""
        self._shown_names: tuple[str, ...] | None = None
        computers = options.table.computer
        self.secrets: tuple[str | None, ...] = seat_secrets or tuple(
            None if level is not None else new_secret() for level in computers
        )
        self.handed: dict[int, str] = {}
        """Person seats the host handed to the computer, at a level."""
        self.sockets: dict[int, web.WebSocketResponse] = {}
        self.ready: set[int] = set()
        self.seq = 0
        self.stage: Stage = "cut"
        self.cut: CutMade | None = None
        """How the deal in play was cut (None: not known, or a cut awaited)."""
        self.lock = asyncio.Lock()
        self.problems: list[str] = []
        """What went wrong saving (said on the host's terminal)."""
        self.say: Callable[[str], None] | None = None
        """Where a save's failure is said at once (the host's terminal, without a seat)."""
        self._moving: asyncio.Task[None] | None = None

    # ------------------------------------------------------------ seats
    def person_seats(self) -> list[int]:
        return [seat for seat, secret in enumerate(self.secrets) if secret is not None]

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
        return self.flow.computers[seat] is not None or seat in self.sockets

    # ------------------------------------------------------------ the game
    def start(self, *, resume: bool) -> None:
        """A new series, or the saved one taken up."""
        if resume and self.flow.resume(asked=True).resumed:
            self._seat_handed()
            state = self.flow.state
            if state is not None and state.phase == OVER:
                self.stage = "finished" if self.flow.series.is_over else "results"
            else:
                self.stage = "play"
            return
        self.flow.hold_fresh_slot()
        self.flow.start_series()
        self._seat_handed()
        self._deal()
        self.save_now()
        self.save_table()

    def _seat_handed(self) -> None:
        """The handed seats to the computer: a seat the game does not have (a damaged table,
        which :meth:`load` refuses once the game is taken up) is left out."""
        for seat, level in self.handed.items():
            if seat < self.flow.seats:
                self.flow.computers[seat] = LaterPlayer(level, random.Random(seat))

    @property
    def cutter(self) -> int:
        """The seat that cuts the next deal's pack."""
        return cutter_of(self.flow.series.next_dealer, self.flow.seats)

    def _deal(self) -> None:
        """The next deal: a person connected in the cutter's seat cuts it (the table waits in
        the ``cut`` stage); for a computer's seat, or a person away, the host cuts at random."""
        self.ready.clear()
        self.cut = None
        cutter = self.cutter
        if self.flow.computers[cutter] is None and cutter in self.sockets:
            self.stage = "cut"
            return
        self._cut_at_random()

    def _cut_at_random(self) -> None:
        rng = self.flow.deal_rng(self.flow.deal_number)
        self._deal_cut(rng.randint(1, 51), at_random=True)

    def _deal_cut(self, position: int, *, at_random: bool) -> None:
        cutter = self.cutter
        self._notice(self.flow.deal(position))
        self.cut = CutMade(seat=cutter, position=position, at_random=at_random)
        self.stage = "play"
        self.save_table()  # the cut too: a host taken up again logs who cut where

    async def apply_cut(self, seat: int, seq: int, position: int) -> str | None:
        """The cutter's cut: None if the deal is dealt, else why not (nothing changed). The
        caller holds the table's lock."""
        if self.stage != "cut":
            return NO_CUT
        if seat != self.cutter:
            return NOT_YOUR_CUT
        if seq != self.seq:
            return STALE
        self._deal_cut(position, at_random=False)
        self._changed()
        return None

    async def persist(self) -> None:
        """Write the game's save until it holds the newest position."""
        while self.flow.dirty:
            write = self.flow.write()
            if write is not None:
                self._writing = _SAVER.submit(write)
                await asyncio.wrap_future(self._writing)
            self._notice([])

    def save_soon(self) -> None:
        """Save in the background (one write at a time, the newest position last)."""
        if self.flow.dirty and (self._saver is None or self._saver.done()):
            self._saver = asyncio.ensure_future(self.persist())

    def save_now(self) -> None:
        """Save at once, on this thread (at the start, and when the host stops)."""
        if not self.flow.dirty:
            return
        write = self.flow.write()
        if write is not None:
            write()

    def close(self) -> None:
        """The host stops: the newest position saved (again, on this thread), the slot let go.
        A background write still running is waited for first: it holds an older position,
        which must not land after the newest."""
        if self._writing is not None:
            futures.wait([self._writing])
        self.flow.dirty = True
        self.save_now()
        self._notice([])
        self.flow.release()

    def _notice(self, notices: Sequence[object]) -> None:
        """Keep a save's failure (each problem once) and say it (:attr:`say`)."""
        problem = self.flow.save_problem
        if problem is not None and problem not in self.problems:
            self._problem(problem)

    def _problem(self, problem: str) -> None:
        self.problems.append(problem)
        if self.say is not None:
            self.say(
                _("chinese-ten: table {table} could not be saved: {problem}").format(
                    table=self.table_id, problem=visible(problem)
                )
            )

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

    def _names(self) -> tuple[str, ...]:
        """The seats' names (worked out once: a table's names do not change)."""
        if self._shown_names is None:
            self._shown_names = self.flow.names
        return self._shown_names

    def table_state(self) -> TableState:
        table = self.flow.table
        return TableState(
            names=self._names(),
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
        return {
            seat: Update(
                seq=self.seq,
                table=table,
                view=public if seat == seats[0] else own_view(public, PlayerView(state, seat)),
            )
            for seat in seats
        }

    async def broadcast(self) -> None:
        """Every connected seat gets its own update."""
        sockets = dict(self.sockets)
        for seat, update in self.updates(list(sockets)).items():
            await _send(sockets[seat], dump(update))

    def _changed(self) -> None:
        self.seq += 1

    async def apply(self, seat: int, seq: int, text: str) -> str | None:
        """A person's action: None if played, else why not (nothing changed). The caller
        holds the table's lock."""
        state = self.flow.state
        if self.stage != "play" or state is None or state.phase == OVER:
            return NOT_NOW
        if state.to_move != seat or self.flow.computers[seat] is not None:
            return NOT_YOUR_TURN
        if seq != self.seq:
            return STALE
        try:
            action = parse_action(text)
        except ChineseTenError:
            return ILLEGAL
        if action not in legal_actions(state):
            return ILLEGAL
        self._play(action)
        return None

    def _play(self, action: int) -> None:
        applied = self.flow.apply(action)
        self._notice(list(applied.notices))
        self._changed()
        if applied.result is not None:
            self.stage = "finished" if self.flow.series.is_over else "results"
            self.ready.clear()

    async def mark_ready(self, seat: int, seq: int) -> str | None:
        """A person has seen the results; the last one ready deals the next deal."""
        if self.stage != "results":
            return NOT_NOW
        if seq != self.seq:
            return STALE
        self.ready.add(seat)
        if not self.waiting_for():
            self._deal()
        self._changed()
        return None

    def record_message(self) -> DealRecordMessage:
        from chinese_ten.store.records import record_json

        return DealRecordMessage(
            deals=len(self.flow.finished), record=record_json(self.flow.record(full=False))
        )

    async def computers_move(self) -> None:
        """The computers to move play, one action at a time, off the event loop."""
        while True:
            async with self.lock:
                player = self.flow.computer_to_move() if self.stage == "play" else None
                state = self.flow.state
                if player is None or state is None:
                    if self.stage == "cut" and self.flow.computers[self.cutter] is not None:
                        self._cut_at_random()  # the cutter's seat was handed to the computer
                        self._changed()
                        await self.after_change()
                        continue
                    if self.stage == "results" and not self.waiting_for():
                        self._deal()  # nobody to wait for: computers only
                        self._changed()
                        await self.after_change()
                        continue
                    return
            action = await asyncio.to_thread(Request(player, state, "computer").choose)
            async with self.lock:
                if self.flow.state is not state:
                    continue
                self._play(action)
                await self.after_change()

    async def after_change(self) -> None:
        """Every seat's update (the save follows, off the loop); at a deal's end the record
        first, so a client that reads the update saying the deal is over holds it already."""
        self.save_soon()
        if self.stage in ("results", "finished") and self.ready == set():
            message = dump(self.record_message())
            for socket in list(self.sockets.values()):
                await _send(socket, message)
        await self.broadcast()

    def kick_computers(self) -> None:
        if self._moving is None or self._moving.done():
            self._moving = asyncio.ensure_future(self.computers_move())

    # ------------------------------------------------------------ the host's choices
    async def hand_to_computer(self, seat: int, level: str) -> None:
        """An absent person's seat plays as the computer at ``level`` until given back."""
        async with self.lock:
            await self._hand(seat, level)
        self.kick_computers()

    async def give_back(self, seat: int) -> None:
        async with self.lock:
            await self._hand(seat, None)

    async def hand(self, by: int, seat: int, level: str | None) -> str | None:
        """``by`` hands ``seat`` to the computer at ``level`` (None: back to its person), or
        says why not: :meth:`may_hand` is asked under the lock, so the seat cannot change
        between the check and the handing."""
        async with self.lock:
            why = self.may_hand(by, seat, level)
            if why is not None:
                return why
            await self._hand(seat, level)
        if level is not None:
            self.kick_computers()
        return None

    async def _hand(self, seat: int, level: str | None) -> None:
        """The handing itself (the lock held)."""
        if level is None:
            self.handed.pop(seat, None)
            if self.secrets[seat] is not None:
                self.flow.computers[seat] = None
        else:
            self.handed[seat] = level
            self.flow.computers[seat] = LaterPlayer(level, random.Random(seat))
        self._changed()
        self.save_table()
        await self.broadcast()

    @property
    def host_seat(self) -> int:
        """The seat of the host's person: the first person's seat."""
        return self.person_seats()[0]

    def may_hand(self, by: int, seat: int, level: str | None) -> str | None:
        """Why ``by`` may not hand ``seat`` over (or back), or None: a seat the table does
        not have is a malformed message."""
        if by != self.host_seat:
            return NOT_HOST
        if seat >= len(self.secrets):
            return MALFORMED
        if self.secrets[seat] is None:
            return PRESENT if level is not None else None
        if level is not None and seat in self.sockets:
            return PRESENT
        return None

    # ------------------------------------------------------------ the save
    def save_table(self) -> None:
        """The seats, secrets and table id beside the game's save (readable by the owner only)."""
        text = json.dumps(
            {
                "table": self.table_id,
                "secrets": list(self.secrets),
                "handed": {str(k): v for k, v in self.handed.items()},
                "cut": None
                if self.cut is None
                else {"deal": self.flow.deal_number, **self.cut.model_dump()},
            }
        )
        path = self.folder / TABLE_FILE
        try:
            write_atomically(path, text)
            os.chmod(path, 0o600)
        except OSError as error:
            self._problem(
                _("the table's seats could not be saved: {error}").format(error=error.strerror)
            )

    @classmethod
    def load(cls, folder: Path, options: GameOptions) -> "HostTable | None":
        """The table saved in ``folder``, taken up; None when there is none to take up."""
        try:
            data = json.loads((folder / TABLE_FILE).read_text(encoding="utf-8"))
            table_id = str(data["table"])
            seat_secrets = tuple(
                s if isinstance(s, str) and len(s) == SECRET_LENGTH else None
                for s in data["secrets"]
            )
            handed = {int(k): str(v) for k, v in dict(data.get("handed", {})).items()}
            cut = data.get("cut")
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if any(level not in LEVELS for level in handed.values()):
            return None  # a damaged table: no level of ours
        table = cls(table_id, options, folder, seat_secrets)
        table.handed = {k: v for k, v in handed.items() if 0 <= k < len(seat_secrets)}
        table.start(resume=True)
        if table.flow.state is None or len(table.secrets) != table.flow.seats:
            return None
        table.cut = table.saved_cut(cut)
        return table

    def saved_cut(self, saved: object) -> CutMade | None:
        """The cut kept in the table's file, if it is the cut of the deal taken up (in play or
        just ended) by the seat that cuts it; None for anything else (an older deal's, or a
        damaged file's)."""
        state = self.flow.state
        if not isinstance(saved, dict) or state is None:
            return None
        number = self.flow.deal_number - (1 if state.phase == OVER else 0)
        position, seat = saved.get("position"), saved.get("seat")
        if (
            saved.get("deal") != number
            or type(seat) is not int
            or seat != cutter_of(state.setup.dealer, self.flow.seats)
            or type(position) is not int
            or not 1 <= position <= 51
            or type(saved.get("at_random")) is not bool
        ):
            return None
        return CutMade(seat=seat, position=position, at_random=saved["at_random"])


_SAVER = ThreadPoolExecutor(max_workers=32, thread_name_prefix="host-save")
"""The tables' saves are written here (each an fsync), side by side and off the event loop."""


async def _send(socket: web.WebSocketResponse, text: str) -> None:
    if not socket.closed:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await socket.send_str(text)


async def _refuse(socket: web.WebSocketResponse, code: str, reason: str, *, fatal: bool) -> None:
    await _send(socket, dump(Refused(code=code, reason=_(reason), fatal=fatal)))
    if fatal:
        await socket.close()


@dataclass
class Host:
    """The tables of one ``host`` process and the web application that serves them."""

    tables: dict[str, HostTable]
    address: Address | None = None
    greeting: int = 0
    """Connections that have not said hello yet (bounded: :data:`MOST_GREETINGS`)."""
    open_sockets: set[web.WebSocketResponse] = field(default_factory=set)
    local_base: str | None = None
    """The address a seat's join client started for a browser tab reaches this host at."""
    tabs: TabGames = field(init=False)
    """The browser tabs' join clients: at most twice the seats of all tables, shared by every
    seat (room for each seat's tab and the one replacing it); only a seat's secret takes one."""
    tab_games: set[TabProcess] = field(default_factory=set)
    download_manager: DownloadManager = field(default_factory=DownloadManager)

    def __post_init__(self) -> None:
        seats = sum(len(table.secrets) for table in self.tables.values())
        self.tabs = TabGames(max(1, 2 * seats), TAB_IDLE_SECONDS)

    def most_connections(self) -> int:
        """Connections open at once: those not yet greeted (:data:`MOST_GREETINGS`), five a
        seat (its join client, two browser tabs and their join clients) and ``serve``'s
        bound for page loads (:data:`~chinese_ten.serve.server.CONNECTIONS`)."""
        seats = sum(len(table.secrets) for table in self.tables.values())
        return MOST_GREETINGS + 5 * seats + CONNECTIONS

    async def close_all(self) -> None:
        """Close every connection (the host stops): clients see it at once and try again,
        and the server's clean-up does not wait for them. The browser tabs' clients end."""
        await asyncio.gather(*(game.end() for game in list(self.tab_games)))
        for socket in list(self.open_sockets):
            await socket.close(code=1001, message=b"host stopping")

    def app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_CLIENT_MESSAGE, middlewares=[self._admitted])
        app.on_response_prepare.append(unframed)
        app.router.add_get("/t/{table}/ws", self.websocket)
        app.router.add_get("/t/{table}/tty", self.terminal)
        app.router.add_get("/t/{table}", self.terminal_page)
        app.router.add_get("/t/{table}/plain", self.page)
        app.router.add_static("/static", _TEXTUAL_STATIC)
        app.router.add_get("/t-static/host.js", self.static)
        app.router.add_get("/t-static/host.css", self.static)
        return app

    @web.middleware
    async def _admitted(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
    ) -> web.StreamResponse:
        """Every request passes :meth:`refusal` first (403 and its one line), and one that names
        a table names one of this host's (404): the handlers find their table there."""
        reason = self.refusal(request)
        if reason is not None:
            return web.Response(text=reason + "\n", status=403)
        table = request.match_info.get("table")
        if table is not None and table not in self.tables:
            return web.Response(text=_("There is no such table here.") + "\n", status=404)
        return await handler(request)

    def refusal(self, request: web.Request) -> str | None:
        """``serve``'s checks of ``Host`` and ``Origin``: a page of another site, or of
        another of this host's names, is refused. A request without ``Origin`` is let in (a
        browser always sends one on a socket, but the ``join`` client sends none, and it holds
        the seat's secret, which is what admits it)."""
        address = self.address
        host = request.headers.get("Host", "")
        if address is None or not address.named_by(host):
            return _("This table answers only at the address chinese-ten host printed.")
        origin = request.headers.get("Origin")
        if origin is not None and request.secure:  # behind TLS the page's own is https
            scheme, _sep, rest = origin.partition("://")
            origin = f"http://{rest}" if scheme.lower() == "https" else origin
        if origin is not None and not address.is_own_origin(origin, host):
            return _("Only this table's own page may join it.")
        return None

    async def page(self, request: web.Request) -> web.StreamResponse:
        language = language_of(request.headers.get("Accept-Language"), i18n.current())
        return host_page.page(language)

    async def terminal_page(self, request: web.Request) -> web.StreamResponse:
        """The seat's board in a terminal in the page (textual.js), as ``serve`` draws it."""
        table_id = request.match_info["table"]
        language = language_of(request.headers.get("Accept-Language"), i18n.current())
        scheme = "wss" if request.secure else "ws"  # the Host was checked (:meth:`_admitted`)
        body = game_body(language, f"{scheme}://{request.host}/t/{table_id}/tty", LEFT)
        return terminal_page(language, body, game=True, before=_TERMINAL_SCRIPT)

    async def terminal(self, request: web.Request) -> web.StreamResponse:
        """A browser tab's seat: its first message is the seat's secret; then a ``join``
        client for that seat runs under Textual's web driver, its screen in the tab, and ends
        with the tab."""
        table = self.tables[request.match_info["table"]]
        if self.greeting >= MOST_GREETINGS or self.local_base is None:
            return web.Response(
                text=_("Too many connections at once: try again.") + "\n", status=503
            )
        socket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE + 1)
        self.greeting += 1
        greeted = True
        tab = None
        try:
            await socket.prepare(request)
            seat = await _tab_seat(table, socket)
            self.greeting -= 1
            greeted = False
            # only a seat's secret takes a slot; no await between the check and the
            # taking, so two tabs at once cannot both pass
            tab = None if seat is None else self.tabs.admit()
            if tab is None or seat is None:
                await socket.close()
                return socket
            await self._run_tab(request, socket, tab, table, seat)
        finally:
            if greeted:
                self.greeting -= 1
            if tab is not None:
                self.tabs.leave(tab)
        return socket

    async def _run_tab(
        self,
        request: web.Request,
        socket: web.WebSocketResponse,
        tab: TabGame,
        table: HostTable,
        seat: int,
    ) -> None:
        assert self.local_base is not None
        folder = table.folder / f"browser-{seat}"  # the seat's own history, on this machine
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        language = language_of(request.headers.get("Accept-Language"), i18n.current())

        async def close() -> None:
            await socket.close()

        game = _JoinTab(
            game_command(("join",), language),
            tab,
            self.tabs,
            folder,
            write_bytes=socket.send_bytes,
            write_str=socket.send_str,
            close=close,
            download_manager=self.download_manager,
        )
        game.link = table.link(self.local_base, seat)
        game.touch = request.query.get("touch") == "1"  # the page's word, as serve's tabs
        self.tab_games.add(game)
        try:
            await run_tab(request, socket, game)
        finally:
            self.tab_games.discard(game)

    async def static(self, request: web.Request) -> web.StreamResponse:
        """The page's script and style (no data: the same for every table)."""
        return host_page.script() if request.path.endswith(".js") else host_page.style()

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        table = self.tables[request.match_info["table"]]
        if self.greeting >= MOST_GREETINGS:
            return web.Response(
                text=_("Too many connections at once: try again.") + "\n", status=503
            )
        socket = web.WebSocketResponse(max_msg_size=MAX_CLIENT_MESSAGE, heartbeat=30.0)
        self.greeting += 1
        self.open_sockets.add(socket)
        try:
            await socket.prepare(request)
            seat = await self._hello(table, socket)
        finally:
            self.greeting -= 1
        if seat is None:
            self.open_sockets.discard(socket)
            return socket
        try:
            await self._serve(table, seat, socket)
        finally:
            self.open_sockets.discard(socket)
            if table.sockets.get(seat) is socket:
                del table.sockets[seat]
                async with table.lock:
                    await table.broadcast()  # the others see the seat away
        return socket

    async def _hello(self, table: HostTable, socket: web.WebSocketResponse) -> int | None:
        try:
            message = await socket.receive(timeout=HELLO_SECONDS)
        except TimeoutError:
            await _refuse(socket, "no_hello", NO_HELLO, fatal=True)
            return None
        if message.type != WSMsgType.TEXT:
            await _refuse(socket, "no_hello", NO_HELLO, fatal=True)
            return None
        claimed = version_of(message.data)
        if claimed is not None and claimed != VERSION:
            text = _(WRONG_VERSION).format(server=VERSION, client=claimed)
            await _send(socket, dump(Refused(code="version", reason=text, fatal=True)))
            await socket.close()
            return None
        try:
            hello = read_client(message.data)
        except BadMessageError:
            hello = None
        if not isinstance(hello, Hello):
            await _refuse(socket, "no_hello", NO_HELLO, fatal=True)
            return None
        seat = table.seat_of(hello.secret)
        if seat is None:
            await _refuse(socket, "secret", WRONG_SECRET, fatal=True)
            return None
        async with table.lock:
            old = table.sockets.get(seat)
            table.sockets[seat] = socket
            if old is not None:
                await _refuse(old, "replaced", REPLACED, fatal=True)
            await _send(socket, dump(Welcome(version=VERSION, seat=seat, table_id=table.table_id)))
            await table.broadcast()  # presence is no move: the seq stays
            if table.stage in ("results", "finished") and table.flow.finished:
                await _send(socket, dump(table.record_message()))
        table.kick_computers()
        return seat

    async def _serve(self, table: HostTable, seat: int, socket: web.WebSocketResponse) -> None:
        bucket = Bucket()
        async for message in socket:
            if message.type != WSMsgType.TEXT:
                await _refuse(socket, "malformed", MALFORMED, fatal=True)
                return
            if not bucket.take():
                await _refuse(socket, "flood", FLOOD, fatal=True)
                return
            try:
                read = read_client(message.data)
            except BadMessageError as bad:
                await _refuse(socket, bad.code, MALFORMED, fatal=False)
                continue
            if isinstance(read, Ping):
                await _send(socket, dump(Pong(data=read.data)))
                continue
            if isinstance(read, Hello):
                await _refuse(socket, "hello_again", MALFORMED, fatal=False)
                continue
            if isinstance(read, Hand):
                why = await table.hand(seat, read.seat, read.level)
                if why is not None:
                    code = {NOT_HOST: "not_host", MALFORMED: "malformed"}.get(why, "present")
                    await _refuse(socket, code, why, fatal=False)
                continue
            async with table.lock:
                if table.sockets.get(seat) is not socket:
                    return
                if isinstance(read, Act):
                    why = await table.apply(seat, read.seq, read.action)
                elif isinstance(read, Cut):
                    why = await table.apply_cut(seat, read.seq, read.position)
                else:
                    assert isinstance(read, Ready)
                    why = await table.mark_ready(seat, read.seq)
                if why is not None:
                    code = {
                        STALE: "stale",
                        ILLEGAL: "illegal",
                        NOT_YOUR_TURN: "turn",
                        NOT_YOUR_CUT: "turn",
                    }.get(why, "not_now")
                    await _refuse(socket, code, why, fatal=False)
                    continue
                await table.after_change()
            table.kick_computers()


_TEXTUAL_STATIC = Path(textual_serve.__file__).parent / "static"
"""textual.js, xterm's style and the terminal's font, as textual-serve ships them."""


class _JoinTab(TabProcess):
    """A browser tab's ``join`` client: the seat's link reaches it in its environment (which
    only its own user may read), never on its command line."""

    link = ""

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment[LINK_VARIABLE] = self.link
        return environment


async def _tab_seat(table: HostTable, socket: web.WebSocketResponse) -> int | None:
    """The seat whose secret the tab sends first (``["secret", SECRET]``), or None: no
    message within :data:`HELLO_SECONDS`, a malformed or oversized one, or no seat's secret
    (the tab is closed)."""
    try:
        message = await socket.receive(timeout=HELLO_SECONDS)
    except TimeoutError:
        return None
    secret: object = None
    if message.type == WSMsgType.TEXT and len(message.data) <= TAB_SECRET_BYTES:
        with contextlib.suppress(ValueError):
            read = json.loads(message.data)
            if isinstance(read, list) and len(read) == 2 and read[0] == "secret":
                secret = read[1]
    return table.seat_of(secret)


def table_folder(root: Path, table_id: str) -> Path:
    return root / table_id


async def listen(
    host: Host, bind: str, port: int, ssl_context: "ssl.SSLContext | None" = None
) -> tuple[web.AppRunner, int]:
    """Serve ``host``'s tables on ``bind``:``port`` (0: any free port); the port bound.
    OSError when the address cannot be listened on."""
    _quiet_logs()  # a request's error is one line, never a traceback
    runner = runner_of(host.app(), host.most_connections())  # no access log: it could carry a link
    await runner.setup()
    site = web.TCPSite(runner, bind, port, ssl_context=ssl_context, backlog=1024)
    try:
        await site.start()
    except BaseException:
        await runner.cleanup()
        raise
    bound = runner.addresses[0][1] if runner.addresses else port
    host.address = Address.of(bind, bound)
    near = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(bind, bind)
    base = url_of(near, bound)
    host.local_base = base.replace("http://", "https://", 1) if ssl_context else base
    return runner, bound
