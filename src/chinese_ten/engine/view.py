"""What one player may know: the per-player view the TUI and the bots read.

A view exposes the owner's hand and everything public (table, stock size, every seat's
captures and cards left, the log), never another seat's hand or the order of the stock, so a
bot or a widget handed a view cannot leak hidden cards by accident.
"""

from typing import NamedTuple

from chinese_ten.engine.actions import FLIP, TRIPLE, Action
from chinese_ten.engine.cards import DECK, Card
from chinese_ten.engine.deal import (
    FLIP_PHASE,
    OVER,
    DealOutcome,
    DealState,
    four_of_a_kind_rank,
    legal_actions,
    outcome,
)


class Event(NamedTuple):
    """One public happening of the deal, for the log."""

    seat: int
    kind: str
    """``"four"`` (dealer takes a layout four of a kind), ``"play"`` or ``"flip"``."""
    card: Card | None
    captured: tuple[Card, ...]


def public_events(state: DealState) -> list[Event]:
    """The public log, rebuilt from the set-up and the actions."""
    setup = state.setup
    events: list[Event] = []
    if four_of_a_kind_rank(setup.layout) >= 0:
        events.append(Event(setup.dealer, "four", None, setup.layout))
    seats = len(setup.hands)
    seat = (setup.dealer + 1) % seats
    for action in state.actions:
        card, code = action & 63, action >> 6 & 63
        if code == TRIPLE:
            captured = tuple(c for c in setup.layout if c >> 2 == card >> 2)
        else:
            captured = (code - 1,) if code else ()
        flipping = bool(action & FLIP)
        events.append(Event(seat, "flip" if flipping else "play", card, captured))
        if flipping:
            seat = (seat + 1) % seats
    return events


class PlayerView:
    """The deal as seen from ``seat``."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: DealState, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def hand(self) -> tuple[Card, ...]:
        return self._state.hands[self.seat]

    @property
    def seats(self) -> int:
        """How many play: 2, 3 or 4."""
        return len(self._state.hands)

    @property
    def hand_counts(self) -> tuple[int, ...]:
        """Cards left in every seat's hand (the count is public, the cards are not)."""
        return tuple(len(hand) for hand in self._state.hands)

    @property
    def opponent_hand_count(self) -> int:
        """Cards left in the next seat's hand: with two players, the opponent's."""
        return len(self._state.hands[(self.seat + 1) % len(self._state.hands)])

    @property
    def table(self) -> tuple[Card, ...]:
        return self._state.table

    @property
    def layout(self) -> tuple[Card, ...]:
        """The four cards first laid face up."""
        return self._state.setup.layout

    @property
    def dealer(self) -> int:
        return self._state.setup.dealer

    @property
    def to_move(self) -> int:
        return self._state.to_move

    @property
    def phase(self) -> int:
        return self._state.phase

    @property
    def my_turn(self) -> bool:
        return self._state.to_move == self.seat and self._state.phase != OVER

    @property
    def triple(self) -> int:
        """Rank of the layout triple still waiting on the table, or -1."""
        return self._state.triple

    @property
    def flip_card(self) -> Card | None:
        """The stock card being turned face up (public once the second action begins)."""
        return self._state.flip_card

    @property
    def stock_count(self) -> int:
        return self._state.stock_count

    @property
    def piles(self) -> tuple[int, ...]:
        """Every capture pile as a card set: every capture happened in plain sight."""
        return self._state.piles

    @property
    def pile_counts(self) -> tuple[int, ...]:
        return tuple(pile.bit_count() for pile in self._state.piles)

    @property
    def turn_number(self) -> int:
        """Turns completed so far (each has two actions)."""
        return self._state.stock_pos

    def legal_actions(self) -> list[Action]:
        """The owner's legal actions; empty when it is not the owner's turn."""
        return legal_actions(self._state) if self.my_turn else []

    def events(self) -> list[Event]:
        return public_events(self._state)

    def outcome(self) -> DealOutcome | None:
        return outcome(self._state)

    def unseen(self) -> tuple[Card, ...]:
        """Cards this player has not seen: the other hands and the rest of the stock."""
        state = self._state
        seen = 0
        for pile in state.piles:
            seen |= pile
        for c in (*state.hands[self.seat], *state.table):
            seen |= 1 << c
        if state.phase == FLIP_PHASE:
            seen |= 1 << state.setup.stock[state.stock_pos]
        return tuple(c for c in DECK if not seen >> c & 1)
