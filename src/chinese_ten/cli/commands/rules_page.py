"""``chinese-ten rules``: the rules page rendered as Markdown, paged on a terminal.

About 150 lines would scroll past at once, so a terminal gets them through ``$PAGER`` (or
``less``, with ``LESS=FRX`` unless the person set ``LESS``: colours, and no paging for a page
that fits). Piped, the page is plain text without trailing spaces. Without a pager program
the page is printed as it is: the command never waits for a program that is not there.
"""

import os
import shlex
import shutil
import subprocess
import sys

from rich.console import Console
from rich.markdown import Markdown

from chinese_ten.text.rules import rules_markdown


def run_rules() -> int:
    console = Console()
    with console.capture() as capture:
        console.print(Markdown(rules_markdown()))
    text = capture.get()
    if console.is_terminal:
        _page(text)
    else:  # `chinese-ten rules | head`: a reader that leaves early is met in cli.main
        sys.stdout.write("".join(line.rstrip() + "\n" for line in text.splitlines()))
        sys.stdout.flush()
    return 0


def _page(text: str) -> None:
    try:
        command = shlex.split(os.environ.get("PAGER") or "less")
    except ValueError:  # unbalanced quotes in $PAGER
        command = []
    if not command or shutil.which(command[0]) is None:
        sys.stdout.write(text)
        return
    env = dict(os.environ)
    env.setdefault("LESS", "FRX")
    try:
        subprocess.run(command, input=text, text=True, env=env, check=False)
    except OSError:
        sys.stdout.write(text)
