"""The ``hard`` player: determinized Monte Carlo search with inference about the other hand.

For each decision it deals the cards it has not seen (the other hand and the stock order) at
random many times, consistent with everything public, and plays every legal option out to the
end of the deal in each of those worlds (on plain ints: :mod:`chinese_ten.players.playout`).
The option with the most red points on average wins.

Four refinements over plain determinization:

- Common random numbers: the same sampled worlds serve every option, so options are compared
  on equal luck (less noise for the same work).
- Racing: after a first round of worlds, the options clearly behind the best drop out and
  the remaining work goes to the ones still in contention. Sampling noise costs real points
  here, and racing buys that precision for the options where it decides something at a
  fraction of the cost (docs/strength.md, "Sampling noise, and racing"). Options that score
  the same in every world (twins such as two red nines taking the same ace) count as one.
- Inference: the other hand is not drawn uniformly. Each unseen card is weighted by how well
  it fits the cards the other player chose to play, under a soft greedy model of that player
  (a card that would have made a richer capture than the one it made is unlikely, never
  impossible), and hands are drawn card by card in proportion to those weights. How sharp
  that model is, from uniform (the plays say nothing) to all but certain, is learned from
  how the other player has actually played (:func:`sharpness_belief`): a greedy player
  keeps it sharp, a random one, a searching one or a person soon relaxes it, so a card
  really held is not ruled out by a model that does not fit. Ties count as far as that
  player has shown a lowest-card-first habit (``normal`` has one; docs/strength.md).
- Its own later plays in the playouts follow a policy learned from its own choices
  (:mod:`chinese_ten.players.policy`) instead of greedy's; the other player's stay greedy.
  What it gains and what it costs in time are in docs/strength.md.

With three or four players each world deals every other seat's hand (their sizes are public) and
the stock order; each other seat has a model of its own, read from that seat's own choices in
the public log (how sharp it is, its tie habit, the cards its plays make unlikely), and its hand
is drawn from it. In the playouts every other seat plays greedy, valuing the black aces where
they score (:mod:`chinese_ten.players.greedy`), and the search maximizes its own points (the
same as its result against the base); its strength against greedy in every other seat is
measured by ``benchmarks/bench_strength_seats.py`` (figures in docs/strength.md). With two
players the search is the two-seat search (``tests/players/test_hard.py`` pins its choices).

At the end of a deal, where few cards are unseen (:data:`~chinese_ten.players.exact.EXACT_UNSEEN`:
6 with two or three players, 5 with four), it samples nothing: every way the unseen cards can
lie is weighed by the same models and the rest of the deal is solved exactly, its own later
choices made from what it will know then (:mod:`chinese_ten.players.exact`). There exact is
faster than sampling (``benchmarks/bench_exact.py``) and has no noise.

It reads only its :class:`~chinese_ten.engine.view.PlayerView`: the public log, its own hand and
what lies face up.
"""

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import TypeAlias

from chinese_ten.engine.actions import TRIPLE, Action
from chinese_ten.engine.cards import Card
from chinese_ten.engine.deal import Hands, advance, card_options, opening_table
from chinese_ten.engine.view import PlayerView
from chinese_ten.engine.worlds import HandDrawer, HandsDrawer, Worlds, worlds
from chinese_ten.players.exact import EXACT_UNSEEN, Weight, exact_applies, exact_values
from chinese_ten.players.greedy import greedy_score
from chinese_ten.players.playout import learned_points
from chinese_ten.players.spread import paired_difference

DEFAULT_SAMPLES = 200
"""Worlds every option is played in."""
DEFAULT_CONTENDERS = 4000
"""Further worlds for the options still in contention after the first ``DEFAULT_SAMPLES``;
most decisions are settled well before the budget (time a decision:
``benchmarks/bench_players.py``, figures in docs/performance.md). More buys next to nothing:
what sampling noise still costs this budget is measured by ``benchmarks/bench_noise.py``
(figures in docs/strength.md)."""
CONTENDER_BATCH = 240
"""Worlds between two checks of which options are still in contention."""
PRUNE_SIGMAS = 2.5
"""How many standard errors behind the best an option may be and stay in contention."""
SHARPNESSES = (0.0, 0.15, 0.5, 1.5)
"""The models of the other player weighed against each other: the log-weight a card loses per
red point it would have gained that player over its choice. 0 is the uniform draw (its plays
say nothing about its hand); 1.5 is a player that all but never passes up a richer capture."""
PRIOR = (0.95, 0.05 / 3, 0.05 / 3, 0.05 / 3)
"""The odds of each of :data:`SHARPNESSES` before the other player has revealed a choice:
nearly all uniform, so that a player whose plays say little is not read as if they said much.
A greedy player soon shows itself. Why these odds: ``benchmarks/bench_beliefs.py``, figures
in docs/strength.md ("A model of the other player that knows how far it fits")."""
TIE_PENALTY = 5.0
"""Log-weight a card loses per tie it would have won under lowest-card-first tie-breaking."""
TIE_SLIP = 0.05
"""Chance that a lowest-first player takes the higher of two tied cards (so one slip is not
proof)."""


Move: TypeAlias = tuple[str, int, int, Action]
"""A move of the other player: (``"play"`` or ``"flip"``, table before it, layout triple,
its action without the flip bit)."""


def _next_seat(view: PlayerView) -> int:
    """The seat after the viewer's: with two players, the other player."""
    return (view.seat + 1) % view.seats


def other_player_moves(view: PlayerView, seat: int | None = None) -> list[Move]:
    """Each card the other player in ``seat`` (by default the next seat: with two players,
    the other one) played or turned, and what it did with it.

    Rebuilt from the public log alone.
    """
    other = _next_seat(view) if seat is None else seat
    table, triple = opening_table(view.layout)
    moves: list[Move] = []
    for event in view.events():
        if event.card is None:
            continue
        if event.seat == other:
            if len(event.captured) == 3:
                code = TRIPLE
            else:
                code = event.captured[0] + 1 if event.captured else 0
            moves.append((event.kind, table, triple, event.card | code << 6))
        if event.captured:
            for c in event.captured:
                table &= ~(1 << c)
            if len(event.captured) == 3:
                triple = -1
        else:
            table |= 1 << event.card
    return moves


def other_player_plays(view: PlayerView, seat: int | None = None) -> list[tuple[int, int, Action]]:
    """Each card the other player (in ``seat``) chose to play: (table before it, layout
    triple, action)."""
    moves = other_player_moves(view, seat)
    return [(t, triple, a) for kind, t, triple, a in moves if kind == "play"]


PastPlay: TypeAlias = tuple[int, int, int, Card]
"""One of the other player's plays: (table before it, layout triple, its greedy score, the
card played)."""


def scored_plays(view: PlayerView, seat: int | None = None) -> list[PastPlay]:
    """The other player's (in ``seat``) plays so far, each with greedy's score for what it
    did at this table."""
    layout, seats = view.layout, view.seats
    return [
        (table, triple, greedy_score(a, layout, seats), a & 63)
        for table, triple, a in other_player_plays(view, seat)
    ]


def _best_score(card: Card, play: PastPlay, layout: tuple[Card, ...], seats: int = 2) -> int:
    """Greedy's score for the best thing ``card`` could have done at that play."""
    table, triple, _, _ = play
    return max(greedy_score(o, layout, seats) for o in card_options(card, table, triple, False))


def lowest_first_chance(plays: list[PastPlay], layout: tuple[Card, ...], seats: int = 2) -> float:
    """The chance that the other player breaks ties by playing its lowest card first, as
    ``normal`` does, from the ties it has shown so far in ``plays``.

    A card it played later was in its hand at every earlier play. Where such a card would
    have scored exactly as much as the card it chose, the choice is a revealed tie: taking
    the lower of the two fits a lowest-first player, taking the higher all but rules it out
    (``TIE_SLIP``). Against the alternative, ties going either way at even odds, and from
    even odds before any tie is seen.
    """
    fits = slips = 0
    for i, play in enumerate(plays):
        _, _, chosen, card = play
        for _, _, _, held in plays[i + 1 :]:
            if _best_score(held, play, layout, seats) == chosen:
                if held < card:
                    slips += 1
                else:
                    fits += 1
    lowest_first = (1 - TIE_SLIP) ** fits * TIE_SLIP**slips
    either_way = 0.5 ** (fits + slips)
    return lowest_first / (lowest_first + either_way)


def card_weights(
    view: PlayerView,
    sharpnesses: Sequence[float] = SHARPNESSES,
    tie_penalty: float = TIE_PENALTY,
    seat: int | None = None,
) -> list[dict[Card, float]]:
    """Log-weight of each unseen card being in the other hand (of ``seat``, by default the
    next seat) under the model of that player of each sharpness in ``sharpnesses``.

    The model: the other player picks each card in proportion to ``exp(sharpness * score)``
    (greedy's score of the best the card can do). At each of its past plays it held the hand
    it holds now plus the cards it has played since, ``n`` cards. Had it held a card that
    would have scored ``d`` points more than the card it chose, the chance of its choice
    would have been ``1 + exp(sharpness * d) / n`` times smaller (taking the rest of the hand
    as good as the chosen card), so the card loses the logarithm of that: a passed-up rich
    capture makes a card unlikely under a sharp model, never impossible, and under a soft
    one by no more than the rest of the hand allows. A card that would have scored the same
    but comes before the chosen card in hand order is unlikely only as far as the other
    player has shown that it breaks ties lowest card first (:func:`lowest_first_chance`):
    ``normal`` does, and its ties then say as much about its hand as its captures; a player
    whose ties go either way soon shows it, and then its ties say nothing. The uniform model
    (``sharpness`` 0) reads nothing.
    """
    layout, seats = view.layout, view.seats
    other = _next_seat(view) if seat is None else seat
    plays = scored_plays(view, other)
    chance = lowest_first_chance(plays, layout, seats)
    held = view.hand_counts[other] + len(plays)
    logs_of_n = [math.log(held - i) for i in range(len(plays))]
    weights: list[dict[Card, float]] = [{} for _ in sharpnesses]
    for card in view.unseen():
        ties = 0
        excess = []
        for play, log_n in zip(plays, logs_of_n, strict=True):
            best, chosen, played = _best_score(card, play, layout, seats), play[2], play[3]
            excess.append((best - chosen, log_n))
            if best == chosen and card < played:
                ties += 1
        tie_weight = math.log(chance * math.exp(-tie_penalty * ties) + 1 - chance)
        for model, s in zip(weights, sharpnesses, strict=True):
            if s == 0.0:
                model[card] = 0.0
            else:
                model[card] = tie_weight - sum(_log1p_exp(s * d - n) for d, n in excess)
    return weights


def _log1p_exp(x: float) -> float:
    """``log(1 + exp(x))`` without overflow."""
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def revealed_choices(view: PlayerView, seat: int | None = None) -> list[tuple[int, list[int]]]:
    """The other player's (in ``seat``) choices whose options are known, each as (greedy's
    score of what it did, greedy's score of every option known to have been open to it).

    The table is public, so every target of the card it played or turned was known to it. A
    card it played later was in its hand at every earlier play, so its options were open too.
    A choice with a single known option reveals nothing and is left out.
    """
    layout, seats = view.layout, view.seats
    moves = other_player_moves(view, seat)
    later_played = [
        [a & 63 for k, _, _, a in moves[i + 1 :] if k == "play"] for i in range(len(moves))
    ]
    choices = []
    for (kind, table, triple, action), later in zip(moves, later_played, strict=True):
        cards = [action & 63, *later] if kind == "play" else [action & 63]
        scores = [
            greedy_score(o, layout, seats)
            for c in cards
            for o in card_options(c, table, triple, False)
        ]
        if len(scores) > 1:
            choices.append((greedy_score(action, layout, seats), scores))
    return choices


def sharpness_belief(view: PlayerView, seat: int | None = None) -> tuple[float, ...]:
    """How far each of :data:`SHARPNESSES` fits the other player (in ``seat``): its posterior
    probability, from :data:`PRIOR`, given the choices that player has revealed
    (:func:`revealed_choices`).

    Under the model of sharpness ``s`` the player picks among its options in proportion to
    ``exp(s * score)`` (greedy's score), so the chance of what it did is a softmax over its
    options, and under the uniform model one over their number (as ``random`` plays). Only
    part of the options of a play are known (the rest of the hand is hidden), but for such a
    choice rule a choice within a known part is judged exactly as within the whole.
    """
    logs = [math.log(p) for p in PRIOR]
    for chosen, scores in revealed_choices(view, seat):
        for k, s in enumerate(SHARPNESSES):
            top = max(s * x for x in scores)
            total = sum(math.exp(s * x - top) for x in scores)
            logs[k] += s * chosen - top - math.log(total)
    top = max(logs)
    odds = [math.exp(x - top) for x in logs]
    total = sum(odds)
    return tuple(x / total for x in odds)


_NEGLIGIBLE = 1e-6
"""A model less likely than this draws no hands (the others' chances are not renormalized:
the last model drawn takes the remainder)."""
_MOST = 700.0
"""The largest exponent a card's scale may have (a float overflows past 709)."""


def _models(
    view: PlayerView, tie_penalty: float, odds: Sequence[float], seat: int
) -> list[tuple[float, list[float]]]:
    """The models of the player in ``seat`` worth drawing from, each with its probability in
    ``odds`` and every unseen card's scale (its weight, in :func:`believed_hands`' race)."""
    used = [(s, odd) for s, odd in zip(SHARPNESSES, odds, strict=True) if odd > _NEGLIGIBLE]
    return [
        (odd, [math.exp(min(-w, _MOST)) for w in weights.values()])
        for (_, odd), weights in zip(
            used, card_weights(view, [s for s, _ in used], tie_penalty, seat), strict=True
        )
    ]


def _race(
    rand: Callable[[], float],
    models: list[tuple[float, list[float]]],
    candidates: Sequence[int],
    size: int,
) -> list[int]:
    """One hand: a model picked with its probability (the last takes the remainder), then
    the ``size`` of ``candidates`` (indices of the unseen cards) with the highest keys in
    :func:`believed_hands`' exponential race under that model's scales."""
    pick = rand()
    scales = models[-1][1]
    for odd, model in models:
        pick -= odd
        if pick < 0.0:
            scales = model
            break
    log = math.log
    keys = [log(1.0 - rand()) * scale for scale in scales]
    return sorted(candidates, key=keys.__getitem__, reverse=True)[:size]


def believed_hands(
    view: PlayerView,
    tie_penalty: float = TIE_PENALTY,
    belief: Sequence[float] | None = None,
) -> HandDrawer:
    """Draws hands for the other player (with two players; with more, the next seat): each
    hand from one model of that player, picked with its probability in ``belief`` (by default
    :func:`sharpness_belief`), so the hands drawn follow the models as far as each fits;
    within a model each card is drawn in proportion to its weight.

    Weighted sampling without replacement by an exponential race (the same draws as the
    Gumbel top-k trick, one logarithm a card instead of two): card ``c`` gets the key
    ``log(u) / w_c`` for ``u`` uniform in (0, 1], and the hand is the highest-keyed cards.
    """
    odds = sharpness_belief(view) if belief is None else belief
    cards = list(view.unseen())
    models = _models(view, tie_penalty, odds, _next_seat(view))
    size = view.opponent_hand_count
    indices = range(len(cards))

    def draw(rng: random.Random, count: int) -> list[tuple[Card, ...]]:
        rand = rng.random
        hands = []
        for _ in range(count):
            top = _race(rand, models, indices, size)
            hands.append(tuple(sorted(cards[i] for i in top)))
        return hands

    return draw


def _elementary(weights: Sequence[float], size: int) -> float:
    """The sum over every set of ``size`` of ``weights`` of their product."""
    sums = [1.0] + [0.0] * size
    for w in weights:
        for k in range(size, 0, -1):
            sums[k] += sums[k - 1] * w
    return sums[size]


def exact_weights(view: PlayerView, tie_penalty: float = TIE_PENALTY) -> Weight:
    """The weight of every way the other hands can lie, for the exact solver
    (:func:`chinese_ten.players.exact.exact_values`): each other seat's hand from that
    seat's own models (:func:`sharpness_belief`, :func:`card_weights`), a model's chance of a
    hand the product of its cards' weights over the same for every hand of that size, the
    models mixed by their odds, the seats' chances multiplied."""
    cards = list(view.unseen())
    me = view.seat
    others = [(me + k) % view.seats for k in range(1, view.seats)]
    mixtures: list[list[tuple[float, dict[Card, float]]]] = []
    for seat in others:
        size = view.hand_counts[seat]
        mixture = []
        for odd, scales in _models(view, tie_penalty, sharpness_belief(view, seat), seat):
            weights = {c: 1.0 / scale for c, scale in zip(cards, scales, strict=True)}
            total = _elementary(list(weights.values()), size)
            if total > 0.0:
                mixture.append((odd / total, weights))
        mixtures.append(mixture)

    def weight(hands: tuple[tuple[Card, ...], ...]) -> float:
        chance = 1.0
        for hand, mixture in zip(hands, mixtures, strict=True):
            chance *= sum(odd * math.prod(w[c] for c in hand) for odd, w in mixture)
        return chance

    return weight


WorldDrawer: TypeAlias = HandsDrawer
"""Draws ``count`` sets of hands, one for every seat (the searching seat's own among them)."""


def believed_seat_hands(view: PlayerView, tie_penalty: float = TIE_PENALTY) -> WorldDrawer:
    """Draws the hands of every other seat, each from that seat's own models
    (:func:`believed_hands`' way, its sharpness and ties read from its own choices).

    One hand after another, each from the cards the hands before it left, in an order
    shuffled for every world so that no seat always has the first pick of the cards the
    models agree on.
    """
    cards = list(view.unseen())
    me, counts = view.seat, view.hand_counts
    others = [s for s in range(view.seats) if s != me]
    models = {s: _models(view, tie_penalty, sharpness_belief(view, s), s) for s in others}
    indices = range(len(cards))

    def draw(rng: random.Random, count: int) -> list[Hands]:
        rand = rng.random
        dealt: list[Hands] = []
        for _ in range(count):
            hands = [view.hand] * view.seats
            taken: set[int] = set()
            order = others[:]
            rng.shuffle(order)
            for seat in order:
                free = [i for i in indices if i not in taken]
                top = _race(rand, models[seat], free, counts[seat])
                taken.update(top)
                hands[seat] = tuple(sorted(cards[i] for i in top))
            dealt.append(tuple(hands))
        return dealt

    return draw


class HardPlayer:
    """Searches ``samples`` worlds for every option, then ``contenders`` more for the options
    still in contention; with ``time_budget`` (seconds), as many more as the time allows."""

    name = "hard"

    playout = staticmethod(learned_points)
    """Plays a world out for one option: the searching seat's red points at the end
    (``benchmarks/bench_strength.py`` swaps in greedy play to measure the policy's worth)."""

    def __init__(
        self,
        rng: random.Random,
        samples: int = DEFAULT_SAMPLES,
        contenders: int = DEFAULT_CONTENDERS,
        time_budget: float | None = None,
    ) -> None:
        self._rng = rng
        self.samples = samples
        self.contenders = contenders
        self.time_budget = time_budget

    exact_unseen: dict[int, int] = EXACT_UNSEEN
    """The most unseen cards at which a decision is solved exactly, by seat count."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.is_exact(view):
            values = self.exact(view, legal)
            return legal[max(range(len(legal)), key=values.__getitem__)]
        means, alive = self._search(view, legal)
        return legal[max(alive, key=means.__getitem__)]

    def is_exact(self, view: PlayerView) -> bool:
        """Whether the decision is solved exactly: few enough cards are unseen that the
        exact solution costs less than sampling (:data:`exact_unseen`)."""
        return exact_applies(view, self.exact_unseen)

    def exact(self, view: PlayerView, legal: Sequence[Action]) -> list[float]:
        """Each option's exact expected final points (:func:`exact_values`, the other hands
        weighted by the models of the other players)."""
        return exact_values(view, legal, exact_weights(view))

    def hand_drawer(self, view: PlayerView) -> HandDrawer:
        """Draws the other hands to search, from the inference model
        (``benchmarks/bench_strength.py`` swaps it for blind or all-seeing draws to measure
        what inference is worth). Two players only."""
        return believed_hands(view)

    def world_drawer(self, view: PlayerView) -> WorldDrawer:
        """Draws every seat's hand to search with three or four players."""
        return believed_seat_hands(view)

    def scores(self, view: PlayerView, legal: Sequence[Action]) -> list[float]:
        """Mean final points of this seat after each option, over the worlds it was
        played in (options dropped from contention early were played in fewer); exact
        where the decision is solved exactly (:meth:`is_exact`)."""
        if self.is_exact(view):
            return self.exact(view, legal)
        return self._search(view, legal)[0]

    def _worlds(self, view: PlayerView) -> Worlds:
        """Deals ``count`` worlds (:func:`chinese_ten.engine.worlds.worlds`): all their hidden hands
        drawn first, then each world's stock shuffled as it is dealt."""
        if view.seats == 2:
            return worlds(view, draw_other=self.hand_drawer(view))
        return worlds(view, self.world_drawer(view))

    def _search(self, view: PlayerView, legal: Sequence[Action]) -> tuple[list[float], list[int]]:
        """Each option's mean and the options still in contention at the end.

        Every world is played out once for each option in contention (common random numbers:
        options are compared on the same luck). After the first ``samples`` worlds, and after
        every batch from then on, an option falls out of contention when it trails the best
        by more than ``PRUNE_SIGMAS`` standard errors of their paired difference; the rest of
        the work goes to the options that could still be best.
        """
        rng = random.Random(self._rng.getrandbits(64))
        seat = view.seat
        points: list[list[int]] = [[] for _ in legal]
        alive = list(range(len(legal)))
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        budget = self.samples + (self.contenders if deadline is None else 100 * self.samples)
        deal_worlds = self._worlds(view)
        playout = self.playout
        worlds = 0
        while worlds < budget and (worlds == 0 or len(alive) > 1):
            size = self.samples if worlds == 0 else min(CONTENDER_BATCH, budget - worlds)
            for world in deal_worlds(rng, size):
                for i in alive:
                    points[i].append(playout(advance(world, legal[i]), seat))
                worlds += 1
                if deadline is not None and time.perf_counter() > deadline:
                    return _means(points), alive
            alive = _contenders(points, alive)
        return _means(points), alive


def _means(points: list[list[int]]) -> list[float]:
    return [sum(p) / len(p) for p in points]


def _contenders(points: list[list[int]], alive: list[int]) -> list[int]:
    """The options in ``alive`` not clearly worse than the best of them (paired over the
    worlds all of them were played in), keeping only the first of options that scored the
    same in every one of those worlds: they are as good as equal (two red nines taking the
    same ace), and racing them would spend the whole budget to tell nothing apart."""
    n = len(points[alive[0]])
    if n < 2:
        return alive
    best = max(alive, key=lambda i: sum(points[i]))
    kept = []
    seen: set[tuple[int, ...]] = set()
    for i in alive:
        mean, error = paired_difference(points[best], points[i])
        key = tuple(points[i])
        if mean <= PRUNE_SIGMAS * error and key not in seen:
            kept.append(i)
            seen.add(key)
    return kept
