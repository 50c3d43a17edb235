"""``chinese-ten series``: its options, and its run (the TUI, as ``play`` starts it)."""

import argparse

from chinese_ten.cli.commands import play
from chinese_ten.cli.options import Commands, command, game_options, series_deals_option
from chinese_ten.lang.i18n import _

NAME = "series"


def add_parser(sub: Commands) -> None:
    parser = command(sub, NAME, _("play a fixed series of deals (the TUI)"))
    series_deals_option(parser)
    game_options(parser)


def run(args: argparse.Namespace) -> int:
    return play.run_game(play.chosen_game(args, series=True, resume=args.resume))
