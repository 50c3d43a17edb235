"""``chinese-ten stats``: each person's results against each opponent, from the history.

Names are drawn as Rich ``Text`` (never markup). The running total is a sparkline of block
characters, or ASCII ones with ``--ascii`` or where the output cannot encode the blocks.
"""

import json
import sys
from typing import Final

from rich.console import Console, JustifyMethod
from rich.table import Table
from rich.text import Text

from chinese_ten.commands.history import (
    fitted,
    nothing_yet,
    opened,
    printed,
    room_for,
    shown_tables,
)
from chinese_ten.i18n import _, ngettext
from chinese_ten.stats import (
    BLOCKS,
    SPARK_WIDTH,
    Matchup,
    PlayerStats,
    player_stats,
    sparkline,
)
from chinese_ten.wording import signed


def blocks_supported() -> bool:
    """Whether standard output can encode the sparkline's block characters."""
    try:
        BLOCKS.encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def mean_text(matchup: Matchup) -> str:
    """``+4.2 ± 3.1``, or the mean alone below two deals, or a dash."""
    mean, interval = matchup.mean, matchup.interval
    if mean is None:
        return "-"
    if interval is None:
        return f"{mean:+.1f}"
    return _("{mean} ± {interval}").format(mean=f"{mean:+.1f}", interval=f"{interval:.1f}")


def streak_text(matchup: Matchup) -> str:
    sign, count = matchup.streak
    if not count:
        return "-"
    if sign > 0:
        text = ngettext("won {count}", "won {count}", count)
    elif sign < 0:
        text = ngettext("lost {count}", "lost {count}", count)
    else:
        text = ngettext("tied {count}", "tied {count}", count)
    return text.format(count=count)


MIN_SPARK: Final = 8
"""The narrowest running-total sparkline drawn when the table must shrink to fit."""


def _cells(label: str, matchup: Matchup, *, spark: int, ascii_only: bool) -> list[Text]:
    best, worst = matchup.best, matchup.worst
    return [
        Text(label),
        Text(f"{matchup.series_won}-{matchup.series_lost}-{matchup.series_tied}"),
        Text(str(matchup.deals)),
        Text(mean_text(matchup)),
        Text("-" if best is None else signed(best)),
        Text("-" if worst is None else signed(worst)),
        Text(streak_text(matchup)),
        Text(sparkline(running_from_zero(matchup), width=spark, ascii_only=ascii_only)),
    ]


def running_from_zero(matchup: Matchup) -> list[int]:
    """The running total drawn from the start (0), so a line shows a gain or a loss even
    after a single deal."""
    return [0, *matchup.running] if matchup.results else []


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
    lines = [(m.opponent, m) for m in stats.opponents]
    if len(stats.opponents) > 1:
        lines.append((_("all opponents"), stats.overall))

    def rows(spark: int) -> list[list[Text]]:
        return [_cells(label, m, spark=spark, ascii_only=ascii_only) for label, m in lines]

    boxed, compact = room_for(headers, rows(SPARK_WIDTH), len(headers) - 1, width)
    spark = SPARK_WIDTH if boxed >= SPARK_WIDTH else min(SPARK_WIDTH, max(compact, MIN_SPARK))
    section = len(stats.opponents) if len(stats.opponents) > 1 else None
    return fitted(
        headers,
        rows(spark),
        width=width,
        flexible=0,
        title=Text(stats.player),
        section_before=section,
    )


def run_stats(*, player: str | None, as_json: bool, ascii_only: bool) -> int:
    with opened() as history:
        rows = history.games(player=player)
    everyone = player_stats(rows, player)
    if as_json:
        printed(json.dumps({"players": [s.as_json() for s in everyone]}) + "\n")
        return 0
    if not everyone:
        shown_tables([Text(nothing_yet(player))])
        return 0
    plain = ascii_only or not blocks_supported()
    width = Console().width
    shown_tables([stats_table(stats, ascii_only=plain, width=width) for stats in everyone])
    return 0
