"""``chinese-ten stats``: each person's results against each opponent, from the history.

Names are drawn as Rich ``Text`` (never markup). The running total is a sparkline of block
characters, or ASCII ones with ``--ascii`` or where the output cannot encode the blocks.
"""

import json
import sys

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chinese_ten.commands.history import nothing_yet, opened
from chinese_ten.i18n import _
from chinese_ten.stats import BLOCKS, Matchup, PlayerStats, player_stats, sparkline
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
    text = {1: _("won {count}"), -1: _("lost {count}"), 0: _("tied {count}")}[sign]
    return text.format(count=count)


def _row(table: Table, label: Text, matchup: Matchup, *, ascii_only: bool) -> None:
    best, worst = matchup.best, matchup.worst
    table.add_row(
        label,
        f"{matchup.series_won}-{matchup.series_lost}-{matchup.series_tied}",
        str(matchup.deals),
        mean_text(matchup),
        "-" if best is None else signed(best),
        "-" if worst is None else signed(worst),
        streak_text(matchup),
        sparkline(matchup.running, ascii_only=ascii_only),
    )


def stats_table(stats: PlayerStats, *, ascii_only: bool) -> Table:
    table = Table(title=Text(stats.player), title_justify="left")
    table.add_column(_("Opponent"))
    table.add_column(_("Series W-L-T"), justify="right")
    table.add_column(_("Deals"), justify="right")
    table.add_column(_("Per deal (95%)"), justify="right", no_wrap=True)
    table.add_column(_("Best"), justify="right")
    table.add_column(_("Worst"), justify="right")
    table.add_column(_("Streak"))
    table.add_column(_("Running total"))
    for matchup in stats.opponents:
        _row(table, Text(matchup.opponent), matchup, ascii_only=ascii_only)
    if len(stats.opponents) > 1:
        table.add_section()
        _row(table, Text(_("all opponents")), stats.overall, ascii_only=ascii_only)
    return table


def run_stats(*, player: str | None, as_json: bool, ascii_only: bool) -> int:
    with opened() as history:
        rows = history.games(player=player)
    everyone = player_stats(rows, player)
    if as_json:
        print(json.dumps({"players": [s.as_json() for s in everyone]}))
        return 0
    console = Console()
    if not everyone:
        console.print(Text(nothing_yet(player)))
        return 0
    plain = ascii_only or not blocks_supported()
    for stats in everyone:
        console.print(stats_table(stats, ascii_only=plain))
    return 0
