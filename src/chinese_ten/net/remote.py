"""A seat played from another machine: its view rebuilt from the server's messages, and the
turn driven key by key as :class:`~chinese_ten.game.turn.Turn` drives a local one.

:class:`RemoteView` answers what a :class:`~chinese_ten.engine.view.PlayerView` answers, from a
:class:`~chinese_ten.net.protocol.SeatView`, so the board draws a remote seat as it draws a
local one. :class:`RemoteTurn` is :class:`~chinese_ten.game.turn.SeatTurn`'s keys for that seat:
a key that plays puts the action to send in its outbox, and nothing changes here until the
server's next update says so.
"""

from dataclasses import dataclass, field

from chinese_ten.engine.actions import Action, format_action, parse_action
from chinese_ten.engine.cards import DECK, Card, parse_card
from chinese_ten.engine.deal import FLIP_PHASE, OVER, DealOutcome
from chinese_ten.engine.series import SeriesScore
from chinese_ten.engine.variant import seat_points
from chinese_ten.engine.view import Event, PlayerView
from chinese_ten.game.turn import BLANK, Scene, SeatTurn, Stage
from chinese_ten.net.protocol import SeatView, TableState, Update
from chinese_ten.text.names import visible


def _cards(texts: tuple[str, ...]) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in texts)


def _mask(cards: tuple[Card, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


class RemoteView(PlayerView):
    """One seat's knowledge as the server sent it (no deal state behind it)."""

    __slots__ = ("_events", "_hand", "_legal", "_piles", "_table", "_v")

    def __init__(self, seen: SeatView) -> None:  # no super(): there is no state to hold
        self._v = seen
        self.seat = seen.seat
        self._hand = _cards(seen.hand)
        self._table = _cards(seen.table)
        self._piles = tuple(_mask(_cards(pile)) for pile in seen.piles)
        self._legal = [parse_action(a) for a in seen.legal]
        self._events = [
            Event(
                e.seat,
                e.kind,
                None if e.card is None else parse_card(e.card),
                _cards(e.captured),
            )
            for e in seen.events
        ]

    @property
    def message(self) -> SeatView:
        """The server's words this view was built from."""
        return self._v

    @property
    def hand(self) -> tuple[Card, ...]:
        return self._hand

    @property
    def seats(self) -> int:
        return len(self._v.hand_counts)

    @property
    def hand_counts(self) -> tuple[int, ...]:
        return self._v.hand_counts

    @property
    def opponent_hand_count(self) -> int:
        return self._v.hand_counts[(self.seat + 1) % self.seats]

    @property
    def table(self) -> tuple[Card, ...]:
        return self._table

    @property
    def layout(self) -> tuple[Card, ...]:
        return _cards(self._v.layout)

    @property
    def dealer(self) -> int:
        return self._v.dealer

    @property
    def to_move(self) -> int:
        return self._v.to_move

    @property
    def phase(self) -> int:
        return self._v.phase

    @property
    def my_turn(self) -> bool:
        return self._v.to_move == self.seat and self._v.phase != OVER

    @property
    def triple(self) -> int:
        return self._v.triple

    @property
    def flip_card(self) -> Card | None:
        return None if self._v.flip_card is None else parse_card(self._v.flip_card)

    @property
    def stock_count(self) -> int:
        return self._v.stock_count

    @property
    def piles(self) -> tuple[int, ...]:
        return self._piles

    @property
    def pile_counts(self) -> tuple[int, ...]:
        return tuple(pile.bit_count() for pile in self._piles)

    @property
    def turn_number(self) -> int:
        return self._v.turn_number

    def legal_actions(self) -> list[Action]:
        return list(self._legal) if self.my_turn else []

    def events(self) -> list[Event]:
        return list(self._events)

    def outcome(self) -> DealOutcome | None:
        if self._v.phase != OVER:
            return None
        return DealOutcome.of_points(tuple(seat_points(p, self.seats) for p in self._piles))

    def unseen(self) -> tuple[Card, ...]:
        seen = _mask((*self._hand, *self._table))
        for pile in self._piles:
            seen |= pile
        if self.flip_card is not None:
            seen |= 1 << self.flip_card
        return tuple(c for c in DECK if not seen >> c & 1)


def series_of(table: TableState) -> SeriesScore:
    """The series score the server's table state describes."""
    score = SeriesScore(table.deals_planned, table.first_dealer, seats=len(table.names))
    for points in table.points:
        score = score.add(DealOutcome.of_points(points))
    return score


@dataclass(kw_only=True)
class RemoteTurn(SeatTurn):
    """The turn of a seat played over the network: the keys of
    :class:`~chinese_ten.game.turn.SeatTurn`, whose plays are sent to the server. What this
    class adds is the server's: the stage each update sets, and the plays (and the word
    that this seat is ready) waiting to be sent."""

    seat: int = 0
    update: Update | None = None
    view: RemoteView | None = None
    lost: bool = False
    """The connection to the host is lost and being tried again."""
    sent: bool = False
    """A message is on its way: the keys wait for the server's answer."""
    outbox: list[Action] = field(default_factory=list)
    said_ready: bool = False
    """This seat is ready for the next deal: to be sent."""

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names as the host sent them, their control characters made visible
        (a name from the network never reaches the terminal as it came)."""
        return () if self.update is None else tuple(visible(n) for n in self.update.table.names)

    @property
    def is_host(self) -> bool:
        """Whether this seat is the host's: the first person's seat (the host's own seat is
        never handed to the computer, since only it can hand seats over, while present)."""
        if self.update is None:
            return False
        levels = self.update.table.levels
        return next((s for s, level in enumerate(levels) if level is None), -1) == self.seat

    def receive(self, update: Update) -> None:
        """The server's update: the view, and the stage the keys follow."""
        before = self.view
        self.update = update
        if update.view is None:
            self.view = None
        elif before is None or before.message != update.view:
            self.view = RemoteView(update.view)
        # else the same position (another seat came or went): the same view, so a hint
        # being worked out for it still counts
        self.sent = False
        if self.view is not before:
            self.hint, self.thinking = None, False  # the position moved on: the hint is gone
        view = self.view
        table = update.table
        if view is None or table.stage == "cut":
            self.stage = "idle"
        elif table.stage in ("results", "finished") or view.phase == OVER:
            self.stage = "results"
        elif not view.my_turn:
            self.stage = "computer"  # someone else is to move (the banner names them)
        elif view.phase == FLIP_PHASE:
            self.stage = "flip"
        elif before is None or not before.my_turn or self.stage not in ("select", "target"):
            self.stage = "select"
        if view is not None and view.hand:
            self.cursor = min(self.cursor, len(view.hand) - 1)
        elif view is not None:
            self.cursor = 0

    @property
    def seq(self) -> int:
        return 0 if self.update is None else self.update.seq

    # ------------------------------------------------------------ who and what
    def waiting_for(self) -> tuple[int, ...]:
        return () if self.update is None else self.update.table.waiting_for

    def away(self) -> tuple[int, ...]:
        """The seats whose person is not connected."""
        if self.update is None:
            return ()
        return tuple(s for s, here in enumerate(self.update.table.present) if not here)

    # ------------------------------------------------------------ what this seat says
    def seen(self) -> RemoteView | None:
        return self.view

    def position(self) -> RemoteView | None:
        return self.view

    def _settled(self) -> bool:
        return not self.sent

    def hints_allowed(self) -> bool:
        return self.update is not None and self.update.table.hints

    def hands_seats(self) -> bool:
        return self.is_host

    def owes_ready(self) -> bool:
        """After a deal, until this seat has said it is ready for the next."""
        update = self.update
        return (
            self.stage == "results"
            and update is not None
            and update.table.stage == "results"
            and self.seat in update.table.waiting_for
        )

    def apply(self, action: Action) -> None:
        """Send ``action``; the keys wait until the server's next update."""
        if self.view is None or action not in self.view.legal_actions():
            return
        self.hint = None
        self.outbox.append(action)
        self.sent = True

    def ready(self) -> bool:
        """Say this seat is ready for the next deal (once: the keys wait for the server)."""
        if not self.allows("ready") or not self._settled():
            return False
        self.said_ready = self.sent = True
        return True

    def take_outbox(self) -> list[str]:
        """The actions to send, in the protocol's words."""
        out, self.outbox = self.outbox, []
        return [format_action(a) for a in out]

    def take_ready(self) -> bool:
        """Whether to tell the server this seat is ready (once)."""
        said, self.said_ready = self.said_ready, False
        return said

    # ------------------------------------------------------------ drawing
    def scene(self) -> Scene:
        update = self.update
        if update is None:
            return BLANK
        table = update.table
        view = self.view
        # After a deal the board shows the last position with no question under it: the
        # results screen comes by itself with the host's record, and the line above the
        # board says what Enter does (the local "over" banner asks for Enter to show them).
        board_stage: Stage = "idle" if self.stage == "results" else self.stage
        scene = Scene(
            view,
            series_of(table),
            self.names,
            table.levels,
            self.seat,
            face_up=view is not None,
            next_person=self.seat,
            open_scores=table.open_scores,
        )
        return self.keys_scene(scene, board_stage)
