"""The compact board at 40x20 (two players) and 44x22 (three and four), in every language,
with ``--ascii`` too: a whole deal in which nothing is cut (every key of the key bar, every
count, every card, the prompt), and one played by the mouse alone."""

import re
from pathlib import Path

import pytest
from textual.pilot import Pilot

from chinese_ten.engine.actions import action_target
from chinese_ten.text.wording import seat_default
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.cut import CutScreen
from chinese_ten.tui.screens.game import GameScreen
from chinese_ten.tui.screens.handover import HandoverScreen
from chinese_ten.tui.screens.results import ResultsScreen
from chinese_ten.tui.widgets.board import Board
from chinese_ten.tui.widgets.compact_board import CompactBoard
from chinese_ten.tui.widgets.keybar import KeyBar
from tests.tui_helpers import computer_moves, options, screen_text, step


def _keys_cut(app: ChineseTenApp, text: str) -> list[str]:
    """The keys of the screen's key bar not shown whole."""
    bars = app.screen.query(KeyBar)
    if not bars or not bars.first().display:
        return []
    # The compact board's key bar leaves out the keys shown only where there is room (F2).
    keys = [(shown, does) for shown, does, _key in bars.first()._keys(spare=False)]
    return [f"{shown} {does}" for shown, does in keys if f"{shown} {does}" not in text]


def _cut(app: ChineseTenApp) -> list[str]:
    """What is cut or missing now, on whichever screen shows."""
    screen, text = app.screen, screen_text(app)
    problems = [f"key cut: {key!r}" for key in _keys_cut(app, text)]
    if "enlarge" in text:
        problems.append("the board is hidden")
    if not isinstance(screen, GameScreen) or screen.flow.state is None:
        return problems
    board = screen.query_one(CompactBoard)
    if not board.display or screen.query_one(Board).display:
        return [*problems, "the compact board is not the one shown"]
    if board.overflow:
        problems.append(f"{board.overflow} lines cut:\n{text}")
    view = screen.turn.view()
    lines = text.splitlines()
    for k, seat in enumerate((view.seat + k) % view.seats for k in range(1, view.seats)):
        line = lines[1 + k]
        counts = (view.hand_counts[seat], view.pile_counts[seat])
        if not all(str(count) in line for count in counts):
            problems.append(f"a count cut for seat {seat}: {line!r}")
    drawn = {(spot.zone, spot.index) for spot in board.spots}
    for zone, cards in (("hand", view.hand), ("table", view.table)):
        missing = [k for k in range(len(cards)) if (zone, k) not in drawn]
        problems += [f"{zone} card {k} not drawn" for k in missing]
    if str(view.stock_count - (screen.turn.stage == "flip-target")) not in text:
        problems.append("the stock's count is missing")
    return problems


SIZES = {2: (40, 20), 3: (44, 22), 4: (44, 22)}


@pytest.mark.parametrize("language", ["en", "fr", "pt"], indirect=True)
@pytest.mark.parametrize(
    ("levels", "ascii_only"),
    [
        ((None, None), False),
        (("hard", None), True),
        (("hard", None, "hard"), False),
        ((None,) * 4, False),
        ((None, "easy", "easy", "easy"), True),
    ],
)
async def test_nothing_is_cut_on_the_compact_board(
    language: str, levels: tuple[str | None, ...], ascii_only: bool, tmp_path: Path
) -> None:
    """A whole deal with the default names (the longest) and the open scores, from the cut
    to the results: every screen keeps every key, count and card in sight."""
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
    seen: set[str] = set()
    async with app.run_test(size=SIZES[len(levels)]) as pilot:
        await pilot.pause()
        for _ in range(3000):
            problems += _cut(app)
            screen = app.screen
            seen.add(type(screen).__name__)
            if isinstance(screen, ResultsScreen):
                break
            if isinstance(screen, GameScreen) and screen.turn.stage == "computer":
                await computer_moves(pilot)
            else:
                await step(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        shown = app.game.flow.names if ascii_only else names  # folded to ASCII where shown so
        assert all(name in text for name in shown), text
    assert sorted(set(problems)) == []
    assert {"CutScreen", "GameScreen", "ResultsScreen"} <= seen
    assert ("HandoverScreen" in seen) == hot_seat


async def _click_key(pilot: Pilot[None], words: str) -> None:
    """Click the key bar's key that says ``words``."""
    bar = pilot.app.screen.query_one(KeyBar)
    for row, (start, _end, key) in zip(bar._span_rows, bar._spans, strict=True):
        shown = [does for _s, does, k in bar._keys() if k == key]
        if shown and shown[0] == words:
            assert await pilot.click(bar, offset=(start + 1, row))
            return
    raise AssertionError(
        f"no key {words!r}: {bar._keys()} {getattr(pilot.app.screen, 'stage', '')}"
    )


async def test_a_hot_seat_deal_by_clicks_alone_at_40x20(tmp_path: Path) -> None:
    """Keys, cards and the stock answer the mouse (a tap in a browser): a deal from the cut
    to the results without one key press."""
    app = ChineseTenApp(options(tmp_path))
    clicks = 0
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        for _ in range(400):
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            clicks += 1
            if isinstance(screen, CutScreen):
                await _click_key(pilot, "Cut and deal")
            elif isinstance(screen, HandoverScreen):
                assert await pilot.click(offset=(20, 5))
            elif isinstance(screen, GameScreen):
                board = screen.query_one(CompactBoard)
                stage = screen.turn.stage
                if stage == "turned":
                    await _click_key(pilot, "Pass the keyboard")
                else:
                    zone = {"flip": "stock", "over": "table"}.get(stage, "")
                    wanted = [s for s in board.spots if s.zone == zone]
                    if stage in ("select", "target"):
                        wanted = [s for s in board.spots if s.zone == "hand"]
                        wanted = wanted[screen.turn.cursor : screen.turn.cursor + 1]
                    if stage in ("target", "flip-target"):
                        target = action_target(screen.turn.choices()[screen.turn.choice])
                        table = screen.turn.view().table
                        wanted = [
                            s for s in board.spots if s.zone == "table" and table[s.index] == target
                        ] or wanted
                    if wanted:
                        spot = wanted[0]
                        assert await pilot.click(board, offset=(spot.start + 1, spot.line))
                    else:  # the layout triple, or no card left at the end: the first key
                        await _click_key(pilot, screen.query_one(KeyBar)._keys()[0][1])
            await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
    assert clicks >= 48  # a hand-over and a card for each of 24 turns at least
    assert len(app.game.flow.finished) == 1


async def test_resizing_switches_boards_live_and_keys_go_on(tmp_path: Path) -> None:
    """80x24 draws the full board, 40x20 the compact one, 39x20 neither; the same turn goes
    on across the changes, and no key acts while no board shows."""
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        game = app.game
        assert game.turn.stage == "select"

        def shown() -> tuple[bool, bool]:
            return game.query_one(Board).display, game.query_one(CompactBoard).display

        assert shown() == (True, False)
        await pilot.resize_terminal(40, 20)
        await pilot.pause()
        assert shown() == (False, True)
        await pilot.press("right")
        await pilot.pause()
        assert game.turn.cursor == 1 and "[" in screen_text(app).splitlines()[6]
        for size in ((39, 20), (40, 19)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert "enlarge this window" in screen_text(app)
            assert shown() == (False, False)
            await pilot.press("enter")  # hidden: nothing is played
            await pilot.pause()
            assert game.turn.stage == "select" and game.flow.state is not None
            assert len(game.flow.state.actions) == 0
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert shown() == (True, False) and game.turn.cursor == 1
        await pilot.press("enter")
        await pilot.pause()
        assert len(game.flow.state.actions) == 1


async def test_compact_asked_for_at_any_size(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, compact=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert app.game.query_one(CompactBoard).display
        assert not app.game.query_one(Board).display


def test_the_compact_option_reaches_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """``play --compact`` (and ``series``) hand ``compact`` to the game; without it, not."""
    import chinese_ten.cli.main as cli
    from chinese_ten.cli.commands import play

    seen: list[bool] = []
    monkeypatch.setattr(play, "run_game", lambda options: seen.append(options.display.compact) or 0)
    assert cli.main(["play", "--players", "Ana,Ben", "--compact"]) == 0
    assert cli.main(["series", "--players", "Ana,Ben"]) == 0
    assert seen == [True, False]


SEAT_NAMES = ("Alexandrina Wilhelmina", "Bartholomew Fitz", "Cyprianus Maximilian", "Dorothea Eva")


@pytest.mark.parametrize("open_scores", [False, True])
@pytest.mark.parametrize(("seats", "size"), [(2, (40, 20)), (4, (44, 22)), (4, (40, 20))])
async def test_every_total_on_the_compact_board_says_total(
    tmp_path: Path, open_scores: bool, seats: int, size: tuple[int, int]
) -> None:
    """Where a seat's line or the hand's heading is short of room, the total keeps its word:
    no part of a line is a bare number (``Ana · 6·0 · 0`` would say nothing of what 0 is)."""
    names = SEAT_NAMES[:seats]
    app = ChineseTenApp(
        options(tmp_path, players=names, computer=(None,) * seats, open_scores=open_scores)
    )
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter", "enter")  # the cut, the hand-over
        await pilot.pause()
        board = app.screen.query_one(CompactBoard)
        assert board.display
        lines = screen_text(app).splitlines()
    sep = " · "
    seat_lines = [line for line in lines if sep in line and "Deal" not in line]
    assert len(seat_lines) == seats, lines  # the others' lines and the hand's heading
    for line in seat_lines:
        parts = line.strip(" ▶").split(sep)
        assert not [p for p in parts if re.fullmatch(r"[+-]?\d+", p.strip())], line
        assert any(p.startswith("total ") for p in parts), line
