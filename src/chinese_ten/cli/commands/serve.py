"""``chinese-ten serve``: its options, and its run (the web server, imported only then)."""

import argparse

from chinese_ten.cli import arguments
from chinese_ten.cli.options import Commands, command, listen_options, table_options
from chinese_ten.lang.i18n import _

NAME = "serve"


def add_parser(sub: Commands) -> None:
    from chinese_ten.serve.limits import DEFAULT_GAMES, DEFAULT_IDLE_MINUTES, MOST_GAMES

    parser = command(sub, NAME, _("play in a browser: one game per tab"))
    listen_options(parser, port=8000)
    parser.add_argument(
        "--max-games",
        type=arguments.games_up_to(MOST_GAMES),
        default=DEFAULT_GAMES,
        metavar="N",
        help=_("games running at once, one per tab (default {default})").format(
            default=DEFAULT_GAMES
        ),
    )
    parser.add_argument(
        "--idle-minutes",
        type=arguments.minutes,
        default=DEFAULT_IDLE_MINUTES,
        metavar=_("MINUTES"),
        help=_("end a game nobody has touched for this long, saved (default {default:g})").format(
            default=DEFAULT_IDLE_MINUTES
        ),
    )
    parser.add_argument(
        "--deals",
        type=arguments.deal_count,
        metavar="N",
        help=_("play series of this many deals (default: deal after deal)"),
    )
    table_options(parser)


def run(args: argparse.Namespace) -> int:
    from chinese_ten.serve.server import ServeOptions, run_serve

    return run_serve(
        ServeOptions(
            host=args.host,
            port=args.port,
            max_games=args.max_games,
            idle_minutes=args.idle_minutes,
            game=tab_arguments(args),
            lang=args.lang,
        )
    )


def tab_arguments(args: argparse.Namespace) -> tuple[str, ...]:
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
