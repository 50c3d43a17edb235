"""The rules (docs/rules.md) and the key reference."""

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, MarkdownViewer

from chinese_ten.rules_text import rules_markdown

KEYS = """
## Keys

| key | what it does |
| --- | --- |
| ← → or h l | choose a card in your hand, or a card to take |
| 1-9, 0, -, = | choose hand card 1 to 12 directly |
| Enter or a click | play the chosen card; take the chosen table card |
| Space or a click on the stock | turn over the top stock card |
| Esc | back to choosing a card |
| e | export the game record to a file |
| Ctrl+P | command palette (rules, export, theme, quit) |
| F1 or ? | this page |
| q or Ctrl+Q | quit (the game is saved; `--resume` continues it) |
"""


class RulesScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1,question_mark", "close", "Back to the game"),
    ]

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(rules_markdown() + KEYS, show_table_of_contents=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).document.focus()  # arrows and PgUp/PgDn scroll at once

    def action_close(self) -> None:
        self.dismiss(None)
