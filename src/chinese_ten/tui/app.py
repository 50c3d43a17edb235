"""The Textual application: themes, global keys, the command palette and clean shutdown."""

import asyncio
from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, ClassVar, Literal

from textual import events, work
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.dom import NoScreen
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.theme import ThemeProvider
from textual.widgets import Input

from chinese_ten.game.options import GameOptions
from chinese_ten.lang import i18n
from chinese_ten.lang.folding import ascii_text
from chinese_ten.lang.i18n import N_, _, fold_with
from chinese_ten.store.saves import saves_present
from chinese_ten.text.names import visible
from chinese_ten.tui.frames import FramedApp, deciding
from chinese_ten.tui.glyphs import ascii_key, glyphs_for
from chinese_ten.tui.palette import Palette
from chinese_ten.tui.texts import key_shown, translate_bindings, translate_shown

if TYPE_CHECKING:  # the engine and the board load after the first frame (see on_mount)
    from chinese_ten.game.table import Table
    from chinese_ten.tui.screens.dialogs import QuitChoice
    from chinese_ten.tui.screens.game import GameScreen
    from chinese_ten.tui.screens.start import StartScreen  # loads with the first one made

LANGUAGE_COMMANDS = {
    "en": ("English", "Play in English"),
    "fr": ("Français", "Jouer en français"),
    "pt": ("Português", "Jogar em português"),
}
"""The palette's commands to change language, each in its own language (never translated)."""


class ChineseTenApp(FramedApp[None]):
    """Hosts the game screen; quitting asks first (q, Ctrl+Q or Ctrl+C), a signal saves and exits.

    The signal handlers themselves live in :mod:`chinese_ten.tui.signal_exit`, installed by the
    command around ``run``; they call :meth:`stop_for_signal`.
    """

    CSS_PATH = "app.tcss"
    # Under 40 x 20 (-narrow, -short) nothing fits; from there the compact board (-slim,
    # -low), from 80 x 24 the full one (see tui.widgets.too_small).
    HORIZONTAL_BREAKPOINTS = [  # noqa: RUF012 (Textual's own declaration)
        (0, "-narrow"),
        (40, "-slim"),
        (80, "-normal"),
        (120, "-wide"),
    ]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (20, "-low"), (24, "-tall")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "ctrl+q", "quit", N_("Quit"), priority=True, tooltip=N_("Quit (the game is saved)")
        ),
        Binding("q", "quit", N_("Quit"), show=False),
        # Replaces Textual's ctrl+c "help_quit" hint: Ctrl+C asks to quit like q. A focused
        # input with selected text still copies it (its own binding comes first).
        Binding("ctrl+c", "quit", N_("Quit"), show=False),
        Binding("f1,question_mark", "rules", N_("Rules"), tooltip=N_("The rules and the keys")),
        # Shown where there is room (see KeyBar); the start screen always shows it.
        Binding(
            "f2",
            "history",
            N_("History"),
            tooltip=N_("Games played, statistics, and a game to review"),
        ),
    ]

    def __init__(self, options: GameOptions, review: Screen[None] | None = None) -> None:
        """``review``: the app shows this screen alone (``chinese-ten review``), and ends
        when it is closed."""
        # Every text is translated where it is drawn, in the language chosen at start-up;
        # with --ascii every text is folded to ASCII on the way (names are not texts).
        fold_with(ascii_text if options.display.ascii else None)
        super().__init__()
        translate_bindings(self)
        self.title = _("Chinese Ten")
        self.options = options
        self.review = review
        self._game: GameScreen | None = None
        self._opening_state: Literal["waiting", "looking", "asking", "done"] = "waiting"
        """Whether an unfinished game was looked for (and the question about it answered)."""
        self._chosen: tuple[tuple[str | None, ...], tuple[str | None, ...] | None] | None = None
        """Names and levels the start screen gave before the look ended: played once no
        unfinished game is found."""
        self._playing = False
        """Whether the names were taken (or a game continued): the game screen is up."""
        self._start_made = False
        """Whether a start screen was made (names given on the command line: none ever is)."""
        self.set_class(options.display.ascii, "-ascii")  # app.tcss swaps borders for ASCII ones
        self.set_class(options.session.touch, "-touch")  # the .tcss files' tall controls
        self._typing = False
        """What the page was last told: a text field has the focus (see :meth:`_tell_typing`)."""
        self._loop_for_signals: asyncio.AbstractEventLoop | None = None
        self._keys_from = 0.0
        """Keys read before this moment (when the screen last changed) are dropped."""

    def get_key_display(self, binding: Binding) -> str:
        """Keys as the language names them (``Espace``, ``Échap``); by name (``enter``), not
        symbol (``⏎``), when the screen must stay ASCII."""
        if binding.key_display:
            return binding.key_display
        modifiers, key = binding.parse_key()
        ascii_name = ascii_key(key) if self.options.display.ascii else None
        return key_shown(modifiers, key, ascii_name)

    def action_command_palette(self) -> None:
        """Textual's palette, or in ASCII mode one drawn in ASCII."""
        if not self.options.display.ascii:
            if self.use_command_palette and not isinstance(self.screen, CommandPalette):
                self.push_screen(
                    Palette(id="--command-palette", placeholder=_("Search for commands…"))
                )
            return
        from chinese_ten.tui.ascii_palette import AsciiCommandPalette

        if self.use_command_palette and not isinstance(self.screen, AsciiCommandPalette):
            self.push_screen(AsciiCommandPalette())

    @property
    def game(self) -> "GameScreen":
        """The game screen, built on first use: importing the engine and the board is most of
        our start-up, and the start screen needs neither."""
        if self._game is None:
            from chinese_ten.tui.screens.game import GameScreen

            self._game = GameScreen(self.options)
        return self._game

    def search_themes(self) -> None:
        """Textual's list of themes, its search field in the language."""
        self.push_screen(Palette(providers=[ThemeProvider], placeholder=_("Search for themes…")))

    def get_default_screen(self) -> Screen[None]:
        """The start screen, when names are asked first: as the app's own screen it is in the
        first paint, where a screen pushed in on_mount waits for the paint after it."""
        if self._asks_names_first():
            holding = saves_present(self.options.session.save_dir)
            return self._styled_first(self._start_screen(holding=holding))
        return super().get_default_screen()

    def _styled_first(self, screen: Screen[None]) -> Screen[None]:
        """``screen``, the app's own (default) screen, with its CSS_PATH files read into the
        stylesheet before it is styled: Textual reads a screen's files when it is pushed, never
        the default screen's. Read here, they cost no reparse (a pushed screen's new files
        make Textual parse every source again), and a later push of such a screen finds them
        read."""
        for path in screen.css_path:
            self.stylesheet.read(path)
        return screen

    def _start_screen(
        self, *, holding: bool = False, table: "Table | None" = None
    ) -> "StartScreen":
        """The start screen, offering first the opponent and seat the command line asked for
        (or ``table``'s, the game just played, with its names)."""
        from chinese_ten.tui.screens.start import StartScreen

        self._start_made = True
        options = self.options
        return StartScreen(
            glyphs_for(options.display.ascii, cjk=options.session.cjk),
            holding=holding,
            computer=(table or options.table).computer,
            typed=table.typed if table is not None else (),
        )

    def _asks_names_first(self) -> bool:
        return self.review is None and not self.options.session.resume and self.options.shows_start

    def on_mount(self) -> None:
        """The first frame comes first: the start screen is drawn at once, and whether an
        unfinished game is saved is asked right after, over it (continue it, or a new one)."""
        self._loop_for_signals = asyncio.get_running_loop()
        # immediate: the moment of the change itself, not when the app gets round to it
        self.screen_change_signal.subscribe(self, self._screen_changed, immediate=True)
        if self.review is not None:
            self.push_screen(self.review, lambda _: self.exit())
        elif self.options.session.resume:
            self._resume()
        elif not self.options.shows_start:
            self._opening()

    def _screen_changed(self, screen: Screen[object]) -> None:
        self._keys_from = Message().time  # now, on the clock every event's ``time`` reads
        self.call_later(self._tell_typing)  # the focus is the new screen's
        if translate_shown(screen):  # Textual's own screens (the palette) bind in English
            screen.refresh_bindings()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The keys panel lists the keys of the focused widget and those around it: Textual's
        own widgets (a field, a scrolling log, a table) show theirs in the language too."""
        if translate_shown(event.widget):
            try:
                screen = event.widget.screen
            except NoScreen:  # removed meanwhile (a screen closed as soon as it opened)
                return
            screen.refresh_bindings()
        self._tell_typing()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self._tell_typing()

    def _tell_typing(self) -> None:
        """Tell a browser's page whether a text field has the focus (a meta packet
        ``{"type": "typing", "on": bool}``, see ``chinese_ten.serve``): only then may a tap
        raise a phone's keyboard."""
        from textual.drivers.web_driver import WebDriver

        driver = self._driver
        typing = isinstance(self.focused, Input)
        if isinstance(driver, WebDriver) and typing != self._typing:
            self._typing = typing
            driver.write_meta({"type": "typing", "on": typing})

    async def on_event(self, event: events.Event) -> None:
        """A key pressed before a screen that decides who sees the table came up was meant
        for the screen before: it is dropped, not acted on by this one (a key held down while
        the computer ends a deal must not skip its results; Enter pressed twice must not
        start two things). Elsewhere a key is taken however late it is handled: one pressed
        right after answering a dialog, handled once the dialog has closed, is for the screen
        beneath (F1 opens the rules), and one pressed as a dialog opens answers it."""
        if (
            isinstance(event, events.Key)
            and event.time < self._keys_from
            and not event.is_forwarded
            and deciding(self.screen)
        ):
            return
        await super().on_event(event)  # a key counts from when it was pressed (FramedApp)

    def on_ready(self) -> None:
        """Ask about an unfinished game once the start screen is on the terminal: the question
        loads the engine and the board, a tenth of a second the first frame should not wait.

        Textual holds repaints until mount is over and may drop the frame painted meanwhile,
        so a callback after refresh can run before anything is drawn. A layout asked for
        here is painted before the callbacks that follow it run."""
        if self._asks_names_first():
            self.screen.refresh(layout=True)
            self.call_after_refresh(self._opening)

    def _opening(self) -> None:
        """Look for an unfinished game, once (:meth:`_look`)."""
        if self._opening_state == "waiting":
            self._opening_state = "looking"
            self._look()

    @work(exclusive=True, group="opening")
    async def _look(self) -> None:
        """The opening: ask about an unfinished game if one is saved (continue it, or a new
        one, or leave with the save as it was); otherwise hold a fresh save, and play the
        names the start screen gave meanwhile."""
        from chinese_ten.tui.screens.game import tell

        saved, notices = self.game.flow.find_unfinished()
        tell(self, notices)
        if saved is None:
            self._opening_state = "done"
            # A finished series in the slot: its table is offered again, as after New game
            self._new_game(keep_typed=True, table=self.game.flow.finished_table())
            if self._chosen is not None:
                self._names_chosen(*self._chosen)
            return
        self._opening_state = "asking"
        from chinese_ten.tui.screens.dialogs import ContinueScreen  # only when one is saved

        choice = await self.push_screen_wait(
            ContinueScreen(saved, self.options.session.guard, browser=self.options.session.browser)
        )
        self._opening_state = "done"
        if choice == "continue":
            self._resume(asked=True)
        elif choice == "new":
            self._new_game(table=saved.table)  # its table offered again
        elif self.options.session.browser and self._asking_names():
            # Esc in a browser closes the question: the start screen, the save as it was;
            # Start asks again before a new game puts it away.
            self._opening_state = "waiting"
            self._chosen = None
            for screen in self._start_screens():
                screen.ready(keep_typed=False)
        else:
            self.exit()  # nothing played, nothing changed: the save stays as it was

    def on_unmount(self) -> None:
        if self._game is not None:
            self._game.flow.release()

    def _resume(self, *, asked: bool = False) -> None:
        """Continue the saved game; ``asked``: the continue question said how it differs
        from what the command line asks for (``--resume`` says it in a toast)."""
        from chinese_ten.tui.screens.game import tell

        self._opening_state = "done"  # continuing is the opening (--resume, or the answer)
        result = self.game.flow.resume(asked=asked)
        tell(self, result.notices)
        if not result.resumed:
            self._new_game()
        else:
            self._playing = True
            self.push_screen(self.game)

    def _new_game(self, *, keep_typed: bool = False, table: "Table | None" = None) -> None:
        """Put away what the slot held (kept in ``archive/``); then the names, unless the
        start screen already asks for them or they were given. ``keep_typed``: no question
        was asked, so letters typed while the start screen held its fields are a name.
        ``table``: the game just played (or saved, or the finished series the slot held),
        whose seats and names the start screen offers again (names given on the command
        line are played as given)."""
        from chinese_ten.tui.screens.game import tell

        tell(self, self.game.flow.hold_fresh_slot())
        if not self.options.shows_start:
            self._names_chosen(None)  # given, or the defaults against the computer
        elif not self._asking_names():
            self.push_screen(self._start_screen(table=table))
        else:
            for screen in self._start_screens():
                # letters typed while it looked are a new name: no table over them
                offer = table is not None and not (keep_typed and screen.held)
                if table is not None and offer:
                    screen.choose_table(table.typed, table.computer)
                screen.ready(keep_typed=keep_typed and not offer)

    def on_game_screen_new_table(self) -> None:
        """A new game after a series (the results screen's New game): the game screen goes,
        and the start screen offers the table just played, its length and options too."""
        from dataclasses import replace

        old = self.game
        table = old.flow.table
        old.flow.release()  # its slot, with the finished series, is the new game's to take
        self._game, self._playing = None, False
        self.uninstall_screen("handover")  # the new game's screen has its own
        asked = self.options.table
        self.options = replace(
            self.options,
            table=replace(
                asked,
                deals_planned=table.deals_planned,
                hints=table.hints,
                open_scores=table.open_scores,
            ),
        )
        self.pop_screen()
        self._new_game(table=table)

    def _asking_names(self) -> bool:
        """A start screen waits for the names. Once they are taken (or the game continued)
        the game goes over it: as the app's first screen it cannot be dismissed."""
        return not self._playing and bool(self._start_screens())

    def _start_screens(self) -> list["StartScreen"]:
        """The start screens on the stack (none before the first is made, so its module is
        imported only once one is)."""
        if not self._start_made:
            return []
        from chinese_ten.tui.screens.start import StartScreen

        return [screen for screen in self.screen_stack if isinstance(screen, StartScreen)]

    def on_start_screen_chosen(self, message: "StartScreen.Chosen") -> None:
        """The names, or leaving. Names given before an unfinished game was looked for wait
        for it: if one is saved the question comes first, and the names stay in their fields
        (answered "new game", Enter takes them). A second Enter finds them taken."""
        if message.names is None:
            self._leave()
            return
        if self._playing:
            return
        if self._opening_state == "done":
            self._names_chosen(message.names, message.computer)
        else:
            self._chosen = (message.names, message.computer)
            self._opening()

    def _names_chosen(
        self,
        names: tuple[str | None, ...] | None,
        computer: tuple[str | None, ...] | None = None,
    ) -> None:
        """Play: between ``names`` (None: as asked), with the computer in the seats
        ``computer`` gives (None: as asked)."""
        self._playing = True
        self.game.flow.start_series(names, computer)
        self.push_screen(self.game)

    def _leave(self) -> None:
        """End the program; the exit status says whether the game is lost."""
        self.exit(return_code=0 if self._game is None or self._game.unsaved is None else 1)

    def stop_for_signal(self) -> None:
        """Called inside a signal handler: the save and the exit wait for the event loop,
        where no action is half applied. Before mount there is nothing to save."""
        loop = self._loop_for_signals
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._signalled)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every toast, whoever asks for it: a path or an error quoted from outside shows its
        control characters as escapes instead of sending them to the terminal (line breaks
        stay: a toast may have several lines)."""
        super().notify(
            "\n".join(visible(line) for line in message.split("\n")),
            title=visible(title),
            severity=severity,
            timeout=timeout,
            markup=markup,
        )

    def _signalled(self) -> None:
        """The game is saved after every action; save once more, then leave the terminal tidy."""
        if self._game is not None:
            self._game.save_now()
        self.exit()

    async def action_quit(self) -> None:
        from chinese_ten.tui.screens.dialogs import QuitScreen

        if self.review is not None or self._opening_state == "asking":
            self.exit()  # nothing is played (a review; asked about a saved game): nothing to save
            return
        if isinstance(self.screen, QuitScreen):
            return
        self.game.save_now()
        flow = self.game.flow
        dealt = flow.state is not None or bool(flow.finished)
        over = dealt and flow.series.is_over
        self.push_screen(QuitScreen(self.game.unsaved, dealt=dealt, over=over), self._quit_answered)

    def _quit_answered(self, answer: "QuitChoice | None") -> None:
        if answer == "quit":
            self._leave()
        elif answer == "copy":
            self.game.save_copy()

    def action_rules(self) -> None:
        from chinese_ten.tui.screens.rules import RulesScreen  # Markdown loads on first use

        if not isinstance(self.screen, RulesScreen):
            seats = self._seats_now()
            self.push_screen(RulesScreen(ascii_only=self.options.display.ascii, seats=seats))

    def _seats_now(self) -> int:
        """How many play: as the start screen asks now, else at the game's table."""
        if self._asking_names():
            for screen in self._start_screens():
                return screen.seats
        return self.options.table.seats if self._game is None else self._game.flow.seats

    def action_history(self) -> None:
        from chinese_ten.tui.screens.history import HistoryScreen  # loads on first use

        if not isinstance(self.screen, HistoryScreen):
            self.push_screen(
                HistoryScreen(self.options.session.save_dir, ascii_only=self.options.display.ascii)
            )

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """Textual's commands (theme, quit, keys, screenshot) and the game's, all in the
        language. Textual's Maximize is left out: a maximized log would hide the board while
        the board's keys still play."""
        yield SystemCommand(_("Theme"), _("Change the current theme"), self.action_change_theme)
        yield SystemCommand(_("Quit"), _("Quit Chinese Ten (the game is saved)"), self.action_quit)
        if screen.query("HelpPanel"):
            yield SystemCommand(
                _("Keys"), _("Hide the keys and widget help panel"), self.action_hide_help_panel
            )
        else:
            yield SystemCommand(
                _("Keys"),
                _("Show help for the focused widget and a summary of available keys"),
                self.action_show_help_panel,
            )
        if screen.maximized is not None:  # never maximized by the game: see the docstring
            yield SystemCommand(
                _("Minimize"),
                _("Minimize the widget and restore to normal size"),
                screen.action_minimize,
            )
        yield SystemCommand(
            _("Screenshot"),
            _("Save an SVG 'screenshot' of the current screen"),
            lambda: self.set_timer(0.1, self.deliver_screenshot),
        )
        yield SystemCommand(
            _("Rules"), _("The rules of Chinese Ten and the keys"), self.action_rules
        )
        yield SystemCommand(
            _("History"), _("Games played, statistics, and a game to review"), self.action_history
        )
        game = self._game
        if game is None:  # no game yet (start screen) or none at all (review)
            return
        if game.flow.state is not None:
            yield SystemCommand(
                _("Export game record"), _("Write this game to a JSON file"), game.action_export
            )
        if game.check_action("hint", ()):
            yield SystemCommand(
                _("Hint"), _("The move the hard computer would make"), game.action_hint
            )
        if game.check_action("flip", ()):
            yield SystemCommand(
                _("Turn over the stock card"), _("The second action of the turn"), game.action_flip
            )
        if screen is game and game.is_mounted:
            fold = ascii_text if self.options.display.ascii else str  # not catalog texts: fold here
            for language, (name, help_text) in LANGUAGE_COMMANDS.items():
                if language != i18n.current():
                    switch = partial(self.switch_language, language)
                    yield SystemCommand(fold(name), fold(help_text), switch)

    def switch_language(self, language: str) -> None:
        """Speak ``language`` from now on (the game screen is drawn again; the other screens
        take it up the next time they are shown)."""
        i18n.choose(language)
        self.title = _("Chinese Ten")
        translate_bindings(self)
        self.game.retranslate()
