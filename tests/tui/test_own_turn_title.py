"""The table's title on your own turn: what you took is in it, beside the card you
turned over, until the next player moves."""

from pathlib import Path

import pytest

from chinese_ten.lang import i18n
from chinese_ten.tui.app import ChineseTenApp
from tests.tui_helpers import app_at, hand_key, make_setup, screen_text, until

SETUP = (1, "6H", "4C 2S 3S 9S", "KD")
"""Ana (seat 0) holds 6♥, which takes 4♣ alone; the stock then turns K♦, which takes nothing."""


def title(app: ChineseTenApp, marker: str) -> str:
    return next(line for line in screen_text(app).splitlines() if marker in line)


async def test_your_capture_stays_in_the_title_after_your_turn_over(tmp_path: Path) -> None:
    app = app_at(tmp_path, make_setup(*SETUP))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the hand-over to Ana
        await pilot.press(hand_key(app, "6♥"), "enter", "space")
        await until(pilot, lambda: app.game.turn.stage == "turned", "Ana's turn-over")
        line = title(app, "Last turn")
    assert "Last turn: Ana took 4♣ with 6♥ · new on the table: K♦" in line, line


async def test_once_the_next_player_moves_the_title_tells_their_turn(tmp_path: Path) -> None:
    """Ben sees Ana's whole turn; once he has played and turned over, his own turn: Ana's
    capture is gone from the title."""
    app = app_at(tmp_path, make_setup(1, "6H", "4C 2S 3S 9S", "KD 5H", "QC"))
    async with app.run_test(size=(100, 32)) as pilot:
        game = app.game
        await pilot.pause()
        await pilot.press("enter")  # the hand-over to Ana
        await pilot.press(hand_key(app, "6♥"), "enter", "space")
        await until(pilot, lambda: game.turn.stage == "turned", "Ana's turn-over")
        await pilot.press("enter", "enter")  # the keyboard to Ben, and Ben ready
        await until(pilot, lambda: game.turn.stage == "select" and app.screen is game, "Ben")
        assert "Last turn: Ana took 4♣ with 6♥ · new on the table: K♦" in title(app, "Last turn")
        await pilot.press(hand_key(app, "Q♣"), "enter", "space")
        await until(pilot, lambda: game.turn.stage == "turned", "Ben's turn-over")
        line = title(app, "Last turn")
    assert "Last turn: new on the table: Q♣ 5♥" in line, line
    assert "Ana" not in line


@pytest.mark.parametrize("language", ["fr", "pt"], indirect=True)
async def test_your_capture_is_in_the_title_in_every_language(
    tmp_path: Path, language: str
) -> None:
    app = app_at(tmp_path, make_setup(*SETUP))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.press(hand_key(app, "6♥"), "enter", "space")
        await until(pilot, lambda: app.game.turn.stage == "turned", "Ana's turn-over")
        line = title(app, i18n._("Last turn: {events}").partition("{")[0].strip())
    took = i18n._("{name} took {cards} with {card}").format(name="Ana", cards="4♣", card="6♥")
    assert took in line, line
    assert i18n._("new on the table: {cards}").partition("{")[0] + "R♦" in line  # Roi, Rei
