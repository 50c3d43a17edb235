"""The ``hard`` player: determinized Monte Carlo search with inference about the other hand.

For each decision it deals the cards it has not seen (the other hand and the stock order) at
random many times, consistent with everything public, and plays every legal option out to the
end of the deal in each of those worlds, greedy on both sides. The option with the most red
points on average wins.

Two refinements over plain determinization:

- Common random numbers: the same sampled worlds serve every option, so options are compared
  on equal luck (less noise for the same work).
- Inference: the other hand is not drawn uniformly. A larger pool of candidate hands is
  weighted by how well each explains the cards the other player chose to play, under a soft
  greedy model of that player (a passed-up rich capture makes a hand unlikely, never
  impossible), then resampled.

It reads only its :class:`~chinese_ten.view.PlayerView`: the public log, its own hand and
what lies face up.
"""

import math
import random
import time
from collections.abc import Sequence

from chinese_ten.actions import TRIPLE, Action
from chinese_ten.cards import Card, mask_points
from chinese_ten.deal import (
    FLIP_PHASE,
    OVER,
    DealSetup,
    DealState,
    advance,
    card_options,
    legal_actions,
    opening_table,
)
from chinese_ten.players.greedy import greedy_choice, greedy_score
from chinese_ten.view import PlayerView

DEFAULT_SAMPLES = 120
"""Worlds sampled per decision: about 50 ms a move on this machine (see benchmarks/)."""
BETA = 0.5
"""How sharply the model of the other player prefers its greedy choice (per red point)."""
POOL = 20
"""Candidate hands drawn per world kept, before weighting and resampling."""


def greedy_playout(state: DealState) -> DealState:
    """Both players greedy to the end of the deal (the search's model of play)."""
    layout = state.setup.layout
    while state.phase != OVER:
        legal = legal_actions(state)
        state = advance(state, legal[0] if len(legal) == 1 else greedy_choice(legal, layout))
    return state


def sample_world(
    view: PlayerView, rng: random.Random, other_hand: tuple[Card, ...] | None = None
) -> DealState:
    """One complete position consistent with ``view``: hidden cards dealt at random.

    ``other_hand`` fixes the other player's hand (then only the stock order is random).
    """
    unseen: list[Card] = list(view.unseen())
    if other_hand is None:
        rng.shuffle(unseen)
        other_hand = tuple(sorted(unseen[: view.opponent_hand_count]))
        stock = tuple(unseen[view.opponent_hand_count :])
    else:
        rest = [c for c in unseen if c not in other_hand]
        rng.shuffle(rest)
        stock = tuple(rest)
    if view.phase == FLIP_PHASE and view.flip_card is not None:
        stock = (view.flip_card, *stock)
    seat = view.seat
    hands = (view.hand, other_hand) if seat == 0 else (other_hand, view.hand)
    setup = DealSetup(view.dealer, ((), ()), view.layout, stock)
    table_mask = sum(1 << c for c in view.table)
    return DealState(
        setup, view.to_move, view.phase, hands, table_mask, 0, view.piles, view.triple, None
    )


def other_player_plays(view: PlayerView) -> list[tuple[int, int, Action]]:
    """Each card the other player chose to play: (table before it, layout triple, action).

    Rebuilt from the public log alone.
    """
    table, triple = opening_table(view.layout)
    plays: list[tuple[int, int, Action]] = []
    for event in view.events():
        if event.card is None:
            continue
        if event.kind == "play" and event.seat != view.seat:
            if len(event.captured) == 3:
                code = TRIPLE
            else:
                code = event.captured[0] + 1 if event.captured else 0
            plays.append((table, triple, event.card | code << 6))
        if event.captured:
            for c in event.captured:
                table &= ~(1 << c)
            if len(event.captured) == 3:
                triple = -1
        else:
            table |= 1 << event.card
    return plays


class PlayModel:
    """The soft greedy model of the other player, prepared once per decision.

    At each of their past plays, their hand was the hand they hold now plus the cards they
    have played since; each option is chosen with probability proportional to
    ``exp(BETA * greedy score)``. The sums over the cards played since and over each
    candidate card are worked out once, so weighing a candidate hand is a few additions.
    """

    def __init__(
        self,
        plays: list[tuple[int, int, Action]],
        layout: Sequence[Card],
        candidates: Sequence[Card],
    ) -> None:
        played = [a & 63 for _, _, a in plays]

        def weight(card: Card, table: int, triple: int) -> float:
            return sum(
                math.exp(BETA * greedy_score(option, layout))
                for option in card_options(card, table, triple, False)
            )

        self.chosen = sum(BETA * greedy_score(a, layout) for _, _, a in plays)
        self.base = [
            sum(weight(card, table, triple) for card in played[k:])
            for k, (table, triple, _) in enumerate(plays)
        ]
        self.card_weight = {
            card: [weight(card, table, triple) for table, triple, _ in plays] for card in candidates
        }

    def log_likelihood(self, hand: Sequence[Card]) -> float:
        """Log-probability of the observed plays, had the other player held ``hand`` now."""
        totals = list(self.base)
        for card in hand:
            for k, w in enumerate(self.card_weight[card]):
                totals[k] += w
        return self.chosen - sum(math.log(t) for t in totals)


def log_likelihood(
    hand: tuple[Card, ...], plays: list[tuple[int, int, Action]], layout: Sequence[Card]
) -> float:
    """:meth:`PlayModel.log_likelihood` for one hand."""
    return PlayModel(plays, layout, hand).log_likelihood(hand)


def believed_hands(view: PlayerView, rng: random.Random, count: int) -> list[tuple[Card, ...]]:
    """``count`` hands for the other player, drawn in proportion to how well they explain
    what that player did (sampling-importance-resampling over a pool ``POOL`` times larger)."""
    unseen = list(view.unseen())
    size = view.opponent_hand_count
    pool = []
    for _ in range(count * POOL):
        rng.shuffle(unseen)
        pool.append(tuple(sorted(unseen[:size])))
    plays = other_player_plays(view)
    if not plays:
        return pool[:count]
    model = PlayModel(plays, view.layout, unseen)
    logs = [model.log_likelihood(hand) for hand in pool]
    top = max(logs)
    return rng.choices(pool, weights=[math.exp(x - top) for x in logs], k=count)


class HardPlayer:
    """Searches ``samples`` worlds per decision, or as many as ``time_budget`` seconds allow."""

    name = "hard"

    def __init__(
        self, rng: random.Random, samples: int = DEFAULT_SAMPLES, time_budget: float | None = None
    ) -> None:
        self._rng = rng
        self.samples = samples if time_budget is None else 100 * DEFAULT_SAMPLES
        self.time_budget = time_budget

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(view, legal)
        return legal[max(range(len(legal)), key=scores.__getitem__)]

    def scores(self, view: PlayerView, legal: Sequence[Action]) -> list[float]:
        """Mean final red points of this seat after each option, over the sampled worlds."""
        rng = random.Random(self._rng.getrandbits(64))
        seat = view.seat
        totals = [0] * len(legal)
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        worlds = 0
        while worlds < self.samples:
            batch = min(self.samples - worlds, DEFAULT_SAMPLES)
            for hand in believed_hands(view, rng, batch):
                world = sample_world(view, rng, hand)
                for i, action in enumerate(legal):
                    totals[i] += mask_points(greedy_playout(advance(world, action)).piles[seat])
                worlds += 1
                if deadline is not None and time.perf_counter() > deadline:
                    return [t / worlds for t in totals]
        return [t / worlds for t in totals]
