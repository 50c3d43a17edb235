"""The ``chinese-ten`` command: play, series, replay, simulate, rules.

Arguments are checked here, at the edge: a bad one gets one line on stderr and exit code 2,
a bad file exit code 1, never a traceback. The headless commands never import Textual. The
language is chosen first (``--lang``, else the environment), since the parser's help is in it.
"""

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from chinese_ten import __version__, i18n
from chinese_ten.errors import ChineseTenError, PlayerNameError
from chinese_ten.i18n import _
from chinese_ten.names import check_names, visible
from chinese_ten.players import LEVELS, PLAYER_NAMES
from chinese_ten.series import DEFAULT_DEALS, MAX_DEALS
from chinese_ten.tui_options import GameOptions
from chinese_ten.wording import names_against_computer


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one line (usage is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        line = _("{prog}: error: {message} (see --help)").format(
            prog=self.prog, message=visible(message)
        )
        self.exit(2, line + "\n")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a whole number").format(text=repr(text))
        ) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("{value} must be at least 1").format(value=value))
    return value


def _deal_count(text: str) -> int:
    """A series length: 1 to MAX_DEALS, the most a record can plan."""
    value = _positive(text)
    if value > MAX_DEALS:
        raise argparse.ArgumentTypeError(
            _("{value} is more than {most} deals").format(value=value, most=MAX_DEALS)
        )
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a whole number").format(text=repr(text))
        ) from None


def _bot_pair(text: str) -> tuple[str, str]:
    names = [n.strip().lower() for n in text.split(",")]
    if len(names) != 2:
        raise argparse.ArgumentTypeError(
            _("{text} must name two players, such as greedy,random").format(text=repr(text))
        )
    for name in names:
        if name not in PLAYER_NAMES and name not in LEVELS:
            known = ", ".join((*PLAYER_NAMES, *LEVELS))
            raise argparse.ArgumentTypeError(
                _("unknown player {name}: choose from {known}").format(name=repr(name), known=known)
            )
    return names[0], names[1]


def _names(text: str) -> tuple[str, str]:
    names = text.split(",")
    if len(names) != 2:
        raise argparse.ArgumentTypeError(
            _("{text} must be two names separated by a comma, such as Ana,Ben").format(
                text=repr(text)
            )
        )
    try:
        return check_names(names)
    except PlayerNameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players", type=_names, metavar=_("NAMES"), help=_('the two names, such as "Ana,Ben"')
    )
    parser.add_argument(
        "--seed", type=_seed, metavar="N", help=_("the same seed deals the same cards")
    )
    parser.add_argument("--resume", action="store_true", help=_("continue the saved game"))
    parser.add_argument("--ascii", action="store_true", help=_("letters for suits, plain borders"))
    parser.add_argument("--four-color", action="store_true", help=_("a colour for each suit"))
    parser.add_argument(
        "--open-scores", action="store_true", help=_("show red points during the deal")
    )
    parser.add_argument(
        "--vs", choices=tuple(LEVELS), help=_("play against the computer at this level")
    )
    parser.add_argument(
        "--seat",
        type=int,
        choices=(1, 2),
        default=1,
        help=_("your seat against the computer: 1 (first name) or 2"),
    )
    parser.add_argument("--no-hints", action="store_true", help=_("switch the hint key off"))
    _think_option(parser)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a number of seconds").format(text=repr(text))
        ) from None
    if not 0.01 <= value <= 60:
        raise argparse.ArgumentTypeError(
            _("{value} must be between 0.01 and 60 seconds").format(value=value)
        )
    return value


def _think_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--think",
        type=_seconds,
        metavar=_("SECONDS"),
        help=_("seconds the hard computer player may think per move (default: a fixed search)"),
    )


def _lang_option(parser: argparse.ArgumentParser, default: object) -> None:
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


def _command(
    sub: "argparse._SubParsersAction[_Parser]", name: str, summary: str
) -> argparse.ArgumentParser:
    parser = sub.add_parser(name, help=summary, description=summary)
    _lang_option(parser, argparse.SUPPRESS)  # a value before the command is kept
    return parser


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="chinese-ten",
        description=_("Chinese Ten (Jiǎn Hóng Diǎn), the two-player red-point capture game."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"chinese-ten {__version__}",
        help=_("show the version and exit"),
    )
    _lang_option(parser, None)
    sub = parser.add_subparsers(
        dest="command", metavar=_("COMMAND"), parser_class=_Parser, title=_("commands")
    )
    sub.required = True

    replay = _command(sub, "replay", _("check a game record and print its scores"))
    replay.add_argument("file", type=Path, metavar=_("FILE"), help=_("a game record (JSON)"))
    replay.add_argument("--json", action="store_true", help=_("print the result as JSON"))

    sim = _command(sub, "simulate", _("play computer players against each other"))
    sim.add_argument(
        "--games",
        type=_positive,
        default=100,
        metavar="N",
        help=_("series to play (default 100)"),
    )
    sim.add_argument(
        "--deals",
        type=_deal_count,
        default=DEFAULT_DEALS,
        metavar="N",
        help=_("deals per series, at most {most} (default {default})").format(
            most=MAX_DEALS, default=DEFAULT_DEALS
        ),
    )
    sim.add_argument(
        "--players",
        type=_bot_pair,
        default=("greedy", "random"),
        metavar=_("PLAYERS"),
        help=_(
            "two of random, greedy, hard (or the levels easy, normal, hard), comma-separated "
            "(default greedy,random)"
        ),
    )
    sim.add_argument(
        "--seed", type=_seed, default=None, metavar="N", help=_("same seed, same games")
    )
    sim.add_argument(
        "--duplicate",
        action="store_true",
        help=_("play every series again with the seats swapped and the same cards"),
    )
    sim.add_argument(
        "--records",
        type=Path,
        metavar=_("FOLDER"),
        help=_("write every series as a record in this folder"),
    )
    sim.add_argument(
        "--jobs",
        type=_positive,
        default=1,
        metavar="N",
        help=_(
            "worker processes, at most one per series and per usable CPU "
            "(same results for any number)"
        ),
    )
    _think_option(sim)
    sim.add_argument("--json", action="store_true", help=_("print the summary as JSON"))

    play = _command(sub, "play", _("play deal after deal at one keyboard (the TUI)"))
    _game_options(play)
    series = _command(sub, "series", _("play a fixed series of deals (the TUI)"))
    series.add_argument(
        "--deals",
        type=_deal_count,
        default=DEFAULT_DEALS,
        metavar="N",
        help=_("deals in the series, at most {most} (default {default})").format(
            most=MAX_DEALS, default=DEFAULT_DEALS
        ),
    )
    _game_options(series)

    _command(sub, "rules", _("print the rules"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    i18n.choose(i18n.from_arguments(arguments))
    args = build_parser().parse_args(arguments)
    try:
        if args.command == "replay":
            from chinese_ten.commands.replay import run_replay

            return run_replay(args.file, as_json=args.json)
        if args.command == "simulate":
            _stop_on_hangup_or_term()
            from chinese_ten.commands.simulate import run_simulate

            return run_simulate(
                games=args.games,
                deals=args.deals,
                players=args.players,
                seed=args.seed,
                duplicate=args.duplicate,
                records=args.records,
                as_json=args.json,
                think=args.think,
                jobs=args.jobs,
            )
        if args.command in ("play", "series"):
            from chinese_ten.commands.play import run_game, suit_symbols_supported

            human = args.seat - 1
            computer = (None, None)
            players = args.players
            if args.vs is not None:
                computer = (args.vs, None) if human == 1 else (None, args.vs)
                if players is None:  # the default names, in the language (a typed name is kept)
                    players = names_against_computer(args.vs, human)
            return run_game(
                GameOptions(
                    deals_planned=args.deals if args.command == "series" else None,
                    players=players,
                    computer=computer,
                    hints=not args.no_hints,
                    think=args.think,
                    seed=args.seed,
                    resume=args.resume,
                    ascii=args.ascii,
                    symbols=not args.ascii and suit_symbols_supported(),
                    four_color=args.four_color,
                    open_scores=args.open_scores,
                )
            )
        from chinese_ten.commands.rules import run_rules

        return run_rules()
    except ChineseTenError as error:
        print(_("chinese-ten: {problem}").format(problem=visible(str(error))), file=sys.stderr)
        return 1
    except KeyboardInterrupt as stop:
        print(_("chinese-ten: interrupted"), file=sys.stderr)
        return stop.code if isinstance(stop, _Stopped) else 130


class _Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, unwound like Ctrl+C (the worker pool is terminated on the way out,
    so no worker is left writing tracebacks into a closed pipe); exit 128 + the signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.code = 128 + signum


def _stop_on_hangup_or_term() -> None:
    import signal

    def stop(signum: int, _frame: object) -> None:
        raise _Stopped(signum)

    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)
