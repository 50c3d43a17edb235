"""The History screen with Pilot: reached by F2 and the palette, names drawn literally,
Enter opens the review, a broken history is said; snapshots at two sizes."""

import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import DataTable, Static

from chinese_ten.store.history import open_history
from chinese_ten.store.history_places import FILE_NAME
from chinese_ten.store.records import GameRecord, load_record, replay, series_score
from chinese_ten.text.wording import computer_name, signed
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens import review as review_screen
from chinese_ten.tui.screens.history import HistoryScreen
from chinese_ten.tui.screens.start import StartScreen
from chinese_ten.tui.widgets.trend import TrendChart
from tests.history_helpers import played, played_at
from tests.tui_helpers import cut_names, options, play_until_results, screen_text, until

SIZE = (100, 30)
MARKUP = "[red]Zed[/]"


def _imported(folder: Path) -> list[int]:
    """Two imported games (no times: the screen shows the same whatever the time zone)."""
    with open_history(folder) as history:
        return [
            history.import_record(played(2, seed=1, names=("Ana", MARKUP)))[0],
            history.import_record(played(3, seed=2, names=(MARKUP, "Ben"), planned=4))[0],
        ]


def _problem(app: ChineseTenApp) -> str:
    """The line the screen shows when the history cannot be used (it may wrap on screen)."""
    problem = app.screen.query_one("#history-problem", Static)
    assert problem.display
    return str(problem.render())


async def _open_history(pilot: Pilot[None]) -> None:
    """F2 once the first screen is up: the History screen comes over it."""
    await pilot.pause()
    await pilot.press("f2")
    await pilot.pause()
    assert isinstance(pilot.app.screen, HistoryScreen)


def _app(folder: Path) -> ChineseTenApp:
    return ChineseTenApp(options(folder, players=None))


async def test_f2_opens_the_history_from_the_start_screen(tmp_path: Path) -> None:
    _imported(tmp_path)
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "History" in screen_text(app)  # in the footer
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        text = screen_text(app)
        lines = text.splitlines()  # a seat a line, the markup shown as typed
        assert sum(MARKUP in line for line in lines) >= 2 and "Ana" in text and "Ben" in text
        assert "3 of 4" in text and "not over" in text
        games = app.screen.query_one("#history-games", DataTable)
        assert games.row_count == 2
        players = app.screen.query_one("#history-players", DataTable)
        assert players.row_count == 3
        trend = app.screen.query_one("#history-sparkline", TrendChart)
        assert len(trend.values) == 6  # 0, then 5 deals of Zed
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_the_palette_offers_the_history(tmp_path: Path) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "History" in titles
        app.action_history()
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert "No games in the history yet." in screen_text(app)


async def test_enter_opens_the_review_of_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _first, second = _imported(tmp_path)
    opened: list[tuple[GameRecord, int]] = []

    class ReviewScreen(Screen[None]):  # the real one starts its analysis at once
        def __init__(self, record: GameRecord, *, game_id: int) -> None:
            super().__init__()
            opened.append((record, game_id))

    monkeypatch.setattr(review_screen, "ReviewScreen", ReviewScreen)
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("enter")  # the newest game first: the last imported
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
    with open_history(tmp_path) as history:
        assert opened == [(history.record(second), second)]


async def test_a_game_without_a_finished_deal_is_said_not_opened(tmp_path: Path) -> None:
    """Stored as it is played, a game has a row before its first deal ends (a resumed save's
    unfinished deal is not reviewed): Enter says so instead of failing."""
    whole = played(1)
    unfinished = whole.model_copy(update={"deals": (), "deals_planned": 2})
    with open_history(tmp_path) as history:
        history.store(unfinished, computers=(None, None), started=datetime.now(UTC), ended=None)
    app = _app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("f2", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert "nothing to review" in screen_text(app)


async def test_a_broken_history_is_said_and_left_alone(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_bytes(b"[bold]not a database[/]" * 100)
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert "is damaged (it is not a history database)" in _problem(app)
        assert "[bold]" not in _problem(app)  # the file's name only, never its content
    assert not list(tmp_path.glob(f"{FILE_NAME}*.broken*"))
    assert (tmp_path / FILE_NAME).read_bytes() == b"[bold]not a database[/]" * 100


async def test_a_history_that_cannot_be_opened_is_said(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).mkdir()
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _open_history(pilot)
        assert "is a folder, not a history file" in _problem(app)


Snap = Callable[..., bool]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_history_screen_snapshot(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    _imported(tmp_path)

    async def open_it(pilot: Any) -> None:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()

    assert snap_compare(_app(tmp_path), run_before=open_it, terminal_size=size)


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("player0", "char(27) || ']2;pwn' || char(7)"),
        ("results", "'notjson'"),
        ("ended", "'x'"),
        ("results", "'[' || replace(hex(zeroblob(50000)), '00', '[')"),
        ("results", "'[1' || replace(hex(zeroblob(150)), '00', '0') || ']'"),
        ("ended", "'9999-12-31T23:59:59-14:00'"),
        ("ended", "'0001-01-01T00:00:00+14:00'"),
    ],
)
async def test_a_damaged_game_is_said_and_the_rest_listed(
    tmp_path: Path, column: str, value: str
) -> None:
    first, _second = _imported(tmp_path)
    db = sqlite3.connect(tmp_path / FILE_NAME)
    db.execute(f"UPDATE games SET {column} = {value} WHERE id = {first}")
    db.commit()
    db.close()
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _open_history(pilot)
        assert f"game {first} is damaged ({column}" in _problem(app)
        assert app.screen.query_one("#history-games", DataTable).row_count == 1
        assert "\x1b" not in screen_text(app) and "pwn" not in screen_text(app)


async def test_a_friendly_game_beside_it_opens_for_review(tmp_path: Path) -> None:
    _imported(tmp_path)
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert not app.screen.query_one("#history-problem", Static).display
        assert app.screen.query_one("#history-games", DataTable).row_count == 2


async def test_a_deal_that_cannot_be_stored_is_said_once_on_screen(tmp_path: Path) -> None:
    """The store happens on the writer's thread; the game screen picks up what it said."""
    (tmp_path / FILE_NAME).mkdir()  # the history cannot be opened
    app = ChineseTenApp(options(tmp_path, deals_planned=1))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await play_until_results(pilot)

        def said() -> list[str]:
            return [n.message for n in app._notifications if "waits for the history" in n.title]

        await until(pilot, said, "the notice")  # the screen polls twice a second
        (message,) = said()
        assert "is a folder, not a history file" in message and "history-pending" in message


async def test_a_stored_deal_says_nothing(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, deals_planned=1))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await play_until_results(pilot)
        assert app.game.flow.history.wait()
        await pilot.pause()
        assert not app.game.flow.history_notices()  # stored: nothing left for the screen to say
        assert not [
            n
            for n in app._notifications
            if n.title
            in (
                "History",
                "This deal was not kept in the history",
                "This deal waits for the history",
            )
        ]
    with open_history(tmp_path) as history:
        assert len(history.games()) == 1


FOUR = ("Alexandrina Ferreira", "Bartholomew Oyelaran", "Computer 3 (hard)", "Maximiliano Ruiz")
"""Long names at a table of four; seat 2 is the computer under its default name."""


@pytest.mark.parametrize("language", ["en", "fr", "pt"], indirect=True)
async def test_a_game_of_four_fits_80x24_in_every_language(tmp_path: Path, language: str) -> None:
    record = played_at(FOUR, 2, seed=3)
    when = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    with open_history(tmp_path) as history:
        earlier = when.replace(day=1, hour=8)
        two = played(2, seed=1, names=("Ana", "Zed"))
        history.store(two, computers=(None, None), started=earlier, ended=earlier)
        game = history.store(record, computers=(None, None, "hard", None), started=when, ended=when)
    score = series_score(record, replay(record))
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_history(pilot)
        games = app.screen.query_one("#history-games", DataTable)
        assert games.row_count == 2
        assert games.virtual_size.width <= games.size.width  # no column out of sight
        text = screen_text(app)
        assert cut_names(text, FOUR) == []
        computer = computer_name("hard", number=3)
        assert computer.split()[0] in text
        assert "(hard)" not in text or language == "en"  # the level in the language
        row = games.get_row(str(game))
        names, totals = (str(cell).split("\n") for cell in (row[2], row[4]))
        assert len(names) == len(totals) <= 8  # a long name on two lines at most
        for seat, total in enumerate(score.totals):  # each seat's total on its first line
            label = FOUR[seat] if seat != 2 else computer
            line = next(k for k, said in enumerate(names) if label.startswith(said))
            assert totals[line] == signed(total), label
            assert " ".join(names[line:]).startswith(label)  # wrapped between words only
        (first,) = [line for line in text.splitlines() if FOUR[0].split()[0] in line][:1]
        assert signed(score.totals[0]) in first  # on screen too
        people = app.screen.query_one("#history-players", DataTable)
        assert people.row_count == 2  # the game of two's people
        tables = app.screen.query_one("#history-tables", DataTable)
        assert tables.display and tables.row_count == 3  # three people at the table of four
        assert tables.virtual_size.width <= tables.size.width
        for name in (FOUR[0], FOUR[1], FOUR[3]):
            assert name in text, name  # whole in the table of figures
        await pilot.press("tab", "tab")
        await pilot.pause()
        assert app.focused is tables
        title = str(app.screen.query_one("#history-trend-title", Static).render())
        four = {"en": "4 players", "fr": "4 joueurs", "pt": "4 jogadores"}
        assert four[language] in title


async def test_enter_opens_the_review_of_a_game_of_four(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game of four kept in the history opens in the review like any other (the real
    screen takes it: it judges 2 to 4 seats)."""
    golden = load_record(Path(__file__).parents[1] / "golden" / "golden-4-seats.json")
    with open_history(tmp_path) as history:
        game_id = history.import_record(golden)[0]
    real = review_screen.ReviewScreen(golden, game_id=game_id)  # no refusal at four seats
    assert real is not None
    opened: list[int] = []

    class ReviewScreen(Screen[None]):  # the real one starts its analysis at once
        def __init__(self, record: GameRecord, *, game_id: int) -> None:
            super().__init__()
            assert record.seat_count == 4
            opened.append(game_id)

    monkeypatch.setattr(review_screen, "ReviewScreen", ReviewScreen)
    app = _app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
    assert opened == [game_id]


@pytest.mark.parametrize("language", ["en", "fr", "pt"], indirect=True)
async def test_a_game_of_two_against_the_computer_fits_80x24_in_every_language(
    tmp_path: Path, language: str
) -> None:
    """ "Vous contre Ordinateur (difficile)" on one line would leave no room at 80 columns (the
    totals cut, "-21 / +", the winner out of sight): a seat a line, its total beside."""
    names = ("You", "Computer (hard)")
    record = played(2, seed=1, names=names)
    when = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    with open_history(tmp_path) as history:
        game = history.store(record, computers=(None, "hard"), started=when, ended=when)
    score = series_score(record, replay(record))
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_history(pilot)
        games = app.screen.query_one("#history-games", DataTable)
        assert games.virtual_size.width <= games.size.width  # no column out of sight
        row = games.get_row(str(game))
        assert [str(cell) for cell in row[4].split()] == [signed(t) for t in score.totals]
        winner = str(row[5]).replace("\n", " ")
        text = screen_text(app)
        assert winner.split()[0] in text  # the winner's column is on screen


@pytest.mark.parametrize("ascii_only", [False, True])
async def test_the_key_bar_has_no_stray_mark_before_the_palette(
    tmp_path: Path, ascii_only: bool
) -> None:
    """The History's keys as every other screen's: the palette's key after a space, with no
    separator drawn before it (Textual's footer draws one, ``▏``, or ``|`` in ASCII)."""
    _imported(tmp_path)
    app = ChineseTenApp(options(tmp_path, players=None, ascii=ascii_only))
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_history(pilot)
        keys = screen_text(app).splitlines()[-1]
    assert keys.split()[:2] == ["esc", "Back"], keys
    assert keys.rstrip().endswith("  ^p palette"), keys
    assert "▏" not in keys and "|" not in keys, keys


async def test_the_running_total_is_drawn_from_a_zero_line(tmp_path: Path) -> None:
    """One game won by Ana: her chart rises from the zero line (the total before the first
    deal), Ben's hangs below it; each starts on the line."""
    with open_history(tmp_path) as history:
        history.import_record(played(2, seed=1, names=("Ana", "Ben")))
    app = _app(tmp_path)
    seen: dict[str, list[str]] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_history(pilot)
        await pilot.press("tab")  # the players' table
        for _ in range(2):
            trend = app.screen.query_one("#history-sparkline", TrendChart)
            lines = screen_text(app).splitlines()
            row = next(k for k, line in enumerate(lines) if ": running total " in line)
            name = lines[row].split(":")[0].strip()
            seen[name] = [line[1:-1] for line in lines[row + 1 : row + 1 + trend.size.height]]
            assert (trend.values[-1] > 0) == (name == "Ana"), (name, trend.values)
            await pilot.press("down")
            await pilot.pause()
    up, down = seen["Ana"], seen["Ben"]
    assert up[-1].startswith("─") and set(up[-1]) <= {"─", "▀"}, up  # all above the line
    assert down[0].startswith("─") and set(down[0]) <= {"─", "▄"}, down  # all below it
    assert "█" in up[0] and "█" in down[-1]  # the largest totals fill the far rows


async def test_deal_after_deal_shows_no_series_and_no_end(tmp_path: Path) -> None:
    """A game played deal after deal, still going: no "0-0-0" series beside its streak, and
    its time is when it was last played, not an end."""
    record = played(4, seed=2).model_copy(update={"deals_planned": None})
    when = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    with open_history(tmp_path) as history:
        history.store(record, computers=(None, None), started=when, ended=when)
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_history(pilot)
        people = app.screen.query_one("#history-players", DataTable)
        series = [str(people.get_row_at(k)[1]) for k in range(people.row_count)]
        text = screen_text(app)
    assert series == ["-", "-"], series
    assert "0-0-0" not in text
    assert "Last played" in text and "Ended" not in text
