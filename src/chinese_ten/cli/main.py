"""The ``chinese-ten`` command and its subcommands (play, series, replay, simulate, rules,
history, stats, review, serve).

Arguments are checked here, at the edge: a bad one gets one line on stderr and exit code 2,
a bad file exit code 1, never a traceback. The headless commands never import Textual. The
language is chosen first (``--lang``, else the environment), since the parser's help is in it.
"""

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final, NamedTuple, NoReturn

from chinese_ten import __version__
from chinese_ten.cli.outputs import guard_standard_streams, usable_terminal_size
from chinese_ten.engine.errors import (
    ChineseTenError,
    OutputClosedError,
    OutputError,
    PlayerNameError,
)
from chinese_ten.engine.series import MAX_DEALS, default_deals
from chinese_ten.engine.variant import FEWEST_SEATS, MOST_SEATS
from chinese_ten.game.options import Display, GameOptions, Session, table_levels
from chinese_ten.game.table import Table
from chinese_ten.lang import i18n
from chinese_ten.lang.i18n import _, ngettext
from chinese_ten.players.levels import (
    LEVELS,
    MAX_REVIEW_SAMPLES,
    MIN_REVIEW_SAMPLES,
    PLAYER_NAMES,
    REVIEW_SAMPLES,
)
from chinese_ten.text.names import check_name, check_names, visible
from chinese_ten.text.wording import seat_default


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one line (usage is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        line = _("{prog}: error: {message} (see --help)").format(
            prog=self.prog, message=visible(message)
        )
        self.exit(2, line + "\n")


def _whole_number(text: str) -> int:
    """Any whole number (``--seed``), and the first check of every count below."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a whole number").format(text=repr(text))
        ) from None


def _positive(text: str) -> int:
    value = _whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(_("{value} must be at least 1").format(value=value))
    return value


def _deal_count(text: str) -> int:
    """A series length: 1 to MAX_DEALS, the most a record can plan."""
    value = _positive(text)
    if value > MAX_DEALS:
        raise argparse.ArgumentTypeError(
            ngettext(
                "{value} is more than {most} deal", "{value} is more than {most} deals", MAX_DEALS
            ).format(value=value, most=MAX_DEALS)
        )
    return value


def _bots(text: str) -> tuple[str, ...]:
    """A table's worth of computer players for ``simulate``: kinds or levels, comma-separated."""
    names = [n.strip().lower() for n in text.split(",")]
    if not FEWEST_SEATS <= len(names) <= MOST_SEATS:
        raise argparse.ArgumentTypeError(
            _("{text} must name {fewest} to {most} players, such as hard,greedy,greedy").format(
                text=repr(text), fewest=FEWEST_SEATS, most=MOST_SEATS
            )
        )
    for name in names:
        if name not in PLAYER_NAMES and name not in LEVELS:
            known = ", ".join((*PLAYER_NAMES, *LEVELS))
            raise argparse.ArgumentTypeError(
                _("unknown player {name}: choose from {known}").format(name=repr(name), known=known)
            )
    return tuple(names)


class Seated(NamedTuple):
    """``--players``: each seat's name (None for a computer's default name) and level (None
    for a person)."""

    names: tuple[str | None, ...]
    levels: tuple[str | None, ...]


COMPUTER_SEAT = "computer:"
"""How ``--players`` names a computer's seat: ``computer:hard``."""


def _players(text: str) -> Seated:
    """``Ana,Ben`` (people), or with computers in their seats: ``Ana,computer:easy,Ben``."""
    entries = text.split(",")
    if not FEWEST_SEATS <= len(entries) <= MOST_SEATS:
        raise argparse.ArgumentTypeError(
            _(
                "{text} must be {fewest} to {most} names separated by commas, such as Ana,Ben"
            ).format(text=repr(text), fewest=FEWEST_SEATS, most=MOST_SEATS)
        )
    levels = tuple(_seat_level(entry) for entry in entries)
    if all(level is not None for level in levels):
        raise argparse.ArgumentTypeError(
            _("{text} has no person: at least one seat is a name").format(text=repr(text))
        )
    try:  # computers under their default names, which people's names must differ from
        checked = check_names(
            [
                entry if level is None else seat_default(seat, levels)
                for seat, (entry, level) in enumerate(zip(entries, levels, strict=True))
            ]
        )
    except PlayerNameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    names = tuple(None if level else name for name, level in zip(checked, levels, strict=True))
    return Seated(names, levels)


def _seat_level(entry: str) -> str | None:
    """The level of a ``computer:LEVEL`` entry of ``--players``, None for a name."""
    word = entry.strip().lower()
    if not word.startswith(COMPUTER_SEAT):
        return None
    level = word.removeprefix(COMPUTER_SEAT).strip()
    if level not in LEVELS:
        raise argparse.ArgumentTypeError(
            _("{entry}: the computer's level is one of {known}").format(
                entry=repr(entry), known=", ".join(LEVELS)
            )
        )
    return level


def _game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players",
        type=_players,
        metavar=_("NAMES"),
        help=_(
            'every seat\'s name, {fewest} to {most}, such as "Ana,Ben,Cy"; computer:LEVEL seats '
            'the computer, such as "Ana,computer:hard,Ben"'
        ).format(fewest=FEWEST_SEATS, most=MOST_SEATS),
    )
    parser.add_argument("--resume", action="store_true", help=_("continue the saved game"))
    _table_options(parser)


def _table_options(parser: argparse.ArgumentParser) -> None:
    """The options of a game's table: ``play`` and ``series``, and ``serve`` for every tab."""
    parser.add_argument(
        "--seed", type=_whole_number, metavar="N", help=_("the same seed deals the same cards")
    )
    parser.add_argument("--ascii", action="store_true", help=_("letters for suits, plain borders"))
    parser.add_argument("--four-color", action="store_true", help=_("a colour for each suit"))
    parser.add_argument(
        "--open-scores", action="store_true", help=_("show red points during the deal")
    )
    parser.add_argument(
        "--compact",
        action="store_true",
        help=_("the compact board (for narrow windows and phones) at any size"),
    )
    parser.add_argument(
        "--vs",
        type=_levels,
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
    _think_option(parser)


def _levels(text: str) -> tuple[str, ...]:
    levels = tuple(word.strip().lower() for word in text.split(","))
    if len(levels) > MOST_SEATS - 1:
        raise argparse.ArgumentTypeError(
            ngettext(
                "{text} names more than {count} computer",
                "{text} names more than {count} computers",
                MOST_SEATS - 1,
            ).format(text=repr(text), count=MOST_SEATS - 1)
        )
    for level in levels:
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(
                _("unknown level {level}: choose from {known}").format(
                    level=repr(level), known=", ".join(LEVELS)
                )
            )
    return levels


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


_DEALS_HELP: Final = {
    "most": MAX_DEALS,
    "default": default_deals(FEWEST_SEATS),
    "longer": default_deals(MOST_SEATS),
    "seats": MOST_SEATS,
}
"""The figures of ``--deals``'s help: the standard variants' default lengths."""


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="chinese-ten",
        description=_(
            "Chinese Ten (Jiǎn Hóng Diǎn), the red-point capture game for {fewest} to {most} "
            "players."
        ).format(fewest=FEWEST_SEATS, most=MOST_SEATS),
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
        default=None,
        metavar="N",
        help=_(
            "deals per series, at most {most} (default {default}, or {longer} with {seats} players)"
        ).format(**_DEALS_HELP),
    )
    sim.add_argument(
        "--players",
        type=_bots,
        default=("greedy", "random"),
        metavar=_("PLAYERS"),
        help=_(
            "{fewest} to {most} of {players} (or the levels {levels}), "
            "comma-separated (default greedy,random)"
        ).format(
            fewest=FEWEST_SEATS,
            most=MOST_SEATS,
            players=", ".join(PLAYER_NAMES),
            levels=", ".join(LEVELS),
        ),
    )
    sim.add_argument(
        "--seed", type=_whole_number, default=None, metavar="N", help=_("same seed, same games")
    )
    sim.add_argument(
        "--duplicate",
        action="store_true",
        help=_(
            "play every series again on the same cards for every other seating, the players "
            "rotated (with two, the seats swapped)"
        ),
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
        metavar="N",
        help=_(
            "deals per series, at most {most} (default {default}, or {longer} with {seats} players)"
        ).format(**_DEALS_HELP),
    )
    _game_options(series)

    _command(sub, "rules", _("print the rules"))
    _history_commands(sub)
    _review_command(sub)
    _serve_parser(_command(sub, "serve", _("play in a browser: one game per tab")))
    _host_parser(_command(sub, "host", _("open a table that people join from other machines")))
    join = _command(sub, "join", _("take your seat at a table another machine hosts"))
    given = join.add_mutually_exclusive_group()
    given.add_argument(
        "link",
        metavar=_("LINK"),
        nargs="?",
        help=_(
            "the invite link the host printed (its secret is then readable by every user of "
            "this machine through ps); without LINK or --link-file: from CHINESE_TEN_LINK, "
            "else pasted at a prompt that does not show it"
        ),
    )
    given.add_argument(
        "--link-file",
        type=Path,
        metavar=_("FILE"),
        help=_("read the invite link from FILE (its only line)"),
    )
    for flag, words in (
        ("--ascii", _("letters for suits, plain borders")),
        ("--four-color", _("a colour for each suit")),
        ("--compact", _("the compact board (for narrow windows and phones) at any size")),
    ):
        join.add_argument(flag, action="store_true", help=words)
    return parser


def _host_parser(host: argparse.ArgumentParser) -> None:
    """``host``: the table as ``play`` and ``series`` seat it, and where it listens."""
    from chinese_ten.serve.limits import MOST_TABLES

    _game_options(host)
    host.add_argument(
        "--series", action="store_true", help=_("play a fixed series of deals (see --deals)")
    )
    host.add_argument(
        "--deals",
        type=_deal_count,
        metavar="N",
        help=_("deals per series, at most {most}").format(most=MAX_DEALS),
    )
    _listen_options(host, port=8765)
    host.add_argument(
        "--tables",
        type=_games_up_to(MOST_TABLES),
        default=1,
        metavar="N",
        help=_("tables to open, each with its own links (default 1)"),
    )
    host.add_argument(
        "--no-seat", action="store_true", help=_("only host: do not sit at the first seat here")
    )
    host.add_argument("--certfile", type=Path, metavar=_("FILE"), help=_("TLS certificate (PEM)"))
    host.add_argument("--keyfile", type=Path, metavar=_("FILE"), help=_("TLS private key (PEM)"))


def _worlds(text: str) -> int:
    value = _positive(text)
    if not MIN_REVIEW_SAMPLES <= value <= MAX_REVIEW_SAMPLES:
        raise argparse.ArgumentTypeError(
            ngettext(
                "{value} must be between {least} and {most} world",
                "{value} must be between {least} and {most} worlds",
                MAX_REVIEW_SAMPLES,
            ).format(value=value, least=MIN_REVIEW_SAMPLES, most=MAX_REVIEW_SAMPLES)
        )
    return value


def _review_command(sub: "argparse._SubParsersAction[_Parser]") -> None:
    review = _command(
        sub, "review", _("judge every decision of a finished game and step through it")
    )
    review.add_argument(
        "target",
        metavar=_("FILE|ID"),
        help=_("a game record (JSON), or the number of a game in the history"),
    )
    review.add_argument("--json", action="store_true", help=_("print the analysis as JSON"))
    review.add_argument(
        "--samples",
        type=_worlds,
        default=REVIEW_SAMPLES,
        metavar="N",
        help=_(
            "worlds each close option is played in: more is slower and more precise "
            "(default {default})"
        ).format(default=REVIEW_SAMPLES),
    )
    review.add_argument(
        "--seed", type=_whole_number, default=0, metavar="N", help=_("same seed, same analysis")
    )
    review.add_argument(
        "--jobs",
        type=_positive,
        default=2,
        metavar="N",
        help=_("worker processes, at most one per usable CPU (same results for any number)"),
    )
    review.add_argument("--ascii", action="store_true", help=_("letters for suits, plain borders"))
    review.add_argument("--four-color", action="store_true", help=_("a colour for each suit"))


MAX_LIST: Final = 100_000
"""The most games ``history --limit`` lists."""


def _game_id(text: str) -> int:
    value = _positive(text)
    if value >= 2**63:
        raise argparse.ArgumentTypeError(_("there is no game {id}").format(id=value))
    return value


def _games_up_to(most: int) -> Callable[[str], int]:
    """A count of games, 1 to ``most`` (``history --limit``, ``serve --max-games``)."""

    def games(text: str) -> int:
        value = _positive(text)
        if value > most:
            raise argparse.ArgumentTypeError(
                ngettext(
                    "{value} is more than {most} game", "{value} is more than {most} games", most
                ).format(value=value, most=most)
            )
        return value

    return games


def _player(text: str) -> str:
    try:
        return check_name(text)
    except PlayerNameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _history_commands(sub: "argparse._SubParsersAction[_Parser]") -> None:
    """``history`` (list, ``export``, ``import``) and ``stats``."""
    history = _command(sub, "history", _("list the games played, export or import records"))
    history.add_argument(
        "--player", type=_player, metavar=_("NAME"), help=_("only the games of this player")
    )
    history.add_argument(
        "--limit",
        type=_games_up_to(MAX_LIST),
        default=50,
        metavar="N",
        help=_("list at most N games, the newest (default 50, at most {most})").format(
            most=MAX_LIST
        ),
    )
    history.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    actions: argparse._SubParsersAction[_Parser] = history.add_subparsers(
        dest="history_action", metavar=_("ACTION"), title=_("actions"), parser_class=_Parser
    )
    export = _command(
        actions, "export", _("write a game's record (to standard output without FILE)")
    )
    export.add_argument("id", type=_game_id, metavar="ID", help=_("the game's number in the list"))
    export.add_argument(
        "file", type=Path, nargs="?", metavar=_("FILE"), help=_("a new file (never replaced)")
    )
    imports = _command(actions, "import", _("add game records to the history, each once"))
    imports.add_argument(
        "files", type=Path, nargs="+", metavar=_("FILE"), help=_("game records (JSON)")
    )
    stats = _command(sub, "stats", _("results of each player against each opponent"))
    stats.add_argument(
        "--player", type=_player, metavar=_("NAME"), help=_("only this player's statistics")
    )
    stats.add_argument("--json", action="store_true", help=_("print the statistics as JSON"))
    stats.add_argument(
        "--ascii", action="store_true", help=_("draw the running total in ASCII characters")
    )


def _port(text: str) -> int:
    value = _whole_number(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(
            _("{value} is not a port: choose 1 to 65535 (0 for any free port)").format(value=value)
        )
    return value


def _minutes(text: str) -> float:
    from chinese_ten.serve.limits import IDLE_MINUTES

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a number of minutes").format(text=repr(text))
        ) from None
    low, high = IDLE_MINUTES
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(
            _("{value} must be between {low:g} and {high:g} minutes").format(
                value=value, low=low, high=high
            )
        )
    return value


def _host(text: str) -> str:
    """A host to listen on: an empty one would listen on every address without saying so."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            _("an empty host is no address: give 127.0.0.1, a name, or 0.0.0.0 for every one")
        )
    return text


def _listen_options(parser: argparse.ArgumentParser, port: int) -> None:
    """``--host`` and ``--port``: where ``serve`` or ``host`` listens."""
    parser.add_argument(
        "--host",
        type=_host,
        default="127.0.0.1",
        metavar=_("HOST"),
        help=_("address to listen on (default 127.0.0.1: this machine only)"),
    )
    parser.add_argument(
        "--port",
        type=_port,
        default=port,
        metavar="N",
        help=_("port to listen on (default {port}; 0: any free port)").format(port=port),
    )


def _serve_parser(serve: argparse.ArgumentParser) -> None:
    from chinese_ten.serve.limits import DEFAULT_GAMES, DEFAULT_IDLE_MINUTES, MOST_GAMES

    _listen_options(serve, port=8000)
    serve.add_argument(
        "--max-games",
        type=_games_up_to(MOST_GAMES),
        default=DEFAULT_GAMES,
        metavar="N",
        help=_("games running at once, one per tab (default {default})").format(
            default=DEFAULT_GAMES
        ),
    )
    serve.add_argument(
        "--idle-minutes",
        type=_minutes,
        default=DEFAULT_IDLE_MINUTES,
        metavar=_("MINUTES"),
        help=_("end a game nobody has touched for this long, saved (default {default:g})").format(
            default=DEFAULT_IDLE_MINUTES
        ),
    )
    serve.add_argument(
        "--deals",
        type=_deal_count,
        metavar="N",
        help=_("play series of this many deals (default: deal after deal)"),
    )
    _table_options(serve)


def _tab_arguments(args: argparse.Namespace) -> tuple[str, ...]:
    """The ``play`` or ``series`` command each browser tab runs, from ``serve``'s options."""
    words = ["play"] if args.deals is None else ["series", "--deals", str(args.deals)]
    if args.vs is not None:
        words += ["--vs", ",".join(args.vs), "--seat", str(args.seat or 1)]
    if args.seed is not None:
        words += ["--seed", str(args.seed)]
    if args.think is not None:
        words += ["--think", repr(args.think)]
    for flag in ("ascii", "four_color", "open_scores", "no_hints", "compact"):
        if getattr(args, flag):
            words.append("--" + flag.replace("_", "-"))
    return tuple(words)


def main(argv: Sequence[str] | None = None) -> int:
    """The command's exit status. Standard output that cannot be written ends every command
    the same way (see :mod:`chinese_ten.cli.outputs`): a reader that left early (``| head``)
    quietly with 1, anything else (a full disk) with one line on stderr and 1."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    guard_standard_streams()
    usable_terminal_size()
    i18n.choose(i18n.from_arguments(arguments))
    try:
        try:
            code = _main(arguments)
        finally:  # also after argparse's SystemExit (--help, a bad argument)
            sys.stdout.flush()  # what is still buffered meets a full disk here, not at exit
    except OutputClosedError:
        return 1
    except OutputError as error:
        print(_("chinese-ten: {problem}").format(problem=error), file=sys.stderr)
        return 1
    return code


def _table(args: argparse.Namespace) -> tuple[str | None, ...]:
    """Each seat's computer level from ``--vs``, ``--players`` and ``--seat``; a table that
    cannot be is one line and exit status 2, as argparse's own errors are."""
    seated: Seated | None = args.players
    try:
        if seated is not None and any(seated.levels):
            if args.vs is not None or args.seat is not None:
                raise ValueError(
                    _("--players seats the computers already: leave out --vs and --seat")
                )
            return seated.levels
        return table_levels(args.vs, None if seated is None else seated.names, args.seat)
    except ValueError as error:
        _Parser(prog=f"chinese-ten {args.command}").error(str(error))


def _main(arguments: list[str]) -> int:
    args = build_parser().parse_args(arguments)
    try:
        if args.command == "replay":
            from chinese_ten.cli.commands.replay import run_replay

            return run_replay(args.file, as_json=args.json)
        if args.command == "simulate":
            _stop_on_hangup_or_term()
            from chinese_ten.cli.commands.simulate import run_simulate

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
            from chinese_ten.cli.commands.play import run_game, suit_symbols_supported

            computer = _table(args)
            series = args.command == "series"
            names = None if args.players is None else args.players.names
            return run_game(
                GameOptions(
                    table=Table(
                        # None: the seat's default name, in the language (a computer's always)
                        typed=(None,) * len(computer) if names is None else names,
                        computer=computer,
                        deals_planned=(args.deals or default_deals(len(computer)))
                        if series
                        else None,
                        hints=not args.no_hints,
                        open_scores=args.open_scores,
                        think=args.think,
                    ),
                    names_given=names is not None,
                    deals_by_seats=series and args.deals is None,
                    display=Display(
                        ascii=args.ascii,
                        symbols=not args.ascii and suit_symbols_supported(),
                        four_color=args.four_color,
                        compact=args.compact,
                    ),
                    session=Session(seed=args.seed, resume=args.resume),
                )
            )
        if args.command == "serve":
            from chinese_ten.serve.server import ServeOptions, run_serve

            return run_serve(
                ServeOptions(
                    host=args.host,
                    port=args.port,
                    max_games=args.max_games,
                    idle_minutes=args.idle_minutes,
                    game=_tab_arguments(args),
                    lang=args.lang,
                )
            )
        if args.command in ("host", "join"):
            return _host_or_join(args)
        if args.command == "history":
            from chinese_ten.cli.commands import history

            if args.history_action == "export":
                return history.run_export(args.id, args.file)
            if args.history_action == "import":
                return history.run_import(args.files)
            return history.run_list(player=args.player, limit=args.limit, as_json=args.json)
        if args.command == "stats":
            from chinese_ten.cli.commands.stats import run_stats

            return run_stats(player=args.player, as_json=args.json, ascii_only=args.ascii)
        if args.command == "review":
            if args.json:
                _stop_on_hangup_or_term()
            from chinese_ten.cli.commands.play import suit_symbols_supported
            from chinese_ten.cli.commands.review import run_review

            return run_review(
                args.target,
                as_json=args.json,
                samples=args.samples,
                seed=args.seed,
                jobs=args.jobs,
                ascii_only=args.ascii,
                symbols=not args.ascii and suit_symbols_supported(),
                four_color=args.four_color,
            )
        from chinese_ten.cli.commands.rules import run_rules

        return run_rules()
    except OutputError:
        raise  # main's
    except ChineseTenError as error:
        from chinese_ten.text.engine_words import said

        print(_("chinese-ten: {problem}").format(problem=visible(said(error))), file=sys.stderr)
        return 1
    except KeyboardInterrupt as stop:
        print(_("chinese-ten: interrupted"), file=sys.stderr)
        return stop.code if isinstance(stop, _Stopped) else 130


def _host_or_join(args: argparse.Namespace) -> int:
    from chinese_ten.cli.commands.host import HostOptions, run_host, run_join
    from chinese_ten.cli.commands.play import suit_symbols_supported

    display = Display(
        ascii=args.ascii,
        symbols=not args.ascii and suit_symbols_supported(),
        four_color=args.four_color,
        compact=args.compact,
    )
    if args.command == "join":
        return run_join(args.link, args.link_file, GameOptions(display=display))
    computer = _table(args)
    names = None if args.players is None else args.players.names
    series = args.series or args.deals is not None
    game = GameOptions(
        table=Table(
            typed=(None,) * len(computer) if names is None else names,
            computer=computer,
            deals_planned=(args.deals or default_deals(len(computer))) if series else None,
            hints=not args.no_hints,
            open_scores=args.open_scores,
            think=args.think,
        ),
        names_given=names is not None,
        deals_by_seats=series and args.deals is None,
        display=display,
        session=Session(seed=args.seed),
    )
    if args.no_seat:
        _stop_on_hangup_or_term()  # SIGTERM ends the tables as Ctrl+C does: saved
    if (args.certfile is None) != (args.keyfile is None):
        _Parser(prog="chinese-ten host").error(_("--certfile and --keyfile go together"))
    return run_host(
        HostOptions(
            game,
            bind=args.host,
            port=args.port,
            tables=args.tables,
            seat=not args.no_seat,
            resume=args.resume,
            certfile=args.certfile,
            keyfile=args.keyfile,
            ask_table=args.players is None and args.vs is None,
        )
    )


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
