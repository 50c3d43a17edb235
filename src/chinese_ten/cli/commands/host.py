"""``chinese-ten host``: its options, and its run (the tables of
:mod:`~chinese_ten.cli.commands.hosting`, imported only then)."""

import argparse
from pathlib import Path

from chinese_ten.cli import arguments
from chinese_ten.cli.commands.play import chosen_game
from chinese_ten.cli.options import Commands, command, game_options, listen_options, refuse
from chinese_ten.cli.stops import stop_on_hangup_or_term
from chinese_ten.engine.series import MAX_DEALS
from chinese_ten.lang.i18n import _

NAME = "host"


def add_parser(sub: Commands) -> None:
    """The table as ``play`` and ``series`` seat it, and where it listens."""
    from chinese_ten.serve.limits import MOST_TABLES

    parser = command(sub, NAME, _("open a table that people join from other machines"))
    game_options(parser)
    parser.add_argument(
        "--series", action="store_true", help=_("play a fixed series of deals (see --deals)")
    )
    parser.add_argument(
        "--deals",
        type=arguments.deal_count,
        metavar="N",
        help=_("deals per series, at most {most}").format(most=MAX_DEALS),
    )
    listen_options(parser, port=8765)
    parser.add_argument(
        "--tables",
        type=arguments.games_up_to(MOST_TABLES),
        default=1,
        metavar="N",
        help=_("tables to open, each with its own links (default 1)"),
    )
    parser.add_argument(
        "--no-seat", action="store_true", help=_("only host: do not sit at the first seat here")
    )
    parser.add_argument("--certfile", type=Path, metavar=_("FILE"), help=_("TLS certificate (PEM)"))
    parser.add_argument("--keyfile", type=Path, metavar=_("FILE"), help=_("TLS private key (PEM)"))


def run(args: argparse.Namespace) -> int:
    from chinese_ten.cli.commands import hosting

    game = chosen_game(args, series=args.series or args.deals is not None, resume=False)
    if args.no_seat:
        stop_on_hangup_or_term()  # SIGTERM ends the tables as Ctrl+C does: saved
    if (args.certfile is None) != (args.keyfile is None):
        refuse(args, _("--certfile and --keyfile go together"))
    return hosting.run_host(
        hosting.HostOptions(
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
