"""One deal: its set-up, its states, the legal actions and the outcome.

A :class:`DealState` is an immutable named tuple; :func:`apply_action` checks an action and
returns the next state, :func:`advance` is the trusted fast path for actions that came from
:func:`legal_actions`, the one place that knows what is legal.

>>> from chinese_ten.engine.actions import parse_action
>>> setup = DealSetup.from_text(1, hands=("8C", "3S"), layout="2H 6C JD 9S", stock="4D 5S")
>>> state = start(setup, check=False)
>>> state = apply_action(state, parse_action("play 8C taking 2H"))
>>> state = apply_action(state, parse_action("flip 4D taking 6C"))
>>> format_cards(state.table), pile_points(state)
('9S JD', (6, 0))

Two, three or four seats play the same way; seats go round in order (seat ``n - 1`` is
followed by seat 0), the seat after the dealer plays first, and a deal's hands are of the size
the table's variant deals (:attr:`chinese_ten.engine.variant.Variant.hand_size`).
"""

from dataclasses import dataclass
from typing import Final, NamedTuple, TypeAlias

from chinese_ten.engine.actions import FLIP, TRIPLE, Action, format_action
from chinese_ten.engine.cards import (
    DECK,
    MATCH_RANK,
    SPECIAL_SET_RANKS,
    Card,
    cards_of_mask,
    format_card,
    format_cards,
    parse_card,
)
from chinese_ten.engine.errors import (
    DealSetupError,
    IllegalActionError,
    Illegality,
    Part,
    SetupFault,
)
from chinese_ten.engine.leaders import highest, sole
from chinese_ten.engine.variant import FEWEST_SEATS, MOST_SEATS, VARIANTS, seat_points

PLAY: Final = 0
"""Phase: the player to move plays a card from the hand."""
FLIP_PHASE: Final = 1
"""Phase: the player to move turns over the top stock card."""
OVER: Final = 2
"""Phase: hands and stock are empty; the deal is scored."""

LAYOUT_SIZE: Final = 4
STOCK_SIZE: Final = 24

Hands: TypeAlias = tuple[tuple[Card, ...], ...]
"""One sorted hand per seat."""


@dataclass(frozen=True, slots=True)
class DealSetup:
    """Everything chance decided for a deal: who dealt and where every card lies.

    ``stock`` is listed top card first. Hands are kept sorted (their order is not secret).
    """

    dealer: int
    hands: Hands
    """One hand per seat (:data:`chinese_ten.engine.variant.SEAT_COUNTS`)."""
    layout: tuple[Card, ...]
    stock: tuple[Card, ...]

    @property
    def seats(self) -> int:
        """How many play."""
        return len(self.hands)

    @classmethod
    def from_text(cls, dealer: int, hands: tuple[str, ...], layout: str, stock: str) -> "DealSetup":
        """Build a set-up from card notation (for tests and examples; not checked)."""

        def cards(text: str) -> tuple[Card, ...]:
            return tuple(parse_card(w) for w in text.split())

        return cls(
            dealer, tuple(tuple(sorted(cards(h))) for h in hands), cards(layout), cards(stock)
        )

    def check(self) -> None:
        """Raise :class:`DealSetupError` unless this is a full, legal deal of one pack."""
        if type(self.hands) is not tuple:
            raise TypeError(f"hands must be a tuple of tuples of cards, not {self.hands!r}")
        seats = len(self.hands)
        if seats not in VARIANTS:
            fault = SetupFault("seat_count", count=seats)
            message = f"a deal has {FEWEST_SEATS} to {MOST_SEATS} hands, not {seats}"
            raise DealSetupError(fault, message)
        if type(self.dealer) is not int or not 0 <= self.dealer < seats:
            choices = ", ".join(str(k) for k in range(seats - 1)) + f" or {seats - 1}"
            fault = SetupFault("dealer", card=self.dealer, size=seats)
            raise DealSetupError(fault, f"dealer must be seat {choices}, not {self.dealer}")
        sizes: tuple[tuple[tuple[Part, int], tuple[Card, ...], int], ...] = (
            *((("hand", k), hand, VARIANTS[seats].hand_size) for k, hand in enumerate(self.hands)),
            (("layout", 0), self.layout, LAYOUT_SIZE),
            (("stock", 0), self.stock, STOCK_SIZE),
        )
        for (part, seat), cards, size in sizes:
            name = f"hand of seat {seat}" if part == "hand" else part
            if type(cards) is not tuple:
                raise TypeError(f"the {name} must be a tuple of cards, not {type(cards).__name__}")
            if len(cards) != size:
                fault = SetupFault("size", part=part, seat=seat, count=len(cards), size=size)
                message = f"the {name} has {len(cards)} cards; it must have {size}"
                raise DealSetupError(fault, message)
        seen: set[Card] = set()
        for card in (*(c for hand in self.hands for c in hand), *self.layout, *self.stock):
            if type(card) is not int or not 0 <= card < len(DECK):
                message = f"{card!r} is not a card: cards are the numbers 0 to 51"
                raise DealSetupError(SetupFault("not_a_card", card=card), message)
            if card in seen:
                message = f"card {format_card(card)} is dealt twice"
                raise DealSetupError(SetupFault("dealt_twice", card=card), message)
            seen.add(card)


History: TypeAlias = "tuple[Action, History] | None"


class DealState(NamedTuple):
    """A position within a deal. Immutable; every action makes a new one."""

    setup: DealSetup
    to_move: int
    """Seat whose turn it is (both actions of a turn belong to the same seat)."""
    phase: int
    """:data:`PLAY`, :data:`FLIP_PHASE` or :data:`OVER`."""
    hands: Hands
    table_mask: int
    """The face-up cards as a 52-bit set (bit ``c`` for card ``c``): rank r is nibble r."""
    stock_pos: int
    """How many stock cards have been turned over."""
    piles: tuple[int, ...]
    """Each seat's capture pile as a 52-bit set of cards."""
    triple: int
    """Rank of the layout triple still on the table, or -1."""
    history: "History"
    """The actions applied so far, newest first, as a linked list (O(1) to extend)."""

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order."""
        out: list[Action] = []
        node = self.history
        while node is not None:
            out.append(node[0])
            node = node[1]
        return tuple(reversed(out))

    @property
    def table(self) -> tuple[Card, ...]:
        """The face-up cards, by rank then suit."""
        return cards_of_mask(self.table_mask)

    @property
    def flip_card(self) -> Card | None:
        """The stock card being turned over, during the second action of a turn."""
        return self.setup.stock[self.stock_pos] if self.phase == FLIP_PHASE else None

    @property
    def stock_count(self) -> int:
        return len(self.setup.stock) - self.stock_pos

    def __str__(self) -> str:
        phase = ("to play", "to turn over the stock", "deal over")[self.phase]
        return (
            f"seat {self.to_move} {phase}; table [{format_cards(self.table)}]; "
            f"hand [{format_cards(self.hands[self.to_move])}]"
        )


def _card_set(cards: tuple[Card, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


_SPECIAL_FOURS: Final = {15 << 4 * r: r for r in SPECIAL_SET_RANKS}
"""The four cards of each special rank as a card set (rank r is nibble r), and the rank."""


def four_of_a_kind_rank(layout: tuple[Card, ...]) -> int:
    """Rank of a special four of a kind filling the layout, or -1."""
    return _SPECIAL_FOURS.get(_card_set(layout), -1) if len(layout) == 4 else -1


def _triple_in(table: int) -> int:
    for r in SPECIAL_SET_RANKS:
        if (table >> 4 * r & 15).bit_count() == 3:
            return r
    return -1


def triple_rank(layout: tuple[Card, ...]) -> int:
    """Rank of which the layout holds exactly three cards, if special; else -1."""
    return _triple_in(_card_set(layout))


def opening_table(layout: tuple[Card, ...]) -> tuple[int, int]:
    """The table (a card set) and layout-triple rank play starts with: a special four of a
    kind has gone to the dealer, leaving the table empty."""
    table = _card_set(layout)
    if len(layout) == 4 and table in _SPECIAL_FOURS:
        return 0, -1
    return table, _triple_in(table)


def start(setup: DealSetup, *, check: bool = True) -> DealState:
    """The first position of a deal: the dealer takes a special four of a kind at once."""
    if check:
        setup.check()
    table, triple = opening_table(setup.layout)
    seats = len(setup.hands)
    piles = [0] * seats
    if not table:
        piles[setup.dealer] = _card_set(setup.layout)
    first = setup.dealer + 1 if setup.dealer + 1 < seats else 0
    return DealState(setup, first, PLAY, setup.hands, table, 0, tuple(piles), triple, None)


def _option_table(base: Action) -> tuple[tuple[Action, ...], ...]:
    """For each set of suits (a 4-bit nibble) present among the capturable rank: the options,
    a capture of each suit present in suit order, or ``base`` alone (laid down) when none is.
    Each suit doubles the table: the sets with it are those without it, plus its capture."""
    m = MATCH_RANK[(base & 63) >> 2]
    table: list[tuple[Action, ...]] = [()]
    for s in range(4):
        capture = (base | (m * 4 + s + 1) << 6,)
        table += [options + capture for options in table]
    table[0] = (base,)
    return tuple(table)


_PLAY_OPTIONS: Final = tuple(_option_table(c) for c in DECK)
_FLIP_OPTIONS: Final = tuple(_option_table(c | FLIP) for c in DECK)
MATCH_SHIFT: Final = tuple(4 * MATCH_RANK[c >> 2] for c in DECK)
"""For each card, the shift that brings the table's nibble of the rank it captures to bit 0."""
RANK_MASK: Final = tuple(15 << 4 * r for r in range(13))
"""For each rank, its four cards as a card set."""
_TRIPLE_CODE: Final = TRIPLE << 6
_FLIP_TRIPLE: Final = FLIP | _TRIPLE_CODE


def card_options(card: Card, table_mask: int, triple: int, flip: bool) -> tuple[Action, ...]:
    """The actions of one card: its compulsory captures, or laying it on the table."""
    if card >> 2 == triple:
        return ((card | FLIP if flip else card) | _TRIPLE_CODE,)
    nibble = table_mask >> MATCH_SHIFT[card] & 15
    return (_FLIP_OPTIONS if flip else _PLAY_OPTIONS)[card][nibble]


def legal_actions(state: DealState) -> list[Action]:
    """Every legal action: hand order, then table order; empty once the deal is over.

    Capture is compulsory, so a card that can capture has no non-capturing action.
    """
    setup, seat, phase, hands, table, stock_pos, _, triple, _ = state
    if phase == PLAY:
        out: list[Action] = []
        if triple < 0:
            for card in hands[seat]:
                out += _PLAY_OPTIONS[card][table >> MATCH_SHIFT[card] & 15]
        else:
            for card in hands[seat]:
                out += card_options(card, table, triple, False)
        return out
    if phase == FLIP_PHASE:
        card = setup.stock[stock_pos]
        if card >> 2 == triple:
            return [card | _FLIP_TRIPLE]
        return [*_FLIP_OPTIONS[card][table >> MATCH_SHIFT[card] & 15]]
    return []


_new_state: Final = tuple.__new__
"""Builds a :class:`DealState` without the named tuple's Python-level ``__new__`` (hot path)."""


def advance(state: DealState, action: Action) -> DealState:
    """Apply an action from :func:`legal_actions` without checking it (the hot path).

    Two seats, the common game, replace a pile or a hand by naming both; more go by a list.
    """
    setup, seat, phase, hands, table, stock_pos, piles, triple, history = state
    card = action & 63
    code = action >> 6 & 63
    if code:
        if code == TRIPLE:
            taken = table & RANK_MASK[triple]
            triple = -1
        else:
            taken = 1 << code - 1
        table ^= taken
        taken |= 1 << card
        if len(piles) == 2:
            piles = (piles[0] | taken, piles[1]) if seat == 0 else (piles[0], piles[1] | taken)
        else:
            grown = [*piles]
            grown[seat] |= taken
            piles = tuple(grown)
    else:
        table |= 1 << card
    if action & FLIP:
        stock_pos += 1
        phase = OVER if stock_pos == len(setup.stock) else PLAY
        seat = seat + 1 if seat + 1 < len(hands) else 0
    else:
        hand = hands[seat]
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1 :]
        if len(hands) == 2:
            hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
        else:
            held = [*hands]
            held[seat] = hand
            hands = tuple(held)
        phase = FLIP_PHASE
    return _new_state(
        DealState, (setup, seat, phase, hands, table, stock_pos, piles, triple, (action, history))
    )


def apply_action(state: DealState, action: Action) -> DealState:
    """Apply ``action`` if it is legal; otherwise raise :class:`IllegalActionError`.

    The old state is left exactly as it was either way. A ``TypeError`` names an argument of
    the wrong type: ``action`` is an ``int`` (not a ``bool``, not text: see
    :func:`~chinese_ten.engine.actions.parse_action`).
    """
    if not isinstance(state, DealState):
        raise TypeError(f"apply_action: state must be a DealState, not {type(state).__name__}")
    if type(action) is not int:
        raise TypeError(
            f"apply_action: action must be an int such as legal_actions() gives, "
            f"not {type(action).__name__} {action!r}"
        )
    if action in legal_actions(state):
        return advance(state, action)
    why = illegality(state, action)
    raise IllegalActionError(action, why, f"{_describe(action)} is illegal: {english(why)}")


def _describe(action: Action) -> str:
    """The action in notation, or its number when it is no action at all (``2**70`` is not
    read as another action by its low bits)."""
    if not 0 <= action < 2 * FLIP:
        return f"action {action}"
    try:
        return format_action(action)
    except IndexError:
        return f"action {action}"


def illegality(state: DealState, action: Action) -> Illegality:
    """Why an action is not in :func:`legal_actions`, as data (a reason and the cards and
    seat it concerns); :func:`chinese_ten.text.engine_words.illegal_reason` words it for a
    person."""
    code = action >> 6 & 63
    seat = state.to_move
    if not 0 <= action < 2 * FLIP or action & 63 >= 52 or (code > 52 and code != TRIPLE):
        return Illegality("malformed", seat)
    if state.phase == OVER:
        return Illegality("deal_over", seat)
    card = action & 63
    flipping = bool(action & FLIP)
    if state.phase == PLAY and flipping:
        return Illegality("wrong_phase_play", seat, card)
    if state.phase == FLIP_PHASE and not flipping:
        return Illegality("wrong_phase_flip", seat, card)
    if flipping and card != state.flip_card:
        return Illegality("not_stock_card", seat, card, (state.setup.stock[state.stock_pos],))
    if not flipping and card not in state.hands[seat]:
        return Illegality("not_in_hand", seat, card)
    options = card_options(card, state.table_mask, state.triple, flipping)
    if options == (action & (FLIP | 63),):
        return Illegality("captures_nothing", seat, card)
    if state.triple == card >> 2:
        return Illegality("must_take_triple", seat, card)
    return Illegality("capture_compulsory", seat, card, tuple((a >> 6 & 63) - 1 for a in options))


def english(why: Illegality) -> str:
    """The reason an action is illegal in plain English, for developers (``str()`` of
    :class:`IllegalActionError`)."""
    card = "" if why.card is None else format_card(why.card)
    reasons: dict[str, str] = {
        "malformed": "it is not a well-formed action",
        "deal_over": "the deal is over",
        "wrong_phase_play": f"seat {why.seat} must play a card from the hand first",
        "wrong_phase_flip": f"seat {why.seat} has played and must now turn over the stock card",
        "not_stock_card": "the stock card turned over is "
        + ", ".join(format_card(c) for c in why.cards),
        "not_in_hand": f"{card} is not in the hand of seat {why.seat}",
        "captures_nothing": f"{card} can capture nothing on the table",
        "must_take_triple": f"{card} must take the layout triple",
        "capture_compulsory": f"capture is compulsory and {card} can only take "
        + ", ".join(format_card(c) for c in why.cards),
    }
    return reasons[why.reason]


def why_illegal(state: DealState, action: Action) -> str:
    """The reason an action is not in :func:`legal_actions`, in plain English (for
    developers: a person reads :func:`illegality` worded by
    :mod:`chinese_ten.text.engine_words`)."""
    return english(illegality(state, action))


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """How a finished deal scored: each seat's points, results (points - the table's
    :attr:`~chinese_ten.engine.variant.Variant.base`) and the winner."""

    points: tuple[int, ...]
    results: tuple[int, ...]
    winner: int | None
    """The seat with the most points, or ``None`` when the most are shared (the base each of 2)."""

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat with the most points: equal highest scores share the deal."""
        return highest(self.points)

    @classmethod
    def of_points(cls, points: tuple[int, ...]) -> "DealOutcome":
        """The outcome of a deal whose piles scored ``points`` (one per seat)."""
        base = VARIANTS[len(points)].base
        return cls(points, tuple([p - base for p in points]), sole(highest(points)))


def pile_points(state: DealState) -> tuple[int, ...]:
    """Points in each pile so far (red cards, and the black aces that score at this table)."""
    seats = len(state.piles)
    return tuple([seat_points(pile, seats) for pile in state.piles])


def outcome(state: DealState) -> DealOutcome | None:
    """The scored result once the deal is over, ``None`` before."""
    if state.phase != OVER:
        return None
    return DealOutcome.of_points(pile_points(state))


def card_places(state: DealState) -> list[tuple[Card, str]]:
    """Every card with its place (``hand0``, ``table``, ``stock``, ``pile1``...), for invariants.

    A correct state lists each of the 52 cards exactly once.
    """
    places: list[tuple[Card, str]] = []
    for seat in range(len(state.hands)):
        places += [(c, f"hand{seat}") for c in state.hands[seat]]
        places += [(c, f"pile{seat}") for c in DECK if state.piles[seat] >> c & 1]
    places += [(c, "table") for c in cards_of_mask(state.table_mask)]
    places += [(c, "stock") for c in state.setup.stock[state.stock_pos :]]
    return places
