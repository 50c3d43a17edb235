"""The progress bar of a long command (``simulate``, ``review``)."""

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


def progress_bar(console: Console, *, hidden: bool = False) -> Progress:
    """What is done, a bar, the count and the time left; drawn only on a terminal (and not
    when ``hidden``), and gone once finished. The description is text, never markup."""
    return Progress(
        TextColumn("{task.description}", markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=hidden or not console.is_terminal,
    )
