"""How cards and events look as Rich text: the one place that picks glyphs and colours."""

from rich.style import Style
from rich.text import Text

from chinese_ten.engine.cards import Card, is_red
from chinese_ten.engine.variant import card_points
from chinese_ten.engine.view import Event
from chinese_ten.lang.i18n import _
from chinese_ten.text.card_names import display_card
from chinese_ten.tui.texts import styled

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


def card_face(
    card: Card,
    *,
    symbols: bool,
    four_color: bool,
    no_points: str,
    red: Style | str = "bold red",
    seats: int = 2,
    size: tuple[int, int] = (3, 2),
    big_suits: tuple[tuple[tuple[str, ...], ...], ...] = (),
) -> Text:
    """The inside of a card box, ``size`` columns by lines. Two lines (the small card): rank
    and suit, then the points it scores at a table of ``seats`` (``+10``; the ace of spades
    ``+30`` from three players), or ``no_points`` for a card that scores nothing. Taller:
    rank and suit in the corner, the suit large in the middle (``big_suits``, a drawing a
    suit, by height then in ``S H D C`` order: the tallest that fits; else its symbol), the
    points at the foot.
    ``red``: the style of a red card in two colours (the board gives an exact colour legible
    on its theme)."""
    columns, lines = size
    points = card_points(card, seats)
    style = red if is_red(card) and not four_color else card_style(card, four_color=four_color)
    shown = display_card(card, symbols=symbols)
    worth = Text(
        f"+{points}".rjust(columns) if points else no_points.rjust(columns),
        style="bold" if points else "dim",
    )
    if lines <= 2:
        face = Text(shown.ljust(columns), style=style)
        face.append("\n")
        return face.append_text(worth)
    middle = lines - 2
    fitting = [
        drawings[card & 3]
        for drawings in big_suits
        if len(drawings[card & 3]) <= middle and max(map(len, drawings[card & 3])) <= columns
    ]
    art = max(fitting, key=len) if fitting else (shown[-1],)
    top = 1 + (middle - len(art)) // 2
    face = Text(shown.ljust(columns), style=style)
    for row in range(1, lines - 1):
        face.append("\n")
        if top <= row < top + len(art):
            drawn = art[row - top]
            left = (columns - len(drawn)) // 2
            face.append(" " * left)
            face.append(drawn, style=style)
            face.append(" " * (columns - left - len(drawn)))
        else:
            face.append(" " * columns)
    face.append("\n")
    return face.append_text(worth)


def card_list(cards: tuple[Card, ...] | list[Card], *, symbols: bool, four_color: bool) -> Text:
    text = Text()
    for k, card in enumerate(cards):
        if k:
            text.append(" ")
        text.append_text(card_name(card, symbols=symbols, four_color=four_color))
    return text


def describe_event(
    event: Event,
    names: tuple[str, ...],
    *,
    symbols: bool,
    four_color: bool,
    you: int | None = None,
) -> Text:
    """One line of the public log: ``Ana played 8♣ and took 2♥``; the player in seat ``you``
    (against the computer) reads ``You played 8♣ and took 2♥``."""
    by_you = event.seat == you
    parts: dict[str, str | Text] = {"name": names[event.seat]}
    if event.kind == "four":
        parts["cards"] = card_list(event.captured, symbols=symbols, four_color=four_color)
        return styled(
            _("You take the layout four of a kind as dealer: {cards}")
            if by_you
            else _("{name} takes the layout four of a kind as dealer: {cards}"),
            **parts,
        )
    assert event.card is not None
    parts["card"] = card_name(event.card, symbols=symbols, four_color=four_color)
    played = event.kind == "play"
    if not event.captured:
        template = (
            (
                _("You played {card} (no capture)")
                if by_you
                else _("{name} played {card} (no capture)")
            )
            if played
            else (
                _("You turned over {card} (no capture)")
                if by_you
                else _("{name} turned over {card} (no capture)")
            )
        )
    elif len(event.captured) == 3:
        parts["cards"] = card_list(event.captured, symbols=symbols, four_color=four_color)
        template = (
            (
                _("You played {card} and took the layout triple {cards}")
                if by_you
                else _("{name} played {card} and took the layout triple {cards}")
            )
            if played
            else (
                _("You turned over {card} and took the layout triple {cards}")
                if by_you
                else _("{name} turned over {card} and took the layout triple {cards}")
            )
        )
    else:
        parts["target"] = card_name(event.captured[0], symbols=symbols, four_color=four_color)
        template = (
            (
                _("You played {card} and took {target}")
                if by_you
                else _("{name} played {card} and took {target}")
            )
            if played
            else (
                _("You turned over {card} and took {target}")
                if by_you
                else _("{name} turned over {card} and took {target}")
            )
        )
    return styled(template, **parts)
