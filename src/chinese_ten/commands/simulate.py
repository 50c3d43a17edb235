"""``chinese-ten simulate``: computer players against each other, with a summary."""

import json
import os
import re
import tempfile
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from chinese_ten.errors import WriteError
from chinese_ten.files import write_new
from chinese_ten.names import visible
from chinese_ten.records import game_record, record_json
from chinese_ten.simulate import SeriesPlay, SimulationSummary, simulate

_NUMBERED = re.compile(r"series-(\d+)-.*\.json")


class RecordsFolder:
    """The ``--records`` folder: checked before any series is played, numbered after the
    records already in it, and written without ever replacing a file."""

    def __init__(self, folder: Path) -> None:
        if folder.exists() and not folder.is_dir():
            raise WriteError(f"{folder}: not a folder: --records needs a folder for the records")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, probe = tempfile.mkstemp(prefix=".chinese-ten-probe-", dir=folder)
            os.close(fd)
            os.unlink(probe)
            numbers = [int(m[1]) for p in folder.iterdir() if (m := _NUMBERED.fullmatch(p.name))]
        except OSError as error:
            raise WriteError(
                f"{folder}: cannot write records in this folder ({error.strerror})"
            ) from None
        self.folder = folder
        self.first = max(numbers, default=0) + 1
        self.next = self.first
        self.written = 0

    def write(self, play: SeriesPlay) -> None:
        """Write one series under the next free number; a file already there is skipped."""
        text = record_json(game_record(play.players, play.deals_planned, play.states))
        while True:
            name = f"series-{self.next:05d}-{play.players[0]}-v-{play.players[1]}.json"
            path = self.folder / name
            self.next += 1
            try:
                write_new(path, text)
            except FileExistsError:
                continue
            except OSError as error:
                raise WriteError(
                    f"{path}: could not write the record ({error.strerror}); "
                    f"{self.written} records were written before it"
                ) from None
            self.written += 1
            return


def run_simulate(
    *,
    games: int,
    deals: int,
    players: tuple[str, str],
    seed: int | None,
    duplicate: bool,
    records: Path | None,
    as_json: bool,
    think: float | None = None,
    jobs: int = 1,
) -> int:
    console = Console(stderr=True)
    total = games * (2 if duplicate else 1)
    folder = RecordsFolder(records) if records is not None else None

    with Progress(
        TextColumn("{task.description}", style="progress.description", markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=as_json or not console.is_terminal,
    ) as progress:
        task = progress.add_task(f"{players[0]} v {players[1]}", total=total)

        def after_series(play: SeriesPlay) -> None:
            progress.advance(task)
            if folder is not None:
                folder.write(play)

        summary = simulate(
            games,
            deals,
            players,
            seed,
            duplicate=duplicate,
            on_series=after_series,
            think=think,
            jobs=jobs,
        )

    if as_json:
        print(json.dumps(summary.as_json()))
    else:
        _print_summary(summary, deals, duplicate, folder)
    return 0


def _print_summary(
    summary: SimulationSummary, deals: int, duplicate: bool, folder: RecordsFolder | None
) -> None:
    """The table and the records line, built from Text: names and the folder are not markup."""
    first, second = summary.players
    table = Table(
        title=Text(f"{first} v {second}: {summary.series_played} series of {deals} deals")
    )
    table.add_column("")
    table.add_column(Text(first), justify="right")
    table.add_column(Text(second), justify="right")
    table.add_row("series won", Text(str(summary.series_won[0])), Text(str(summary.series_won[1])))
    table.add_row("series tied", Text(str(summary.series_tied)), Text(str(summary.series_tied)))
    unit = "duplicate pair" if duplicate else "deal"
    table.add_row(
        f"mean result per deal (95% CI, n={summary.deals_scored} by {unit})",
        Text(f"{summary.mean:+.2f} ± {summary.ci95:.2f}"),
        Text(f"{-summary.mean:+.2f} ± {summary.ci95:.2f}"),
    )
    out = Console()
    out.print(table)
    if folder is not None:
        line = Text(f"{folder.written} records written to ")
        line.append(visible(str(folder.folder)))
        if folder.first > 1:
            line.append(f" (numbered from {folder.first:05d}, after the records already there)")
        out.print(line, soft_wrap=True)  # a path is not broken across lines
