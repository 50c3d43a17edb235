"""``chinese-ten join``: its options, and its run (the seat taken through
:mod:`~chinese_ten.cli.commands.hosting`, imported only then)."""

import argparse
from pathlib import Path

from chinese_ten.cli.commands.play import chosen_display
from chinese_ten.cli.options import Commands, command, display_flag
from chinese_ten.game.options import GameOptions
from chinese_ten.lang.i18n import _

NAME = "join"


def add_parser(sub: Commands) -> None:
    parser = command(sub, NAME, _("take your seat at a table another machine hosts"))
    given = parser.add_mutually_exclusive_group()
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
    for flag in ("--ascii", "--four-color", "--compact"):
        display_flag(parser, flag)


def run(args: argparse.Namespace) -> int:
    from chinese_ten.cli.commands.hosting import run_join

    return run_join(args.link, args.link_file, GameOptions(display=chosen_display(args)))
