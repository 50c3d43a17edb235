"""A newcomer's list: what a first game shows at 80x24, screen by screen."""

import io
import re
from pathlib import Path

from rich.console import Console
from textual.widgets import Static

from chinese_ten.analysis.review import analyse
from chinese_ten.analysis.simulate import SeriesPlay, simulate
from chinese_ten.engine.cards import parse_card
from chinese_ten.game.turn import DealBegins
from chinese_ten.store.saves import SaveSlot
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.log_lines import LogWords
from chinese_ten.tui.screens.cut import CutScreen
from chinese_ten.tui.screens.dialogs import ContinueScreen, QuitScreen
from chinese_ten.tui.screens.game import GameScreen
from chinese_ten.tui.screens.handover import HandoverScreen
from chinese_ten.tui.screens.history import HistoryScreen
from chinese_ten.tui.screens.results import ResultsScreen
from chinese_ten.tui.screens.review import ReviewScreen, review_explained
from chinese_ten.tui.screens.start import StartScreen
from chinese_ten.tui.widgets.card import CardStrip
from chinese_ten.tui.widgets.controls import OptionRow
from chinese_ten.tui.widgets.line import TextLine
from tests.history_helpers import played
from tests.tui_helpers import (
    current_record,
    deal_states,
    hand_key,
    make_setup,
    options,
    play_until_results,
    rules_loaded,
    save_position,
    screen_text,
    until,
    until_screen,
)


# ------------------------------------------------------------ the series' standing
async def test_the_standing_of_four_is_whole_at_80x24_a_place_a_line(tmp_path: Path) -> None:
    plays: list[SeriesPlay] = []
    simulate(1, 2, ("greedy", "random", "greedy", "random"), 8, on_series=plays.append)
    names: tuple[str | None, ...] = ("Ana", None, None, None)
    computer = (None, "hard", "easy", "easy")
    SaveSlot(tmp_path).save(current_record(names, 2, plays[0].states, computer))
    app = ChineseTenApp(options(tmp_path, players=names, computer=computer, resume=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await until_screen(pilot, ResultsScreen)
        lines = [line.strip() for line in screen_text(app).splitlines()]
    first = next(k for k, line in enumerate(lines) if line.startswith("Standing: "))
    places = [lines[first].removeprefix("Standing: "), *lines[first + 1 : first + 4]]
    # Each place whole on a line of its own (its name and its total together), and the
    # keys under them, all above the fold.
    assert [place[:3] for place in places] == ["1. ", "2. ", "3. ", "4. "], lines
    assert all(re.fullmatch(r"\d\. .+ [+-]?\d+", place) for place in places), places
    assert "Computer 4 (easy)" in " ".join(places)
    assert lines[first + 4] == "n: new series · g: new game · q: quit"
    assert lines[-1].startswith("n New series")


# ------------------------------------------------- the keys under the hand-over and the results
def keys_line(app: ChineseTenApp) -> str:
    """The key bar: the screen's last line."""
    return screen_text(app).splitlines()[-1]


async def test_the_hand_over_and_the_results_show_quit_once(tmp_path: Path) -> None:
    """Their key bar is the board's: quit once (^q; q works too), and no stray mark."""
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the cut
        await until_screen(pilot, HandoverScreen)
        keys = keys_line(app)
        assert keys.split()[:6] == ["⏎", "I", "am", "ready", "^q", "Quit"]
        assert "▏" not in keys and keys.count("Quit") == 1
    (tmp_path / "current.json").unlink()
    SaveSlot(tmp_path).save(current_record(("Ana", "Ben"), 1, [deal_states(7, 0)[-2]]))
    app = ChineseTenApp(options(tmp_path, deals_planned=1, resume=True))
    async with app.run_test(size=(80, 24)) as pilot:
        results = await play_until_results(pilot)
        keys = keys_line(app)
        assert results.series.is_over and keys.split()[:3] == ["n", "New", "series"]
        assert keys.count("Quit") == 1 and "^q Quit" in keys and "▏" not in keys


# ------------------------------------------------------------------- F1 and F2 in a game
async def test_the_board_lists_f2_and_the_key_table_has_it(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")  # the cut, the hand-over
        await until(pilot, lambda: app.game.turn.stage == "select", "the first turn")
        assert "f2 History" in keys_line(app)
        await pilot.press("f2")
        await until_screen(pilot, HistoryScreen)
        await pilot.press("f2")  # F2 again closes it
        await until_screen(pilot, GameScreen)
        await pilot.press("f1")
        await rules_loaded(pilot)
        await pilot.press("end")  # the key table ends the page
        await pilot.pause()
        cells = [line.replace("│", " ").split()[:2] for line in screen_text(app).splitlines()]
        assert ["F2", "history:"] in cells


async def test_f1_at_a_table_of_three_opens_on_their_rules(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=("Ana", "Ben", "Cy"), computer=(None,) * 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await rules_loaded(pilot)
        await until(pilot, lambda: "Three and four players" in screen_text(app), "the section")
        text = screen_text(app)
        assert "8 cards with three players" in text and "12 cards" not in text
        await pilot.press("escape")
        await until_screen(pilot, CutScreen)
    app = ChineseTenApp(options(tmp_path, players=("Ana", "Ben")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await rules_loaded(pilot)
        assert "12 cards" in screen_text(app)  # two players: the page from its top


# ---------------------------------------------------------------------------- the review
def mark_text(screen: ReviewScreen) -> str:
    return screen.query_one("#review-mark", TextLine).text.plain


async def test_the_review_says_what_it_counts_and_jumps_to_each_error(tmp_path: Path) -> None:
    record = played(1, seed=3)  # Ana's decisions earn no label; Ben's do
    review = analyse(record, samples=60, seed=2)
    screen = ReviewScreen(record, analyse_now=False, jobs=1)
    app = ChineseTenApp(options(tmp_path), review=screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Next error" not in keys_line(app)  # nothing is labelled yet
        screen.show_review(review)
        await pilot.pause()
        console = Console(width=96, record=True, file=io.StringIO())
        console.print(screen.query_one("#review-summary", Static).content)
        summary = console.export_text()
        assert "no slip of a point or more" in summary and "no label" not in summary
        assert "n Next error" in keys_line(app)
        labelled = [
            k
            for k, position in enumerate(screen.cursor.positions)
            if (judged := position.judgement(review)) is not None and judged.label is not None
        ]
        visited = []
        for _ in labelled:
            await pilot.press("n")
            visited.append(screen.cursor.at)
            assert any(kind in mark_text(screen) for kind in ("inaccuracy", "mistake", "blunder"))
        assert sorted(visited) == labelled  # each once, round from where it stood
        await pilot.press("p")
        assert screen.cursor.at == visited[-2]
        # A loss under a point, with no reason to give: with the figures, the line under it
        # says why no label (in words alone, the verdict says it is within a point).
        small = next(
            k
            for k, position in enumerate(screen.cursor.positions)
            if (judged := position.judgement(review)) is not None
            and judged.reason is None
            and round(judged.best_value, 1) > round(judged.chosen_value, 1)
            and judged.loss < 1
        )
        await pilot.press("home", *["right"] * small)
        assert screen.cursor.at == small
        why = screen.query_one("#review-why", Static)
        assert "close to the best" in mark_text(screen) and not why.display
        await pilot.press("f")
        assert why.display and "No label: a loss under 1 point" in str(why.render())


def test_f1_of_the_review_speaks_of_points_at_three_and_four_and_names_the_keys() -> None:
    two, four = review_explained(60, 2), review_explained(60, 4)
    assert "red points" in two and "red points" not in four and "black aces" in four
    assert all("n and p" in page and "Page Up" in page for page in (two, four))


# ------------------------------------------------------------------ after a finished series
async def test_quitting_after_a_finished_series_offers_nothing_to_continue(
    tmp_path: Path,
) -> None:
    SaveSlot(tmp_path).save(current_record(("Ana", "Ben"), 1, [deal_states(7, 0)[-2]]))
    app = ChineseTenApp(options(tmp_path, deals_planned=1, resume=True))
    async with app.run_test(size=(80, 24)) as pilot:
        results = await play_until_results(pilot)
        assert results.series.is_over
        await pilot.press("q")
        await until_screen(pilot, QuitScreen)
        text = screen_text(app)
        assert "The series is over; the history keeps it (F2)." in text
        assert "--resume" not in text and "Keep playing" not in text and "Stay (n)" in text
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0
    app = ChineseTenApp(options(tmp_path))  # the next launch: a new game takes the save
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until_screen(pilot, CutScreen)
        assert list((tmp_path / "archive").glob("*-finished.json"))
        assert not app._notifications and "kept as" not in screen_text(app)


# ----------------------------------------------------------------- the start screen's count
async def test_the_arrows_change_how_many_play_at_once(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen) and not app.screen.holding)
        screen = app.screen
        assert isinstance(screen, StartScreen)
        screen.query_one("#count", OptionRow).focus()
        for keys, seats in (
            (["right"], 3),  # at once: no Enter needed
            (["right", "right"], 4),  # stops at four: no going round to two
            (["left"], 3),
            (["enter"], 3),  # keeps the count in sight
        ):
            await pilot.press(*keys)
            await pilot.pause()
            assert screen.seats == seats, keys
            rows = [screen.query_one(f"#row{seat}").display for seat in range(4)]
            assert rows == [seat < seats for seat in range(4)]


# ------------------------------------------------------------------ the continue question
async def test_a_difference_that_wraps_hangs_under_its_first_line(tmp_path: Path) -> None:
    saved = ("Alexandrina Konstantinopoulou", "Bartholomew Montgomery-Smythe")
    save_position(tmp_path, make_setup(1, "8D", "2H 2C 6S 7S", "KS"), players=saved)
    asked = ("Dorothea Wilhelmina", "Evangeline Fitzgerald")
    app = ChineseTenApp(options(tmp_path, players=asked))
    async with app.run_test(size=(80, 24)) as pilot:
        await until_screen(pilot, ContinueScreen)
        lines = screen_text(app).splitlines()
    first = next(k for k, line in enumerate(lines) if "players: saved" in line)
    column = lines[first].index("players: saved")
    assert lines[first][column - 2 : column] == "• "
    rest = lines[first + 1 : first + 3]  # the line wraps onto two more at 80 columns
    assert "asked" in lines[first] + " ".join(rest)
    for line in rest:  # under the text, not under the bullet
        assert line[column - 2 : column] == "  " and line[column].isalnum(), (lines[first], line)


# ------------------------------------------------------------------------- a resumed log
def test_a_resumed_deal_line_says_who_cut() -> None:
    """Where the pack was cut is not saved; who cut it is known, and said."""
    words = LogWords(("You", "Computer (hard)"), 0, symbols=True, four_color=False)
    assert words.line(DealBegins(1, 0, 1, None)).plain == "Deal 1: you deal; Computer (hard) cut."
    assert words.line(DealBegins(2, 1, 0, None)).plain == "Deal 2: Computer (hard) deals; you cut."
    assert words.line(DealBegins(2, 1, 0, 17)).plain == (
        "Deal 2: Computer (hard) deals; you cut at 17."
    )


# ------------------------------------------------------------------------------ the board
async def test_no_card_is_drawn_beside_the_stock_until_one_is_turned(tmp_path: Path) -> None:
    save_position(tmp_path, make_setup(1, "3C", "QS QH 5C 6D", "QD"))
    app = ChineseTenApp(options(tmp_path, resume=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        await until(pilot, lambda: app.game.turn.stage == "select", "the first turn")
        turned = app.screen.query_one("#turned", CardStrip)
        assert turned.looks == () and not str(turned.render()).strip()
        await pilot.press(hand_key(app, "3♣"), "enter", "space")  # Q♦ comes up: a choice
        await until(pilot, lambda: app.game.turn.stage == "flip-target", "the turned card")
        assert [look.card for look in turned.looks] == [parse_card("QD")]


# --------------------------------------------------- the start screen while a save is looked for
async def test_the_start_screen_says_it_is_looking_where_start_will_be(tmp_path: Path) -> None:
    save_position(tmp_path, make_setup(1, "8D", "2H 2C 6S 7S", "KS"))
    app = ChineseTenApp(options(tmp_path, players=None))
    opening = app._opening
    app._opening = lambda: None  # type: ignore[method-assign]  # as if the look took seconds
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Looking for a saved game…" in text and "Start: draw lots" not in text
        opening()
        await until_screen(pilot, ContinueScreen)
        await pilot.press("n")  # a new game: the fields and Start take over
        await until(pilot, lambda: isinstance(app.screen, StartScreen) and not app.screen.holding)
        await pilot.pause()
        text = screen_text(app)
        assert "Looking for a saved game…" not in text and "Start: draw lots" in text


async def test_the_series_table_of_two_gives_both_seats_the_same_width(tmp_path: Path) -> None:
    from rich.console import Console

    names = ("Al", "Computer (hard)")
    SaveSlot(tmp_path).save(current_record(names, 1, [deal_states(7, 0)[-2]]))
    app = ChineseTenApp(options(tmp_path, players=names, deals_planned=2, resume=True))
    async with app.run_test(size=(100, 40)) as pilot:
        results = await play_until_results(pilot)
        table = results._series_table()
    console = Console(width=60, color_system=None)
    with console.capture() as capture:
        console.print(table)
    heading = next(line for line in capture.get().splitlines() if "Al" in line)
    cells = [cell for cell in re.split(r"[│┃|]", heading) if cell.strip()]
    assert len(cells) == 3, heading
    assert abs(len(cells[1]) - len(cells[2])) <= 1, heading  # "Al" as wide as "Computer (hard)"
