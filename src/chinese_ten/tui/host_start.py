"""The start screen of ``chinese-ten host``: who sits at the table to host, chosen as ``play``
chooses it; the choice is the app's outcome instead of a game here."""

from textual.screen import Screen

from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.start import StartScreen

Seating = tuple[tuple[str | None, ...], tuple[str | None, ...]]
"""The names (None: the seat's default) and each seat's computer level (None: a person)."""


class HostStartApp(ChineseTenApp):
    """``play``'s start screen alone; :attr:`chosen` is the table once it is taken, None when
    the person leaves."""

    chosen: Seating | None = None

    def get_default_screen(self) -> Screen[None]:
        # a host's table is never a saved game of ``play``
        return self._styled_first(self._start_screen())

    def on_start_screen_chosen(self, message: StartScreen.Chosen) -> None:
        message.prevent_default()  # not ChineseTenApp's handler: no game is played here
        if message.names is not None:
            self.chosen = (message.names, message.computer)
        self.exit()

    async def action_quit(self) -> None:
        """Nothing is played here, so nothing to save: quitting leaves at once."""
        self.exit()
