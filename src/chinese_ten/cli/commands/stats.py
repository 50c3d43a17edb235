"""``chinese-ten stats``: its options, and its run (the tables of
:mod:`~chinese_ten.cli.commands.stats_tables`, imported only then)."""

import argparse

from chinese_ten.cli.options import Commands, command, player_option
from chinese_ten.lang.i18n import _

NAME = "stats"


def add_parser(sub: Commands) -> None:
    parser = command(sub, NAME, _("results of each player against each opponent"))
    player_option(parser, _("only this player's statistics"))
    parser.add_argument("--json", action="store_true", help=_("print the statistics as JSON"))
    parser.add_argument(
        "--ascii", action="store_true", help=_("draw the running total in ASCII characters")
    )


def run(args: argparse.Namespace) -> int:
    from chinese_ten.cli.commands.stats_tables import run_stats

    return run_stats(player=args.player, as_json=args.json, ascii_only=args.ascii)
