"""The History screen: the games kept, each person's statistics, and a game opened for review.

Names come from records anyone may have made: every cell is a ``rich.text.Text``, never
markup. The figures are :mod:`chinese_ten.analysis.stats`, as in ``chinese-ten stats``. The file is
only read (:func:`chinese_ten.store.history.read_history`): a damaged game is said above the list
and left out, a damaged file said and left where it is (the next game stored moves it aside).
"""

import textwrap
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.events import DescendantFocus
from textual.screen import Screen
from textual.widgets import DataTable, Static

from chinese_ten.analysis.history_text import (
    deals_text,
    mean_text,
    outcome_text,
    places_text,
    running_from_zero,
    seat_label,
    series_text,
    streak_text,
    table_label,
    when,
)
from chinese_ten.analysis.stats import Matchup, PlayerStats, player_stats
from chinese_ten.engine.errors import ChineseTenError
from chinese_ten.lang.i18n import N_, _, ngettext
from chinese_ten.store.history import read_history
from chinese_ten.store.history_rows import GameRow
from chinese_ten.text.wording import signed
from chinese_ten.tui.texts import translate_bindings
from chinese_ten.tui.widgets.keybar import KeyBar
from chinese_ten.tui.widgets.too_small import touch
from chinese_ten.tui.widgets.trend import TrendChart

MAX_ROWS = 500
"""The newest games listed (the statistics count every game)."""
MAX_PEOPLE = 200
"""The people with the most deals listed (a table of thousands would take seconds to draw)."""
SEAT_WIDTH = 12
WINNER_WIDTH = 12
"""At 3-4 seats, a seat a line (its total beside it) and the winner, names wrapped between
words where the width needs it (down to these widths): four long names fit 80 columns."""
SCREEN_MARGINS = 4
"""The columns of the screen the games' table does not get: the box's padding (1 + 1), its
scrollbar (2)."""
_FIGURES = ("history-players", "history-tables")
"""The tables whose chosen line's running total is drawn."""
MAX_DAMAGE_LINES = 5
"""Damaged games said one a line; beyond, one line counts the rest."""


class HistoryScreen(Screen[None]):
    """Games newest first above, each person's figures below; Enter reviews a game."""

    CSS_PATH = "history.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f2", "close", N_("Back")),  # F2 opens the history and closes it
    ]

    def __init__(self, folder: Path | None = None, *, ascii_only: bool = False) -> None:
        """``ascii_only``: the running total in ASCII characters."""
        super().__init__()
        translate_bindings(self)
        self.folder = folder
        self.ascii_only = ascii_only
        self.rows: list[GameRow] = []
        self.stats: list[PlayerStats] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="history-box"):
            yield Static(Text(_("History")), id="history-title")
            hint = (
                _("Tap a game to choose it, then again to review it.")
                if touch(self.app)
                else _("Enter reviews the chosen game; Tab moves to the players.")
            )
            yield Static(Text(hint), id="history-hint")
            yield Static(id="history-problem")
            yield DataTable(id="history-games", cursor_type="row", zebra_stripes=True)
            yield DataTable(id="history-players", cursor_type="row")
            yield DataTable(id="history-tables", cursor_type="row")
            yield Static(id="history-trend-title")
            yield TrendChart(ascii_only=self.ascii_only, id="history-sparkline")
        yield KeyBar()

    def on_mount(self) -> None:
        problem = self.query_one("#history-problem", Static)
        problem.display = False
        try:
            with read_history(self.folder) as history:
                everything = history.games()
        except ChineseTenError as error:
            self._say(str(error))
            return
        self.rows = everything[:MAX_ROWS]
        self.stats = player_stats(everything)[:MAX_PEOPLE]
        self._fill_games()
        self._fill_players()
        said = _damage_lines(history.damage)
        if said:
            self._say("\n".join(said))
        elif not self.rows:
            self._say(_("No games in the history yet."), error=False)
        self.query_one("#history-games", DataTable).focus()

    def _say(self, text: str, *, error: bool = True) -> None:
        problem = self.query_one("#history-problem", Static)
        problem.update(Text(text, style="bold red" if error else ""))
        problem.display = True

    def _fill_games(self) -> None:
        table: DataTable[Text] = self.query_one("#history-games", DataTable)
        labels = (_("Game"), _("Last played"), _("Players"), _("Deals"), _("Totals"), _("Winner"))
        for label in labels:
            table.add_column(Text(label))
        seat_width = self._seat_width(labels)
        for row in self.rows:  # heights counted here: the table measuring them is slow
            # A seat a line, its total beside it: "Vous contre Ordinateur (difficile)" on one
            # line leaves no room for the totals and the winner at 80 columns.
            players, totals = _seat_lines(row, seat_width)
            winner = Text(_winner_lines(row))
            table.add_row(
                Text(str(row.id), justify="right"),
                Text(when(row.when())),
                players,
                Text(deals_text(row), justify="right"),
                totals,
                winner,
                key=str(row.id),
                height=max(len(players.plain.split("\n")), len(winner.plain.split("\n"))),
            )

    def _seat_width(self, labels: tuple[str, ...]) -> int:
        """How wide a seat's line may be at 3-4 seats: what the other columns leave of the
        screen (but at least :data:`SEAT_WIDTH`), so a game of four fits its width."""
        others = [
            labels[:2] + labels[3:],
            *(
                (
                    str(row.id),
                    when(row.when()),
                    deals_text(row),
                    max(map(signed, row.totals), key=len),
                    _winner_lines(row),
                )
                for row in self.rows
            ),
        ]
        widths = [max(_width(cells[k]) for cells in others) for k in range(5)]
        room = self.app.size.width - sum(widths) - 2 * len(labels) - SCREEN_MARGINS
        return max(room, SEAT_WIDTH)

    def _fill_players(self) -> None:
        table: DataTable[Text] = self.query_one("#history-players", DataTable)
        labels = (_("Player"), _("Series W-L-T"), _("Deals"), _("Per deal (95%)"), _("Streak"))
        for label in labels:
            table.add_column(Text(label))
        for number, stats in enumerate(self.stats):
            overall = stats.overall
            if stats.opponents:  # games of two
                table.add_row(
                    Text(stats.player),
                    Text(series_text(overall)),
                    Text(str(overall.deals), justify="right"),
                    Text(mean_text(overall), justify="right"),
                    Text(streak_text(overall)),
                    key=str(number),
                )
        first = table.ordered_rows[0].key.value if table.row_count else None
        at_tables = self._fill_tables()
        self._show_trend(first or at_tables or "")

    def _fill_tables(self) -> str | None:
        """Each person's games at tables of 3 and 4, a line a table size (shown only when
        the history holds some); the key of the first line."""
        table: DataTable[Text] = self.query_one("#history-tables", DataTable)
        labels = (_("Player"), _("Table"), _("Games"), _("Places"), _("Deals"))
        for label in (*labels, _("Per deal (95%)")):
            table.add_column(Text(label))
        for number, stats in enumerate(self.stats):
            for at_table in stats.tables:
                table.add_row(
                    Text(stats.player),
                    Text(table_label(at_table)),
                    Text(str(at_table.games), justify="right"),
                    Text(places_text(at_table)),
                    Text(str(at_table.figures.deals), justify="right"),
                    Text(mean_text(at_table.figures), justify="right"),
                    key=f"{number}:{at_table.seats}",
                )
        table.display = table.row_count > 0
        self.set_class(table.row_count > 0, "-with-tables")
        return table.ordered_rows[0].key.value if table.row_count else None

    def _figures(self, key: str) -> tuple[str, Matchup] | None:
        """The person and the figures of a row of the players' tables: ``3`` (games of two)
        or ``3:4`` (at tables of four)."""
        number, _colon, seats = key.partition(":")
        if not number.isdigit() or not 0 <= int(number) < len(self.stats):
            return None
        stats = self.stats[int(number)]
        if not seats:
            return stats.player, stats.overall
        at_table = next(t for t in stats.tables if str(t.seats) == seats)
        return _("{name}, {table}").format(
            name=stats.player, table=table_label(at_table)
        ), at_table.figures

    def _show_trend(self, key: str) -> None:
        """The running total of a row of the players' table as a sparkline."""
        title = self.query_one("#history-trend-title", Static)
        shown = self._figures(key)
        if shown is None:
            title.update("")
            self._draw_trend([])
            return
        player, figures = shown
        running = figures.running
        title.update(
            Text(
                ngettext(
                    "{name}: running total {total} over {count} deal",
                    "{name}: running total {total} over {count} deals",
                    len(running),
                ).format(
                    name=player,
                    total=signed(running[-1] if running else 0),
                    count=len(running),
                )
            )
        )
        self._draw_trend(running_from_zero(figures))

    def _draw_trend(self, values: list[int]) -> None:
        self.query_one("#history-sparkline", TrendChart).show(values)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        table = event.data_table
        if event.row_key.value is None or table.id not in _FIGURES:
            return
        if table.id == "history-players" or table.has_focus:  # not as it is filled
            self._show_trend(event.row_key.value)

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        """Tab into a table of figures: the trend of its chosen line."""
        table = event.widget
        if isinstance(table, DataTable) and table.id in _FIGURES and table.row_count:
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
            self._show_trend(key or "")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "history-games" and event.row_key.value is not None:
            self.open_review(int(event.row_key.value))

    def open_review(self, game_id: int) -> None:
        """Open game ``game_id`` in the review screen; a game with no finished deal yet (or
        one that cannot be read) is said in a toast instead."""
        from chinese_ten.tui.screens.review import ReviewScreen  # loads the review on demand

        try:
            with read_history(self.folder) as history:
                record = history.record(game_id)
            screen = ReviewScreen(record, game_id=game_id)
        except ChineseTenError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        self.app.push_screen(screen)

    def action_close(self) -> None:
        self.dismiss(None)


def _wrapped(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or [""]


def _width(text: str) -> int:
    return max(Text(line).cell_len for line in text.split("\n"))


def _winner_lines(row: GameRow) -> str:
    """Who won, wrapped between words (the seats' lines are two or more already)."""
    return "\n".join(_wrapped(outcome_text(row), WINNER_WIDTH))


def _seat_lines(row: GameRow, width: int) -> tuple[Text, Text]:
    """The players and the totals of a game: a seat a line (or more, a long name wrapped),
    its total on its first line."""
    names: list[str] = []
    totals: list[str] = []
    for seat in range(row.seats):
        lines = _wrapped(seat_label(row, seat), width)
        names += lines
        totals += [signed(row.totals[seat]), *[""] * (len(lines) - 1)]
    return Text("\n".join(names)), Text("\n".join(totals), justify="right")


def _damage_lines(damage: list[str]) -> list[str]:
    """The first :data:`MAX_DAMAGE_LINES` damaged games, then how many more."""
    lines = damage[:MAX_DAMAGE_LINES]
    more = len(damage) - len(lines)
    if more:
        lines.append(
            ngettext(
                "... and {count} more damaged game left out",
                "... and {count} more damaged games left out",
                more,
            ).format(count=more)
        )
    return lines
