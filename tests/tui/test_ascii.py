"""``--ascii``: every character of every screen is ASCII, player names aside."""

from collections.abc import Callable
from pathlib import Path

import pytest

from chinese_ten.analysis.simulate import SeriesPlay, simulate
from chinese_ten.engine.deal import apply_action, legal_actions, start
from chinese_ten.lang.folding import ascii_text
from chinese_ten.store.history import open_history
from chinese_ten.store.saves import SaveSlot
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.results import ResultsScreen
from tests.history_helpers import played
from tests.tui_helpers import (
    current_record,
    hand_key,
    make_setup,
    options,
    save_position,
    screen_text,
    scroll_to_keys,
    until,
)

SIZES = [(80, 24), (120, 40)]


def ascii_app(folder: Path, **kwargs: object) -> ChineseTenApp:
    return ChineseTenApp(options(folder, ascii=True, symbols=False, **kwargs))


def fresh(**kwargs: object) -> Callable[[Path], ChineseTenApp]:
    return lambda folder: ascii_app(folder, **kwargs)


def resumed(setup_args: tuple[int, str, str, str], **kwargs: object) -> Callable[[Path], object]:
    def build(folder: Path) -> ChineseTenApp:
        computer = kwargs.get("computer", (None, None))
        save_position(folder, make_setup(*setup_args), computer=computer)  # type: ignore[arg-type]
        return ascii_app(folder, resume=True, **kwargs)

    return build


def long_log(folder: Path) -> ChineseTenApp:
    """A deal 30 actions in, resumed: its log is longer than the screen."""
    state = start(make_setup(1, "", "2H 2C 6S 7S", ""))
    for _ in range(30):
        state = apply_action(state, legal_actions(state)[0])
    SaveSlot(folder).save(current_record(("Ana", "Ben"), None, [state]))
    return ascii_app(folder, resume=True)


def finished_series(folder: Path, seed: int = 8) -> ChineseTenApp:
    plays: list[SeriesPlay] = []
    simulate(1, 2, ("greedy", "random"), seed, on_series=plays.append)
    SaveSlot(folder).save(current_record(("Ana", "Ben"), 2, plays[0].states))
    return ascii_app(folder, resume=True)


def one_deal_done(folder: Path) -> ChineseTenApp:
    """A finished deal and one in play: export has something to write, so its dialog opens."""
    plays: list[SeriesPlay] = []
    simulate(1, 2, ("greedy", "random"), 8, on_series=plays.append)
    first = plays[0].states[0]
    second = start(make_setup(1 - first.setup.dealer, "", "2H 2C 6S 7S", ""))
    SaveSlot(folder).save(current_record(("Ana", "Ben"), None, [first, second]))
    return ascii_app(folder, resume=True)


def with_history(folder: Path) -> ChineseTenApp:
    """Two games in the history (the F2 screen draws a running total)."""
    with open_history(folder) as history:
        for seed in (1, 2):
            history.import_record(played(3, seed=seed, names=("Ana", "Ben")))
    return ascii_app(folder, players=None)


def saved_game(folder: Path) -> ChineseTenApp:
    """An unfinished game saved: the question comes over the start screen."""
    save_position(folder, make_setup(*CHOICE))
    return ascii_app(folder, players=None)


TRIPLE = (1, "8D KH", "KS KC KD 7S", "2S")
CHOICE = (1, "8D", "2H 2C 6S 7S", "KS")
FLIP = (1, "9S", "3H 4C 6S 7S", "8D")

SCREENS: dict[str, tuple[Callable[[Path], object], list[str], str]] = {
    "start": (fresh(players=None), [], "Seat 1"),
    "start, rules": (fresh(players=None), ["f1", "keys"], "what it does"),
    "continue question": (saved_game, [], "Continue it"),
    "history": (with_history, ["f2"], "running total"),
    "cut": (fresh(), [], "cut the pack"),
    "turn with a chosen card": (fresh(), ["enter", "enter", "right"], ": play"),
    "target choice": (resumed(CHOICE), ["enter", "8♦", "enter"], "choose the card to take"),
    "turned card's choice": (resumed(FLIP), ["enter", "9♠", "enter", "space"], "turned over"),
    "layout triple": (resumed(TRIPLE), ["enter", "K♥"], "take the layout triple?"),
    "hand-over": (fresh(), ["enter", "enter", "enter", "space"], "Pass the keyboard"),
    "computer thinking": (
        resumed((0, "", "2H 2C 6S 7S", ""), computer=(None, "easy"), pause=60),
        [],
        "is thinking...",
    ),
    "results": (finished_series, [], "wins the series"),
    "a long log": (long_log, ["enter"], "turned over"),
    "rules, keys table": (fresh(), ["enter", "enter", "f1", "keys"], "what it does"),
    "quit dialog": (fresh(), ["enter", "enter", "q"], "Quit Chinese Ten?"),
    "export dialog": (one_deal_done, ["enter", "e"], "Export the game record"),
    "no saved game toast": (fresh(resume=True), [], "no saved game"),
    "command palette": (fresh(), ["enter", "enter", "ctrl+p"], "Search for commands"),
    "too small": (fresh(), ["enter", "enter", "resize"], "enlarge"),
}


def non_ascii(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.isascii()]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", SCREENS)
async def test_every_screen_is_ascii(tmp_path: Path, name: str, size: tuple[int, int]) -> None:
    build, keys, shown = SCREENS[name]
    app = build(tmp_path)
    assert isinstance(app, ChineseTenApp)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        for key in keys:
            if key == "resize":
                await pilot.resize_terminal(39, 20)
            elif key == "keys":
                assert await scroll_to_keys(pilot)
            else:
                await pilot.press(hand_key(app, key) if not key.isascii() else key)
            await pilot.pause()
        await until(pilot, lambda: shown in screen_text(app), repr(shown))
        text = screen_text(app)
    assert shown in text, text
    assert non_ascii(text) == []


async def test_names_are_shown_as_given(tmp_path: Path) -> None:
    """The one exception: a name is the player's own, drawn unchanged."""
    app = ascii_app(tmp_path, players=("Zoë", "Bjørn"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        text = screen_text(app)
    assert "Zoë" in text or "Bjørn" in text
    assert non_ascii(text.replace("Zoë", "Zoe").replace("Bjørn", "Bjorn")) == []


async def test_the_chosen_card_is_marked_in_ascii(tmp_path: Path) -> None:
    save_position(tmp_path, make_setup(1, "AH 3C", "2S 6S 7S 9C", "KS"))
    app = ascii_app(tmp_path, resume=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(hand_key(app, "A♥"))
        await pilot.pause()
        lines = screen_text(app).splitlines()
    faces = [line for line in lines if "#AH #" in line]
    assert len(faces) == 1, "\n".join(lines)
    assert "HAH H" not in "\n".join(lines)
    row = lines.index(faces[0])
    assert "#===#" in lines[row - 1] and "#+20#" in lines[row + 1].replace(" ", "")


async def test_results_show_a_tie_as_zero(tmp_path: Path) -> None:
    app = finished_series(tmp_path, seed=67)  # deal 1: +28 and -28, deal 2 tied
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
    assert "The deal is a tie" in text and "+28" in text
    assert "+0" not in text and "-0" not in text
    deal_rows = [line for line in text.splitlines() if line.lstrip().startswith(("| Ana", "| Ben"))]
    assert len(deal_rows) == 2 and all(row.rstrip(" |").endswith(" 0") for row in deal_rows)


def test_ascii_text_keeps_meaning() -> None:
    assert ascii_text("Jiǎn Hóng Diǎn · 10♥ … 捡红点") == "Jian Hong Dian | 10H ... Jian Hong Dian"
    assert ascii_text("\u2603 snow") == "? snow"
