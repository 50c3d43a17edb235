"""The Textual application: themes, global keys, the command palette and clean shutdown."""

import asyncio
import contextlib
import signal
from collections.abc import Iterable
from typing import ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from chinese_ten.tui.screens.dialogs import QuitChoice, QuitScreen
from chinese_ten.tui.screens.game import GameScreen
from chinese_ten.tui_options import GameOptions


class ChineseTenApp(App[None]):
    """Hosts the game screen; quitting asks first, and signals exit cleanly (the game is saved)."""

    CSS_PATH = "app.tcss"
    TITLE = "Chinese Ten"
    HORIZONTAL_BREAKPOINTS = [  # noqa: RUF012 (Textual's own declaration)
        (0, "-narrow"),
        (80, "-normal"),
        (120, "-wide"),
    ]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (24, "-tall")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True, tooltip="Quit (the game is saved)"),
        Binding("q", "quit", "Quit", show=False),
        Binding("f1,question_mark", "rules", "Rules", tooltip="The rules and the keys"),
    ]

    def __init__(self, options: GameOptions) -> None:
        super().__init__()
        self.options = options
        self.game = GameScreen(options)

    def on_mount(self) -> None:
        self.push_screen(self.game)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGHUP):
            with contextlib.suppress(NotImplementedError, RuntimeError):  # not on every platform
                loop.add_signal_handler(sig, self._signalled)

    def _signalled(self) -> None:
        """SIGTERM or SIGHUP: the game is saved after every action; leave the terminal tidy."""
        self.game.save_now()
        self.exit()

    async def action_quit(self) -> None:
        if isinstance(self.screen, QuitScreen):
            return
        self.game.save_now()
        self.push_screen(QuitScreen(self.game.unsaved), self._quit_answered)

    def _quit_answered(self, answer: QuitChoice | None) -> None:
        if answer == "quit":
            self.game.leave()
        elif answer == "copy":
            self.game.save_copy()

    def action_rules(self) -> None:
        from chinese_ten.tui.screens.rules import RulesScreen  # Markdown loads on first use

        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen())

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Rules", "The rules of Chinese Ten and the keys", self.action_rules)
        game = self.game
        if game.state is not None:
            yield SystemCommand(
                "Export game record", "Write this game to a JSON file", game.action_export
            )
        if game.check_action("hint", ()):
            yield SystemCommand("Hint", "The move the hard computer would make", game.action_hint)
        if game.check_action("flip", ()):
            yield SystemCommand(
                "Turn over the stock card", "The second action of the turn", game.action_flip
            )
