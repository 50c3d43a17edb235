"""A touch screen (``serve``'s page said ``pointer: coarse``: ``Session.touch``): every control
at least three lines high (40 CSS pixels at the phone's font), words that say tap rather than
name keys, key buttons in words; and the compact board's prompt and log legible on a phone."""

import os
from pathlib import Path

import pytest
from textual.app import App
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import DataTable, Input, OptionList

from chinese_ten.game.flow import GameFlow
from chinese_ten.store.history import open_history
from chinese_ten.store.records import GameRecord
from chinese_ten.store.saves import SaveSlot
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens import review as review_screen
from chinese_ten.tui.screens.cut import CutScreen
from chinese_ten.tui.screens.dialogs import ContinueScreen, QuitScreen
from chinese_ten.tui.screens.game import GameScreen
from chinese_ten.tui.screens.history import HistoryScreen
from chinese_ten.tui.screens.start import StartScreen
from chinese_ten.tui.widgets.compact_board import CompactBoard
from chinese_ten.tui.widgets.controls import ListChoice, ListMenu, OptionRow, PushButton
from chinese_ten.tui.widgets.keybar import KeyBar
from tests.contrast import cells, contrast
from tests.history_helpers import played
from tests.tui_helpers import (
    current_record,
    deal_states,
    hand_key,
    make_setup,
    options,
    play_until_results,
    save_position,
    screen_text,
    step,
    until,
    until_screen,
)

PHONE = (46, 45)
"""A 390x844 phone at 14 px: 46 columns, 45 rows; a row is about 18.5 CSS pixels."""
FINGER = 3
"""Rows a control needs for 40 CSS pixels at that size."""
AA = 4.5


def flat(app: ChineseTenApp) -> str:
    """The screen's words on one line, without the frames' sides."""
    return " ".join(screen_text(app).replace("│", " ").split())


@pytest.fixture
def web(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app as ``serve`` runs it: Textual's web driver says ``is_web``."""
    monkeypatch.setattr(App, "is_web", property(lambda _: True))


@pytest.mark.parametrize("seats", [2, 4])
async def test_every_start_screen_control_is_three_lines_high(
    tmp_path: Path, web: None, seats: int
) -> None:
    computer = (None,) * seats
    app = ChineseTenApp(
        options(tmp_path, players=None, computer=computer, touch=True, browser=True)
    )
    async with app.run_test(size=PHONE) as pilot:
        await until_screen(pilot, StartScreen)
        await pilot.pause()
        kinds = (OptionRow, ListChoice, Input, PushButton, KeyBar)
        shown = [w for w in app.screen.query("*") if isinstance(w, kinds) and w.region.area]
        assert len([w for w in shown if isinstance(w, Input)]) == seats
        for widget in shown:
            assert widget.region.height >= FINGER, (widget, widget.region)
            assert widget.region.bottom <= PHONE[1], (widget, widget.region)
        await pilot.click("#who1")
        await pilot.pause()
        assert isinstance(app.screen, ListMenu)
        overlay = app.screen.query_one(OptionList)
        assert overlay.display
        # each choice of the open list three lines high: four choices, twelve lines
        assert overlay.virtual_size.height == FINGER * 4, overlay.virtual_size
        assert overlay.region.bottom <= PHONE[1], overlay.region


async def test_without_touch_the_start_screen_stays_compact(tmp_path: Path, web: None) -> None:
    app = ChineseTenApp(options(tmp_path, players=None, browser=True))
    async with app.run_test(size=PHONE) as pilot:
        await until_screen(pilot, StartScreen)
        await pilot.pause()
        assert app.screen.query_one("#name0", Input).region.height == 1
        assert "F1 shows the rules at any time." in flat(app)


async def test_the_start_screen_and_its_keys_say_tap(tmp_path: Path, web: None) -> None:
    app = ChineseTenApp(options(tmp_path, players=None, touch=True, browser=True))
    async with app.run_test(size=PHONE) as pilot:
        await until_screen(pilot, StartScreen)
        await pilot.pause()
        text = flat(app)
        assert "F1" not in text and "The Rules button below shows the rules" in text
        keys = " ".join(screen_text(app).splitlines()[-3:])
        for word in ("History", "Quit", "Rules", "Menu"):
            assert word in keys, keys
        for key in ("f2", "^q", "^p", "f1", "palette"):
            assert key not in keys.split(), keys


async def test_a_person_s_cut_says_tap_the_pack(tmp_path: Path, web: None) -> None:
    """Where the computer deals (seed 5: by lot), you cut, and the words say a tap on the
    pack chooses the cut and one on the scissors cuts."""
    app = ChineseTenApp(
        options(
            tmp_path,
            players=("You", "Computer (easy)"),
            computer=(None, "easy"),
            seed=5,
            touch=True,
            browser=True,
        )
    )
    async with app.run_test(size=PHONE) as pilot:
        await until_screen(pilot, CutScreen)
        await until(pilot, lambda: "tap the card to cut at" in flat(app), "the cut's words")
        assert "tap the scissors" in flat(app) and "Enter" not in flat(app)


async def test_cut_board_and_results_say_tap(tmp_path: Path, web: None) -> None:
    """Against the computer, which cuts: the cut, the board's question when a card has two
    targets and when the stock is to be turned, the results' last line."""
    app = ChineseTenApp(
        options(tmp_path, players=None, computer=(None, "easy"), touch=True, browser=True)
    )
    async with app.run_test(size=PHONE) as pilot:
        await until_screen(pilot, StartScreen)
        await pilot.press("enter")
        await until_screen(pilot, CutScreen)
        await until(pilot, lambda: "Tap Deal the cards below." in flat(app), "the cut's words")
        assert "Press Enter" not in flat(app)
        keys = " ".join(screen_text(app).splitlines()[-3:])
        assert "Deal the cards" in keys and "enter" not in keys.lower().split()
    # a card with two targets, then the stock to turn (Ana, the first person, moves)
    save_position(tmp_path / "b", make_setup(1, "8C", "2S 2H 5C 6D", "3S"))
    app = ChineseTenApp(options(tmp_path / "b", resume=True, touch=True, browser=True))
    async with app.run_test(size=PHONE) as pilot:
        await until(pilot, lambda: "tap I am ready when you are" in flat(app), "the hand-over")
        assert "press Enter" not in flat(app)
        await pilot.press("enter")  # past the hand-over
        await until_screen(pilot, GameScreen)
        await pilot.press(hand_key(app, "8♣"), "enter")
        await until(pilot, lambda: "tap the card to take" in flat(app), "the target question")
        assert "Esc" not in flat(app)
        await pilot.press("enter")
        await until(pilot, lambda: "tap the stock" in flat(app), "the stock question")
        assert "press Space" not in flat(app)


async def test_a_turn_done_says_tap_pass_the_keyboard(tmp_path: Path, web: None) -> None:
    """Two people at one phone: once Ana has turned the stock card over (it takes nothing), the
    words name the button that passes the keyboard to Ben, not Enter."""
    save_position(tmp_path, make_setup(1, "8C", "2S 2H 5C 6D", "3S"))
    app = ChineseTenApp(options(tmp_path, resume=True, touch=True, browser=True))
    async with app.run_test(size=PHONE) as pilot:
        await until(pilot, lambda: "tap I am ready when you are" in flat(app), "the hand-over")
        await pilot.press("enter")  # past the hand-over
        await until_screen(pilot, GameScreen)
        await pilot.press(hand_key(app, "8♣"), "enter")
        await until(pilot, lambda: "tap the card to take" in flat(app), "the target question")
        await pilot.press("enter")
        await until(pilot, lambda: "tap the stock" in flat(app), "the stock question")
        await pilot.press("space")
        await until(
            pilot, lambda: "Tap Pass the keyboard: Ben plays next." in flat(app), "the turn done"
        )
        assert "Enter passes" not in flat(app)


async def test_the_history_says_tap_a_game_twice(
    tmp_path: Path, web: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The history's line above the games says what a finger does, and does it: a tap on a
    game chooses it, a second tap opens its review."""
    with open_history(tmp_path) as history:
        older = history.import_record(played(2, seed=1))[0]
        history.import_record(played(2, seed=2))
    opened: list[int] = []

    class ReviewScreen(Screen[None]):  # the real one starts its analysis at once
        def __init__(self, record: GameRecord, *, game_id: int) -> None:
            super().__init__()
            opened.append(game_id)

    monkeypatch.setattr(review_screen, "ReviewScreen", ReviewScreen)
    app = ChineseTenApp(options(tmp_path, players=None, touch=True, browser=True))
    async with app.run_test(size=PHONE) as pilot:
        await until_screen(pilot, StartScreen)
        app.action_history()
        await until_screen(pilot, HistoryScreen)
        assert "Tap a game to choose it, then again to review it." in flat(app)
        assert "Enter" not in flat(app)
        games = app.screen.query_one("#history-games", DataTable)
        second = (2, games.header_height + games.ordered_rows[0].height)  # the older game
        assert await pilot.click("#history-games", offset=second)
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen) and not opened  # chosen, not opened
        assert await pilot.click("#history-games", offset=second)
        await until_screen(pilot, ReviewScreen)
    assert opened == [older]


@pytest.mark.parametrize(
    ("planned", "words"),
    [(None, "Tap Next deal, or Quit."), (1, "Tap New series, New game or Quit.")],
)
async def test_the_results_say_tap(
    tmp_path: Path, web: None, planned: int | None, words: str
) -> None:
    """The last action of a deal, then the results' last line."""
    SaveSlot(tmp_path).save(current_record(("Ana", "Ben"), planned, [deal_states(7, 0)[-2]]))
    app = ChineseTenApp(
        options(tmp_path, deals_planned=planned, resume=True, touch=True, browser=True)
    )
    async with app.run_test(size=PHONE) as pilot:
        while not (isinstance(app.screen, GameScreen) and app.game.turn.stage == "over"):
            assert await step(pilot), "the results came before the deal's end was shown"
        await until(pilot, lambda: "The deal is over: tap Results." in flat(app), "the end")
        await play_until_results(pilot)
        await pilot.pause()
        assert words in flat(app), flat(app)
        assert "q: quit" not in flat(app)


async def test_quitting_after_the_series_says_where_the_history_is(
    tmp_path: Path, web: None
) -> None:
    """The quit dialog after a finished series names the Menu a finger has, not F2."""
    SaveSlot(tmp_path).save(current_record(("Ana", "Ben"), 1, [deal_states(7, 0)[-2]]))
    app = ChineseTenApp(options(tmp_path, deals_planned=1, resume=True, touch=True, browser=True))
    async with app.run_test(size=PHONE) as pilot:
        assert (await play_until_results(pilot)).series.is_over
        await pilot.press("q")
        await until_screen(pilot, QuitScreen)
        words = " ".join(flat(app).replace("█", " ").split())  # the dialog's frame too
        assert "the history keeps it (Menu, then History)." in words, words
        assert "F2" not in words


async def test_each_card_and_the_stock_answer_taps_over_three_lines(
    tmp_path: Path, web: None
) -> None:
    save_position(tmp_path, make_setup(1, "8C 3D 4H", "2S 2H 5C 6D", "3S"))
    app = ChineseTenApp(options(tmp_path, resume=True, touch=True, browser=True))
    async with app.run_test(size=PHONE) as pilot:
        await pilot.press("enter")
        await until_screen(pilot, GameScreen)
        await pilot.pause()
        board = app.screen.query_one(CompactBoard)
        lines: dict[tuple[str, int], set[int]] = {}
        for spot in board.spots:
            lines.setdefault((spot.zone, spot.index), set()).add(spot.line)
        assert {zone for zone, _index in lines} >= {"stock", "table", "hand"}
        for where, rows in lines.items():
            assert len(rows) >= FINGER and max(rows) - min(rows) == len(rows) - 1, (where, rows)


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
async def test_the_compact_prompt_and_its_red_card_are_legible(tmp_path: Path, theme: str) -> None:
    """The question under the hand, as a phone shows it: every character 4.5:1 on the bar,
    the red card named in it too; the bar is not the theme's full primary colour."""
    save_position(tmp_path, make_setup(1, "KC 8D", "KS KH KD 2C", "2S"))
    app = ChineseTenApp(options(tmp_path, resume=True))
    async with app.run_test(size=PHONE) as pilot:
        app.theme = theme
        await pilot.press("enter")
        await until_screen(pilot, GameScreen)
        await pilot.press(hand_key(app, "8♦"))
        await until(pilot, lambda: "play 8♦" in flat(app), "the question")
        row = next(y for y, line in enumerate(screen_text(app).splitlines()) if "play 8♦" in line)
        seen = set()
        for char, fg, bg, _style in cells(app, Region(0, row, PHONE[0], 1)):
            if char.strip():
                seen.add(char)
                ratio = contrast(fg, bg)
                assert ratio >= AA, (theme, char, fg.hex, bg.hex, round(ratio, 2))
        assert "♦" in seen


async def test_the_compact_log_shows_red_cards_in_red(tmp_path: Path) -> None:
    save_position(tmp_path, make_setup(1, "KC 8D", "KS KH KD 2C", "2S"))
    app = ChineseTenApp(options(tmp_path, resume=True))
    async with app.run_test(size=PHONE) as pilot:
        await pilot.press("enter")
        await until_screen(pilot, GameScreen)
        await pilot.press(hand_key(app, "8♦"), "enter")  # 8♦ takes 2♣: the log names 8♦
        await until(pilot, lambda: "played 8♦" in flat(app), "the log line")
        row = next(y for y, line in enumerate(screen_text(app).splitlines()) if "played 8♦" in line)
        colours = {
            char: fg
            for char, fg, _bg, _s in cells(app, Region(0, row, PHONE[0], 1))
            if char in "8♦p"
        }
        assert colours["♦"] != colours["p"], colours  # the card is not in the line's grey
        assert colours["♦"].r > max(colours["♦"].g, colours["♦"].b) + 60, colours["♦"].hex


def _marks(app: ChineseTenApp, region: Region) -> list[str]:
    """The characters of ``region`` that are no text (a bar, a frame) and stand out from the
    screen's background at least 3:1 (WCAG's contrast for a focus mark)."""
    background = app.screen.styles.background
    return [
        char
        for char, fg, _bg, _style in cells(app, region)
        if char.strip() and not char.isalnum() and contrast(fg, background) >= 3
    ]


@pytest.mark.parametrize("touch", [False, True])
async def test_the_focused_name_field_is_marked(tmp_path: Path, touch: bool) -> None:
    app = ChineseTenApp(options(tmp_path, players=None, computer=(None, None), touch=touch))
    async with app.run_test(size=(80, 40)) as pilot:
        await until_screen(pilot, StartScreen)
        await pilot.pause()
        first = app.screen.query_one("#name0", Input)
        second = app.screen.query_one("#name1", Input)
        assert app.focused is first
        assert _marks(app, first.region) and not _marks(app, second.region)
        await pilot.click("#name1")
        await pilot.pause()
        assert _marks(app, second.region) and not _marks(app, first.region)


async def test_esc_at_the_question_in_a_browser_goes_back_to_the_start_screen(
    tmp_path: Path, web: None
) -> None:
    """A browser's dialog closes on Esc: the start screen, the save untouched, the tab's game
    going on; Start asks the question again before a new game puts the save away."""
    save_position(tmp_path, make_setup(1, "KC", "KS KH KD 4C", "2S"))
    before = (tmp_path / "current.json").read_bytes()
    app = ChineseTenApp(options(tmp_path, players=None, browser=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await until_screen(pilot, ContinueScreen)
        assert "Back" in screen_text(app).splitlines()[-1]
        await pilot.press("escape")
        await until_screen(pilot, StartScreen)
        assert app.is_running and app.return_code is None
        assert (tmp_path / "current.json").read_bytes() == before
        assert not app.screen.query_one("#name0", Input).disabled
        await pilot.click("#start")
        await until_screen(pilot, ContinueScreen)
        await pilot.press("c")
        await until(pilot, lambda: not isinstance(app.screen, ContinueScreen), "continued")
    assert not (tmp_path / "archive").exists()


async def test_no_other_tab_toast_beside_an_offer_to_continue(tmp_path: Path) -> None:
    """This browser's newest save is held by another tab; the tab is offered its older one:
    no toast saying it keeps its own beside that offer."""
    save_position(tmp_path / "other", make_setup(1, "KC", "KS KH KD 4C", "2S"))
    older = SaveSlot(tmp_path, 2).path
    (tmp_path / "other" / "current.json").rename(older)
    save_position(tmp_path, make_setup(1, "KC", "KS KH KD 4C", "2S"))
    os.utime(older, (1_000_000_000, 1_000_000_000))  # slot 1's save is the newest
    first = GameFlow(options(tmp_path, browser=True))
    saved, _ = first.find_unfinished()
    assert saved is not None and first.slot is not None and first.slot.path != older
    second = GameFlow(options(tmp_path, browser=True))
    offered, notices = second.find_unfinished()
    assert offered is not None and second.slot is not None and second.slot.path == older
    assert "Saves held by another tab" not in [n.title for n in notices]
    first.release()
    second.release()


@pytest.mark.parametrize("language", ["en", "fr", "pt"], indirect=True)
async def test_the_continue_question_names_no_keys_on_a_touch_screen(
    tmp_path: Path, web: None, language: str
) -> None:
    """A finger taps the buttons: "Continue it", "New game", without the keys "(c)", "(n)"
    that a keyboard is told of (and still is: below)."""
    from textual.widgets import Button

    from chinese_ten.lang.i18n import _

    save_position(tmp_path, make_setup(1, "KC", "KS KH KD 4C", "2S"))
    app = ChineseTenApp(options(tmp_path, players=None, touch=True, browser=True))
    async with app.run_test(size=PHONE) as pilot:
        await until_screen(pilot, ContinueScreen)
        labels = [str(b.label) for b in app.screen.query(Button)]
        text = flat(app)
    assert labels == [_("Continue it"), _("New game")], labels
    assert "(c)" not in text and "(n)" not in text, text


async def test_the_continue_question_names_its_keys_at_a_keyboard(tmp_path: Path) -> None:
    from textual.widgets import Button

    save_position(tmp_path, make_setup(1, "KC", "KS KH KD 4C", "2S"))
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await until_screen(pilot, ContinueScreen)
        labels = [str(b.label) for b in app.screen.query(Button)]
    assert labels == ["Continue it (c)", "New game (n)"], labels
