"""The words a listed game and a person's statistics are said in: shared by ``chinese-ten
history`` and ``chinese-ten stats`` (:mod:`chinese_ten.cli.commands.history_actions`,
:mod:`chinese_ten.cli.commands.stats_tables`) and the TUI's history screen, which would otherwise
import from the command line. Plain strings (the callers wrap them in Rich ``Text``)."""

from datetime import datetime

from chinese_ten.analysis.stats import Matchup, TableStats
from chinese_ten.lang.i18n import _, ngettext
from chinese_ten.lang.numerals import decimal
from chinese_ten.store.history_names import is_computer_default
from chinese_ten.store.history_rows import GameRow
from chinese_ten.text.marks import marked_name
from chinese_ten.text.wording import listed, signed


def seat_label(row: GameRow, seat: int) -> str:
    """A player's name, with the computer's level where a computer sat."""
    level = row.computers[seat]
    name = row.players[seat]
    says_it = level is not None and is_computer_default(row.keys[seat], level)
    return marked_name(name, level, says_it=says_it)


def when(moment: datetime | None) -> str:
    """A stored time in local time, to the minute; a dash when not known (an import)."""
    return "-" if moment is None else moment.astimezone().strftime("%Y-%m-%d %H:%M")


def series_text(matchup: Matchup) -> str:
    """Series won, lost and tied: ``2-1-0``; ``-`` when none has ended (deal after deal
    has no series, and one still being played is not counted yet)."""
    won, lost, tied = matchup.series_won, matchup.series_lost, matchup.series_tied
    return f"{won}-{lost}-{tied}" if won or lost or tied else "-"


def deals_text(row: GameRow) -> str:
    if row.deals_planned is None:
        return str(row.deals_played)
    return _("{played} of {planned}").format(played=row.deals_played, planned=row.deals_planned)


def outcome_text(row: GameRow) -> str:
    """The series result: the winner's name, a tie, or not over yet; ``-`` for play deal
    after deal, which has no series to win (its totals say who is ahead)."""
    if row.winner is not None:
        return row.players[row.winner]
    if row.over and row.seats > 2:
        return _("shared: {names}").format(names=listed([row.players[s] for s in row.winners]))
    if row.over:
        return _("tied")
    return _("not over") if row.deals_planned is not None else "-"


def players_text(row: GameRow, *, broken: bool = False) -> str:
    """Every seat: "Ana v Ben v Cy"; ``broken``: one seat a line, so a name is not split.
    From three seats a broken list has no "v": "contre" after a long name would wrap onto a
    line of its own, and the totals beside each line would no longer face their seat."""
    if broken and row.seats > 2:
        return "\n".join(seat_label(row, seat) for seat in range(row.seats))
    text = seat_label(row, 0)
    for seat in range(1, row.seats):
        second = seat_label(row, seat)
        text = _("{first} v {second}").format(
            first=text, second="\n" + second if broken else second
        )
    return "\n".join(line.rstrip() for line in text.split("\n"))


def totals_text(row: GameRow, *, broken: bool = False) -> str:
    """``+5 / -5``; ``broken`` (3-4 seats): one a line, beside each seat's line."""
    if broken and row.seats > 2:
        return "\n".join(signed(total) for total in row.totals)
    return " / ".join(signed(total) for total in row.totals)


def mean_text(matchup: Matchup) -> str:
    """``+4.2 ± 3.1``, or the mean alone below two deals, or a dash."""
    mean, interval = matchup.mean, matchup.interval
    if mean is None:
        return "-"
    if interval is None:
        return decimal(mean, 1, signed=True)
    return _("{mean} ± {interval}").format(
        mean=decimal(mean, 1, signed=True), interval=decimal(interval, 1)
    )


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


def running_from_zero(matchup: Matchup) -> list[int]:
    """The running total drawn from the start (0), so a line shows a gain or a loss even
    after a single deal."""
    return [0, *matchup.running] if matchup.results else []


def places_text(table: TableStats) -> str:
    """How many series ended in each place, first place first: ``2-1-0``; ``-`` when no
    series ended (deal after deal has no places)."""
    if not any(table.places):
        return "-"
    return "-".join(str(count) for count in table.places)


def table_label(table: TableStats) -> str:
    return ngettext("{count} player", "{count} players", table.seats).format(count=table.seats)
