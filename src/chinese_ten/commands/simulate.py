"""``chinese-ten simulate``: computer players against each other, with a summary."""

import json
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from chinese_ten.records import game_record, record_json, write_atomically
from chinese_ten.simulate import SeriesPlay, SimulationSummary, simulate


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
    written = 0

    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=as_json or not console.is_terminal,
    ) as progress:
        task = progress.add_task(f"{players[0]} v {players[1]}", total=total)

        def after_series(play: SeriesPlay) -> None:
            nonlocal written
            progress.advance(task)
            if records is not None:
                written += 1
                name = f"series-{written:05d}-{play.players[0]}-v-{play.players[1]}.json"
                record = game_record(play.players, play.deals_planned, play.states)
                write_atomically(records / name, record_json(record))

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
        _print_summary(summary, deals, duplicate, records, written)
    return 0


def _print_summary(
    summary: SimulationSummary, deals: int, duplicate: bool, records: Path | None, written: int
) -> None:
    first, second = summary.players
    table = Table(title=f"{first} v {second}: {summary.series_played} series of {deals} deals")
    table.add_column("")
    table.add_column(first, justify="right")
    table.add_column(second, justify="right")
    table.add_row("series won", str(summary.series_won[0]), str(summary.series_won[1]))
    table.add_row("series tied", str(summary.series_tied), str(summary.series_tied))
    unit = "duplicate pair" if duplicate else "deal"
    table.add_row(
        f"mean result per deal (95% CI, n={len(summary.deal_results)} by {unit})",
        f"{summary.mean:+.2f} ± {summary.ci95:.2f}",
        f"{-summary.mean:+.2f} ± {summary.ci95:.2f}",
    )
    out = Console()
    out.print(table)
    if records is not None:
        out.print(f"{written} records written to {records}")
