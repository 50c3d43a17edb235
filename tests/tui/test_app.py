"""The TUI driven as a player would: keys, clicks, resizes, resume, and what the screen shows,
at tables of two, three and four (hot-seat and with computers)."""

from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot

from chinese_ten.engine.deal import FLIP_PHASE, OVER
from chinese_ten.store.records import load_and_replay
from chinese_ten.store.saves import SaveSlot
from chinese_ten.text.card_names import display_card
from chinese_ten.text.wording import seat_default
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.cut import CutScreen
from chinese_ten.tui.screens.dialogs import ContinueScreen, QuitScreen
from chinese_ten.tui.screens.game import GameScreen
from chinese_ten.tui.screens.handover import HandoverScreen
from chinese_ten.tui.screens.results import ResultsScreen
from chinese_ten.tui.screens.rules import RulesScreen
from chinese_ten.tui.screens.start import StartScreen
from chinese_ten.tui.widgets.card import CardStrip
from chinese_ten.tui.widgets.keybar import KeyBar
from chinese_ten.tui.widgets.line import TextLine
from chinese_ten.tui.widgets.other_seats import OtherSeats
from tests.tui_helpers import (
    app_at,
    click_card,
    computer_moves,
    current_record,
    cut_names,
    deal_states,
    hand_key,
    make_setup,
    marked,
    options,
    play_until_results,
    save_position,
    screen_text,
    step,
    until,
)

SIZE = (100, 32)


def _labels(cards: tuple[int, ...]) -> set[str]:
    return {display_card(c) for c in cards}


async def test_a_whole_deal_by_keyboard_only(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        results = await play_until_results(pilot)
        text = screen_text(app)
        assert "Red cards captured" in text and "Deal 1" in text
        final = app.game.flow.finished[-1]
        assert final.phase == OVER and app.game.flow.series.outcomes
        record, states = load_and_replay(tmp_path / "current.json")
        assert states[-1] == final and record.players == ("Ana", "Ben")
        assert results.series.totals[0] == -results.series.totals[1]
        await pilot.press("enter")  # next deal: play is open-ended
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)


async def test_a_two_deal_series_ends_with_the_series_result(tmp_path: Path) -> None:
    """From a save one action before the first deal's end (the whole deal is played by the
    test above): its results, then the second deal to its end, then the series'."""
    first, second = deal_states(7, 0), deal_states(8, 1)
    SaveSlot(tmp_path).save(current_record(("Ana", "Ben"), 2, [first[-2]]))
    app = ChineseTenApp(options(tmp_path, deals_planned=2, resume=True))
    async with app.run_test(size=SIZE) as pilot:
        await play_until_results(pilot)
        assert "Series of 2 deals" in screen_text(app)
    SaveSlot(tmp_path).save(current_record(("Ana", "Ben"), 2, [first[-1], second[-2]]))
    app = ChineseTenApp(options(tmp_path, deals_planned=2, resume=True))
    async with app.run_test(size=SIZE) as pilot:
        await play_until_results(pilot)
        text = screen_text(app)
        assert "wins the series" in text or "The series is tied" in text
        assert [o.results[0] for o in app.game.flow.series.outcomes] == [
            o.results[0] for o in app.game.flow.series.outcomes
        ]
        assert len(app.game.flow.series.outcomes) == 2 and app.game.flow.series.is_over
        dealers = [s.setup.dealer for s in app.game.flow.finished]
        assert dealers[0] != dealers[1]
        await pilot.press("n")  # a new series
        await pilot.pause()
        assert isinstance(app.screen, CutScreen) and not app.game.flow.series.outcomes
        assert list((tmp_path / "archive").glob("*-finished.json"))


async def test_start_screen_asks_for_names(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press(*"Ana", "enter")
        await pilot.press(*"Ben", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        assert app.game.flow.names == ("Ana", "Ben")


async def test_the_cut_is_chosen_with_the_keys(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("left", "left", "left", "enter")
        await pilot.pause()
        assert "cut at 23" in screen_text(app) or isinstance(app.screen, HandoverScreen)
        assert app.game.flow.state is not None


async def test_choosing_between_two_targets(tmp_path: Path) -> None:
    # Ana (seat 0, nondealer) holds 8♦; the table has 2♥ and 2♣ (and the stock turns K♠).
    app = app_at(tmp_path, make_setup(1, "8D", "2H 2C 6S 7S", "KS"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # hand-over
        screen = app.game
        await pilot.press(hand_key(app, "8♦"), "enter")
        await pilot.pause()
        assert screen.turn.stage == "target"
        assert "choose the card to take" in screen_text(app)
        await pilot.press("right", "enter")
        await pilot.pause()
        state = screen.flow.state
        assert state is not None and state.phase == FLIP_PHASE
        assert "2♥" in _labels(state.table) and "2♣" not in _labels(state.table)


async def test_choosing_the_target_of_the_turned_card(tmp_path: Path) -> None:
    # Ana plays 3♣ (no capture); the turned Q♦ may take Q♠ or Q♥: Q♥ (10 points) is offered first.
    app = app_at(tmp_path, make_setup(1, "3C", "QS QH 5C 6D", "QD"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        screen = app.game
        await pilot.press(hand_key(app, "3♣"), "enter")
        await pilot.press("space")
        await pilot.pause()
        assert screen.turn.stage == "flip-target"
        assert "turned over Q♦" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.turn.stage == "turned"  # the mover sees what the turned card took
        assert "turned over Q♦ and took Q♥" in screen_text(app)
        assert "Pass the keyboard" in screen_text(app)  # the footer's Enter
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert "took Q♥" in screen_text(app)


async def test_a_layout_triple_is_announced_and_taken(tmp_path: Path) -> None:
    app = app_at(tmp_path, make_setup(1, "KC", "KS KH KD 4C", "2S"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        screen = app.game
        assert len(marked(app, "#table", "triple")) == 3
        await pilot.press(hand_key(app, "K♣"))
        await pilot.pause()
        assert "take the layout triple" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        state = screen.flow.state
        assert state is not None and state.piles[0].bit_count() == 4 and state.triple == -1


async def _click_a_choice(pilot: Pilot[None], app: ChineseTenApp) -> None:
    assert await click_card(pilot, "#table", marked(app, "#table", "choice", "selected")[0])


async def test_a_deal_played_with_the_mouse(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(300):
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            if isinstance(screen, HandoverScreen):
                assert await pilot.click("#handover-box")
            elif isinstance(screen, CutScreen):
                await pilot.press("enter")
            else:
                game = app.game
                if game.turn.stage == "select":
                    last = len(game.turn.view().hand) - 1
                    assert await click_card(pilot, "#hand", last)  # the first click chooses
                    assert game.turn.stage != "select" or game.turn.cursor == last
                    if game.turn.stage == "select":
                        assert await click_card(pilot, "#hand", last)  # a second click plays
                    if game.turn.stage == "target":
                        await _click_a_choice(pilot, app)
                elif game.turn.stage == "flip":
                    assert await click_card(pilot, "#stock", 0)
                elif game.turn.stage == "flip-target":
                    await _click_a_choice(pilot, app)
                elif game.turn.stage == "turned":  # hot-seat: seen, pass the keyboard
                    apart = marked(app, "#turned", "turned")  # it took a card: shown apart
                    where = "#turned" if apart else "#table"  # else it lies on the table
                    (turned,) = apart or marked(app, "#table", "turned")
                    assert await click_card(pilot, where, turned)
                elif game.turn.stage == "over":  # the last turn seen: the footer's Results key
                    bar = game.query_one(KeyBar)
                    start = next(s for s, _, key in bar._spans if key == "enter")
                    assert await pilot.click(KeyBar, offset=(start + 1, 0))
            await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert app.game.flow.finished[-1].phase == OVER


async def test_a_click_on_the_turned_card_on_the_table_passes_the_keyboard(
    tmp_path: Path,
) -> None:
    """The turned card took nothing and lies on the table (marked as turned): a click on it
    passes the keyboard, as the README says, like a click on the turned card apart."""
    app = app_at(tmp_path, make_setup(1, "3C", "QS QH 5C 6D", "8D"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.press(hand_key(app, "3♣"), "enter", "space")
        await pilot.pause()
        assert app.game.turn.stage == "turned"
        (turned,) = marked(app, "#table", "turned")
        assert await click_card(pilot, "#table", turned)
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)


@pytest.mark.parametrize("computer", [(None, None), (None, "easy")])
async def test_a_click_on_the_turned_card_takes_its_chosen_card(
    tmp_path: Path, computer: tuple[str | None, str | None]
) -> None:
    """The turned Q♦ may take Q♠ or Q♥: a click on it takes the one chosen, as Enter does,
    and the turn passes (to the hand-over, or to the computer)."""
    save_position(tmp_path, make_setup(1, "3C", "QS QH 5C 6D", "QD"), computer=computer)
    app = ChineseTenApp(options(tmp_path, resume=True, pause=60))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.press(hand_key(app, "3♣"), "enter", "space")
        await pilot.pause()
        game = app.game
        assert game.turn.stage == "flip-target"
        assert await click_card(pilot, "#turned", 0)
        await pilot.pause()
        state = game.flow.state
        assert state is not None and state.to_move == 1  # Ana's turn is over
        assert game.turn.stage == ("turned" if computer == (None, None) else "computer")
        assert "turned over Q♦ and took Q♥" in screen_text(app)


async def test_hand_over_screen_shows_no_private_card(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        seen_handovers = 0
        for _ in range(60):
            screen = app.screen
            state = app.game.flow.state
            if isinstance(screen, HandoverScreen) and state is not None:
                text = screen_text(app)
                assert "Pass the keyboard to" in text
                hands = _labels(state.hands[0]) | _labels(state.hands[1])
                assert not {label for label in hands if label in text}
                seen_handovers += 1
            elif (
                isinstance(screen, GameScreen)
                and state is not None
                and screen.turn.stage == "select"
            ):
                text = screen_text(app)
                mover, other = state.to_move, 1 - state.to_move
                assert _labels(state.hands[mover]) <= {
                    label for label in _labels(state.hands[mover]) if label in text
                }
                assert not {label for label in _labels(state.hands[other]) if label in text}
            await step(pilot)
        assert seen_handovers >= 5


async def test_resume_after_the_process_is_killed_mid_turn(tmp_path: Path) -> None:
    first = ChineseTenApp(options(tmp_path))
    async with first.run_test(size=SIZE) as pilot:
        for _ in range(40):
            await step(pilot)
            if (
                first.game.turn.stage == "flip"
                and first.game.flow.state
                and first.game.flow.state.stock_pos >= 3
            ):
                break
        mid_turn = first.game.flow.state
        assert mid_turn is not None and mid_turn.phase == FLIP_PHASE
    # No quit, no save on exit: what is on disk is what autosave wrote after the last action.
    second = ChineseTenApp(options(tmp_path, resume=True))
    async with second.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert second.game.flow.state == mid_turn
        await pilot.press("enter")
        await pilot.pause()
        assert second.game.turn.stage == "flip"
        assert "press Space" in screen_text(second)


async def test_a_corrupt_save_is_moved_aside_with_a_message(tmp_path: Path) -> None:
    (tmp_path / "current.json").write_text('{"format": "chinese-ten", "version": 1, "pla')
    app = ChineseTenApp(options(tmp_path, resume=True))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert "could not be read" in screen_text(app)
        kept = list((tmp_path / "archive").glob("*-corrupt.json"))
        assert len(kept) == 1 and kept[0].read_text().startswith('{"format"')


async def test_a_new_game_asks_first_and_keeps_the_unfinished_one(tmp_path: Path) -> None:
    save_position(tmp_path, make_setup(1, "KC", "KS KH KD 4C", "2S"))
    before = (tmp_path / "current.json").read_text()
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)  # before the names: nothing put away yet
        assert isinstance(app.screen_stack[-2], StartScreen)  # drawn first, in sight behind
        assert "Ana v Ben, 0 deals finished" in screen_text(app)
        assert not (tmp_path / "archive").exists()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        (kept,) = (tmp_path / "archive").glob("*-unfinished.json")
        assert kept.read_text() == before


async def test_the_unfinished_game_can_be_continued_with_enter(tmp_path: Path) -> None:
    setup = make_setup(1, "KC", "KS KH KD 4C", "2S")
    save_position(tmp_path, setup)
    app = ChineseTenApp(options(tmp_path, players=("Cy", "Di")))  # --players asks too
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        await pilot.press("enter")  # the focused answer: continue
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert app.game.flow.names == ("Ana", "Ben")
        state = app.game.flow.state
        assert state is not None and state.setup == setup
        assert not (tmp_path / "archive").exists()


async def test_continuing_over_the_start_screen_goes_to_the_game(tmp_path: Path) -> None:
    save_position(tmp_path, make_setup(1, "KC", "KS KH KD 4C", "2S"))
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert app.game.flow.names == ("Ana", "Ben")
        await pilot.press("q")  # the game's keys, not the start screen's fields under it
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)


@pytest.mark.parametrize("key", ["escape", "ctrl+q"])
async def test_leaving_at_the_question_quits_and_changes_nothing(tmp_path: Path, key: str) -> None:
    """Esc, or Ctrl+Q (which elsewhere asks first): nothing is played, nothing to save."""
    save_position(tmp_path, make_setup(1, "KC", "KS KH KD 4C", "2S"))
    before = (tmp_path / "current.json").read_bytes()
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        await pilot.press(key)
        await pilot.pause()
    assert app.return_code == 0
    assert (tmp_path / "current.json").read_bytes() == before
    assert not (tmp_path / "archive").exists()


async def test_no_question_with_resume_or_after_a_finished_series(tmp_path: Path) -> None:
    save_position(tmp_path, make_setup(1, "KC", "KS KH KD 4C", "2S"))
    app = ChineseTenApp(options(tmp_path, resume=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
    (tmp_path / "current.json").unlink()
    SaveSlot(tmp_path).save(current_record(("Ana", "Ben"), 1, [deal_states(7, 0)[-2]]))
    app = ChineseTenApp(options(tmp_path, deals_planned=1, resume=True))
    async with app.run_test(size=SIZE) as pilot:
        await play_until_results(pilot)  # a finished series stays in current.json
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        assert list((tmp_path / "archive").glob("*.json"))


async def test_small_terminal_shows_a_message_not_a_crash(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert "enlarge" not in screen_text(app)
        assert "Stock" in screen_text(app)
        await pilot.resize_terminal(39, 20)
        await pilot.pause()
        assert "enlarge this window" in screen_text(app)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert "Stock" in screen_text(app)


async def test_quit_asks_first_and_rules_open_and_close(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "enter")
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        # the Markdown document loads in the background
        await until(pilot, lambda: "the rules we play" in screen_text(app), "the rules")
        assert "A turn: two actions" in screen_text(app)
        await pilot.press("escape")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_code == 0


async def test_a_deal_against_the_computer_has_no_hand_over(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, computer=(None, "easy")))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(400):
            assert not isinstance(app.screen, HandoverScreen)
            if isinstance(app.screen, ResultsScreen):
                break
            if app.game.turn.stage == "computer":
                await computer_moves(pilot)  # it moves on a timer and a worker
                continue
            await step(pilot)
        assert isinstance(app.screen, ResultsScreen)
        final = app.game.flow.finished[-1]
        assert final.phase == OVER
        ben = [e for e in app.game.turn.view().events() if e.seat == 1 and e.kind == "play"]
        assert len(ben) == 12  # every one of the computer's plays went through the engine


async def test_the_banner_says_the_computer_is_thinking(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, computer=(None, "normal"), pause=5.0))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(10):
            if app.game.turn.stage == "computer":
                break
            await step(pilot)
        assert app.game.turn.stage == "computer"
        await pilot.pause()
        assert "Ben (computer, normal) is thinking…" in screen_text(app)


async def test_the_human_against_the_computer_is_addressed_as_you(tmp_path: Path) -> None:
    names = ("You", "Computer (normal)")
    dealers: set[str] = set()
    for seed in (3, 5):  # the lot makes each side the dealer once
        app = ChineseTenApp(
            options(tmp_path / str(seed), players=names, computer=(None, "normal"), seed=seed)
        )
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            cut = app.screen
            assert isinstance(cut, CutScreen)
            dealers.add(cut.dealer)
            text = screen_text(app)
            if cut.dealer == "You":
                assert "By lot, you deal first. You shuffle." in text
                assert "Computer (normal) cuts." in text
            else:
                assert "By lot, Computer (normal) deals first. Computer (normal) shuffles." in text
                assert "Cut the pack:" in text
            await pilot.press("enter")
            await pilot.pause()
            dealer = "you deal" if cut.dealer == "You" else "Computer (normal) deals"
            header = f"Deal 1: {dealer};"
            assert header in screen_text(app)
            assert "Your hand" in screen_text(app)
    assert dealers == set(names)


async def test_the_computer_hand_is_never_shown(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, computer=(None, "normal")))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(30):
            state = app.game.flow.state
            if isinstance(app.screen, GameScreen) and state is not None:
                text = screen_text(app)
                assert not {label for label in _labels(state.hands[1]) if label in text}
            if app.game.turn.stage == "computer":
                await computer_moves(pilot)
            else:
                await step(pilot)


async def test_the_hint_points_at_the_hard_players_choice(tmp_path: Path) -> None:
    app = app_at(tmp_path, make_setup(1, "8D 9C", "2H 2C AH 7S", "KS"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.press("t")
        await until(pilot, lambda: "Hint:" in screen_text(app), "the hint")
        text = screen_text(app)
        assert "Hint: play" in text
        game = app.game
        hinted = game.turn.view().hand[game.turn.cursor]
        assert display_card(hinted) in text.split("Hint: play", 1)[1]


async def test_hints_can_be_switched_off(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, hints=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "enter", "t")
        await pilot.pause()
        assert "Hint" not in screen_text(app)


async def test_the_command_palette_offers_the_games_actions(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "enter")
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert {"Rules", "Export game record", "Hint"} <= set(titles)
        assert "Turn over the stock card" not in titles
        for widget in app.screen.query("*"):  # nothing maximized hides the board's keys
            if widget.focusable:
                widget.focus()
                await pilot.pause()
                titles = [c.title for c in app.get_system_commands(app.screen)]
                assert "Maximize" not in titles, widget
        await pilot.press("enter")
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Turn over the stock card" in titles and "Hint" not in titles


async def test_a_layout_four_of_a_kind_goes_to_the_dealer_on_screen(tmp_path: Path) -> None:
    app = app_at(tmp_path, make_setup(1, "3C", "QS QH QD QC", "2S"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "Ben takes the layout four of a kind as dealer" in text
        state = app.game.flow.state
        assert state is not None and state.table == () and state.piles[1].bit_count() == 4


async def test_a_save_with_no_deal_starts_a_new_game(tmp_path: Path) -> None:
    (tmp_path / "current.json").write_text(
        '{"format": "chinese-ten", "version": 1, "players": ["Ana", "Ben"],'
        ' "deals_planned": null, "deals": []}'
    )
    app = ChineseTenApp(options(tmp_path, resume=True))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        assert list((tmp_path / "archive").glob("*-unfinished.json"))


async def test_q_on_the_results_screen_asks_like_everywhere_else(tmp_path: Path) -> None:
    """q on the results went straight out, past the dialog that offers a copy of a failed save."""
    SaveSlot(tmp_path).save(current_record(("Ana", "Ben"), None, [deal_states(7, 0)[-2]]))
    app = ChineseTenApp(options(tmp_path, resume=True))
    async with app.run_test(size=SIZE) as pilot:
        await play_until_results(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)


async def test_quitting_before_the_first_deal_claims_no_save(tmp_path: Path) -> None:
    """Before anything is dealt the dialog does not say "The game is saved": nothing is."""
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        text = screen_text(app)
        assert "nothing to save" in text and "The game is saved" not in text


async def test_names_taken_before_the_saved_game_was_looked_for_wait_for_the_question(
    tmp_path: Path,
) -> None:
    """Enter typed before the app looked for an unfinished game: the question still comes
    first, the saved game is untouched, and "new game" keeps it and the typed names."""
    save_position(tmp_path, make_setup(1, "KC", "KS KH KD 4C", "2S"))
    before = (tmp_path / "current.json").read_text()
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        start = app.screen
        assert isinstance(start, StartScreen)
        start.post_message(StartScreen.Chosen(("Eve", "Fay")))  # as early as a key can be
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        start.post_message(StartScreen.Chosen(("Eve", "Fay")))  # and while it is asked
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
        assert (tmp_path / "current.json").read_text() == before
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is start
        (kept,) = (tmp_path / "archive").glob("*-unfinished.json")
        assert kept.read_text() == before
        await pilot.press(*"Eve", "enter", *"Fay", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        assert app.game.flow.names == ("Eve", "Fay")


async def test_enter_twice_on_the_start_screen_starts_one_game(tmp_path: Path) -> None:
    """Two Enters in one read of the terminal: both reach the start screen."""
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        start.post_message(StartScreen.Chosen(("Eve", "Fay")))
        start.post_message(StartScreen.Chosen(("Eve", "Fay")))
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        assert sum(isinstance(s, GameScreen) for s in app.screen_stack) == 1
        await pilot.press("enter")  # the cut: the game goes on
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)


async def test_the_start_box_and_the_question_fit_a_narrow_window(tmp_path: Path) -> None:
    save_position(tmp_path, make_setup(1, "KC", "KS KH KD 4C", "2S"))
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        assert app.screen.query_one("#dialog").region.right <= 60
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.query_one("#start-box").region.right <= 60


def _log_position(folder: Path, names: tuple[str, str]) -> ChineseTenApp:
    """A deal 30 actions in, resumed: a log of lines longer than the log's column is wide."""
    from chinese_ten.engine.deal import apply_action, legal_actions, start
    from chinese_ten.store.saves import SaveSlot
    from tests.tui_helpers import current_record

    state = start(make_setup(1, "", "2H 2C 6S 7S", ""))
    for _ in range(30):
        state = apply_action(state, legal_actions(state)[0])
    SaveSlot(folder).save(current_record(names, None, [state]))
    return ChineseTenApp(options(folder, resume=True, players=names))


def _log_lines_whole(app: ChineseTenApp) -> None:
    """Every log line is wrapped inside the log: nothing reaches past its right edge, and the
    last line (longer than the column is wide) shows whole, all its words in order."""
    from textual.widgets import RichLog

    log = app.screen.query_one("#log", RichLog)
    width = log.scrollable_content_region.width
    assert log.virtual_size.width <= width, (log.virtual_size, width)
    assert all(strip.cell_length <= width for strip in log.lines)
    region = log.content_region
    shown = " ".join(
        line[region.x : region.right].strip()
        for line in screen_text(app).splitlines()[region.y : region.bottom]
    )
    assert "Resumed Anastasia Longname v Bartholomew Longername." in shown, shown


@pytest.mark.parametrize("size", [(120, 24), (240, 60)])
async def test_log_lines_wrap_in_the_log_column(tmp_path: Path, size: tuple[int, int]) -> None:
    """Lines of 44 to 78 characters in the 43 columns of the log's column wrap, never cut
    ("Anastasia Longname turned over 8♦ (no captur"), before and after a resize.
    (The log is beside the board where the board leaves it room: wide and low, or very
    wide; at 120 x 40 it is under the board's larger cards.)"""
    app = _log_position(tmp_path, ("Anastasia Longname", "Bartholomew Longername"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # past the hand-over
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        log = app.screen.query_one("#log")
        assert app.screen.has_class("-wide") and log.region.x > 0  # the column on the right
        _log_lines_whole(app)
        await pilot.resize_terminal(100, 32)  # the log under the board, then back beside it
        await pilot.pause()
        _log_lines_whole(app)
        await pilot.resize_terminal(*size)
        await pilot.pause()
        _log_lines_whole(app)


# The board at tables of three and four, hot-seat and with computers: every other seat in
# sight, no hand but the mover's ever face up, results for every seat.


PEOPLE = {3: ("Ana", "Ben", "Cy"), 4: ("Ana", "Ben", "Cy", "Dee")}


def _faces(screen: GameScreen) -> tuple[int, ...]:
    strip = screen.query_one("#hand", CardStrip)
    return tuple(look.card for look in strip.looks if look.face_up and look.card is not None)


async def _play_watching(pilot: Pilot[None], app: ChineseTenApp) -> tuple[int, int]:
    """Play the deal by keys; at every step no hand but the keyboard holder's shows, and only
    while it is that person's turn (or its last card was just turned). Returns how many
    hand-overs and computer turns were seen."""
    handovers = computer_turns = 0
    for _ in range(3000):
        screen = app.screen
        if isinstance(screen, ResultsScreen):
            return handovers, computer_turns
        if isinstance(screen, HandoverScreen):
            handovers += 1
            if handovers > app.game.flow.seats and app.game.flow.table.computer.count(None) > 2:
                # every turn since this person's last one is told, none of theirs
                assert screen.turn.handover is not None
                assert len(screen.turn.handover.since) == 2 * (app.game.flow.seats - 1)
        if isinstance(screen, GameScreen) and screen.flow.state is not None:
            state, flow = screen.flow.state, screen.flow
            faces = _faces(screen)
            if screen.turn.stage == "computer":
                computer_turns += 1
                assert faces == () or not flow.table.hot_seat
            if faces:
                holder = flow.viewer()
                assert flow.computers[holder] is None
                assert faces == state.hands[holder]
                moves = [e for e in screen.turn.view().events() if e.kind != "four"]
                just_moved = screen.turn.stage == "turned" and moves[-1].seat == holder
                assert holder == state.to_move or just_moved or not flow.table.hot_seat
                if screen.turn.stage == "turned":  # only after that person's own turn
                    assert just_moved
            others = screen.query_one("#other-seats", OtherSeats)
            assert len(others.seats) == state.setup.seats - 1
            assert all(s.in_hand == len(state.hands[k]) for k, s in _around(screen, state))
        if isinstance(screen, GameScreen) and screen.turn.stage == "computer":
            await computer_moves(pilot)  # no key while it plays: one would meet the next screen
        elif not await step(pilot):
            return handovers, computer_turns
    raise AssertionError("the deal did not end")


def _around(screen: GameScreen, state: object) -> list[tuple[int, object]]:
    view = screen.turn.view()
    others = screen.query_one("#other-seats", OtherSeats).seats
    return [((view.seat + k) % view.seats, s) for k, s in enumerate(others, start=1)]


@pytest.mark.parametrize("seats", [3, 4])
async def test_people_sharing_the_keyboard_never_see_each_others_hands(
    tmp_path: Path, seats: int
) -> None:
    app = ChineseTenApp(options(tmp_path, players=PEOPLE[seats], computer=(None,) * seats))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        handovers, _ = await _play_watching(pilot, app)
        assert handovers >= 24  # one before every turn
        results = app.screen
        assert isinstance(results, ResultsScreen)
        text = screen_text(app)
        assert all(name in text for name in PEOPLE[seats])


async def test_one_person_against_two_computers_sees_only_their_hand(tmp_path: Path) -> None:
    app = ChineseTenApp(
        options(tmp_path, players=None, computer=("easy", None, "easy"), deals_planned=1, pause=0.3)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        handovers, computer_turns = await _play_watching(pilot, app)
        assert handovers == 0 and computer_turns >= 1
        text = screen_text(app)
        assert "Computer 1 (easy)" in text and "Computer 3 (easy)" in text


async def test_two_people_and_a_computer_hide_hands_while_it_plays(tmp_path: Path) -> None:
    app = ChineseTenApp(
        options(tmp_path, players=("Ana", "Ben", "Cy"), computer=(None, "easy", None), pause=0.3)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        handovers, computer_turns = await _play_watching(pilot, app)
        assert handovers >= 16 and computer_turns >= 1


# ------------------------------------------------------- the fit at 80x24, every language
def _cut(app: ChineseTenApp, names: tuple[str, ...]) -> list[str]:
    """What is cut on the board now: a name shortened on a line or beside the other seats'
    cards, a count or total missing from a seat's column, a line wider than its widget."""
    screen = app.screen
    if not isinstance(screen, GameScreen) or screen.flow.state is None:
        return []
    problems: list[str] = []
    lines = [line.text.plain for line in screen.query(TextLine).results(TextLine)]
    lines.append(str(getattr(screen.query_one("#hand-area").border_title, "plain", "")))
    others = screen.query_one("#other-seats", OtherSeats)
    shown = others.render().plain
    lines += shown.splitlines()
    for line in lines:
        problems += [f"name cut in {line!r}" for _ in cut_names(line, names)]
    for seat in others.seats:
        if str(seat.in_hand) not in shown or f"{seat.total:+d}".replace("+0", "0") not in shown:
            problems.append(f"count or total cut for {seat.name!r}: {shown!r}")
    width = others.content_size.width
    problems += [f"too wide {row!r}" for row in shown.splitlines() if cell_len(row) > width]
    return problems


@pytest.mark.parametrize("language", ["en", "fr", "pt"], indirect=True)
@pytest.mark.parametrize(
    ("levels", "ascii_only"),
    [(("hard", None, "hard"), False), ((None,) * 4, False), ((None, "easy", "easy", "easy"), True)],
)
async def test_names_counts_and_totals_fit_at_80x24(
    language: str, levels: tuple[str | None, ...], ascii_only: bool, tmp_path: Path
) -> None:
    """A whole deal with the default names (the longest: ``Computer 3 (hard)``, and in
    French and Portuguese longer still), with the open scores: nothing is ever cut."""
    names = tuple(seat_default(seat, levels) for seat in range(len(levels)))
    hot_seat = levels.count(None) > 1
    app = ChineseTenApp(
        options(
            tmp_path,
            players=names if hot_seat else None,
            computer=levels,
            open_scores=True,
            think=0.01,
            ascii=ascii_only,
            symbols=not ascii_only,
        )
    )
    problems: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        names = app.game.flow.names if ascii_only else names  # folded to ASCII where shown so
        for _ in range(3000):
            problems += _cut(app, names)
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            if isinstance(screen, GameScreen) and screen.turn.stage == "computer":
                await computer_moves(pilot)
            else:
                await step(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert all(name in text for name in names), text
    assert sorted(set(problems)) == []
