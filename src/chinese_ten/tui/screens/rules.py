"""The rules (docs/rules.md) and the key reference."""

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown

from chinese_ten.lang.folding import ascii_text
from chinese_ten.lang.i18n import N_, _
from chinese_ten.text.rules import more_seats_section, rules_markdown
from chinese_ten.tui.glyphs import ascii_scrollbars
from chinese_ten.tui.texts import translate_bindings
from chinese_ten.tui.widgets.keybar import KeyBar

KEYS = N_("""
## Keys

| key | what it does |
| --- | --- |
| ← → or h l | choose a card in your hand, or a card to take |
| 1-9, 0, -, = | choose hand card 1 to 12 directly |
| Enter or a click | play the chosen card; take the chosen table card |
| Space or a click on the stock | turn over the top stock card |
| Esc | back to choosing a card |
| t | hint: the move the hard computer player would make |
| e | export the game record to a file |
| Ctrl+P | command palette (rules, export, hint, theme, quit) |
| F1 or ? | this page (on the start screen: F1) |
| q or Ctrl+Q | quit (the game is saved; `--resume` continues it) |
""")
"""The key reference under the rules page (translated where it is shown)."""
MORE_KEYS = N_("""| F2 | history: the games played, statistics, a game to review |
""")
"""Rows added to the key table (a message of their own, so that the table's translation
holds while theirs is missing)."""


class AsciiMarkdown(Markdown):
    """Markdown whose list bullets are ASCII (Textual's are ``•``, ``▪`` ...)."""

    BULLETS = ["* ", "- ", "+ ", "* ", "- "]  # noqa: RUF012 (Textual's own declaration)


class RulesScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1,question_mark", "close", N_("Back")),  # to the game, or to the start
    ]

    DEFAULT_CSS = """
    RulesScreen > #rules { height: 1fr; background: $surface; scrollbar-gutter: stable; }
    """

    def __init__(self, *, ascii_only: bool, seats: int = 2) -> None:
        """``seats``: how many play; with three or four the page opens on their section
        (the page begins with the game for two)."""
        super().__init__()
        translate_bindings(self)
        self._ascii = ascii_only
        self._seats = seats

    def compose(self) -> ComposeResult:
        text = rules_markdown() + _(KEYS) + _(MORE_KEYS)
        with VerticalScroll(id="rules"):
            if self._ascii:
                yield AsciiMarkdown(ascii_text(text))
            else:
                yield Markdown(text)
        yield KeyBar()  # the board's key bar, as on every screen of a game

    def on_mount(self) -> None:
        scroll = self.query_one("#rules", VerticalScroll)
        scroll.focus()  # arrows and PgUp/PgDn scroll at once
        if self._ascii:
            ascii_scrollbars(scroll)

    def on_markdown_table_of_contents_updated(self, event: Markdown.TableOfContentsUpdated) -> None:
        """The page is mounted whole: with three or four players, show their section."""
        section = more_seats_section() if self._seats > 2 else None
        headings = [block for level, _label, block in event.table_of_contents if level == 2]
        if section is None or section >= len(headings) or headings[section] is None:
            return
        heading = self.query_one(f"#{headings[section]}")
        self.call_after_refresh(heading.scroll_visible, top=True, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
