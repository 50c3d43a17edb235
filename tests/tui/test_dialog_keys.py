"""The yes/no dialogs answer to the language's letters (oui/non, sim/não) and to y/n, show the
language's letters, and ignore a key that means something else in that language. Every button
shows whole at 80x24 in every language."""

from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.screen import Screen
from textual.widgets import Button

from chinese_ten.game.flow import SavedGame
from chinese_ten.game.table import Table
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.dialogs import ContinueScreen, QuitScreen, ReplaceScreen

LANGUAGES = ("en", "fr", "pt")
NO_ANSWER = object()


class _Host(App[None]):
    """Just enough of the game's app for a dialog: a terminal, not a browser tab."""

    is_web = False

    def __init__(self, dialog: Screen[Any]) -> None:
        super().__init__()
        self.dialog = dialog
        self.answer: object = NO_ANSWER

    def on_mount(self) -> None:
        self.push_screen(self.dialog, self._answered)

    def _answered(self, answer: object) -> None:
        self.answer = answer


async def _press(dialog: Screen[Any], key: str) -> tuple[object, list[str]]:
    """What the dialog answers to ``key`` (NO_ANSWER: it is still open), and its buttons."""
    app = _Host(dialog)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        buttons = [str(button.label) for button in dialog.query(Button)]
        room = dialog.query_one("#dialog").content_region
        assert all(room.contains_region(button.region) for button in dialog.query(Button))
        await pilot.press(key)
        await pilot.pause()
        if app.answer is NO_ANSWER:
            assert app.screen is dialog
    return app.answer, buttons


def _saved(tmp_path: Path) -> SavedGame:
    table = Table(typed=("Ana", "Ben"), computer=(None, None), deals_planned=6)
    return SavedGame(table=table, deals_finished=2, path=tmp_path / "current.json")


QUIT = {
    "en": {"y": "quit", "n": "stay", "s": "copy", "o": None, "g": None},
    "fr": {"o": "quit", "y": "quit", "n": "stay", "s": "copy", "g": None},
    "pt": {"s": None, "y": "quit", "n": "stay", "g": "copy", "o": None},
}
"""Each key's answer to "Quit? The game is NOT saved" (None: the key does nothing). The
Portuguese yes, s, saves a copy in English and French: here it does not lose the game."""


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("key", ["y", "n", "o", "s", "g"])
async def test_quit_answers_the_languages_letters(language: str, key: str) -> None:
    answer, buttons = await _press(QuitScreen("the disk is full"), key)
    expected = QUIT[language][key]
    assert answer == (NO_ANSWER if expected is None else expected)
    letters = {"en": "(s) (y) (n)", "fr": "(s) (o) (n)", "pt": "(g) (y) (n)"}[language]
    assert " ".join(label[-3:] for label in buttons) == letters


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
async def test_a_saved_game_has_no_copy_key(language: str) -> None:
    """With the game saved there is no copy to make: the copy key does nothing, and the
    language's yes quits (nothing is lost)."""
    copy = {"en": "s", "fr": "s", "pt": "g"}[language]
    answer, buttons = await _press(QuitScreen(), copy)
    assert answer is NO_ANSWER and len(buttons) == 2
    yes = {"en": "y", "fr": "o", "pt": "s"}[language]
    answer, buttons = await _press(QuitScreen(), yes)
    assert answer == "quit" and buttons[0].endswith(f"({yes})")


@pytest.mark.parametrize(
    ("language", "yes", "other"),
    [("en", "y", "o"), ("fr", "o", "s"), ("pt", "s", "o")],
    indirect=["language"],
)
async def test_replace_answers_the_languages_yes_and_nothing_else(
    language: str, yes: str, other: str, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    assert (await _press(ReplaceScreen(path), yes))[0] is True
    assert (await _press(ReplaceScreen(path), "y"))[0] is True
    assert (await _press(ReplaceScreen(path), "n"))[0] is False
    answer, buttons = await _press(ReplaceScreen(path), other)
    assert answer is NO_ANSWER
    assert buttons[0].endswith(f"({yes})") and buttons[1].endswith("(n)")


@pytest.mark.parametrize(
    ("language", "yes", "other"),
    [("en", "y", "o"), ("fr", "o", "s"), ("pt", "s", "o")],
    indirect=["language"],
)
async def test_continue_answers_yes_c_and_no(
    language: str, yes: str, other: str, tmp_path: Path
) -> None:
    for key in (yes, "y", "c"):
        assert (await _press(ContinueScreen(_saved(tmp_path)), key))[0] == "continue"
    assert (await _press(ContinueScreen(_saved(tmp_path)), "n"))[0] == "new"
    assert (await _press(ContinueScreen(_saved(tmp_path)), other))[0] is NO_ANSWER


class _Narrow(_Host):
    """The game's breakpoints: below 80 columns a screen has the class ``-slim``."""

    HORIZONTAL_BREAKPOINTS = ChineseTenApp.HORIZONTAL_BREAKPOINTS
    VERTICAL_BREAKPOINTS = ChineseTenApp.VERTICAL_BREAKPOINTS


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
async def test_every_button_is_whole_at_40_by_20(language: str) -> None:
    """At 40 columns no button is cut ("Keep playing (n"): the buttons go one under another."""
    dialog = QuitScreen("the disk is full")
    app = _Narrow(dialog)
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        room = dialog.query_one("#dialog").content_region
        for button in dialog.query(Button):
            assert room.contains_region(button.region), button.label
            assert button.region.width >= len(str(button.label)) + 2, button.label
