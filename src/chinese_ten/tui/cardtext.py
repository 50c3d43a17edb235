"""How cards and events look as Rich text: the one place that picks glyphs and colours."""

from rich.text import Text

from chinese_ten.cards import Card, display_card, is_red, red_points
from chinese_ten.view import Event
from chinese_ten.wording import says

FOUR_COLORS = ("bold", "bold #ff0000", "bold #2f78f8", "bold #009300")
"""Spades, hearts, diamonds, clubs. Spades take the text colour; the others are exact colours
(Textual's dark palette draws ANSI blue as purple) of middle lightness, so that each has a
contrast of at least 3:1 on the background of every built-in theme, dark or light."""


def card_style(card: Card, *, four_color: bool) -> str:
    """Red cards are bold red (bold is the cue beyond colour); four-colour gives each suit one."""
    if four_color:
        return FOUR_COLORS[card & 3]
    return "bold red" if is_red(card) else ""


def card_name(card: Card, *, symbols: bool, four_color: bool = False) -> Text:
    return Text(display_card(card, symbols=symbols), style=card_style(card, four_color=four_color))


def card_face(card: Card, *, symbols: bool, four_color: bool, no_points: str) -> Text:
    """Two lines for inside a card box: rank and suit, then the red points (``+10``),
    or ``no_points`` for a card that scores nothing."""
    points = red_points(card)
    face = Text(
        display_card(card, symbols=symbols).ljust(3), style=card_style(card, four_color=four_color)
    )
    face.append("\n")
    face.append(
        f"+{points}".rjust(3) if points else no_points.rjust(3), style="bold" if points else "dim"
    )
    return face


def card_list(cards: tuple[Card, ...] | list[Card], *, symbols: bool, four_color: bool) -> Text:
    text = Text()
    for k, card in enumerate(cards):
        if k:
            text.append(" ")
        text.append_text(card_name(card, symbols=symbols, four_color=four_color))
    return text


def describe_event(
    event: Event, names: tuple[str, str], *, symbols: bool, four_color: bool
) -> Text:
    """One line of the public log: ``Ana played 8♣ and took 2♥``."""

    def name(card: Card) -> Text:
        return card_name(card, symbols=symbols, four_color=four_color)

    who = names[event.seat]
    if event.kind == "four":
        text = Text(f"{says(who, 'takes')} the layout four of a kind as dealer: ")
        text.append_text(card_list(event.captured, symbols=symbols, four_color=four_color))
        return text
    assert event.card is not None
    verb = "played" if event.kind == "play" else "turned over"
    text = Text(f"{who} {verb} ")
    text.append_text(name(event.card))
    if not event.captured:
        text.append(" (no capture)", style="dim")
    elif len(event.captured) == 3:
        text.append(" and took the layout triple ")
        text.append_text(card_list(event.captured, symbols=symbols, four_color=four_color))
    else:
        text.append(" and took ")
        text.append_text(name(event.captured[0]))
    return text
