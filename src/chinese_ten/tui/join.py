"""The Textual application of ``chinese-ten join``: one seat of a table another machine holds."""

from typing import ClassVar

from textual.binding import Binding, BindingType

from chinese_ten.game.options import GameOptions
from chinese_ten.lang.i18n import N_, _
from chinese_ten.net.client import Connection
from chinese_ten.tui.frames import FramedApp
from chinese_ten.tui.screens.join import JoinScreen
from chinese_ten.tui.texts import translate_bindings


class JoinApp(FramedApp[None]):
    """Shows the join screen; quitting leaves the seat (the same link takes it up again)."""

    CSS_PATH = "app.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (40, "-slim"), (80, "-normal"), (120, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (20, "-low"), (24, "-tall")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "ctrl+q,q", "quit", N_("Quit"), tooltip=N_("Leave the table (the link brings you back)")
        ),
    ]

    def __init__(self, connection: Connection, options: GameOptions) -> None:
        super().__init__()
        translate_bindings(self)
        self.title = _("Chinese Ten")
        self.options = options
        self.join_screen = JoinScreen(connection, options)
        self.set_class(options.display.ascii, "-ascii")

    def on_mount(self) -> None:
        self.push_screen(self.join_screen)

    @property
    def ended(self) -> str | None:
        return self.join_screen.ended
