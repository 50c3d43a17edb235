"""The learned policy ``hard`` assumes for its own later plays in its playouts.

Greedy takes the richest capture now and otherwise sheds its cheapest card. This policy
scores every option with twelve weights: the points it takes, and how many cards of the
ranks involved are still unseen or in the player's own hand. That counts what greedy ignores:
a card laid where no unseen card can take it is safe, one whose match the player holds can
be taken back, a rich target that unseen cards could also take is worth taking first, and a
card that many unseen cards match is worth keeping for a later capture.

The weights were fitted by softmax regression to the choices of the 120-world ``hard``
against ``greedy`` (deals from seed 100000; ``benchmarks/fit_policy.py`` refits them), so
they imitate the search. What the policy is worth on its own and as ``hard``'s own later
plays in the playouts (the other player's stay greedy) is in docs/strength.md. Only a
player's knowledge goes in: its hand, the table and what is still unseen from its seat, so
the playouts stay fair.

The int playout (:func:`chinese_ten.players.playout.learned_points`) scores an option as
the sum of two look-ups in tables built once from the same features and weights;
``tests/players/test_playout.py`` checks that it plays exactly as :func:`policy_choice`.

With three or four players a card's points are what it scores at that table
(:func:`~chinese_ten.engine.variant.card_points`: the black aces too); the weights are the
same.
"""

from collections.abc import Callable, Sequence
from functools import cache
from typing import Final, NamedTuple, TypeAlias

from chinese_ten.engine.actions import TRIPLE, Action
from chinese_ten.engine.cards import DECK, MATCH_RANK, POINTS, Card
from chinese_ten.engine.deal import PLAY
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.greedy import SEAT_POINTS, greedy_choice

WEIGHTS: Final = (
    0.6936940980526423,  # a capture
    0.03897007893830341,  # points taken (played card and target)
    0.0575834701761096,  # the played card's points
    0.02812692131143484,  # the target's points
    -0.07814290571849589,  # unseen cards that could take the target (the played card's rank)
    0.21064615855001784,  # those, times the target's points
    -0.28370693975804623,  # capture: unseen cards that match the played card
    0.3766582658332574,  # capture: other cards in hand that match the played card
    -0.021283463749432335,  # lay: the laid card's points
    -0.14654394335786178,  # lay: unseen cards that match it
    -0.14361558419547674,  # lay: those, times its points
    0.7026527535504621,  # lay: cards in hand that match it
)
"""Weights of the option features, fitted to ``hard``'s choices."""

Weights: TypeAlias = Sequence[float]
"""Twelve weights in the order of :data:`WEIGHTS`."""

TRIPLE_POINTS: Final = 30
"""What the fitted features count for the layout triple, whatever its cards."""

Features: TypeAlias = tuple[float, ...]
"""An option's twelve features, in the order of :data:`WEIGHTS`."""


Points: TypeAlias = Sequence[int]
"""What each card scores at the table: :data:`~chinese_ten.engine.cards.POINTS` with two players."""


def capture_features(card: Card, unseen: int, mine: int, points: Points = POINTS) -> Features:
    """The played card's part of a capture's features (``unseen`` and ``mine``: how many
    unseen cards, and how many other cards in hand, match it)."""
    return (1, points[card], points[card], 0, 0, 0, unseen, mine, 0, 0, 0, 0)


def target_features(points: int, rank_unseen: int) -> Features:
    """The target's part of a capture's features: its points, and how many unseen cards of
    the played card's rank could take it instead."""
    return (0, points, 0, points, rank_unseen, rank_unseen * points, 0, 0, 0, 0, 0, 0)


def lay_features(card: Card, unseen: int, mine: int, points: Points = POINTS) -> Features:
    """A laid card's features."""
    return (0, 0, 0, 0, 0, 0, 0, 0, points[card], unseen, unseen * points[card], mine)


def _plus(a: Features, b: Features) -> Features:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def weigh(features: Features, weights: Weights = WEIGHTS) -> float:
    """An option's score: its features weighted."""
    return sum(w * x for w, x in zip(weights, features, strict=True))


_COUNTS: Final = range(5)
"""A count of cards of one rank (or of the ranks matching a card): 0 to 4."""
_TRIPLE_TARGET: Final = target_features(TRIPLE_POINTS, 0)

Table: TypeAlias = tuple[tuple[tuple[float, ...], ...], ...]
"""Scores by [card][unseen matches][matches in hand]."""


class PolicyTables(NamedTuple):
    """The policy's option scores for one seat count, looked up by the int playout."""

    capture_head: Table
    """The played card's part of a capture's score."""
    capture_tail: tuple[tuple[float, ...], ...]
    """The target's part of a capture's score, by [target][unseen cards of the played rank]."""
    lay: Table
    """Score of laying a card."""
    triple: Table
    """Score of taking the layout triple with a card."""


@cache
def policy_tables(seats: int, weights: tuple[float, ...] = WEIGHTS) -> PolicyTables:
    """The tables for a game of ``seats`` players (built once per seat count and weights)."""
    points = SEAT_POINTS[seats]

    def by_counts(features: Callable[[Card, int, int], Features]) -> Table:
        return tuple(
            tuple(tuple(weigh(features(c, u, m), weights) for m in _COUNTS) for u in _COUNTS)
            for c in DECK
        )

    return PolicyTables(
        by_counts(lambda c, u, m: capture_features(c, u, m, points)),
        tuple(tuple(weigh(target_features(points[t], u), weights) for u in _COUNTS) for t in DECK),
        by_counts(lambda c, u, m: lay_features(c, u, m, points)),
        by_counts(lambda c, u, m: _plus(capture_features(c, u, m, points), _TRIPLE_TARGET)),
    )


RANK_CARDS: Final = tuple(15 << 4 * r for r in range(13))
"""The four cards of each rank as a card set."""


def match_counts(card: Card, unseen: int, mine: int) -> tuple[int, int]:
    """How many unseen cards match ``card``, and how many other cards in hand do (card sets
    ``unseen`` and ``mine``)."""
    matches = RANK_CARDS[MATCH_RANK[card >> 2]]
    return (unseen & matches).bit_count(), (mine & matches & ~(1 << card)).bit_count()


def option_features(action: Action, unseen: int, mine: int, points: Points = POINTS) -> Features:
    """The features of playing ``action`` with the card sets ``unseen`` (cards the player has
    not seen) and ``mine`` (its hand), cards scoring ``points``."""
    card, code = action & 63, action >> 6 & 63
    unseen_matches, mine_matches = match_counts(card, unseen, mine)
    if code == 0:
        return lay_features(card, unseen_matches, mine_matches, points)
    if code == TRIPLE:
        target = _TRIPLE_TARGET
    else:
        target = target_features(points[code - 1], (unseen & RANK_CARDS[card >> 2]).bit_count())
    return _plus(capture_features(card, unseen_matches, mine_matches, points), target)


def card_sets(view: PlayerView) -> tuple[int, int]:
    """The cards the player has not seen and the cards in its hand, as card sets."""
    return sum(1 << c for c in view.unseen()), sum(1 << c for c in view.hand)


def policy_choice(view: PlayerView, legal: Sequence[Action], weights: Weights = WEIGHTS) -> Action:
    """The policy's play from ``view``: the best-scored of ``legal``, the first of equals."""
    unseen, mine = card_sets(view)
    points = SEAT_POINTS[view.seats]
    return max(
        legal, key=lambda action: weigh(option_features(action, unseen, mine, points), weights)
    )


class PolicyPlayer:
    """The policy as a player, its turned cards greedy: to measure it against ``greedy``
    (tests, ``benchmarks/fit_policy.py``), not one of the levels offered."""

    name = "policy"

    def __init__(self, weights: Weights = WEIGHTS) -> None:
        self.weights = weights

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if view.phase == PLAY:
            return policy_choice(view, legal, self.weights)
        return greedy_choice(legal, view.layout, view.seats)
