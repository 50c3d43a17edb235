"""Textual's command palette with its own words in the player's language.

Textual writes "No matches found" in English where a search finds nothing; this palette shows
the same line through the catalogs. Every palette the app opens is one of these (the ASCII
palette and the theme search included).
"""

from rich.align import Align
from rich.text import Text
from textual.command import CommandList, CommandPalette
from textual.widgets.option_list import Option

from chinese_ten.lang.i18n import _


class Palette(CommandPalette):
    """The command palette; "No matches found" in the language."""

    def _start_no_matches_countdown(self, search_value: str) -> None:
        # Textual 8's CommandPalette._start_no_matches_countdown, its line translated: after
        # a short wait, a search that found nothing says so (an empty search says nothing).
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if not search_value:
                self._list_visible = False
                return
            self.query_one(CommandList).add_option(
                Option(
                    Align.center(Text(_("No matches found"), style="not bold")),
                    disabled=True,
                    id=self._NO_MATCHES,
                )
            )
            self._list_visible = True

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)
