"""``chinese-ten replay FILE``: its options, and its run (the record checked in
:mod:`~chinese_ten.cli.commands.replay_scores`, imported only then)."""

import argparse
from pathlib import Path

from chinese_ten.cli.options import Commands, command
from chinese_ten.lang.i18n import _

NAME = "replay"


def add_parser(sub: Commands) -> None:
    parser = command(sub, NAME, _("check a game record and print its scores"))
    parser.add_argument("file", type=Path, metavar=_("FILE"), help=_("a game record (JSON)"))
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON"))


def run(args: argparse.Namespace) -> int:
    from chinese_ten.cli.commands.replay_scores import run_replay

    return run_replay(args.file, as_json=args.json)
