"""``chinese-ten simulate``: its options, and its run (the games played in
:mod:`~chinese_ten.cli.commands.simulation`, imported only then)."""

import argparse
from pathlib import Path

from chinese_ten.cli import arguments
from chinese_ten.cli.options import Commands, command, series_deals_option, think_option
from chinese_ten.cli.stops import stop_on_hangup_or_term
from chinese_ten.engine.variant import FEWEST_SEATS, MOST_SEATS
from chinese_ten.lang.i18n import _
from chinese_ten.players.levels import LEVELS, PLAYER_NAMES

NAME = "simulate"


def add_parser(sub: Commands) -> None:
    parser = command(sub, NAME, _("play computer players against each other"))
    parser.add_argument(
        "--games",
        type=arguments.positive,
        default=100,
        metavar="N",
        help=_("series to play (default 100)"),
    )
    series_deals_option(parser)
    parser.add_argument(
        "--players",
        type=arguments.bots,
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
    parser.add_argument(
        "--seed",
        type=arguments.whole_number,
        default=None,
        metavar="N",
        help=_("same seed, same games"),
    )
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help=_(
            "play every series again on the same cards for every other seating, the players "
            "rotated (with two, the seats swapped)"
        ),
    )
    parser.add_argument(
        "--records",
        type=Path,
        metavar=_("FOLDER"),
        help=_("write every series as a record in this folder"),
    )
    parser.add_argument(
        "--jobs",
        type=arguments.positive,
        default=1,
        metavar="N",
        help=_(
            "worker processes, at most one per series and per usable CPU "
            "(same results for any number)"
        ),
    )
    think_option(parser)
    parser.add_argument("--json", action="store_true", help=_("print the summary as JSON"))


def run(args: argparse.Namespace) -> int:
    stop_on_hangup_or_term()
    from chinese_ten.cli.commands.simulation import run_simulate

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
