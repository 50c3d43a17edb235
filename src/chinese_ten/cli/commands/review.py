"""``chinese-ten review FILE|ID``: its options, and its run (the analysis of
:mod:`~chinese_ten.cli.commands.reviewing`, imported only then)."""

import argparse

from chinese_ten.cli import arguments
from chinese_ten.cli.commands.play import suit_symbols_supported
from chinese_ten.cli.options import Commands, command, display_flag
from chinese_ten.cli.stops import stop_on_hangup_or_term
from chinese_ten.lang.i18n import _
from chinese_ten.players.levels import REVIEW_SAMPLES

NAME = "review"


def add_parser(sub: Commands) -> None:
    parser = command(sub, NAME, _("judge every decision of a finished game and step through it"))
    parser.add_argument(
        "target",
        metavar=_("FILE|ID"),
        help=_("a game record (JSON), or the number of a game in the history"),
    )
    parser.add_argument("--json", action="store_true", help=_("print the analysis as JSON"))
    parser.add_argument(
        "--samples",
        type=arguments.worlds,
        default=REVIEW_SAMPLES,
        metavar="N",
        help=_(
            "worlds each close option is played in: more is slower and more precise "
            "(default {default})"
        ).format(default=REVIEW_SAMPLES),
    )
    parser.add_argument(
        "--seed",
        type=arguments.whole_number,
        default=0,
        metavar="N",
        help=_("same seed, same analysis"),
    )
    parser.add_argument(
        "--jobs",
        type=arguments.positive,
        default=2,
        metavar="N",
        help=_("worker processes, at most one per usable CPU (same results for any number)"),
    )
    display_flag(parser, "--ascii")
    display_flag(parser, "--four-color")


def run(args: argparse.Namespace) -> int:
    if args.json:
        stop_on_hangup_or_term()
    from chinese_ten.cli.commands.reviewing import run_review

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
