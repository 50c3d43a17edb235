"""The flow of a turn and a game on screen: the turned card, the resumed log, a new
series after a resumed one."""

import random
from pathlib import Path

from textual.widgets import RichLog

from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import DealState, apply_action, legal_actions, outcome, start
from chinese_ten.store.saves import SaveSlot
from chinese_ten.text.card_names import display_card
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.cut import CutScreen
from chinese_ten.tui.screens.handover import HandoverScreen
from chinese_ten.tui.screens.results import ResultsScreen
from tests.tui_helpers import (
    app_at,
    current_record,
    hand_key,
    make_setup,
    marked,
    options,
    screen_text,
)

SIZE = (100, 32)


def _deal(seed: int, dealer: int, actions: int | None = None) -> DealState:
    """A deal played with the first legal action, to its end or for ``actions`` actions."""
    state = start(random_setup(random.Random(seed), dealer, 20))
    while outcome(state) is None and (actions is None or len(state.actions) < actions):
        state = apply_action(state, legal_actions(state)[0])
    return state


def _log_text(app: ChineseTenApp) -> str:
    log = app.game.query_one("#log", RichLog)
    return "\n".join(line.text for line in log.lines)


async def test_after_the_turn_over_the_mover_sees_it_then_passes_with_enter(
    tmp_path: Path,
) -> None:
    # Ana plays 3♣ taking 7♦; the turned 6♦ takes 4♠, the only choice.
    app = app_at(tmp_path, make_setup(1, "3C", "QS 4S 5C 7D", "6D"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the hand-over to Ana
        await pilot.press(hand_key(app, "3♣"), "enter", "space")
        await pilot.pause()
        game = app.game
        assert app.screen is game and game.turn.stage == "turned"
        text = screen_text(app)
        assert "Ana turned over 6♦ and took 4♠" in text
        assert "Enter passes the keyboard to Ben" in text
        assert "Ana's hand" in text and "(hidden)" not in text  # still Ana's eyes
        assert marked(app, "#turned", "turned") == [0]  # the card, beside the table
        await pilot.press("space", "1")  # no other key acts before the keyboard is passed
        await pilot.pause()
        assert game.turn.stage == "turned"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert "Pass the keyboard to Ben" in screen_text(app)


async def test_against_the_computer_no_pass_is_asked(tmp_path: Path) -> None:
    setup = make_setup(1, "3C", "QS 4S 5C 7D", "6D")
    SaveSlot(tmp_path).save(current_record(("Ana", "Ben"), None, [start(setup)], (None, "random")))
    app = ChineseTenApp(options(tmp_path, resume=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(hand_key(app, "3♣"), "enter", "space")
        await pilot.pause()
        assert app.game.turn.stage in ("computer", "select")


async def test_resume_rebuilds_the_log_of_every_deal(tmp_path: Path) -> None:
    first, second = _deal(5, 0), _deal(6, 1, actions=9)
    SaveSlot(tmp_path).save(current_record(("Ana", "Ben"), 3, [first, second]))
    app = ChineseTenApp(options(tmp_path, resume=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        log = _log_text(app)
    lines = log.splitlines()
    assert lines[0] == "Deal 1: Ana deals; Ben cut."  # who cut, though not where (not saved)
    assert "Deal 2: Ben deals; Ana cut." in lines
    assert lines[-1] == "Resumed Ana v Ben."
    events = [line for line in lines if " played " in line or " turned over " in line]
    assert len(events) == len(first.actions) + len(second.actions)
    over = [line for line in lines if line.startswith("Deal 1 is over: Ana ")]
    assert len(over) == 1 and ", Ben " in over[0]  # a line with each seat's result
    assert len(lines) == 4 + len(events)
    # Only public events: the second deal's log never names a card still hidden.
    hidden = second.hands[0] + second.hands[1] + second.setup.stock[second.stock_pos + 1 :]
    second_log = log.split("Deal 2:")[1]
    assert not [c for c in hidden if display_card(c) in second_log]


async def test_a_new_series_after_a_resumed_one_keeps_its_length(tmp_path: Path) -> None:
    deals = [_deal(5, 0), _deal(6, 1)]
    SaveSlot(tmp_path).save(current_record(("Ana", "Ben"), 2, deals))
    app = ChineseTenApp(options(tmp_path, resume=True, deals_planned=6))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        assert "Deal 1 of 2" in screen_text(app)
        assert app.game.flow.series.deals_planned == 2 and not app.game.flow.series.outcomes
