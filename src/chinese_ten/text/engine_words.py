"""The engine's errors in the reader's language: they carry data, and are worded here, at the edge.

:class:`~chinese_ten.engine.errors.IllegalActionError` says which action and why (a reason
code such as ``capture_compulsory``), :class:`~chinese_ten.engine.errors.DealSetupError` what
is wrong with a deal's cards; their ``str()`` is English for developers. Whatever shows an
error to a person (the command line, a record or a save being read) passes it through
:func:`said`. Cards are written in the records' notation (``8C``, ``TH``), as a record holds them.
"""

from chinese_ten.engine.actions import TRIPLE, Action, action_card, capture_code, is_flip
from chinese_ten.engine.cards import format_card
from chinese_ten.engine.errors import (
    DealSetupError,
    IllegalActionError,
    Illegality,
    NotationError,
    SetupFault,
)
from chinese_ten.engine.variant import FEWEST_SEATS, MOST_SEATS
from chinese_ten.lang.i18n import _, ngettext


def _cards(cards: tuple[int, ...]) -> str:
    return ", ".join(format_card(card) for card in cards)


def illegal_reason(why: Illegality) -> str:
    """Why an action is illegal, in the reader's language (``capture is compulsory and 8C can
    only take 2H``)."""
    card = "" if why.card is None else format_card(why.card)
    match why.reason:
        case "malformed":
            return _("it is not a well-formed action")
        case "deal_over":
            return _("the deal is over")
        case "wrong_phase_play":
            return _("seat {seat} must play a card from the hand first").format(seat=why.seat)
        case "wrong_phase_flip":
            return _("seat {seat} has played and must now turn over the stock card").format(
                seat=why.seat
            )
        case "not_stock_card":
            return _("the stock card turned over is {card}").format(card=_cards(why.cards))
        case "not_in_hand":
            return _("{card} is not in the hand of seat {seat}").format(card=card, seat=why.seat)
        case "captures_nothing":
            return _("{card} can capture nothing on the table").format(card=card)
        case "must_take_triple":
            return _("{card} must take the layout triple").format(card=card)
        case "capture_compulsory":
            return _("capture is compulsory and {card} can only take {cards}").format(
                card=card, cards=_cards(why.cards)
            )


def action_words(action: Action) -> str:
    """An action in the reader's language (``play 8C taking 2H``); ``action 4096000`` for a
    number that is no action."""
    code = capture_code(action)
    if not 0 <= action < 2 * (1 << 12) or action_card(action) >= 52 or (52 < code < TRIPLE):
        return _("action {number}").format(number=action)
    card = format_card(action_card(action))
    flip = is_flip(action)
    if code == TRIPLE:
        return (
            _("turn over {card} taking the layout triple")
            if flip
            else _("play {card} taking the layout triple")
        ).format(card=card)
    if code:
        target = format_card(code - 1)
        return (
            _("turn over {card} taking {target}") if flip else _("play {card} taking {target}")
        ).format(card=card, target=target)
    return (_("turn over {card}") if flip else _("play {card}")).format(card=card)


def setup_fault(fault: SetupFault) -> str:
    """What is wrong with a deal's cards, in the reader's language."""
    match fault.reason:
        case "seat_count":
            return _("a deal has {fewest} to {most} hands, not {count}").format(
                fewest=FEWEST_SEATS, most=MOST_SEATS, count=fault.count
            )
        case "dealer":
            return _("dealer {dealer} is not a seat: the seats are 0 to {last}").format(
                dealer=fault.card, last=fault.size - 1
            )
        case "size" if fault.part == "hand":
            return ngettext(
                "the hand of seat {seat} has {count} card; it must have {size}",
                "the hand of seat {seat} has {count} cards; it must have {size}",
                fault.count,
            ).format(seat=fault.seat, count=fault.count, size=fault.size)
        case "size" if fault.part == "layout":
            return ngettext(
                "the layout has {count} card; it must have {size}",
                "the layout has {count} cards; it must have {size}",
                fault.count,
            ).format(count=fault.count, size=fault.size)
        case "size":
            return ngettext(
                "the stock has {count} card; it must have {size}",
                "the stock has {count} cards; it must have {size}",
                fault.count,
            ).format(count=fault.count, size=fault.size)
        case "not_a_card":
            return _("{value} is not a card: cards are the numbers 0 to 51").format(
                value=repr(fault.card)
            )
        case "dealt_twice":
            card = fault.card if isinstance(fault.card, int) else 0
            return _("card {card} is dealt twice").format(card=format_card(card))


def said(error: Exception) -> str:
    """``error`` as a person reads it: an engine error worded from its data in the reader's
    language, any other as it is (chinese-ten's other errors are worded where raised)."""
    if isinstance(error, IllegalActionError):
        return _("{action} is illegal: {reason}").format(
            action=action_words(error.action), reason=illegal_reason(error.illegality)
        )
    if isinstance(error, DealSetupError):
        return setup_fault(error.fault)
    if isinstance(error, NotationError) and error.kind == "card":
        return _(
            "{text} is not a card: write a rank (A 2-9 T J Q K, or 10) then a suit (S H D C)"
        ).format(text=repr(error.text))
    return str(error)
