"""Worlds: complete positions that one player cannot tell from the one they are in.

The unseen cards (every other hand and the order of the stock) are dealt again, consistently
with that player's :class:`~chinese_ten.engine.view.PlayerView`: their own hand, what lies face up,
the cards every seat holds and the card just turned over stay as they are. In the spirit of
OpenSpiel's ``resample_from_infostate``, with the randomness injected (a
:class:`random.Random`), so that a seeded search repeats exactly.

The one place that does it, for the ``hard`` player's search and for the review's worlds.
How the other hands are drawn is the caller's (``hard``'s models of the other players, or
blindly: :func:`uniform_hands`); here is how a world is dealt around them. A batch of worlds
draws all its hands first, then shuffles each world's stock as it is dealt (a fixed order of
draws: the same seed gives the same worlds).
"""

import random
from collections.abc import Callable, Iterator
from typing import TypeAlias

from chinese_ten.engine.cards import Card
from chinese_ten.engine.deal import FLIP_PHASE, DealSetup, DealState, Hands
from chinese_ten.engine.view import PlayerView

HandsDrawer: TypeAlias = Callable[[random.Random, int], list[Hands]]
"""Draws ``count`` sets of hands, one for every seat (the viewer's own among them)."""
HandDrawer: TypeAlias = Callable[[random.Random, int], list[tuple[Card, ...]]]
"""Draws ``count`` hands for the other player of a table of two."""
Worlds: TypeAlias = Callable[[random.Random, int], Iterator[DealState]]
"""Deals ``count`` complete positions the viewer cannot tell from the one it is in."""


class WorldDealer:
    """Deals complete positions consistent with ``view``: what is public is worked out once
    per decision, the hidden cards once per world."""

    def __init__(self, view: PlayerView) -> None:
        self._unseen = view.unseen()
        self._flip = view.flip_card if view.phase == FLIP_PHASE else None
        self._seat = view.seat
        self._hand = view.hand
        self._dealer, self._layout = view.dealer, view.layout
        self._to_move, self._phase = view.to_move, view.phase
        self._table = sum(1 << c for c in view.table)
        self._piles, self._triple = view.piles, view.triple
        self._setup = DealSetup(self._dealer, ((),) * view.seats, self._layout, ())

    def deal(self, rng: random.Random, other_hand: tuple[Card, ...]) -> DealState:
        """Two seats: the position with the other player holding ``other_hand`` and the rest
        of the unseen cards in the stock in random order."""
        return self.deal_hands(rng, self.with_mine(other_hand))

    def with_mine(self, other_hand: tuple[Card, ...]) -> Hands:
        """Two seats: both hands, the viewer's own and ``other_hand``, in seat order."""
        mine = self._hand
        return (mine, other_hand) if self._seat == 0 else (other_hand, mine)

    def deal_hands(self, rng: random.Random, hands: Hands) -> DealState:
        """The position with every seat holding its hand in ``hands`` (this seat's own among
        them) and the rest of the unseen cards in the stock in random order."""
        held = 0
        for seat, hand in enumerate(hands):
            if seat != self._seat:
                for c in hand:
                    held |= 1 << c
        stock = [c for c in self._unseen if not held >> c & 1]
        rng.shuffle(stock)
        if self._flip is not None:
            stock.insert(0, self._flip)
        setup = self._setup
        return DealState(
            DealSetup(setup.dealer, setup.hands, setup.layout, tuple(stock)),
            self._to_move,
            self._phase,
            hands,
            self._table,
            0,
            self._piles,
            self._triple,
            None,
        )


def uniform_hands(view: PlayerView) -> HandsDrawer:
    """Draws every other seat's hand blindly: the unseen cards in random order, dealt to the
    other seats in seat order, as many as each holds."""
    unseen, counts, me, mine = list(view.unseen()), view.hand_counts, view.seat, view.hand

    def draw(rng: random.Random, count: int) -> list[Hands]:
        dealt: list[Hands] = []
        for _world in range(count):
            cards = rng.sample(unseen, len(unseen))
            drawn, at = [], 0
            for seat, size in enumerate(counts):
                if seat == me:
                    drawn.append(mine)
                else:
                    drawn.append(tuple(sorted(cards[at : at + size])))
                    at += size
            dealt.append(tuple(drawn))
        return dealt

    return draw


def worlds(
    view: PlayerView,
    draw_hands: HandsDrawer | None = None,
    *,
    draw_other: HandDrawer | None = None,
) -> Worlds:
    """Deals worlds consistent with ``view``: each batch's hidden hands drawn first, by
    ``draw_hands`` (every seat's hands) or, at a table of two, ``draw_other`` (the other
    player's hand), blindly when neither is given (:func:`uniform_hands`); then each world's
    stock shuffled from the cards left as it is dealt."""
    dealer = WorldDealer(view)
    if draw_other is not None:
        hand_of = draw_other

        def two(rng: random.Random, count: int) -> Iterator[DealState]:
            for hand in hand_of(rng, count):
                yield dealer.deal(rng, hand)

        return two
    draw = uniform_hands(view) if draw_hands is None else draw_hands

    def deal(rng: random.Random, count: int) -> Iterator[DealState]:
        for hands in draw(rng, count):
            yield dealer.deal_hands(rng, hands)

    return deal


def resample(view: PlayerView, rng: random.Random) -> DealState:
    """One world consistent with ``view``, the unseen cards dealt blindly: OpenSpiel's
    ``resample_from_infostate``."""
    return next(worlds(view)(rng, 1))
