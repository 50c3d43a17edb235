"""One exception family for everything the engine and its edges reject.

The engine's own errors carry what went wrong as data (:class:`IllegalActionError`'s
``action`` and ``reason``, :class:`DealSetupError`'s ``fault``); their ``str()`` is a plain
English message for developers. A person reads them through
:func:`chinese_ten.text.engine_words.said`, in the reader's language.
"""

from dataclasses import dataclass
from typing import Literal, TypeAlias

IllegalReason: TypeAlias = Literal[
    "malformed",
    "deal_over",
    "wrong_phase_play",
    "wrong_phase_flip",
    "not_stock_card",
    "not_in_hand",
    "captures_nothing",
    "must_take_triple",
    "capture_compulsory",
]
"""Why an action is illegal: not an action at all; the deal is over; a flip when a card must be
played first; a card played when the stock card must be turned over; a flip of another card
than the stock's top; a card not in the mover's hand; a capture of a card it cannot take; the
fourth card of the layout triple not taking the triple; no capture (or the wrong one) when
capturing is compulsory."""

SetupReason: TypeAlias = Literal["seat_count", "dealer", "size", "not_a_card", "dealt_twice"]
"""Why a deal's cards are not a deal: 2, 3 or 4 hands; a dealer among the seats; the size of a
hand, the layout or the stock; a number that is no card; a card dealt twice."""
Part: TypeAlias = Literal["hand", "layout", "stock", ""]


@dataclass(frozen=True, slots=True)
class Illegality:
    """Why an action is illegal, as data (see :data:`IllegalReason`)."""

    reason: IllegalReason
    seat: int = 0
    """The seat to move."""
    card: int | None = None
    """The card the action plays or turns over (None when it is no action at all)."""
    cards: tuple[int, ...] = ()
    """``not_stock_card``: the card on top of the stock; ``capture_compulsory``: the cards
    the card can take."""


@dataclass(frozen=True, slots=True)
class SetupFault:
    """What is wrong with a deal's cards, as data (see :data:`SetupReason`)."""

    reason: SetupReason
    part: Part = ""
    """``size``: which part has the wrong number of cards."""
    seat: int = 0
    """``size`` of a hand: its seat."""
    count: int = 0
    """``seat_count``: the hands; ``dealer``: the dealer given; ``size``: the cards found."""
    size: int = 0
    """``size``: the cards the part must have; ``dealer``: the number of seats."""
    card: object = None
    """``not_a_card``: the value found; ``dealt_twice``: the card."""


class ChineseTenError(ValueError):
    """Root of every error chinese-ten raises on purpose."""


NotationKind: TypeAlias = Literal["card", "action"]


class NotationError(ChineseTenError):
    """Text that is not a card or an action in our notation: ``text`` as given and ``kind``,
    what it should have been; ``message`` is the English ``str()``."""

    def __init__(self, message: str, *, text: str = "", kind: NotationKind = "action") -> None:
        super().__init__(message)
        self.text = text
        self.kind: NotationKind = kind

    def __reduce__(self) -> tuple[type, tuple[str], dict[str, str]]:  # for worker processes
        return type(self), (str(self),), {"text": self.text, "kind": self.kind}


class IllegalActionError(ChineseTenError):
    """An action the rules do not allow in this position: ``action`` (an int, as
    :func:`~chinese_ten.engine.deal.legal_actions` gives) and why, ``illegality`` (its ``reason`` a
    code such as ``capture_compulsory``); ``message`` is the English ``str()``."""

    def __init__(self, action: int, illegality: Illegality, message: str) -> None:
        super().__init__(message)
        self.action = action
        self.illegality = illegality

    def __reduce__(self) -> tuple[type, tuple[int, Illegality, str]]:  # for worker processes
        return type(self), (self.action, self.illegality, str(self))

    @property
    def reason(self) -> IllegalReason:
        return self.illegality.reason


class RecordError(ChineseTenError):
    """A game record that cannot be read, or that does not replay legally."""


class DealSetupError(RecordError):
    """A deal's cards that are not a deal of one pack: ``fault`` says what, as data;
    ``message`` is the English ``str()``."""

    def __init__(self, fault: SetupFault, message: str) -> None:
        super().__init__(message)
        self.fault = fault

    def __reduce__(self) -> tuple[type, tuple[SetupFault, str]]:  # for worker processes
        return type(self), (self.fault, str(self))

    @property
    def reason(self) -> SetupReason:
        return self.fault.reason


class PlayerNameError(ChineseTenError):
    """A player name that breaks the one rule for names (see :mod:`chinese_ten.text.names`)."""


class WriteError(ChineseTenError):
    """A file or folder chinese-ten cannot write; the message names the path and what to do."""


class SaveError(WriteError):
    """The autosave cannot be held, written or archived; the message says where and what to do."""


class OutputError(ChineseTenError):
    """Standard output cannot be written (a full disk, an I/O error); the message says why."""


class OutputClosedError(OutputError):
    """Standard output's reader has gone (``| head``): nothing more to say, and nowhere."""
