"""``chinese-ten play``: its options and its run, and what ``series`` and ``host`` share with
it: the game their options choose, and the TUI started (imported only here)."""

import argparse
import os
import sys
from dataclasses import replace

from chinese_ten.cli.options import Commands, command, game_options, seat_levels
from chinese_ten.engine.errors import ChineseTenError, SaveError
from chinese_ten.engine.series import default_deals
from chinese_ten.game.options import (
    CJK_VARIABLE,
    TOUCH_VARIABLE,
    Display,
    GameOptions,
    Session,
)
from chinese_ten.game.table import Table
from chinese_ten.lang.i18n import _
from chinese_ten.text.names import visible

NAME = "play"


def add_parser(sub: Commands) -> None:
    game_options(command(sub, NAME, _("play deal after deal at one keyboard (the TUI)")))


def run(args: argparse.Namespace) -> int:
    return run_game(chosen_game(args, series=False, resume=args.resume))


def chosen_display(args: argparse.Namespace) -> Display:
    """How ``--ascii``, ``--four-color`` and ``--compact`` draw the game on this output."""
    return Display(
        ascii=args.ascii,
        symbols=not args.ascii and suit_symbols_supported(),
        four_color=args.four_color,
        compact=args.compact,
    )


def chosen_game(args: argparse.Namespace, *, series: bool, resume: bool) -> GameOptions:
    """The game the options of ``play``, ``series`` or ``host`` seat; a series without
    ``--deals`` is as long as its seats make it."""
    computer = seat_levels(args)
    names = None if args.players is None else args.players.names
    return GameOptions(
        table=Table(
            # None: the seat's default name, in the language (a computer's always)
            typed=(None,) * len(computer) if names is None else names,
            computer=computer,
            deals_planned=(args.deals or default_deals(len(computer))) if series else None,
            hints=not args.no_hints,
            open_scores=args.open_scores,
            think=args.think,
        ),
        names_given=names is not None,
        deals_by_seats=series and args.deals is None,
        display=chosen_display(args),
        session=Session(seed=args.seed, resume=resume),
    )


def suit_symbols_supported() -> bool:
    """Whether the output encoding can show ♠♥♦♣ and the frames' lines (else the cards use
    letters, and a screen is drawn in ASCII: :func:`shown_as_output_allows`)."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "♠♥♦♣╭─╮".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def shown_as_output_allows(options: GameOptions) -> GameOptions:
    """``options`` with an ASCII screen when the terminal's encoding cannot show the
    frames and suits (``PYTHONIOENCODING=ascii``, a ``C`` locale), as ``--ascii`` draws it:
    the screen chooses ASCII itself, as the commands' outputs do. A browser tab draws
    whatever the page can show, whatever this process's encoding."""
    if options.display.ascii or under_web_driver() or suit_symbols_supported():
        return options
    return replace(options, display=replace(options.display, ascii=True, symbols=False))


def under_web_driver() -> bool:
    """Whether a browser tab runs this game (``chinese-ten serve``): no terminal is needed."""
    return "web_driver" in os.environ.get("TEXTUAL_DRIVER", "")


def in_this_tab(options: GameOptions) -> GameOptions:
    """``options`` with the session's ``browser`` (a browser tab runs this game) and
    ``touch`` (that tab's page said it is on a touch screen: :data:`TOUCH_VARIABLE`) and
    ``cjk`` (false where that tab's page has no font for Chinese characters:
    :data:`CJK_VARIABLE`)."""
    browser = under_web_driver()
    touch = browser and os.environ.get(TOUCH_VARIABLE) == "1"
    cjk = not (browser and os.environ.get(CJK_VARIABLE) == "0")
    session = replace(options.session, browser=browser, touch=touch, cjk=cjk)
    return replace(options, session=session)


def run_game(options: GameOptions) -> int:
    if not (sys.stdin.isatty() and sys.stdout.isatty()) and not under_web_driver():
        print(_("chinese-ten: play and series need an interactive terminal"), file=sys.stderr)
        return 2
    from chinese_ten.tui.app import ChineseTenApp
    from chinese_ten.tui.signal_exit import SignalExit

    app = ChineseTenApp(in_this_tab(shown_as_output_allows(options)))
    with SignalExit(app.stop_for_signal) as signals:
        if under_web_driver():
            from chinese_ten.serve.games import end_with_server

            end_with_server()
        app.run()
    if app.game.unsaved is not None:  # said now, after the terminal is restored
        error = SaveError(_("the game was not saved: {reason}").format(reason=app.game.unsaved))
        if signals.code is None:
            raise error
        print(_("chinese-ten: {problem}").format(problem=visible(str(error))), file=sys.stderr)
    if signals.code is not None:
        return signals.code  # SIGTERM, SIGHUP or SIGINT: 128 + its number, after the save
    if app.return_code not in (None, 0):
        raise ChineseTenError(_("the game stopped with code {code}").format(code=app.return_code))
    return 0
