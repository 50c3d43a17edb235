"""'New game' offers the table just played: from the results at the end of a series, and
from the question about a saved game, the start screen has its seats, levels and names
chosen (and, after a series, its length)."""

from pathlib import Path

from textual.widgets import Input

from chinese_ten.store.saves import SaveSlot
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.cut import CutScreen
from chinese_ten.tui.screens.dialogs import ContinueScreen
from chinese_ten.tui.screens.results import ResultsScreen
from chinese_ten.tui.screens.start import StartScreen
from chinese_ten.tui.widgets.controls import ListChoice, OptionRow
from tests.tui_helpers import current_record, deal_states, options, screen_text, until

SIZE = (100, 32)


def _seats(start: StartScreen) -> list[tuple[str, str]]:
    """Each seat shown: who sits there (``person`` or a level) and the name typed."""
    return [
        (
            start.query_one(f"#who{seat}", ListChoice).value,
            start.query_one(f"#name{seat}", Input).value,
        )
        for seat in range(start.seats)
    ]


async def test_new_game_after_a_series_offers_its_table(tmp_path: Path) -> None:
    states = [deal_states(7, 0)[-1], deal_states(8, 1)[-1]]
    SaveSlot(tmp_path).save(current_record(("Zoe", None), 2, states, (None, "hard")))
    app = ChineseTenApp(options(tmp_path, players=None, resume=True, browser=True))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await pilot.pause()
        assert app.game.flow.series.is_over
        assert "g: new game" in screen_text(app)
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        assert start.seats == 2 and start.computer == (None, "hard")
        assert _seats(start) == [("person", "Zoe"), ("hard", "")]
        assert start.query_one("#count", OptionRow).index == 0  # 2 players
        await pilot.click("#start")
        await until(pilot, lambda: isinstance(app.screen, CutScreen), "the cut")
        flow = app.game.flow
        assert flow.table.typed == ("Zoe", None) and flow.table.computer == (None, "hard")
        assert flow.series.deals_planned == 2 and not flow.series.outcomes  # a new series


async def test_new_game_instead_of_a_saved_one_offers_its_table(tmp_path: Path) -> None:
    SaveSlot(tmp_path).save(
        current_record(("Zoe", "Max"), None, [deal_states(5, 0)[6]], (None, None))
    )
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ContinueScreen), "the question")
        await pilot.pause()
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen) and not start.holding
        assert _seats(start) == [("person", "Zoe"), ("person", "Max")]


async def test_a_hostile_table_is_offered_safely(tmp_path: Path) -> None:
    """Hostile: names with control characters and past a field's length, a table of five
    seats, all computers: the fields hold clean names, the table falls back to two people."""
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        start = app.screen
        assert isinstance(start, StartScreen)
        await until(pilot, lambda: not start.holding, "the fields")
        start.choose_table(("Z\x1b[2J" + "o" * 80, "[b]Max[/]"), (None, None))
        await pilot.pause()
        first, second = (start.query_one(f"#name{k}", Input) for k in (0, 1))
        assert "\x1b" not in first.value and len(first.value) <= (first.max_length or 0)
        assert second.value == "[b]Max[/]"  # a name, not markup: shown as typed
        start.choose_table((None,) * 5, ("easy",) * 5)
        await pilot.pause()
        assert start.seats == 2 and start.computer == (None, None)


async def test_bare_series_after_a_finished_series_offers_its_table(tmp_path: Path) -> None:
    """``series --players Ana,Ben`` played to its end; then ``series`` alone: the start
    screen offers Ana and Ben again (no question: nothing is left to continue), and a new
    series of the length asked for now begins at that table."""
    states = [deal_states(7, 0)[-1], deal_states(8, 1)[-1]]
    SaveSlot(tmp_path).save(current_record(("Ana", "Ben"), 2, states))
    app = ChineseTenApp(options(tmp_path, players=None, deals_planned=6))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen), "the start screen")
        start = app.screen
        assert isinstance(start, StartScreen)
        await until(pilot, lambda: not start.holding, "the fields")
        await pilot.pause()
        assert _seats(start) == [("person", "Ana"), ("person", "Ben")]
        await pilot.click("#start")
        await until(pilot, lambda: isinstance(app.screen, CutScreen), "the cut")
        flow = app.game.flow
        assert flow.table.typed == ("Ana", "Ben")
        assert flow.series.deals_planned == 6 and not flow.series.outcomes


async def test_an_unfinished_game_is_asked_about_not_offered(tmp_path: Path) -> None:
    """Only a finished series is offered that way; an unfinished one is still asked about."""
    SaveSlot(tmp_path).save(current_record(("Ana", "Ben"), 2, [deal_states(7, 0)[-1]]))
    app = ChineseTenApp(options(tmp_path, players=None, deals_planned=6))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ContinueScreen), "the question")
