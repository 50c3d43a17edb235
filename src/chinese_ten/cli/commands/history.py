"""``chinese-ten history`` and its actions ``export`` and ``import``: their options, and their
run (the actions of :mod:`~chinese_ten.cli.commands.history_actions`, imported only then)."""

import argparse
from pathlib import Path
from typing import Final

from chinese_ten.cli import arguments
from chinese_ten.cli.options import Commands, Parser, command, player_option
from chinese_ten.lang.i18n import _

NAME = "history"

MAX_LIST: Final = 100_000
"""The most games ``history --limit`` lists."""


def add_parser(sub: Commands) -> None:
    parser = command(sub, NAME, _("list the games played, export or import records"))
    player_option(parser, _("only the games of this player"))
    parser.add_argument(
        "--limit",
        type=arguments.games_up_to(MAX_LIST),
        default=50,
        metavar="N",
        help=_("list at most N games, the newest (default 50, at most {most})").format(
            most=MAX_LIST
        ),
    )
    parser.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    actions: Commands = parser.add_subparsers(
        dest="history_action", metavar=_("ACTION"), title=_("actions"), parser_class=Parser
    )
    export = command(
        actions, "export", _("write a game's record (to standard output without FILE)")
    )
    export.add_argument(
        "id", type=arguments.game_id, metavar="ID", help=_("the game's number in the list")
    )
    export.add_argument(
        "file", type=Path, nargs="?", metavar=_("FILE"), help=_("a new file (never replaced)")
    )
    imports = command(actions, "import", _("add game records to the history, each once"))
    imports.add_argument(
        "files", type=Path, nargs="+", metavar=_("FILE"), help=_("game records (JSON)")
    )


def run(args: argparse.Namespace) -> int:
    from chinese_ten.cli.commands import history_actions

    if args.history_action == "export":
        return history_actions.run_export(args.id, args.file)
    if args.history_action == "import":
        return history_actions.run_import(args.files)
    return history_actions.run_list(player=args.player, limit=args.limit, as_json=args.json)
