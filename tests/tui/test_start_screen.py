"""The start screen offers every table ``play`` can set: how many play and, seat by seat, a
person at this keyboard or the computer at a level; ``--vs``, ``--seat`` and ``--players``
give the table offered first."""

import asyncio
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from chinese_ten import CHINESE_NAME, PINYIN
from chinese_ten.cli.commands.play import in_this_tab
from chinese_ten.game.flow import GameFlow
from chinese_ten.game.options import CJK_VARIABLE, table_levels
from chinese_ten.lang import i18n
from chinese_ten.store.records import load_and_replay
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.cut import CutScreen
from chinese_ten.tui.screens.start import PERSON, StartScreen
from chinese_ten.tui.widgets.controls import ListChoice, ListMenu, OptionRow
from tests.tui_helpers import options, screen_text, until, until_screen

SIZE = (100, 32)


def _start(app: ChineseTenApp) -> StartScreen:
    screen = app.screen
    assert isinstance(screen, StartScreen)
    return screen


async def _click(pilot: Pilot[None], widget: object, offset: tuple[int, int] = (0, 0)) -> None:
    assert await pilot.click(widget, offset=offset)  # type: ignore[arg-type]
    await pilot.pause()


async def _click_count(pilot: Pilot[None], screen: StartScreen, seats: int) -> None:
    """Click the option ``seats`` of how many play (on its words)."""
    row = screen.query_one("#count", OptionRow)
    _first, last = row.spans[seats - 2]
    await _click(pilot, row, offset=(last - 1, 0))


async def _choose_by_mouse(pilot: Pilot[None], screen: StartScreen, seat: int, who: str) -> None:
    """Open seat ``seat``'s list with a click and click ``who`` in it."""
    await _click(pilot, screen.query_one(f"#who{seat}", ListChoice))
    menu = screen.app.screen
    assert isinstance(menu, ListMenu)
    index = [PERSON, "easy", "normal", "hard"].index(who)
    await _click(pilot, menu.query_one(OptionList), offset=(2, index + 1))  # inside its frame


def test_the_command_line_levels_by_seat() -> None:
    assert table_levels(("hard",), None, None) == (None, "hard")
    assert table_levels(("easy",), None, 2) == ("easy", None)
    assert table_levels(None, None, None) == (None, None)
    asked = options(Path("."), players=None, computer=("easy", None))
    assert (asked.table.vs, asked.table.person_seat) == ("easy", 1)
    assert not asked.shows_start  # play --vs easy --seat 2 in a terminal: straight to the game
    assert options(Path("."), players=None, computer=("easy", None), browser=True).shows_start
    assert options(Path("."), players=None).shows_start


def test_start_series_seats_the_computer_chosen(tmp_path: Path) -> None:
    flow = GameFlow(options(tmp_path, players=None))
    flow.start_series(("Ana", None), (None, "hard"))
    assert flow.table.computer == (None, "hard") and flow.names == ("Ana", "Computer (hard)")
    assert flow.table.computer == (None, "hard") and not flow.table.hot_seat
    assert flow.computers[0] is None and flow.computers[1] is not None
    flow.start_series((None, "Ben"), (None, None))  # and back to two people
    assert flow.computers == [None, None] and flow.names == ("Player 1", "Ben")


async def test_play_alone_sets_a_computer_by_keyboard(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = _start(app)
        assert "Seat 1" in screen_text(app) and "a person here" in screen_text(app)
        assert screen.query_one("#name0", Input).has_focus
        await pilot.press("tab")  # the second seat's choice
        assert screen.query_one("#who1", ListChoice).has_focus
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("down", "down", "enter")  # the computer, normal
        await pilot.pause()
        assert screen.computer == (None, "normal")
        assert not screen.query_one("#name1", Input).display
        assert "Computer (normal)" in screen_text(app) and "You" in screen_text(app)
        await pilot.press("shift+tab", *"Ana", "enter")  # the only person's field starts
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        flow = app.game.flow
        assert flow.table.computer == (None, "normal") and flow.table.typed == ("Ana", None)
        assert flow.names == ("Ana", "Computer (normal)") and not app.game.flow.table.hot_seat


async def test_two_people_and_a_computer_by_mouse_are_saved(tmp_path: Path) -> None:
    """A mixed table: people in the first and third seats, the computer in the second; Enter
    in the first name goes to the third, past the computer."""
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = _start(app)
        await _click_count(pilot, screen, 3)
        assert screen.computer == (None, None, None)
        await _choose_by_mouse(pilot, screen, 1, "easy")
        assert screen.computer == (None, "easy", None)
        assert "Computer (easy)" in screen_text(app)
        await _click(pilot, screen.query_one("#name0", Input))
        await pilot.press(*"Ana", "enter")
        assert screen.query_one("#name2", Input).has_focus
        await pilot.press(*"Cy", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        assert app.game.flow.names == ("Ana", "Computer (easy)", "Cy")
        assert app.game.flow.table.hot_seat
        await pilot.press("enter")  # the cut: the save records the seats
        await pilot.pause()
    record, _states = load_and_replay(tmp_path / "current.json")
    assert record.seats is not None
    assert [s.computer for s in record.seats] == [None, "easy", None]


async def test_a_seat_added_takes_the_last_choice(tmp_path: Path) -> None:
    """One person against the hard computer, then four players: the seats added are
    computers too (named by seat, as there are several at one level)."""
    app = ChineseTenApp(options(tmp_path, players=None, computer=(None, "hard"), browser=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = _start(app)
        await _click_count(pilot, screen, 4)
        assert screen.computer == (None, "hard", "hard", "hard")
        assert "Computer 4 (hard)" in screen_text(app)
        await _click_count(pilot, screen, 2)
        assert screen.computer == (None, "hard")


async def test_a_table_of_computers_only_is_refused(tmp_path: Path) -> None:
    """Every seat a computer: Start says a person must play, and nothing starts."""
    app = ChineseTenApp(options(tmp_path, players=None, computer=(None, "hard"), browser=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = _start(app)
        await _choose_by_mouse(pilot, screen, 0, "easy")
        assert screen.computer == ("easy", "hard")
        await _click(pilot, screen.query_one("#start"))
        assert app.screen is screen
        problem = screen.query_one("#name-problem", Static)
        assert problem.display and "person" in str(problem.render())
        await _choose_by_mouse(pilot, screen, 1, PERSON)  # a person again: it starts
        await _click(pilot, screen.query_one("#start"))
        assert isinstance(app.screen, CutScreen)
        assert app.game.flow.names == ("Computer (easy)", "You")


async def test_serve_vs_is_offered_first_not_locked(tmp_path: Path) -> None:
    """``serve --vs easy --seat 2``: every tab shows the start screen with that choice, the
    person's field first; changed to two people, Enter goes field to field."""
    asked = options(tmp_path, players=None, computer=("easy", None), browser=True)
    app = ChineseTenApp(asked)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = _start(app)
        assert screen.computer == ("easy", None)
        assert screen.query_one("#who0", ListChoice).value == "easy"
        assert screen.query_one("#name1", Input).has_focus
        await _choose_by_mouse(pilot, screen, 0, PERSON)
        assert screen.computer == (None, None)
        await _click(pilot, screen.query_one("#name0", Input))
        await pilot.press(*"Eve", "enter", *"Fay", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        assert app.game.flow.table.computer == (None, None)
        assert app.game.flow.names == ("Eve", "Fay") and app.game.flow.table.hot_seat


async def test_play_vs_in_a_terminal_goes_straight_to_the_game(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=None, computer=(None, "hard")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        assert app.game.flow.names == ("You", "Computer (hard)")


@pytest.mark.parametrize("name", ["[/]", "[b]x[/b] [@click=app.quit]", "W" * 24])
async def test_a_hostile_name_against_the_computer_is_shown_as_typed(
    tmp_path: Path, name: str
) -> None:
    app = ChineseTenApp(options(tmp_path, players=None, computer=(None, "hard"), browser=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = _start(app)
        field = screen.query_one("#name0", Input)
        field.value = name[: field.max_length or None]
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CutScreen), screen_text(app)
        assert app.game.flow.table.typed == (field.value, None)
        assert app.game.flow.names == (field.value, "Computer (hard)")


async def test_the_computers_name_is_refused_as_yours(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=None, computer=(None, "hard"), browser=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = _start(app)
        await pilot.press(*"computer (HARD)", "enter")
        await pilot.pause()
        assert app.screen is screen
        assert screen.query_one("#name-problem", Static).display
        assert screen.query_one("#name0", Input).has_focus


@pytest.mark.parametrize("language", ["en", "fr", "pt"])
@pytest.mark.parametrize("ascii_only", [False, True])
@pytest.mark.parametrize(
    ("size", "table"),
    [
        ((80, 24), (None, None)),
        ((80, 24), (None, "normal")),
        ((80, 24), (None, "hard", None, "easy")),
        ((40, 20), (None, "normal")),  # a split pane: the compact board's smallest size
        ((40, 20), (None, "hard", None, "easy")),
        ((48, 40), (None, "hard", None, "easy")),  # a phone in a browser
    ],
)
async def test_the_start_screen_fits(
    tmp_path: Path,
    language: str,
    ascii_only: bool,
    size: tuple[int, int],
    table: tuple[str | None, ...],
) -> None:
    i18n.choose(language)
    try:
        kwargs: dict[str, object] = {"ascii": ascii_only, "symbols": not ascii_only}
        app = ChineseTenApp(options(tmp_path, players=None, computer=table, browser=True, **kwargs))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = _start(app)
            assert screen.computer == table
            # the longest the box gets: a name refused (another seat's), said below
            last = screen.people[-1]
            other = next(seat for seat in range(len(table)) if seat != last)
            screen.query_one(f"#name{last}", Input).value = screen.defaults[other]
            screen.query_one(f"#name{last}", Input).focus()
            await pilot.press("enter")
            await pilot.pause()
            assert screen.query_one("#name-problem", Static).display
            box = screen.query_one("#start-box").region
            key_bar = screen.query_one("KeyBar").region
            assert box.bottom <= key_bar.y and box.right <= size[0]  # above the key bar
            for widget in screen.query("#start-box *").results():
                if widget.display and widget.region:
                    assert box.contains_region(widget.region), widget
            for seat in range(len(table)):
                assert screen.query_one(f"#who{seat}", ListChoice).region.right <= box.right - 1
                shown = screen.defaults[seat]
                assert shown in screen_text(app) or table[seat] is None  # a computer's name
            count = screen.query_one("#count", OptionRow)  # every option whole, on one line
            assert count.region.x + count.spans[-1][1] <= box.right - 1, count.spans
            if ascii_only:
                shown = screen_text(app)
                assert shown.isascii(), sorted({c for c in shown if not c.isascii()})
    finally:
        i18n.choose("en")


LONGEST = "Alexandrina Wilhelmina Konstantinopoulou"  # 40 characters, the most a name holds


async def test_a_full_name_field_says_it_takes_no_more(tmp_path: Path) -> None:
    """The 41st key is not silent: the field says it is full while it has the focus, and the
    name is kept at 40."""
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = _start(app)
        problem = screen.query_one("#name-problem", Static)
        await pilot.press(*LONGEST[:-1])
        await pilot.pause()
        assert not problem.display  # one short of full: nothing to say
        await pilot.press(LONGEST[-1], "x")
        await pilot.pause()
        assert screen.query_one("#name0", Input).value == LONGEST
        assert problem.display
        assert "Seat 1: a name has at most 40 characters." in screen_text(app)
        await pilot.press("backspace")
        await pilot.pause()
        assert not problem.display  # room again


async def test_a_long_name_shows_from_its_start_once_its_field_is_left(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = _start(app)
        field = screen.query_one("#name0", Input)
        await pilot.press(*LONGEST)
        await pilot.pause()
        assert field.size.width < len(LONGEST)  # the field shows part of it
        await pilot.press("tab")
        await pilot.pause()
        assert not field.has_focus
        row = next(line for line in screen_text(app).splitlines() if "Seat 1" in line)
        assert not screen.query_one("#name-problem", Static).display  # said of a field in use
    assert "Alexandrina" in row and "poulou" not in row, row


WEB_DRIVER = "textual.drivers.web_driver:WebDriver"


@pytest.mark.parametrize(
    ("driver", "variable", "ascii_only", "shown"),
    [
        (WEB_DRIVER, "0", False, f"Chinese Ten · {PINYIN}"),  # the page has no Chinese font
        (WEB_DRIVER, "1", False, f"Chinese Ten · {CHINESE_NAME}"),
        (WEB_DRIVER, "no", False, f"Chinese Ten · {CHINESE_NAME}"),  # only "0" says so
        (None, "0", False, f"Chinese Ten · {CHINESE_NAME}"),  # a terminal: no page spoke
        (WEB_DRIVER, "0", True, "Chinese Ten | Jian Hong Dian"),  # ASCII as ever
    ],
)
async def test_the_title_shows_the_chinese_name_or_its_pinyin(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    driver: str | None,
    variable: str,
    *,
    ascii_only: bool,
    shown: str,
) -> None:
    """A browser tab whose page has no font for 捡红点 (where it would be blank) says so, and the
    title shows the pinyin; the characters everywhere else."""
    if driver is None:
        monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    else:
        monkeypatch.setenv("TEXTUAL_DRIVER", driver)
    monkeypatch.setenv(CJK_VARIABLE, variable)
    asked = in_this_tab(options(tmp_path, players=None, ascii=ascii_only, symbols=not ascii_only))
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    app = ChineseTenApp(asked)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert shown in screen_text(app)


def _held_until_set(monkeypatch: pytest.MonkeyPatch, cls: type, name: str) -> asyncio.Event:
    """Hold ``cls``'s coroutine method ``name`` (work put off until after the first frame)
    until the event returned is set."""
    made = asyncio.Event()
    method = getattr(cls, name)

    async def held(self: object) -> None:
        await made.wait()
        await method(self)

    monkeypatch.setattr(cls, name, held)
    return made


async def test_rows_past_the_count_are_made_after_the_first_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first frame styles only the rows of the count offered; the others follow, and a
    table offered before they are made keeps its names and levels in them."""
    made = _held_until_set(monkeypatch, StartScreen, "_add_rows")
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        screen = _start(app)
        await pilot.pause()
        assert "Seat 2" in screen_text(app) and len(screen.query(".seat-row")) == 2
        screen.choose_table(("Ana", None, "Cleo", "Dan"), (None, "easy", None, None))
        made.set()
        await pilot.pause()
        assert len(screen.query(".seat-row")) == 4
        assert screen.seats == 4 and screen.computer == (None, "easy", None, None)
        names = [screen.query_one(f"#name{seat}", Input).value for seat in (0, 2, 3)]
        assert names == ["Ana", "Cleo", "Dan"]
        assert str(screen.query_one("#who1", ListChoice).value) == "easy"
        assert all(screen.query_one(f"#row{seat}").display for seat in range(4))
        assert "Seat 4" in screen_text(app)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_a_game_begun_here_logs_its_cut_on_the_board(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """The game opens at the cut and makes its board once the cut is answered: the log,
    made then, shows the cut (a log made while another screen covered it was given no size
    and held its lines unwritten at 80 x 24)."""
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter")  # the names: the defaults
        await until_screen(pilot, CutScreen)
        await pilot.press("enter")  # the cut
        await until(pilot, lambda: "Pass the keyboard" in screen_text(app), "the hand-over")
        await pilot.press("enter")
        await until(pilot, lambda: "cut at 26" in screen_text(app), "the log's first line")
        assert "Deal 1: Player 1 deals; Player 2 cut at 26." in screen_text(app) or (
            "Deal 1: Player 2 deals; Player 1 cut at 26." in screen_text(app)
        )


async def test_in_ascii_a_name_typed_shows_in_its_field(tmp_path: Path) -> None:
    """A one-line field has no frame in ASCII: a frame's top line would be all it showed."""
    app = ChineseTenApp(options(tmp_path, players=None, ascii=True, symbols=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"Ann")
        await pilot.pause()
        assert "|Ann" in screen_text(app)  # the focused field's bar, then the name
        await pilot.press("tab", "tab", *"Bo")
        await pilot.pause()
        text = screen_text(app)
        assert "Ann" in text and "|Bo" in text and text.isascii()
