"""Driving the TUI in tests: screen text, hand-made deals, and a keyboard player."""

import io
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.pilot import Pilot

from chinese_ten.engine.cards import DECK, parse_card
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import (
    DealSetup,
    DealState,
    apply_action,
    legal_actions,
    outcome,
    start,
)
from chinese_ten.game.options import GameOptions
from chinese_ten.game.table import Table
from chinese_ten.store.records import GameRecord, game_record
from chinese_ten.store.saves import SaveSlot
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.cut import CutScreen
from chinese_ten.tui.screens.game import GameScreen
from chinese_ten.tui.screens.handover import HandoverScreen
from chinese_ten.tui.screens.results import ResultsScreen
from tests.options_helpers import game_options


def screen_text(app: ChineseTenApp) -> str:
    """What a person sees: the composed screen as plain text."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), record=True, legacy_windows=False
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()


def cut_names(text: str, names: tuple[str, ...]) -> list[str]:
    """The names shortened in ``text`` (a name cut to fit ends in an ellipsis)."""
    return [
        name
        for name in names
        for k in range(1, len(name))
        if name[:k].rstrip() + "…" in text or name[:k].rstrip() + "..." in text
    ]


def make_setup(
    dealer: int, mover_hand: str, layout: str, stock_top: str = "", other_hand: str = ""
) -> DealSetup:
    """A full, legal deal with the named cards where given and the rest of the pack in order."""
    named = [
        parse_card(c)
        for c in (mover_hand + " " + layout + " " + stock_top + " " + other_hand).split()
    ]
    rest = [c for c in DECK if c not in named]
    mover = [parse_card(c) for c in mover_hand.split()]
    other = [parse_card(c) for c in other_hand.split()]
    mover += [rest.pop(0) for _ in range(12 - len(mover))]
    other += [rest.pop(0) for _ in range(12 - len(other))]
    top = [parse_card(c) for c in stock_top.split()]
    hands = (tuple(sorted(mover)), tuple(sorted(other)))
    if dealer == 0:
        hands = (hands[1], hands[0])
    setup = DealSetup(
        dealer, hands, tuple(parse_card(c) for c in layout.split()), tuple(top + rest)
    )
    setup.check()
    return setup


def current_record(
    players: tuple[str | None, ...],
    planned: int | None,
    states: Sequence[DealState],
    computer: tuple[str | None, ...] = (None, None),
    *,
    open_scores: bool = False,
) -> GameRecord:
    """A save as the game writes it: who sits where (typed names) and its options."""
    table = Table(players, computer, planned, open_scores=open_scores)
    return game_record(
        table.record_names(),
        planned,
        states,
        seats=table.seat_records(),
        settings=table.settings_record(),
    )


def save_position(
    folder: Path,
    setup: DealSetup,
    players: tuple[str, str] = ("Ana", "Ben"),
    computer: tuple[str | None, str | None] = (None, None),
    *,
    open_scores: bool = False,
) -> None:
    record = current_record(players, None, [start(setup)], computer, open_scores=open_scores)
    SaveSlot(folder).save(record)


def deal_states(seed: int, dealer: int) -> list[DealState]:
    """Every state of one deal played with the first legal action, from start to the end: a
    test of a deal's end saves ``[-2]`` and plays the last action, not the whole deal."""
    states = [start(random_setup(random.Random(seed), dealer, 20))]
    while outcome(states[-1]) is None:
        states.append(apply_action(states[-1], legal_actions(states[-1])[0]))
    return states


def app_at(folder: Path, setup: DealSetup) -> ChineseTenApp:
    """An app that resumes a saved game at the first turn of ``setup``."""
    save_position(folder, setup)
    return ChineseTenApp(options(folder, resume=True))


def hand_key(app: ChineseTenApp, label: str) -> str:
    """The digit key that picks the hand card shown as ``label`` (1-9, 0, -, =)."""
    from chinese_ten.text.card_names import display_card

    hand = app.game.turn.view().hand
    index = [display_card(c) for c in hand].index(label)
    return "1234567890-="[index].replace("-", "minus").replace("=", "equals_sign")


async def click_card(pilot: Pilot[None], selector: str, index: int) -> bool:
    """Click the middle of card ``index`` of a card strip, as a mouse would (where the strip
    draws it, at whatever size its cards are)."""
    from chinese_ten.tui.widgets.card import CardStrip

    strip = pilot.app.screen.query_one(selector, CardStrip)
    for k, region in strip.card_regions():
        if k == index:
            middle = (region.x + region.width // 2, region.y + region.height // 2)
            return await pilot.click(strip, offset=middle)
    raise AssertionError(f"no card {index} in {selector}")


def marked(app: ChineseTenApp, selector: str, *marks: str) -> list[int]:
    """Indices of the cards in a strip shown with one of ``marks``."""
    from chinese_ten.tui.widgets.card import CardStrip

    strip = app.screen.query_one(selector, CardStrip)
    return [k for k, look in enumerate(strip.looks) if look.mark in marks]


def options(folder: Path, **kwargs: object) -> GameOptions:
    base: dict[str, object] = {
        "players": ("Ana", "Ben"),
        "seed": 3,
        "save_dir": folder,
        "pause": 0.0,
        "guard": 0.0,
    }
    base.update(kwargs)
    return game_options(**base)


def game(app: ChineseTenApp) -> GameScreen:
    return app.game


async def step(pilot: Pilot[None]) -> bool:
    """One key a keyboard player would press now; False once a results screen shows."""
    app = pilot.app
    screen = app.screen
    if isinstance(screen, ResultsScreen):
        return False
    if isinstance(screen, (CutScreen, HandoverScreen)):
        await pilot.press("enter")
    elif isinstance(screen, GameScreen):
        stage = screen.turn.stage
        if stage == "computer":  # no key: wait for its move, bounded in time, not in steps
            board = screen
            await until(
                pilot,
                lambda: app.screen is not board or board.turn.stage != "computer",
                "the computer's move (or the screen after the deal)",
            )
            return True
        await pilot.press("space" if stage == "flip" else "enter")
    await pilot.pause()
    return True


async def play_until_results(pilot: Pilot[None], limit: int = 400) -> ResultsScreen:
    for _ in range(limit):
        if not await step(pilot):
            break
    screen = pilot.app.screen
    assert isinstance(screen, ResultsScreen)
    return screen


BOUND = 60.0
"""Seconds a wait below may take before the test fails: generous for a loaded machine (a
failure only, never a measure of speed: the waits end as soon as their condition holds)."""


async def until(
    pilot: Pilot[Any], check: Callable[[], object], what: str = "", bound: float = BOUND
) -> None:
    """Let the app work until ``check()`` holds: no fixed sleep, ``pilot.pause()`` waits
    until the app is idle (timers, workers and the Markdown loader run meanwhile)."""
    deadline = time.monotonic() + bound
    while not check():
        assert time.monotonic() < deadline, f"waited {bound:g} s for {what or check}"
        await pilot.pause()


async def until_screen(pilot: Pilot[Any], kind: type, bound: float = BOUND) -> None:
    """Wait until a ``kind`` screen is on top, then until it is drawn (idle)."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, kind), f"a {kind.__name__}", bound)
    await pilot.pause()


async def computer_moves(pilot: Pilot[Any]) -> None:
    """While the computer plays (a timer, then a worker) no key is pressed: wait until its
    turn is over, bounded."""
    app = pilot.app
    await until(pilot, lambda: app.game.turn.stage != "computer", "the computer's move")
    await pilot.pause()  # at least one: a caller may loop on a screen other than the game


async def rules_loaded(pilot: Pilot[Any]) -> None:
    """Wait until the rules screen is up and its Markdown document is mounted whole (it is
    parsed and mounted in the background, in order: the key table that ends the page comes
    last), then drawn."""
    from textual.widgets import Markdown

    from chinese_ten.tui.screens.rules import RulesScreen

    app = pilot.app

    def loaded() -> bool:
        screen = app.screen
        if not isinstance(screen, RulesScreen):
            return False
        blocks = screen.query_one(Markdown).children
        return bool(blocks) and type(blocks[-1]).__name__ == "MarkdownTable"

    await until(pilot, loaded, "the rules page")
    await pilot.pause()


async def scroll_to_keys(pilot: Pilot[None], bound: float = BOUND) -> bool:
    """Press End on the rules screen until its key table's heading shows, and up from there
    where the window is short (the page loads in the background, so one End may come before
    the end exists); False if it never shows."""
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        await pilot.press("end")
        await pilot.pause()
        for _ in range(12):  # a short window shows the table's last rows: up to its heading
            if "what it does" in screen_text(pilot.app):
                return True
            await pilot.press("up")
            await pilot.pause()
    return False
