"""``chinese-ten rules``: its parser, and its run (the page rendered by
:mod:`~chinese_ten.cli.commands.rules_page`, imported only then)."""

import argparse

from chinese_ten.cli.options import Commands, command
from chinese_ten.lang.i18n import _

NAME = "rules"


def add_parser(sub: Commands) -> None:
    command(sub, NAME, _("print the rules"))


def run(args: argparse.Namespace) -> int:
    from chinese_ten.cli.commands.rules_page import run_rules

    return run_rules()
