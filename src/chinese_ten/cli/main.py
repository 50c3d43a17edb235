"""The ``chinese-ten`` command: the top parser, its subcommands gathered from
:mod:`chinese_ten.cli.commands` (each owns its options and its run), and the way every command
ends.

Arguments are checked at the edge, as they are parsed: a bad one gets one line on stderr and
exit code 2, a bad file exit code 1, never a traceback. The headless commands never import
Textual. The language is chosen first (``--lang``, else the environment), since the parser's
help is in it.
"""

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from chinese_ten import __version__
from chinese_ten.cli.commands import (
    history,
    host,
    join,
    play,
    replay,
    review,
    rules,
    series,
    serve,
    simulate,
    stats,
)
from chinese_ten.cli.options import Commands, Parser, lang_option
from chinese_ten.cli.outputs import guard_standard_streams, usable_terminal_size
from chinese_ten.cli.stops import Stopped
from chinese_ten.engine.errors import ChineseTenError, OutputClosedError, OutputError
from chinese_ten.engine.variant import FEWEST_SEATS, MOST_SEATS
from chinese_ten.lang import i18n
from chinese_ten.lang.i18n import _
from chinese_ten.text.names import visible


class Command(Protocol):
    """A module of :mod:`chinese_ten.cli.commands`: its name, its parser and its run."""

    @property
    def NAME(self) -> str: ...  # noqa: N802 (a module's constant)

    def add_parser(self, sub: Commands) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


COMMANDS: Final[tuple[Command, ...]] = (
    replay,
    simulate,
    play,
    series,
    rules,
    history,
    stats,
    review,
    serve,
    host,
    join,
)
"""Every command, in the order ``--help`` lists them."""

RUNS: Final[dict[str, Callable[[argparse.Namespace], int]]] = {c.NAME: c.run for c in COMMANDS}
"""Each command's run, by its name."""


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="chinese-ten",
        description=_(
            "Chinese Ten (Jiǎn Hóng Diǎn), the red-point capture game for {fewest} to {most} "
            "players."
        ).format(fewest=FEWEST_SEATS, most=MOST_SEATS),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"chinese-ten {__version__}",
        help=_("show the version and exit"),
    )
    lang_option(parser, None)
    sub = parser.add_subparsers(
        dest="command", metavar=_("COMMAND"), parser_class=Parser, title=_("commands")
    )
    sub.required = True
    for command in COMMANDS:
        command.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The command's exit status. Standard output that cannot be written ends every command
    the same way (see :mod:`chinese_ten.cli.outputs`): a reader that left early (``| head``)
    quietly with 1, anything else (a full disk) with one line on stderr and 1."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    guard_standard_streams()
    usable_terminal_size()
    i18n.choose(i18n.from_arguments(arguments))
    try:
        try:
            code = _main(arguments)
        finally:  # also after argparse's SystemExit (--help, a bad argument)
            sys.stdout.flush()  # what is still buffered meets a full disk here, not at exit
    except OutputClosedError:
        return 1
    except OutputError as error:
        print(_("chinese-ten: {problem}").format(problem=error), file=sys.stderr)
        return 1
    return code


def _main(arguments: list[str]) -> int:
    args = build_parser().parse_args(arguments)
    try:
        return RUNS[args.command](args)
    except OutputError:
        raise  # main's
    except ChineseTenError as error:
        from chinese_ten.text.engine_words import said

        print(_("chinese-ten: {problem}").format(problem=visible(said(error))), file=sys.stderr)
        return 1
    except KeyboardInterrupt as stop:
        print(_("chinese-ten: interrupted"), file=sys.stderr)
        return stop.code if isinstance(stop, Stopped) else 130
