"""Every character the TUI draws beyond plain text, in a Unicode and an ASCII table.

``--ascii`` promises that every character on every screen is ASCII (player names aside), so
the screens take their boxes, separators and arrows from one :class:`Glyphs` chosen once,
and text that comes from elsewhere (the rules page) goes through :func:`ascii_text`.
"""

from dataclasses import dataclass, replace
from typing import ClassVar

from rich import box
from textual.scrollbar import ScrollBarRender
from textual.widget import Widget

from chinese_ten import CHINESE_NAME, PINYIN
from chinese_ten.lang.folding import ascii_text
from chinese_ten.lang.i18n import N_


@dataclass(frozen=True, slots=True)
class Glyphs:
    ascii: bool
    boxes: dict[str, str]
    """Card frames by mark: top-left, horizontal, top-right, vertical, bottom-left, bottom-right;
    or eight, each side its own: top-left, top, top-right, left, right, bottom-left, bottom,
    bottom-right. Each mark has its own shape (``target`` and ``choice``, never shown
    together, share one; ``last``: a card of the last turn, on the table since)."""
    back: str
    """The three-character pattern on a card back."""
    no_points: str
    """Drawn on a card that scores nothing, where a red card shows ``+10``."""
    sep: str
    """Between parts of one line: ``Deal 1 · totals``."""
    ellipsis: str
    arrows: str
    """The left and right keys, as the banners name them."""
    pack: str
    """One card of the pack on the cut screen."""
    pack_wide: str
    """One card of the pack on a touch screen: three cells, wide enough for a finger."""
    scissors: str
    chinese: str
    """The game's Chinese name, after its name in the language on the start screen."""
    table_box: box.Box
    big_suits: tuple[tuple[tuple[str, ...], ...], ...]
    """The suits drawn large in the middle of a larger card: drawings of two lines, then of
    three, each of the four suits (``S H D C``) in lines of six columns."""


UNICODE = Glyphs(
    ascii=False,
    boxes={
        "": "╭─╮│╰╯",
        "selected": "┏━┓┃┗┛",
        "target": "╔═╗║╚╝",
        "choice": "╔═╗║╚╝",
        "triple": "┌┄┐┆└┘",
        "turned": "▛▀▜▌▐▙▄▟",
        "last": "╒═╕│╘╛",
    },
    back="░░░",
    no_points="·",
    sep="·",
    ellipsis="…",
    arrows="←/→",
    pack="▌",
    pack_wide="▐█▌",
    scissors="✂",
    chinese=CHINESE_NAME,
    table_box=box.HEAVY_HEAD,
    big_suits=(
        # Half blocks: two square pixels a cell, six columns wide.
        ((" ▄██▄ ", "▀▀██▀▀"), ("██▄▄██", " ▀██▀ "), (" ▄██▄ ", " ▀██▀ "), ("▄▄██▄▄", " ▄██▄ ")),
        (
            (" ▄██▄ ", "██▀▀██", " ▄██▄ "),
            ("██▄▄██", "▀████▀", "  ▀▀  "),
            (" ▄██▄ ", "██████", " ▀██▀ "),
            ("  ██  ", "██████", " ▄██▄ "),
        ),
    ),
)

ASCII = Glyphs(
    ascii=True,
    boxes={
        "": "+-+|++",
        "selected": "#=####",
        "target": "+~+:++",
        "choice": "+~+:++",
        "triple": "+.+:++",
        "turned": "********",
        "last": "/-\\||\\-/",
    },
    back="###",
    no_points=".",
    sep="|",
    ellipsis="...",
    arrows="<-/->",  # as the footer shows the keys; the same in every language
    pack="|",
    pack_wide="[#]",
    scissors=">8",
    chinese=ascii_text(PINYIN),
    table_box=box.ASCII,
    big_suits=(
        (
            ("  /\\  ", " (__) "),
            (" (\\/) ", "  \\/  "),
            ("  /\\  ", "  \\/  "),
            ("  ()  ", " ()() "),
        ),
        (
            ("  /\\  ", " (  ) ", "  /\\  "),
            (" /\\/\\ ", " \\  / ", "  \\/  "),
            ("  /\\  ", " <  > ", "  \\/  "),
            ("  ()  ", " ()() ", "  /\\  "),
        ),
    ),
)


NO_CJK = replace(UNICODE, chinese=PINYIN)
"""Unicode where the screen has no font for Chinese characters (a browser tab's page says
so): the game's Chinese name in pinyin."""


def glyphs_for(ascii_only: bool, *, cjk: bool = True) -> Glyphs:
    """The glyphs of an ASCII screen or of a Unicode one (``cjk``: one that can draw Chinese
    characters)."""
    if ascii_only:
        return ASCII
    return UNICODE if cjk else NO_CJK


_KEY_NAMES = {
    # TRANSLATORS: the names of keys on a screen that must stay ASCII, where the arrows and
    # the Enter key are symbols otherwise (accents are taken off on the way).
    "up": N_("up"),
    "down": N_("down"),
    "left": "<-",  # short: the footers hold longer words in French and Portuguese
    "right": "->",
    "enter": N_("enter"),
    "backspace": N_("bksp"),
}


def ascii_key(key: str) -> str | None:
    """The ASCII name of a key whose usual display is a symbol (``⏎``), else ``None``: in
    English (``texts.key_shown`` says it in the language)."""
    return _KEY_NAMES.get(key)


class AsciiScrollBarRender(ScrollBarRender):
    """Scrollbar thumbs in whole cells: Textual draws their ends with block characters."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * 8


def ascii_scrollbars(widget: Widget) -> None:
    """Give ``widget`` (mounted) ASCII scrollbars, as Textual allows per widget."""
    widget.vertical_scrollbar.renderer = AsciiScrollBarRender  # type: ignore[misc]
    widget.horizontal_scrollbar.renderer = AsciiScrollBarRender  # type: ignore[misc]
