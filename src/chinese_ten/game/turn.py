"""The turn without a screen: what a key may do, whose turn it is, when the keyboard changes
hands, and what the board shows.

:class:`SeatTurn` is the turn of one seat, wherever the deal is held: the hand card chosen, the
target chosen, which key acts when (the key table), clicks and the hint's answer. A
:class:`Turn` is the seat (or seats) played here: it drives a
:class:`~chinese_ten.game.flow.GameFlow` one key at a time; a seat played from another
machine is :class:`~chinese_ten.net.remote.RemoteTurn`, which sends its plays instead. The
screens map keys and clicks to their methods, run their requests (the computer's choice, the
hint) in workers, and draw the :class:`Scene` they give; tests call them directly. They speak
in actions and cards through the engine's accessors and never import Textual or Rich.

Privacy is kept here: a scene shows a hand face up only to the person holding the keyboard,
and in a hot-seat game only once that person has confirmed the hand-over with a deliberate
key (see :class:`Guard`).
"""

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal, NamedTuple

from chinese_ten.engine.actions import Action, action_card, is_flip, takes
from chinese_ten.engine.cards import Card, rank
from chinese_ten.engine.chance import cutter_of
from chinese_ten.engine.deal import FLIP_PHASE, DealOutcome, DealState, legal_actions
from chinese_ten.engine.series import SeriesScore
from chinese_ten.engine.variant import card_points
from chinese_ten.engine.view import Event, PlayerView
from chinese_ten.game.flow import GameFlow, Notice
from chinese_ten.players.base import Player, make_player
from chinese_ten.players.levels import lone_person

Stage = Literal[
    "idle",
    "cut",
    "handover",
    "select",
    "target",
    "flip",
    "flip-target",
    "turned",
    "computer",
    "over",
    "results",
]
"""Where a turn stands: which keys work and what the banner asks for."""

KeyAction = Literal[
    "move",
    "pick",
    "confirm",
    "flip",
    "back",
    "hint",
    "export",
    "pass_keyboard",
    "results",
    "ready",
    "computer",
]
"""What a key of a board or the hand-over asks (the screens bind keys to these). ``ready``:
the next person holds the keyboard, or a seat at a hosted table is ready for the next deal;
``computer``: the host's seat hands the absent seats to the computer."""

BOARD_ACTIONS: frozenset[KeyAction] = frozenset(
    ("move", "confirm", "flip", "back", "pick", "hint", "export", "pass_keyboard", "results")
)
"""The board's own keys: none of them acts while the board is hidden (window too small)."""


class Guard:
    """A deliberate key: none pressed before the screen was drawn, nor within ``seconds``
    after, counts. Times are the caller's clock (``time.monotonic`` on screen), and the
    times given are when things happened, not when they are handled: the first frame that
    showed the screen, the moment the key was pressed. So two keys pressed together stay
    together however slowly the first is acted on, and the second never counts."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.drawn_at: float | None = None

    def reset(self) -> None:
        """The screen is about to be shown again: nothing is drawn yet."""
        self.drawn_at = None

    def drawn(self, now: float) -> None:
        """The screen is on the terminal (the first drawing counts)."""
        if self.drawn_at is None:
            self.drawn_at = now

    def ready(self, now: float) -> bool:
        """Whether a key pressed ``now`` is a decision (any key, with no guard)."""
        if self.seconds <= 0:
            return True
        return self.drawn_at is not None and now - self.drawn_at >= self.seconds


# ------------------------------------------------------------------ what the log says
class DealBegins(NamedTuple):
    number: int
    dealer: int
    cutter: int
    position: int | None
    """Where the pack was cut (None: a resumed game's deal, cut unknown to the log)."""
    cut_by: Literal["cutter", "random", "unknown"] = "cutter"
    """Who cut: the cutter; the host of a table (``chinese-ten host``), at random for the
    cutter's seat; or not known to this log (a deal taken up by a restarted host). Only with
    ``cutter`` does the log name someone as having cut."""


class Happened(NamedTuple):
    event: Event


class TripleLaid(NamedTuple):
    """The layout holds three of a rank: the fourth card takes all three (also a toast)."""

    cards: tuple[Card, ...]


class FourLaid(NamedTuple):
    """The layout held four of a kind: the dealer took them (a toast; the log has the event)."""

    dealer: int


class DealEnds(NamedTuple):
    number: int
    outcome: DealOutcome


class Resumed(NamedTuple):
    names: tuple[str, ...]


class SeriesBegins(NamedTuple):
    pass


LogEntry = DealBegins | Happened | TripleLaid | FourLaid | DealEnds | Resumed | SeriesBegins


# ------------------------------------------------------------------ what screens show
@dataclass(frozen=True, slots=True)
class Handover:
    """ "Pass the keyboard to Ben": whose turn, and what happened since they last saw it."""

    seat: int
    since: tuple[Event, ...]
    """The public events since that person last played (or since the deal began)."""
    first: bool
    """The person has not played yet in this deal: ``since`` is the deal so far."""


@dataclass(frozen=True, slots=True)
class Cut:
    """The cut before a deal: who deals, who cuts and where a computer cuts."""

    number: int
    planned: int | None
    dealer: int
    cutter: int
    by_lot: bool
    """The first deal: the dealer was drawn by lot."""
    computer_cuts: bool
    rng: random.Random


@dataclass(frozen=True, slots=True)
class Request:
    """A player's choice to be worked out off the screen's thread (the computer, the hint).
    Deliver its answer with the same request: an answer for a position gone is dropped."""

    player: Player
    state: DealState | PlayerView
    """The position asked about: the deal itself, or the view of it a remote seat was sent
    (the seat to move's)."""
    kind: Literal["computer", "hint"]

    def view(self) -> PlayerView:
        """The position from the eyes of the seat to move."""
        state = self.state
        return state if isinstance(state, PlayerView) else PlayerView(state, state.to_move)

    def choose(self) -> Action:
        """The choice (slow for a strong player: run it in a worker thread)."""
        view = self.view()
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.player.choose(view, legal)


@dataclass(frozen=True, slots=True)
class Scene:
    """What the board shows at one moment: the deal from the viewer's seat (``view`` None
    between deals) and the state of the turn."""

    view: PlayerView | None
    series: SeriesScore
    names: tuple[str, ...]
    """Every seat's name as shown now."""
    levels: tuple[str | None, ...]
    """The computer's level in each seat (None for a person), for the computer's mark."""
    you: int | None
    """The seat of the one person against the computer, addressed as "you"."""
    stage: Stage = "idle"
    face_up: bool = False
    """The hand in ``view`` is shown face up (else as card backs)."""
    cursor: int = 0
    """The hand card chosen."""
    options: tuple[Action, ...] = ()
    """What the hand card chosen would do (its actions)."""
    choices: tuple[Action, ...] = ()
    """The targets to choose among (a played or turned card that may take several)."""
    choice: int = 0
    just_turned: Card | None = None
    """The stock card the mover just turned over (until the keyboard is passed)."""
    turned_apart: Card | None = None
    """That card when it took a card (else it lies on the table)."""
    next_person: int = 0
    """The seat the keyboard goes to next (named on the banner after a turn)."""
    hint: Action | None = None
    """The hard player's choice, pointed at on the board."""
    thinking: bool = False
    """A hint is being worked out."""
    hot_seat: bool = False
    open_scores: bool = False
    recent: tuple[Event, ...] = ()
    """The last turn: the public events since the viewer last played a card (their own
    turn-over included), marked on the board until they play again."""

    def takes(self, action: Action, card: Card) -> bool:
        """Whether ``action`` takes table card ``card`` in this deal."""
        return self.view is not None and takes(action, card, self.view.triple)

    def recent_on_table(self) -> frozenset[Card]:
        """The cards of the last turn that lie on the table (played or turned, taking none)."""
        if self.view is None:
            return frozenset()
        table = set(self.view.table)
        return frozenset(e.card for e in self.recent if e.card is not None and e.card in table)

    def recent_taken(self) -> tuple[Event, ...]:
        """The last turn's captures: each card that took, with what it took (now in a pile)."""
        return tuple(e for e in self.recent if e.captured)


BLANK = Scene(None, SeriesScore(None, 0), ("", ""), (None, None), None)
"""The scene of a board not drawn yet."""


def options_of_card(view: PlayerView, cursor: int) -> list[Action]:
    """The actions of the hand card at ``cursor`` (the last card past the end), none when it is
    not this seat's turn to play a card: the key rules of a turn here and over the network."""
    if not view.hand or not view.my_turn:
        return []
    card = view.hand[min(cursor, len(view.hand) - 1)]
    return [a for a in view.legal_actions() if action_card(a) == card and not is_flip(a)]


def choices_at(view: PlayerView, stage: Stage, cursor: int) -> list[Action]:
    """The targets to choose among at ``stage``, in the order the table shows them."""
    if stage == "target":
        return options_of_card(view, cursor)
    if stage == "flip-target":
        return view.legal_actions()
    return []


def best_choice(view: PlayerView, choices: list[Action]) -> int:
    """The index of the most valuable target among ``choices`` (ties: the first shown)."""
    table, seats = view.table, view.seats

    def value(action: Action) -> int:
        return sum(card_points(c, seats) for c in table if takes(action, c, view.triple))

    return max(range(len(choices)), key=lambda k: (value(choices[k]), -k), default=0)


@dataclass(kw_only=True)
class SeatTurn:
    """One seat's turn, key by key, the same for a seat played here and one played from
    another machine: the hand card chosen (the cursor), the target chosen, which key acts
    when (the key table), clicks, and the hint's answer.

    What differs is what a seat says through the methods it gives: the deal as it sees it
    (:meth:`seen`, :meth:`position`), whether a key counts yet (:meth:`_settled`), and what a
    play does (:meth:`apply`: a seat played here plays it; a remote seat sends it, and
    nothing changes until the server says so)."""

    stage: Stage = "idle"
    cursor: int = 0
    choice: int = 0
    hint: Action | None = None
    thinking: bool = False
    board_hidden: bool = False
    """The window is too small for the board: none of its keys acts."""

    # ------------------------------------------------------------ what each seat says
    def seen(self) -> PlayerView | None:
        """The deal as the person at the keys sees it (None: no deal to show)."""
        raise NotImplementedError

    def position(self) -> DealState | PlayerView | None:
        """The position a request is asked about (an answer for another is dropped)."""
        raise NotImplementedError

    def apply(self, action: Action) -> None:
        """Play ``action`` for the seat to move."""
        raise NotImplementedError

    def _settled(self) -> bool:
        """Whether a key on the board counts now."""
        return True

    def hints_allowed(self) -> bool:
        """Whether the table gives hints."""
        return False

    def think(self) -> float | None:
        """The hard player's time per decision for a hint (None: its own)."""
        return None

    def exportable(self) -> bool:
        """Whether there is a record to write to a file."""
        return False

    def hands_seats(self) -> bool:
        """Whether this seat hands the absent seats to the computer (a table's host)."""
        return False

    def owes_ready(self) -> bool:
        """Whether the ``ready`` key has someone to say it for now."""
        return self.stage == "handover"

    def ready(self) -> bool:
        """The ``ready`` key; True if it was taken."""
        return False

    def pass_keyboard(self) -> None:
        """Hot-seat: the mover has seen the turned card (no one to pass to here)."""

    def _just_turned(self) -> Card | None:
        """The stock card the mover just turned over, while it is shown apart."""
        return None

    # ------------------------------------------------------------ the key table
    def allows(self, action: KeyAction) -> bool:
        """Whether a key bound to ``action`` acts now."""
        if self.board_hidden and (action in BOARD_ACTIONS or action == "ready"):
            return False
        stage = self.stage
        if action in ("move", "confirm"):
            return stage in ("select", "target", "flip-target")
        if action == "pick":
            return stage in ("select", "target")
        if action == "hint":
            return self.hints_allowed() and stage in ("select", "target", "flip-target")
        if action == "export":
            return self.exportable()
        if action == "computer":
            return self.hands_seats()
        if action == "ready":
            return self.owes_ready()
        required: dict[str, Stage] = {
            "flip": "flip",
            "pass_keyboard": "turned",
            "results": "over",
            "back": "target",
        }
        return stage == required[action]

    # ------------------------------------------------------------ the keys
    def _enter(self, stage: Stage) -> None:
        self.stage = stage
        self.hint, self.thinking = None, False

    def _view(self) -> PlayerView:
        """The deal as seen, where a key acts (a key acts only when there is one)."""
        view = self.seen()
        assert view is not None
        return view

    def options_for_selected(self) -> list[Action]:
        """The actions of the hand card under the cursor."""
        view = self.seen()
        return [] if view is None else options_of_card(view, self.cursor)

    def choices(self) -> list[Action]:
        """The targets to choose among, in the order the table shows them."""
        view = self.seen()
        return [] if view is None else choices_at(view, self.stage, self.cursor)

    def move(self, delta: int) -> None:
        """The arrows: another hand card, or another target."""
        if not self.allows("move") or not self._settled():
            return
        self.hint = None
        if self.stage == "select":
            hand = self._view().hand
            if hand:
                self.cursor = (self.cursor + delta) % len(hand)
        elif choices := self.choices():
            self.choice = (self.choice + delta) % len(choices)

    def pick(self, index: int) -> None:
        """A digit: that hand card (back to choosing a card if a target was being chosen)."""
        if not self.allows("pick") or not self._settled():
            return
        if not 0 <= index < len(self._view().hand):
            return
        self.hint = None
        self.cursor = index
        self.stage = "select"

    def confirm(self) -> None:
        """Enter: play the card chosen (or choose what it takes), or take the target chosen."""
        if not self.allows("confirm") or not self._settled():
            return
        if self.stage == "select":
            options = self.options_for_selected()
            if len(options) == 1:
                self.apply(options[0])
            elif options:
                self._enter("target")
                self.choice = best_choice(self._view(), options)
        elif choices := self.choices():
            self.apply(choices[self.choice])

    def flip(self) -> None:
        """Space: turn over the stock card (then choose what it takes, if it may take several)."""
        if not self.allows("flip") or not self._settled():
            return
        options = self._view().legal_actions()
        if len(options) == 1:
            self.apply(options[0])
        elif options:
            self._enter("flip-target")
            self.choice = best_choice(self._view(), options)

    def back(self) -> None:
        """Esc: choose another card."""
        if self.allows("back") and self._settled():
            self._enter("select")

    def show_results(self) -> None:
        """The deal is over and its last turn seen: on to the results."""
        if self.allows("results"):
            self.stage = "results"

    def take(self, card: Card) -> None:
        """A click on table card ``card``: play or turn what takes it, if anything does."""
        if not self._settled():
            return
        if self.stage in ("select", "target"):
            pool = self.options_for_selected()
        elif self.stage == "flip-target":
            pool = self.choices()
        else:
            return
        view = self._view()
        for action in pool:
            if takes(action, card, view.triple):
                self.apply(action)
                return

    def click(self, zone: str, index: int) -> None:
        """A click on card ``index`` of a zone (``hand``, ``table``, ``stock``, ``turned``)."""
        stage = self.stage
        if self.board_hidden or not self._settled():
            return
        if stage == "over":
            self.show_results()  # the last turn seen: a click anywhere on the cards goes on
        elif zone == "hand" and stage in ("select", "target"):
            if stage == "select" and index == self.cursor:
                self.confirm()
            else:
                self.pick(index)
        elif zone == "stock":
            self.flip()
        elif zone in ("turned", "table") and (view := self.seen()) is not None:
            table = view.table
            card = table[index] if zone == "table" and index < len(table) else None
            if zone == "turned" or (card is not None and card == self._just_turned()):
                # the turned card ends the turn, as Enter does
                if stage == "turned":
                    self.pass_keyboard()
                elif stage == "flip-target":
                    self.confirm()
            elif card is not None:
                self.take(card)

    # ------------------------------------------------------------ the hint
    def hint_request(self, make: Callable[..., Player] = make_player) -> Request | None:
        """The hard player's choice for the person to move, to point at."""
        position, view = self.position(), self.seen()
        if position is None or view is None:
            return None
        if not self.allows("hint") or self.thinking or not self._settled():
            return None
        adviser = make("hard", random.Random(view.turn_number), think=self.think())
        self.hint, self.thinking = None, True
        return Request(adviser, position, "hint")

    def answer(self, request: Request, action: Action) -> None:
        """A worker's answer: the computer acts, or the hint is pointed at; dropped if the
        game has moved on meanwhile."""
        if request.state is not self.position():
            return
        if request.kind == "computer":
            if self.stage == "computer":
                self.apply(action)
            return
        if not self.thinking:
            return
        self.thinking, self.hint = False, action
        if is_flip(action):
            if self.stage == "flip-target":
                self.choice = self.choices().index(action)
            return
        self.cursor = self._view().hand.index(action_card(action))
        options = self.options_for_selected()
        if self.stage == "target" or len(options) > 1:
            self.stage = "target"
            self.choice = options.index(action)

    # ------------------------------------------------------------ drawing
    def scene(self) -> Scene:
        """What the board shows now."""
        raise NotImplementedError

    def keys_scene(self, scene: Scene, stage: Stage) -> Scene:
        """``scene`` at ``stage`` with what the keys have chosen: the card, its actions,
        the targets, the hint."""
        return replace(
            scene,
            stage=stage,
            cursor=self.cursor,
            options=tuple(self.options_for_selected()) if self.stage == "select" else (),
            choices=tuple(self.choices()),
            choice=self.choice,
            hint=self.hint,
            thinking=self.thinking,
        )


@dataclass
class Turn(SeatTurn):
    """One game's turns, played here and driven key by key: see the module's docstring."""

    flow: GameFlow
    confirmed: bool = False
    """The person at the keyboard has confirmed the hand-over (hot-seat)."""
    handover: Handover | None = None
    log: list[LogEntry] = field(default_factory=list)
    clock: Callable[[], float] = time.monotonic
    """When the key (or click) being handled was pressed: the guards compare it with when a
    screen was first drawn. A screen gives its input's time; a test gives its own clock."""
    guard: Guard = field(init=False)
    """The hand-over's: a key counts once it has been in sight a moment."""
    revealed: Guard = field(init=False)
    """The board's after a hand-over: no key acts on a hand its owner has not seen yet, nor
    until it has been in sight a moment (counted from :meth:`hand_drawn`)."""
    _notices: list[Notice] = field(default_factory=list)
    _next: Stage = "select"
    """The stage the hand-over leads to."""

    def __post_init__(self) -> None:
        self.guard = Guard(self.flow.asked.session.guard)
        self.revealed = Guard(self.flow.asked.session.guard)
        self.revealed.drawn(-math.inf)  # no hand-over yet: nothing to wait for

    # ------------------------------------------------------------ who and what
    @property
    def hot_seat(self) -> bool:
        return self.flow.table.hot_seat

    @property
    def you(self) -> int | None:
        """The seat of the one person against the computer, addressed as "you"."""
        return lone_person(self.flow.table.computer)

    def view(self) -> PlayerView:
        """The deal from the eyes of the person at the keyboard."""
        return self.flow.view()

    def take_notices(self) -> list[Notice]:
        """What to tell the person since the last call (toasts)."""
        notices, self._notices = self._notices, []
        return notices

    # ------------------------------------------------------------ what this seat says
    def seen(self) -> PlayerView | None:
        return None if self.flow.state is None else self.view()

    def position(self) -> DealState | None:
        return self.flow.state

    def hints_allowed(self) -> bool:
        return self.flow.table.hints

    def think(self) -> float | None:
        return self.flow.table.think

    def exportable(self) -> bool:
        return self.flow.state is not None

    # ------------------------------------------------------------ the series
    def begin(self) -> None:
        """Go on from wherever the flow stands: a new series, or a game taken up again (the
        log rebuilt from its deals, and a deal that ended unseen shown again)."""
        flow = self.flow
        self.log = self._past_log()
        if self.log:
            self.log.append(Resumed(flow.names))
        if flow.deal_in_play:
            self._begin_turn()
        elif flow.finished:
            self.stage = "results"
        else:
            self._to_cut()

    def _past_log(self) -> list[LogEntry]:
        """The log of the deals the flow holds, as it was written live (the cut unknown)."""
        entries: list[LogEntry] = []
        for number, state in enumerate(self.flow.deals(), start=1):
            dealer = state.setup.dealer
            entries.append(DealBegins(number, dealer, cutter_of(dealer, state.setup.seats), None))
            entries += [Happened(e) for e in PlayerView(state, self.flow.viewer()).events()]
            result = PlayerView(state, 0).outcome()
            if result is not None:
                entries.append(DealEnds(number, result))
        return entries

    def _to_cut(self) -> None:
        self.stage = "cut"
        self.confirmed = False
        self.hint, self.thinking = None, False

    def cut(self) -> Cut:
        """Who deals and cuts the next deal (the stage is ``cut``)."""
        flow = self.flow
        dealer = flow.series.next_dealer
        cutter = cutter_of(dealer, flow.seats)
        number = flow.deal_number
        return Cut(
            number,
            flow.series.deals_planned,
            dealer,
            cutter,
            number == 1,
            flow.computers[cutter] is not None,
            flow.deal_rng(number),
        )

    def deal(self, position: int) -> None:
        """The pack is cut at ``position``: deal and begin the first turn."""
        if self.stage != "cut":
            return
        cut = self.cut()
        self._notices += self.flow.deal(position)
        view = self.view()
        self.log.append(DealBegins(cut.number, cut.dealer, cut.cutter, position))
        if view.triple >= 0:
            self.log.append(TripleLaid(tuple(c for c in view.table if rank(c) == view.triple)))
        events = view.events()
        if any(e.kind == "four" for e in events):
            self.log.append(FourLaid(view.dealer))
        self.log += [Happened(e) for e in events]
        self._begin_turn()

    def after_results(self, choice: Literal["next", "new"]) -> None:
        """The results are seen: the next deal, or a new series between the same players."""
        if self.stage != "results":
            return
        if choice == "new":
            self._notices += self.flow.new_series()
            self.log.append(SeriesBegins())
        self._to_cut()

    def results_deal(self) -> DealState:
        """The deal whose results are shown (the stage is ``results``)."""
        assert self.flow.state is not None
        return self.flow.state

    # ------------------------------------------------------------ turns
    def _begin_turn(self) -> None:
        state = self.flow.state
        assert state is not None
        self.cursor = self.choice = 0
        self.hint, self.thinking = None, False
        if self.hot_seat:
            self.confirmed = False  # no hand shows until the next person confirms
        if self.flow.computer_to_move() is not None:
            self.stage = "computer"
            return
        next_stage: Stage = "flip" if state.phase == FLIP_PHASE else "select"
        if self.hot_seat:
            self.handover = self._handover_for(state.to_move)
            self.flow.pass_keyboard()
            self.guard.reset()
            self._next = next_stage
            self.stage = "handover"
        else:
            self.confirmed = True
            self._enter(next_stage)

    def _handover_for(self, seat: int) -> Handover:
        """The public events since ``seat`` last played, or since the deal began."""
        moves = [e for e in PlayerView(self._state(), seat).events() if e.kind != "four"]
        since: list[Event] = []
        for event in reversed(moves):
            if event.seat == seat:
                break
            since.append(event)
        first = len(since) == len(moves)
        return Handover(seat, tuple(reversed(since)), first)

    def handover_drawn(self, at: float | None = None) -> None:
        """The hand-over screen was first on the terminal at ``at`` (None: now, by the
        clock)."""
        if self.stage == "handover":
            self.guard.drawn(self.clock() if at is None else at)

    def ready(self) -> bool:
        """The next person says they hold the keyboard; a key too soon after the hand-over
        was drawn (or before) is no decision and is ignored. True if it was taken: the hand
        shows, and the board takes no key until it has been drawn (:meth:`hand_drawn`) and
        in sight the same moment, so a double tap plays nothing however slow the drawing."""
        if not self.allows("ready") or not self.guard.ready(self.clock()):
            return False
        self.confirmed = True
        self._enter(self._next)
        self.revealed.reset()
        return True

    @property
    def awaits_sight(self) -> bool:
        """A hand-over was confirmed and the hand it shows is not yet known to be drawn: the
        screen says when it is (:meth:`hand_drawn`)."""
        return self.revealed.drawn_at is None and self.stage != "handover"

    def hand_drawn(self, at: float | None = None) -> None:
        """The board showing the hand to its person was first on the terminal at ``at``
        (None: now, by the clock); its keys count from a moment later."""
        if self.awaits_sight:
            self.revealed.drawn(self.clock() if at is None else at)

    def _settled(self) -> bool:
        """Whether a key on the board counts: not before its hand was drawn after a
        hand-over, nor within the guard after."""
        return self.revealed.ready(self.clock())

    def _state(self) -> DealState:
        assert self.flow.state is not None
        return self.flow.state

    def apply(self, action: Action) -> None:
        """Play one action through the flow (which saves) and move the game on."""
        flow = self.flow
        if not flow.deal_in_play or action not in legal_actions(self._state()):
            return
        by_person = flow.computer_to_move() is None
        applied = flow.apply(action)
        self._notices += applied.notices
        self.log += [Happened(e) for e in self.view().events()[self._logged_events() :]]
        if applied.result is not None:
            self.log.append(DealEnds(len(flow.series.outcomes), applied.result))
            self._enter("over")  # the last turn stays in sight until Enter
        elif applied.turn_over and self.hot_seat and by_person:
            self._enter("turned")  # the person who moved sees what the turned card took
        elif applied.turn_over:
            self._begin_turn()
        elif flow.computer_to_move() is not None:
            self.stage = "computer"
        else:
            self._enter("flip")

    def _logged_events(self) -> int:
        """How many of the deal's events the log holds already."""
        count = 0
        for entry in reversed(self.log):
            if isinstance(entry, DealBegins):
                break
            count += isinstance(entry, Happened)
        return count

    def pass_keyboard(self) -> None:
        """Hot-seat: the mover has seen the turned card; hand over to the next person."""
        if self.allows("pass_keyboard"):
            self._begin_turn()

    # ------------------------------------------------------------ the computer, the hint
    def computer_request(self) -> Request | None:
        """The computer's choice to work out now, if it is the computer's turn."""
        player = self.flow.computer_to_move()
        if player is None or self.stage != "computer":
            return None
        return Request(player, self._state(), "computer")

    # ------------------------------------------------------------ drawing
    def scene(self) -> Scene:
        """What the board shows now."""
        flow = self.flow
        between_deals = Scene(
            None,
            flow.series,
            flow.names,
            flow.table.computer,
            self.you,
            hot_seat=self.hot_seat,
            open_scores=flow.table.open_scores,
        )
        if flow.state is None:
            return between_deals
        view = self.view()
        just_turned = self._just_turned()
        scene = replace(
            between_deals,
            view=view,
            face_up=self.face_up(),
            just_turned=just_turned,
            turned_apart=None if just_turned in view.table else just_turned,
            next_person=flow.next_person(view.to_move),
            recent=self.recent(view.seat),
        )
        return self.keys_scene(scene, self.stage)

    def recent(self, seat: int) -> tuple[Event, ...]:
        """The public events since ``seat`` last played a card, or since the deal began: what
        the others did since (and the card ``seat`` turned over after its play). Empty from
        the moment ``seat`` plays until the next turn-over."""
        if self.flow.state is None:
            return ()
        moves = [e for e in PlayerView(self._state(), seat).events() if e.kind != "four"]
        for k in range(len(moves) - 1, -1, -1):
            if moves[k].seat == seat and moves[k].kind == "play":
                return tuple(moves[k + 1 :])
        return tuple(moves)

    def _just_turned(self) -> Card | None:
        """The stock card the mover just turned over, shown until the keyboard is passed."""
        if self.stage != "turned":
            return None
        flips = [e.card for e in self.view().events() if e.kind == "flip"]
        return flips[-1] if flips else None

    def face_up(self) -> bool:
        """Whether the viewer's hand may show: the one person against the computer always
        (between deals too); in a hot-seat game only once the hand-over was confirmed, and
        never while a computer plays or the cut, results or a hand-over cover the board."""
        if not self.hot_seat:
            return self.stage != "idle"
        return self.confirmed and self.stage in (
            "select",
            "target",
            "flip",
            "flip-target",
            "turned",
            "over",
        )
