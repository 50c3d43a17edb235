"""Greedy's valuation at a table of 2, 3 or 4 players, for ``hard``'s models and playouts.

Greedy takes the capture worth the most points now, or sheds the card worth least. With three
or four players the ace of spades (30) and, with four, the ace of clubs (40) score too, so a
greedy player there values them as captures and keeps them from being shed; ``hard`` assumes
this of the other seats when it reads their plays and plays its worlds out. With two players
this is exactly :func:`~chinese_ten.players.greedy.greedy_score`.
"""

from collections.abc import Sequence
from typing import Final

from chinese_ten.actions import TRIPLE, Action
from chinese_ten.cards import DECK, SEAT_COUNTS, card_points

SEAT_POINTS: Final = {n: tuple(card_points(c, n) for c in DECK) for n in SEAT_COUNTS}
"""What every card scores at a table of each seat count."""


def seat_greedy_score(action: Action, layout: Sequence[int], seats: int) -> int:
    """Points this action captures now at a table of ``seats``, or minus the card's points
    if it captures nothing."""
    points = SEAT_POINTS[seats]
    card, code = action & 63, action >> 6 & 63
    if code == 0:
        return -points[card]
    if code == TRIPLE:
        return points[card] + sum(points[c] for c in layout if c >> 2 == card >> 2)
    return points[card] + points[code - 1]


def seat_greedy_choice(legal: Sequence[Action], layout: Sequence[int], seats: int) -> Action:
    """Greedy's choice at a table of ``seats``: the best-scored, the first of equals."""
    best, best_score = legal[0], seat_greedy_score(legal[0], layout, seats)
    for action in legal[1:]:
        score = seat_greedy_score(action, layout, seats)
        if score > best_score:
            best, best_score = action, score
    return best
