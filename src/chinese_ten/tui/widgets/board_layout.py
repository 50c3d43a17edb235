"""How the full board uses the room it has: the size of its cards, where the log goes, and
whether the table and the hands are centred.

A larger terminal gets larger cards, never a table that wraps sooner: a card size is taken
only where the table still holds :data:`TABLE_ROW` cards a row (as it does at 80 x 24) and the
hand its whole deal on one row. The log goes beside the board where it can be wide enough for
its lines, else under it (at 80 x 24, as it always has). A table of more cards than a row holds
wraps, and its second row counts in the height: where it would push the log out of sight,
the cards are drawn a size smaller.
"""

from dataclasses import dataclass

from chinese_ten.tui.widgets.card import CARD_SIZES, GAP, SMALL, CardSize
from chinese_ten.tui.widgets.other_seats import FAN_LINES

TABLE_ROW = 11
"""Cards on one row of the table at 80 x 24; no larger size holds fewer."""

HAND_CARDS = {2: 12, 3: 8, 4: 6}
"""The cards of a deal's first hand, by the number of players."""

OTHER_SEATS_LINES = 4
"""Lines of the other seats' columns at a table of three or four, with the small cards (with
larger ones, :data:`~.other_seats.FAN_LINES`)."""

LOG_BELOW_LINES = 6
"""Fewest lines of the log under the board (as at 80 x 24)."""
LOG_BELOW_ROOMY = 8
"""Lines of the log under the board that are worth more than a narrow column beside it."""
LOG_COLUMN = 40
"""Fewest columns of the log beside the board (its frame and margin included)."""
LOG_COLUMN_ROOMY = 56
"""A column this wide holds nearly every line whole: it is taken before the log under."""
LOG_COLUMN_MOST = 80
"""No line needs more: the rest goes to the board."""


@dataclass(frozen=True, slots=True)
class BoardLayout:
    cards: CardSize
    log_column: int
    """Columns of the log beside the board (its frame included); 0: the log is under it."""
    centred: bool
    """The table and the hands are centred in the board's width (left as at 80 x 24)."""
    gap: int
    """With the log under the board: blank lines above the table and above the hand."""

    @property
    def log_beside(self) -> bool:
        return self.log_column > 0


def count_strip_width(cards: CardSize) -> int:
    """Columns of the stock's or a pile's strip: its card and a gap."""
    return cards.count + 2 + GAP


def turned_strip_width(cards: CardSize) -> int:
    """Columns of the turned card's strip: its card and a gap."""
    return cards.face + 2 + GAP


def cards_width(cards: CardSize, count: int) -> int:
    """Columns of ``count`` faces on a row."""
    return count * (cards.face + 2 + GAP) - GAP


def board_width(cards: CardSize, seats: int) -> int:
    """Columns the board needs for a full row of table and the whole first hand."""
    table = count_strip_width(cards) + turned_strip_width(cards) + cards_width(cards, TABLE_ROW)
    hand = count_strip_width(cards) + cards_width(cards, HAND_CARDS.get(seats, 12))
    return max(table, hand)


def board_height(cards: CardSize, seats: int, table_rows: int = 1) -> int:
    """Lines of the board without its log: the status line, the other seats, the table (on
    ``table_rows`` rows) and the hand (each under a title line) and the banner."""
    others = cards.height if seats == 2 else OTHER_SEATS_LINES if cards == SMALL else FAN_LINES
    return 1 + others + (1 + table_rows * cards.height) + (1 + cards.height) + 1


def table_rows(cards: CardSize, width: int, table: int) -> int:
    """Rows of ``table`` cards in a board ``width`` wide (beside the stock and the turned
    card), as the table's strip wraps them."""
    room = width - count_strip_width(cards) - turned_strip_width(cards)
    per_row = max((room + GAP) // (cards.face + 2 + GAP), 1)
    return max(-(-table // per_row), 1)


def board_layout(width: int, height: int, seats: int, table: int = 0) -> BoardLayout:
    """The layout of a board ``width`` x ``height`` (the board's own cells) for ``seats``:
    the largest cards that fit with the log beside or under them, the ``table`` cards on
    the table included (more than a row holds wrap, and take their lines from the log).

    >>> small = board_layout(80, 23, 2)
    >>> small.cards.name, small.log_column, small.centred, small.gap
    ('small', 0, False, 0)
    >>> [(b.cards.name, b.log_column) for b in (board_layout(120, 39, 2), board_layout(200, 39, 2))]
    [('medium', 0), ('large', 58)]
    >>> [(b.cards.name, b.log_column) for b in (board_layout(200, 59, 4), board_layout(240, 59, 4))]
    [('huge', 0), ('huge', 72)]
    >>> board_layout(120, 23, 2).log_column
    41
    """
    for cards in reversed(CARD_SIZES):
        need_width = board_width(cards, seats)
        column = min(width - need_width, LOG_COLUMN_MOST)
        beside_height = board_height(cards, seats, table_rows(cards, width - column, table))
        need_height = board_height(cards, seats, table_rows(cards, width, table))
        below = height - need_height - 1  # the log's title line
        beside = height >= beside_height and column >= LOG_COLUMN
        under = width >= need_width and below >= LOG_BELOW_LINES
        if not (beside or under):
            continue
        if beside and (column >= LOG_COLUMN_ROOMY or not (under and below >= LOG_BELOW_ROOMY)):
            return BoardLayout(cards, column, _centred(cards, width - column), 0)
        gap = 1 if below - 2 >= LOG_BELOW_ROOMY + 2 else 0  # the log keeps ten lines
        return BoardLayout(cards, 0, _centred(cards, width), gap)
    return BoardLayout(SMALL, 0, _centred(SMALL, width), 0)


def _centred(cards: CardSize, width: int) -> bool:
    """Centred, except where the small cards fill the board as at 80 x 24."""
    return cards != SMALL or width > board_width(SMALL, 2) + 1
