"""Actions as ints: a played or turned card and what it captures.

An action is an ``int`` laid out in bits (cheap to make, compare and hash on the hot path):

- bits 0-5: the card played from the hand, or the card turned over from the stock;
- bits 6-11: what it captures: 0 nothing, ``target + 1`` one table card, 63 the layout triple;
- bit 12: set for the turn-over (second) action of a turn.

>>> from chinese_ten.engine.cards import parse_card
>>> a = play_action(parse_card("8C"), parse_card("2H"))
>>> format_action(a)
'play 8C taking 2H'
>>> parse_action("flip 4D taking 6C") == flip_action(parse_card("4D"), parse_card("6C"))
True
"""

from typing import Final, TypeAlias

from chinese_ten.engine.cards import Card, format_card, parse_card, rank
from chinese_ten.engine.errors import NotationError

Action: TypeAlias = int

FLIP: Final = 1 << 12
TRIPLE: Final = 63
"""Capture code of the layout triple: the fourth card takes all three."""


def play_action(card: Card, target: Card | None = None) -> Action:
    """Play ``card`` from the hand, taking ``target`` (or nothing)."""
    return card | (0 if target is None else target + 1) << 6


def flip_action(card: Card, target: Card | None = None) -> Action:
    """Turn over ``card`` from the stock, taking ``target`` (or nothing)."""
    return FLIP | play_action(card, target)


def is_flip(action: Action) -> bool:
    return bool(action & FLIP)


def action_card(action: Action) -> Card:
    return action & 63


def capture_code(action: Action) -> int:
    """0 for no capture, ``target + 1`` for one card, :data:`TRIPLE` for the layout triple."""
    return action >> 6 & 63


def action_target(action: Action) -> Card | None:
    """The single table card the action takes, if it takes exactly one."""
    code = capture_code(action)
    return None if code in (0, TRIPLE) else code - 1


def takes(action: Action, card: Card, triple: int) -> bool:
    """Whether ``action`` takes table card ``card``; ``triple`` is the rank of the layout
    triple (-1 when there is none), whose cards the fourth of the rank takes together.

    >>> takes(play_action(parse_card("8C"), parse_card("2H")), parse_card("2H"), -1)
    True
    """
    code = capture_code(action)
    return code == card + 1 or (code == TRIPLE and rank(card) == triple)


def format_action(action: Action) -> str:
    """Readable text for logs and error messages; :func:`parse_action` reads it back."""
    verb = "flip" if is_flip(action) else "play"
    code = capture_code(action)
    text = f"{verb} {format_card(action_card(action))}"
    if code == TRIPLE:
        return text + " taking the layout triple"
    if code:
        return text + f" taking {format_card(code - 1)}"
    return text


def parse_action(text: str) -> Action:
    """Read ``play 8C``, ``play 8C taking 2H``, ``flip KD taking the layout triple``."""
    words = text.split()
    if len(words) < 2 or words[0].lower() not in ("play", "flip"):
        raise NotationError(
            f"{text!r} is not an action: write 'play CARD' or 'flip CARD'", text=text
        )
    make = flip_action if words[0].lower() == "flip" else play_action
    card = parse_card(words[1])
    rest = [w.lower() for w in words[2:]]
    if not rest:
        return make(card)
    if rest == ["taking", "the", "layout", "triple"]:
        return make(card) | TRIPLE << 6
    if len(rest) == 2 and rest[0] == "taking":
        return make(card, parse_card(rest[1]))
    raise NotationError(
        f"{text!r} is not an action: expected 'taking CARD' after the card", text=text
    )
