"""The parser every command's options are read with, and the options several commands share
(the language, a game's table, the display, where a server listens)."""

import argparse
from typing import Final, NoReturn, TypeAlias

from chinese_ten.cli import arguments
from chinese_ten.engine.series import MAX_DEALS, default_deals
from chinese_ten.engine.variant import FEWEST_SEATS, MOST_SEATS
from chinese_ten.game.options import table_levels
from chinese_ten.lang import i18n
from chinese_ten.lang.i18n import _
from chinese_ten.text.names import visible


class Parser(argparse.ArgumentParser):
    """argparse, but an error is one line (usage is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        line = _("{prog}: error: {message} (see --help)").format(
            prog=self.prog, message=visible(message)
        )
        self.exit(2, line + "\n")


Commands: TypeAlias = "argparse._SubParsersAction[Parser]"
"""Where a command adds its parser: the top parser's (or ``history``'s) sub-parsers."""


def lang_option(parser: argparse.ArgumentParser, default: object) -> None:
    """``--lang`` on every parser, so it may come before or after the command; it was read
    already (see :func:`i18n.from_arguments`): here it is listed and checked."""
    parser.add_argument(
        "--lang",
        choices=i18n.LANGUAGES,
        default=default,
        help=_(
            "language of the messages: en, fr or pt "
            "(default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en)"
        ),
    )


def command(sub: Commands, name: str, summary: str) -> argparse.ArgumentParser:
    """A command's parser, its summary both its help in the list and its description."""
    parser = sub.add_parser(name, help=summary, description=summary)
    lang_option(parser, argparse.SUPPRESS)  # a value before the command is kept
    return parser


def display_flag(parser: argparse.ArgumentParser, flag: str) -> None:
    """``--ascii``, ``--four-color`` or ``--compact``: how the cards and the board are drawn."""
    words = {
        "--ascii": _("letters for suits, plain borders"),
        "--four-color": _("a colour for each suit"),
        "--compact": _("the compact board (for narrow windows and phones) at any size"),
    }
    parser.add_argument(flag, action="store_true", help=words[flag])


def think_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--think",
        type=arguments.seconds,
        metavar=_("SECONDS"),
        help=_("seconds the hard computer player may think per move (default: a fixed search)"),
    )


_DEALS_HELP: Final = {
    "most": MAX_DEALS,
    "default": default_deals(FEWEST_SEATS),
    "longer": default_deals(MOST_SEATS),
    "seats": MOST_SEATS,
}
"""The figures of ``--deals``'s help: the standard variants' default lengths."""


def series_deals_option(parser: argparse.ArgumentParser) -> None:
    """``--deals`` of ``series`` and ``simulate``: a series' length, else the variant's."""
    parser.add_argument(
        "--deals",
        type=arguments.deal_count,
        default=None,
        metavar="N",
        help=_(
            "deals per series, at most {most} (default {default}, or {longer} with {seats} players)"
        ).format(**_DEALS_HELP),
    )


def game_options(parser: argparse.ArgumentParser) -> None:
    """The options of a game played here: ``play``, ``series`` and ``host``."""
    parser.add_argument(
        "--players",
        type=arguments.players,
        metavar=_("NAMES"),
        help=_(
            'every seat\'s name, {fewest} to {most}, such as "Ana,Ben,Cy"; computer:LEVEL seats '
            'the computer, such as "Ana,computer:hard,Ben"'
        ).format(fewest=FEWEST_SEATS, most=MOST_SEATS),
    )
    parser.add_argument("--resume", action="store_true", help=_("continue the saved game"))
    table_options(parser)


def table_options(parser: argparse.ArgumentParser) -> None:
    """The options of a game's table: ``play`` and ``series``, and ``serve`` for every tab."""
    parser.add_argument(
        "--seed",
        type=arguments.whole_number,
        metavar="N",
        help=_("the same seed deals the same cards"),
    )
    display_flag(parser, "--ascii")
    display_flag(parser, "--four-color")
    parser.add_argument(
        "--open-scores", action="store_true", help=_("show red points during the deal")
    )
    display_flag(parser, "--compact")
    parser.add_argument(
        "--vs",
        type=arguments.levels,
        metavar=_("LEVELS"),
        help=_("play against the computer: a level for each computer, such as hard or easy,hard"),
    )
    parser.add_argument(
        "--seat",
        type=int,
        choices=tuple(range(1, MOST_SEATS + 1)),
        help=_("your seat against the computer: 1 (the default) to {most}").format(most=MOST_SEATS),
    )
    parser.add_argument("--no-hints", action="store_true", help=_("switch the hint key off"))
    think_option(parser)


def player_option(parser: argparse.ArgumentParser, words: str) -> None:
    """``--player NAME`` of ``history`` and ``stats``: ``words`` say what it keeps."""
    parser.add_argument("--player", type=arguments.player, metavar=_("NAME"), help=words)


def listen_options(parser: argparse.ArgumentParser, port: int) -> None:
    """``--host`` and ``--port``: where ``serve`` or ``host`` listens."""
    parser.add_argument(
        "--host",
        type=arguments.host,
        default="127.0.0.1",
        metavar=_("HOST"),
        help=_("address to listen on (default 127.0.0.1: this machine only)"),
    )
    parser.add_argument(
        "--port",
        type=arguments.port,
        default=port,
        metavar="N",
        help=_("port to listen on (default {port}; 0: any free port)").format(port=port),
    )


def seat_levels(args: argparse.Namespace) -> tuple[str | None, ...]:
    """Each seat's computer level from ``--vs``, ``--players`` and ``--seat``; a table that
    cannot be is one line and exit status 2, as argparse's own errors are."""
    seated: arguments.Seated | None = args.players
    try:
        if seated is not None and any(seated.levels):
            if args.vs is not None or args.seat is not None:
                raise ValueError(
                    _("--players seats the computers already: leave out --vs and --seat")
                )
            return seated.levels
        return table_levels(args.vs, None if seated is None else seated.names, args.seat)
    except ValueError as error:
        refuse(args, str(error))


def refuse(args: argparse.Namespace, problem: str) -> NoReturn:
    """A command line whose options cannot go together: one line and exit status 2."""
    Parser(prog=f"chinese-ten {args.command}").error(problem)
