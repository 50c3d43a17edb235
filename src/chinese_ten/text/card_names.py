"""Cards as a person reads them, in the reader's language: ``10♥``, ``R♥`` for the king of
hearts in French, and letters for the suits where symbols cannot be drawn. The records'
notation (``TH``, ``KH``) is the engine's (:mod:`chinese_ten.engine.cards`)."""

from typing import Final

from chinese_ten.engine.cards import SUIT_SYMBOLS, Card
from chinese_ten.lang.i18n import current

SHOWN_RANKS: Final = {
    "en": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"),
    "fr": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R"),
    "pt": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R"),
}
"""Rank letters on screen: French valet dame roi, Portuguese valete dama rei, and A (as, ás)."""

SHOWN_SUITS: Final = {"en": "SHDC", "fr": "PCKT", "pt": "ECOP"}
"""Suit letters where symbols cannot be drawn, in ``S H D C`` order: French pique coeur
carreau trefle, Portuguese espadas copas ouros paus."""


def display_card(card: Card, *, symbols: bool = True, language: str | None = None) -> str:
    """How a person reads the card, in ``language`` (default: the current one): ``10♥``,
    ``10H`` where symbols cannot be drawn; ``R♥`` and ``RC`` for the king of hearts in French.

    >>> from chinese_ten.engine.cards import parse_card
    >>> display_card(parse_card("QD"), language="fr"), display_card(parse_card("TS"), symbols=False)
    ('D♦', '10S')
    >>> display_card(parse_card("KC"), symbols=False, language="pt")
    'RP'
    """
    shown = language if language is not None and language in SHOWN_RANKS else current()
    suits = SUIT_SYMBOLS if symbols else SHOWN_SUITS[shown]
    return SHOWN_RANKS[shown][card >> 2] + suits[card & 3]
