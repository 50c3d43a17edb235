"""Keys right after a dialog opens or closes are taken, not dropped; the screens that decide
who sees the table still drop a key pressed before they were drawn, or too soon after.

On a busy machine ``c`` pressed 0.5 s after "Continue it (c)" shows continues, and F1
pressed 1 s after answering the quit dialog opens the rules. A key's event carries when it was
read from the terminal (``time``); these tests build the events themselves to say when a key was
pressed, and let the app handle them when it gets round to it, as a busy machine does.
"""

import time
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot

from chinese_ten.lang import i18n
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.frames import DRAW_DELAY
from chinese_ten.tui.screens.dialogs import ContinueScreen, QuitScreen
from chinese_ten.tui.screens.game import GameScreen
from chinese_ten.tui.screens.handover import HandoverScreen
from tests.tui_helpers import (
    make_setup,
    options,
    rules_loaded,
    save_position,
    step,
    until,
    until_screen,
)

SIZE = (80, 24)
GUARD = 0.4
"""The product's guard (``GameOptions.guard``)."""


def key(name: str, character: str | None, at: float | None = None) -> events.Key:
    """The key ``name`` as the terminal reads it, pressed at ``at`` (now if None)."""
    event = events.Key(name, character)
    if at is not None:
        event.time = at
    return event


async def to_the_board(pilot: Pilot[None]) -> GameScreen:
    """From the cut to the first person's board (no guard in these options)."""
    app = pilot.app
    assert isinstance(app, ChineseTenApp)
    while not (isinstance(app.screen, GameScreen) and app.game.turn.stage == "select"):
        await step(pilot)
    return app.game


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_f1_pressed_while_the_quit_dialog_closes_opens_the_rules(
    tmp_path: Path, language: str
) -> None:
    """``n`` answers the quit dialog; F1, pressed while the app was still closing it, is
    meant for the game beneath: it opens the rules."""
    i18n.choose(language)
    try:
        app = ChineseTenApp(options(tmp_path))
        async with app.run_test(size=SIZE) as pilot:
            game = await to_the_board(pilot)
            await pilot.press("q")
            await until_screen(pilot, QuitScreen)
            f1 = key("f1", None)  # pressed now, before the app has handled the answer
            await pilot.press("n")  # keep playing
            await until(pilot, lambda: app.screen is game, "the quit dialog to close")
            app.post_message(f1)  # read once the dialog has closed
            await rules_loaded(pilot)
    finally:
        i18n.choose("en")


async def test_a_key_pressed_as_the_quit_dialog_opens_answers_it(tmp_path: Path) -> None:
    """``q`` then ``n`` at once: the ``n`` was pressed before the dialog came up, and it
    answers the dialog (it is no decision about who sees the table)."""
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        game = await to_the_board(pilot)
        answer = key("n", "n")  # pressed with q, before the dialog is up
        await pilot.press("q")
        await until_screen(pilot, QuitScreen)
        app.post_message(answer)
        await until(pilot, lambda: app.screen is game, "the dialog answered")


async def test_a_key_pressed_before_the_hand_over_came_up_is_dropped(tmp_path: Path) -> None:
    """The hostile side: a screen that decides who sees the table drops a key pressed before
    it came up, even with no guard."""
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        while not isinstance(app.screen, HandoverScreen):
            await step(pilot)
        handover = app.screen
        early = key("enter", "\r", at=time.monotonic() - 60)  # long before it came up
        app.post_message(early)
        await pilot.pause()
        assert app.screen is handover and app.game.turn.stage == "handover"
        await pilot.press("enter")  # pressed now: it acts
        await until(pilot, lambda: app.screen is not handover, "the hand-over to close")


async def continue_question(pilot: Pilot[None]) -> tuple[ContinueScreen, float]:
    """The continue question in sight, and when it was first drawn (its guard's start)."""
    app = pilot.app
    await until_screen(pilot, ContinueScreen)
    screen = app.screen
    assert isinstance(screen, ContinueScreen)
    guard = screen._guard
    await until(pilot, lambda: guard.drawn_at is not None, "the question drawn")
    assert guard.drawn_at is not None
    return screen, guard.drawn_at


async def test_c_pressed_half_a_second_after_the_continue_question_showed_continues(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A busy machine: each frame keeps the app busy a while. ``c`` pressed 0.5 s after the
    question was first drawn continues the game, however late it is handled."""
    monkeypatch.setenv(DRAW_DELAY, "0.5")
    save_position(tmp_path, make_setup(1, "KC", "KS KH KD 4C", "2S"))
    shown: list[float] = []
    app = ChineseTenApp(options(tmp_path, players=None, guard=GUARD))
    hook = app.post_display_hook

    def first_frame() -> None:  # Textual's own hook, after each frame is written
        if isinstance(app.screen, ContinueScreen) and not shown:
            shown.append(time.monotonic())
        hook()

    app.post_display_hook = first_frame  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        question, _ = await continue_question(pilot)
        await until(pilot, lambda: time.monotonic() >= shown[0] + 0.5, "half a second")
        app.post_message(key("c", "c"))  # pressed now
        await until(pilot, lambda: app.screen is not question, "the answer")
        await until(pilot, lambda: isinstance(app.screen, HandoverScreen), "the game")


async def test_the_continue_question_drops_a_key_pressed_too_soon(tmp_path: Path) -> None:
    """The hostile side: before the question was drawn, or within the guard after, ``c`` is
    no answer however late it is handled; the guard's time after, it is."""
    save_position(tmp_path, make_setup(1, "KC", "KS KH KD 4C", "2S"))
    app = ChineseTenApp(options(tmp_path, players=None, guard=GUARD))
    async with app.run_test(size=SIZE) as pilot:
        question, drawn = await continue_question(pilot)
        await until(pilot, lambda: time.monotonic() >= drawn + GUARD + 0.1, "the guard to pass")
        for too_soon in (drawn - 0.05, drawn + GUARD / 4, drawn + GUARD * 0.9):
            app.post_message(key("c", "c", at=too_soon))
            await pilot.pause()
            assert app.screen is question, too_soon
        app.post_message(key("c", "c", at=drawn + GUARD + 0.05))
        await until(pilot, lambda: app.screen is not question, "the answer")


async def test_enter_on_the_continue_question_counts_from_when_it_was_pressed(
    tmp_path: Path,
) -> None:
    """Enter answers with the focused button, and the guard reads when it was pressed: too
    soon after the question was drawn it is no answer however late it is handled; with the
    focus on New game, a deliberate Enter starts a new game."""
    save_position(tmp_path, make_setup(1, "KC", "KS KH KD 4C", "2S"))
    app = ChineseTenApp(options(tmp_path, players=None, guard=GUARD))
    async with app.run_test(size=SIZE) as pilot:
        question, drawn = await continue_question(pilot)
        await until(pilot, lambda: time.monotonic() >= drawn + GUARD + 0.1, "the guard to pass")
        app.post_message(key("enter", "\r", at=drawn + GUARD / 2))
        await pilot.pause()
        assert app.screen is question
        await pilot.press("tab")  # to New game
        app.post_message(key("enter", "\r", at=drawn + GUARD + 0.05))
        await until(pilot, lambda: app.screen is not question, "the answer")
        assert not isinstance(app.screen, HandoverScreen)  # a new game: the names first
