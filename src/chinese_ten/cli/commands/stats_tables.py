"""``chinese-ten stats``: each person's results against each opponent, from the history;
at tables of 3 and 4, by table size (places and result per deal).

Names are drawn as Rich ``Text`` (never markup). The running total is a sparkline of block
characters, or ASCII ones with ``--ascii`` or where the output cannot encode the blocks.
"""

import json
import sys
from typing import Final

from rich.console import Console, JustifyMethod
from rich.table import Table
from rich.text import Text

from chinese_ten.analysis.history_text import (
    mean_text,
    places_text,
    running_from_zero,
    series_text,
    streak_text,
    table_label,
)
from chinese_ten.analysis.stats import (
    BLOCKS,
    SPARK_WIDTH,
    Matchup,
    PlayerStats,
    player_stats,
    sparkline,
)
from chinese_ten.cli.commands.history_actions import (
    fitted,
    nothing_yet,
    printed,
    room_for,
    said_damage,
    shown_tables,
)
from chinese_ten.lang.i18n import _, ngettext
from chinese_ten.store.history import read_history
from chinese_ten.text.wording import signed


def blocks_supported() -> bool:
    """Whether standard output can encode the sparkline's block characters."""
    try:
        BLOCKS.encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


MIN_SPARK: Final = 8
"""The narrowest running-total sparkline drawn when the table must shrink to fit."""
MAX_PEOPLE: Final = 10
"""The people with the most deals drawn as tables (``--player`` or ``--json`` for others)."""
MAX_OPPONENTS: Final = 20
"""The opponents with the most deals listed in a table (``--json`` lists every one)."""


def _cells(label: str, matchup: Matchup, *, spark: int, ascii_only: bool) -> list[Text]:
    best, worst = matchup.best, matchup.worst
    return [
        Text(label),
        Text(series_text(matchup)),
        Text(str(matchup.deals)),
        Text(mean_text(matchup)),
        Text("-" if best is None else signed(best)),
        Text("-" if worst is None else signed(worst)),
        Text(streak_text(matchup)),
        Text(sparkline(running_from_zero(matchup), width=spark, ascii_only=ascii_only)),
    ]


def stats_table(stats: PlayerStats, *, ascii_only: bool, width: int = 80) -> Table:
    """One person's table, fitted to ``width`` columns: the sparkline narrows first (down
    to :data:`MIN_SPARK`), then the table loses its box lines, then names wrap."""
    headers: list[tuple[str, JustifyMethod]] = [
        (_("Opponent"), "left"),
        (_("Series W-L-T"), "right"),
        (_("Deals"), "right"),
        (_("Per deal (95%)"), "right"),
        (_("Best"), "right"),
        (_("Worst"), "right"),
        (_("Streak"), "left"),
        (_("Running total"), "left"),
    ]
    lines = [(m.opponent, m) for m in stats.opponents[:MAX_OPPONENTS]]
    if len(stats.opponents) > 1:
        lines.append((_("all opponents"), stats.overall))

    def rows(spark: int) -> list[list[Text]]:
        return [_cells(label, m, spark=spark, ascii_only=ascii_only) for label, m in lines]

    boxed, compact = room_for(headers, rows(SPARK_WIDTH), len(headers) - 1, width)
    spark = SPARK_WIDTH if boxed >= SPARK_WIDTH else min(SPARK_WIDTH, max(compact, MIN_SPARK))
    section = len(lines) - 1 if len(stats.opponents) > 1 else None
    return fitted(
        headers,
        rows(spark),
        width=width,
        flexible=0,
        title=Text(stats.player),
        section_before=section,
    )


def table_headers() -> list[tuple[str, JustifyMethod]]:
    return [
        (_("Table"), "left"),
        (_("Games"), "right"),
        (_("Places 1st-2nd-..."), "right"),
        (_("Deals"), "right"),
        (_("Per deal (95%)"), "right"),
    ]


def tables_table(stats: PlayerStats, *, width: int = 80, titled: bool = True) -> Table:
    """A person's games at tables of 3 and 4: one line a table size."""
    rows = [
        [
            Text(table_label(table)),
            Text(str(table.games)),
            Text(places_text(table)),
            Text(str(table.figures.deals)),
            Text(mean_text(table.figures)),
        ]
        for table in stats.tables
    ]
    title = Text(stats.player) if titled else None
    return fitted(table_headers(), rows, width=width, flexible=0, title=title)


def more_opponents(stats: PlayerStats) -> Text | None:
    """The line under a table that lists only the first :data:`MAX_OPPONENTS` opponents."""
    more = len(stats.opponents) - MAX_OPPONENTS
    if more <= 0:
        return None
    return Text(
        ngettext(
            "... and {count} more opponent (--json lists every one)",
            "... and {count} more opponents (--json lists every one)",
            more,
        ).format(count=more)
    )


def run_stats(*, player: str | None, as_json: bool, ascii_only: bool) -> int:
    """The tables of the people with the most deals; a damaged game is said on stderr (exit
    status 1) and left out of the figures."""
    with read_history() as history:
        rows = history.games(player=player)
    status = said_damage(history)
    everyone = player_stats(rows, player)
    if as_json:
        printed(json.dumps({"players": [s.as_json() for s in everyone]}) + "\n")
        return status
    if not everyone:
        if not status:  # every game left out is said already: "no games" would be untrue
            shown_tables([Text(nothing_yet(player))])
        return status
    plain = ascii_only or not blocks_supported()
    width = Console().width
    drawn: list[Table | Text] = []
    for stats in everyone[:MAX_PEOPLE]:
        if stats.opponents:
            drawn.append(stats_table(stats, ascii_only=plain, width=width))
            if (line := more_opponents(stats)) is not None:
                drawn.append(line)
        if stats.tables:
            drawn.append(tables_table(stats, width=width, titled=not stats.opponents))
    if len(everyone) > MAX_PEOPLE:
        more = len(everyone) - MAX_PEOPLE
        drawn.append(
            Text(
                ngettext(
                    "... and {count} more person (stats --player NAME shows one, --json all)",
                    "... and {count} more people (stats --player NAME shows one, --json all)",
                    more,
                ).format(count=more)
            )
        )
    shown_tables(drawn)
    return status
