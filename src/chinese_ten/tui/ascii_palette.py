"""The command palette for ``--ascii``: no ``…`` placeholder, ASCII scrollbars
(app.tcss hides the search icon and blanks the palette's block borders)."""

from textual.command import CommandList

from chinese_ten.lang.i18n import _
from chinese_ten.tui.glyphs import ascii_scrollbars
from chinese_ten.tui.palette import Palette


class AsciiCommandPalette(Palette):
    def __init__(self) -> None:
        super().__init__(id="--command-palette", placeholder=_("Search for commands…"))

    def on_mount(self) -> None:
        ascii_scrollbars(self.query_one(CommandList))
