"""The rules (docs/rules.md) and the key reference."""

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown

from chinese_ten.lang.folding import ascii_text
from chinese_ten.lang.i18n import N_, _
from chinese_ten.text.rules import rules_markdown
from chinese_ten.tui.glyphs import ascii_scrollbars
from chinese_ten.tui.texts import translate_bindings

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

    def __init__(self, *, ascii_only: bool) -> None:
        super().__init__()
        translate_bindings(self)
        self._ascii = ascii_only

    def compose(self) -> ComposeResult:
        text = rules_markdown() + _(KEYS)
        with VerticalScroll(id="rules"):
            if self._ascii:
                yield AsciiMarkdown(ascii_text(text))
            else:
                yield Markdown(text)
        yield Footer()

    def on_mount(self) -> None:
        scroll = self.query_one("#rules", VerticalScroll)
        scroll.focus()  # arrows and PgUp/PgDn scroll at once
        if self._ascii:
            ascii_scrollbars(scroll)

    def action_close(self) -> None:
        self.dismiss(None)
