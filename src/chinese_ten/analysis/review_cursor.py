"""Stepping through a reviewed game, position by position, without a screen.

The review screen draws the position this cursor stands on and moves it with the keys;
tests drive it directly. A position is the moment before one action of a finished deal
(every card where it lay), or the end of a deal.
"""

from dataclasses import dataclass

from chinese_ten.analysis.review_search import finished_deals
from chinese_ten.analysis.review_types import GameReview, Judgement
from chinese_ten.engine.actions import Action, is_flip
from chinese_ten.engine.deal import DealState, advance, start
from chinese_ten.engine.view import Event, public_events
from chinese_ten.store.records import GameRecord


@dataclass(frozen=True, slots=True)
class Position:
    deal: int
    """1 for the first deal."""
    index: int
    """Actions of the deal already made."""
    state: DealState
    action: Action | None
    """The action made from here; None at the end of the deal."""

    @property
    def turn(self) -> int:
        """The turn of the deal this position is in (1 for the first)."""
        return self.index // 2 + 1

    def events(self) -> list[Event]:
        """The deal's public log up to this moment."""
        return public_events(self.state)

    def judgement(self, review: GameReview | None) -> Judgement | None:
        """The judgement of the action made from here, once the analysis has it."""
        if review is None or self.action is None:
            return None
        return review.judgement(self.deal, self.turn, is_flip(self.action))


class ReviewCursor:
    """Every position of the record's finished deals; RecordError if the record does not
    replay, or has no finished deal."""

    def __init__(self, record: GameRecord) -> None:
        self.positions: list[Position] = []
        self.deal_starts: list[int] = []
        for number, final in enumerate(finished_deals(record), start=1):
            self.deal_starts.append(len(self.positions))
            state = start(final.setup, check=False)
            for index, action in enumerate(final.actions):
                self.positions.append(Position(number, index, state, action))
                state = advance(state, action)
            self.positions.append(Position(number, len(final.actions), state, None))
        self.at = 0

    @property
    def deals(self) -> int:
        return len(self.deal_starts)

    @property
    def position(self) -> Position:
        return self.positions[self.at]

    def move(self, step: int) -> None:
        """``step`` positions on (back when negative), stopping at either end."""
        self.at = max(0, min(len(self.positions) - 1, self.at + step))

    def home(self) -> None:
        self.at = 0

    def end(self) -> None:
        self.at = len(self.positions) - 1

    def next_deal(self) -> None:
        """The start of the next deal; on the last deal, its end."""
        later = [s for s in self.deal_starts if s > self.at]
        self.at = later[0] if later else len(self.positions) - 1

    def previous_deal(self) -> None:
        """The start of this deal, or of the one before when already at its start."""
        earlier = [s for s in self.deal_starts if s < self.at]
        self.at = earlier[-1] if earlier else 0

    def to_labelled(self, review: GameReview | None, step: int = 1) -> bool:
        """To the next position whose decision has a label (an inaccuracy, a mistake or a
        blunder), or the one before with ``step`` -1, round past either end; whether there
        is one."""
        marked = [
            k
            for k, position in enumerate(self.positions)
            if (judged := position.judgement(review)) is not None and judged.label is not None
        ]
        if not marked:
            return False
        if step > 0:
            self.at = next((k for k in marked if k > self.at), marked[0])
        else:
            self.at = next((k for k in reversed(marked) if k < self.at), marked[-1])
        return True

    def to_judgement(self, judgement: Judgement) -> bool:
        """Stand on the position of ``judgement``'s decision; False when no position is it."""
        for at, position in enumerate(self.positions):
            action = position.action
            if (
                action is not None
                and position.deal == judgement.deal
                and position.turn == judgement.turn
                and is_flip(action) == is_flip(judgement.chosen)
            ):
                self.at = at
                return True
        return False
