"""``chinese-ten simulate``: 2 to 4 computer players against each other, with a summary."""

import contextlib
import functools
import json
import math
import os
import re
import signal
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chinese_ten.analysis.simulate import SeriesPlay, SimulationSummary, simulate
from chinese_ten.engine.errors import WriteError
from chinese_ten.engine.series import default_deals
from chinese_ten.lang.i18n import _, ngettext
from chinese_ten.lang.numerals import decimal
from chinese_ten.store.files import write_new
from chinese_ten.text.names import visible
from chinese_ten.text.wording import versus

_NUMBERED = re.compile(r"series-(\d+)-.*\.json")

_BAR_EVERY = 0.1
"""Seconds between two moves of the progress bar."""


class RecordsFolder:
    """The ``--records`` folder: checked before any series is played, numbered after the
    records already in it, and written without ever replacing a file."""

    def __init__(self, folder: Path) -> None:
        try:
            if folder.exists() and not folder.is_dir():
                raise WriteError(
                    _("{folder}: not a folder: --records needs a folder for the records").format(
                        folder=visible(str(folder))
                    )
                )
            folder.mkdir(parents=True, exist_ok=True)
            fd, probe = tempfile.mkstemp(prefix=".chinese-ten-probe-", dir=folder)
            os.close(fd)
            os.unlink(probe)
            numbers = [int(m[1]) for p in folder.iterdir() if (m := _NUMBERED.fullmatch(p.name))]
        except OSError as error:
            raise WriteError(
                _("{folder}: cannot write records in this folder ({reason})").format(
                    folder=visible(str(folder)), reason=error.strerror
                )
            ) from None
        self.folder = folder
        self.first = max(numbers, default=0) + 1
        self.next = self.first
        self.written = 0

    def write(self, play: SeriesPlay) -> None:
        """Write one series under the next free number; a file already there is skipped.
        Ctrl+C, SIGTERM and SIGHUP wait until the record is whole (an interrupt inside
        pydantic's serializer came out as its own error, and a temporary file was left)."""
        with _signals_deferred():
            self._write(play)

    def _write(self, play: SeriesPlay) -> None:
        from chinese_ten.store.records import game_record, record_json  # pydantic: --records only

        text = record_json(game_record(play.players, play.deals_planned, play.states))
        while True:
            players = "-v-".join("-".join(name.split()) for name in play.players)  # greedy-1
            name = f"series-{self.next:05d}-{players}.json"
            path = self.folder / name
            self.next += 1
            try:
                write_new(path, text)
            except FileExistsError:
                continue
            except OSError as error:
                raise WriteError(
                    ngettext(
                        "{path}: could not write the record ({reason}); "
                        "{count} record was written before it",
                        "{path}: could not write the record ({reason}); "
                        "{count} records were written before it",
                        self.written,
                    ).format(path=visible(str(path)), reason=error.strerror, count=self.written)
                ) from None
            self.written += 1
            return


_DEFERRED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


@contextlib.contextmanager
def _signals_deferred() -> Iterator[None]:
    """Hold back the stopping signals for a moment; one that came is raised again on leaving,
    to its own handler. (Python handlers, not a signal mask: the mask is per thread, and the
    pool's threads would take the signal for the main thread.)"""
    came: list[int] = []
    previous = {s: signal.signal(s, lambda signum, _frame: came.append(signum)) for s in _DEFERRED}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if came:
            signal.raise_signal(came[0])


def run_simulate(
    *,
    games: int,
    deals: int | None,
    players: tuple[str, ...],
    seed: int | None,
    duplicate: bool,
    records: Path | None,
    as_json: bool,
    think: float | None = None,
    jobs: int = 1,
) -> int:
    """Play and print the summary; ``deals`` ``None`` is the default length for as many
    players (6 with 2 or 3, 8 with 4)."""
    console = Console(stderr=True)
    if deals is None:
        deals = default_deals(len(players))
    total = games * (len(players) if duplicate else 1)
    folder = RecordsFolder(records) if records is not None else None

    play = functools.partial(
        simulate, games, deals, players, seed, duplicate=duplicate, think=think, jobs=jobs
    )
    if as_json or not console.is_terminal:  # no bar is drawn: rich's progress is not loaded
        summary = play(on_series=None if folder is None else folder.write)
    else:
        summary = _with_bar(console, play, versus(players), total, folder)
    if as_json:
        print(json.dumps(summary.as_json()))
    else:
        _print_summary(summary, deals, duplicate, folder)
    return 0


def _with_bar(
    console: Console,
    play: Callable[..., SimulationSummary],
    description: str,
    total: int,
    folder: RecordsFolder | None,
) -> SimulationSummary:
    """``play`` with a progress bar on the terminal, moved at most every :data:`_BAR_EVERY`
    seconds: a bar's lock and update for every series of one deal cost a twentieth of the run."""
    from chinese_ten.cli.commands.progress import progress_bar  # rich's progress: only for a bar

    with progress_bar(console) as progress:
        task = progress.add_task(description, total=total)
        done = [0, time.monotonic()]  # series not yet on the bar, and when it last moved

        def after_series(series: SeriesPlay) -> None:
            done[0] += 1
            now = time.monotonic()
            if now - done[1] >= _BAR_EVERY:
                progress.advance(task, done[0])
                done[:] = [0, now]
            if folder is not None:
                folder.write(series)

        summary = play(on_series=after_series)
        progress.advance(task, done[0])
    return summary


def _print_summary(
    summary: SimulationSummary, deals: int, duplicate: bool, folder: RecordsFolder | None
) -> None:
    """The table and the records line, built from Text: names and the folder are not markup."""
    played = summary.series_played
    title = _("{first} v {second}: {series} of {deals}").format(
        first=versus(summary.players[:-1]),
        second=summary.players[-1],
        series=ngettext("{count} series", "{count} series", played).format(count=played),
        deals=ngettext("{count} deal", "{count} deals", deals).format(count=deals),
    )
    count = summary.deals_scored
    if len(summary.players) == 2:
        caption = None
        mean = (
            ngettext(
                "mean result per deal (95% CI, n={count} duplicate pair)",
                "mean result per deal (95% CI, n={count} duplicate pairs)",
                count,
            )
            if duplicate
            else ngettext(
                "mean result per deal (95% CI, n={count} deal)",
                "mean result per deal (95% CI, n={count} deals)",
                count,
            )
        ).format(count=count)
    else:  # a shorter label: four columns of figures leave it little room
        caption = (
            ngettext(
                "n={count} deal, each played with every player in every seat",
                "n={count} deals, each played with every player in every seat",
                count,
            )
            if duplicate
            else ngettext("n={count} deal", "n={count} deals", count)
        ).format(count=count)
        mean = _("mean result per deal (95% CI)")
    table = Table(title=Text(title), caption=None if caption is None else Text(caption))
    table.add_column("")
    for name in summary.players:
        table.add_column(Text(name), justify="right")
    table.add_row(_("series won"), *(Text(str(won)) for won in summary.series_won))
    table.add_row(_("series tied"), *(Text(str(shared)) for shared in summary.series_shared))
    interval = _("{mean} ± {interval}")  # a message, so an ASCII output folds it before layout
    table.add_row(
        Text(mean),
        *(
            Text(
                interval.format(
                    mean=decimal(result.mean, 2, signed=True), interval=decimal(result.ci95, 2)
                )
                if math.isfinite(result.ci95)
                else decimal(result.mean, 2, signed=True)
            )
            for result in summary.results
        ),
    )
    out = Console()
    out.print(table)
    if not math.isfinite(summary.ci95):
        out.print(Text(_("One deal gives no interval: simulate more deals for one.")))
    if folder is not None:
        written = ngettext(
            "{count} record written to {folder}",
            "{count} records written to {folder}",
            folder.written,
        ).format(count=folder.written, folder=visible(str(folder.folder)))
        line = Text(written)
        if folder.first > 1:
            line.append(
                ngettext(
                    " (numbered {first:05d}, after the records already there)",
                    " (numbered from {first:05d}, after the records already there)",
                    folder.written,
                ).format(first=folder.first)
            )
        out.print(line, soft_wrap=True)  # a path is not broken across lines
