"""The cut screen's pack: even rows at every width, and a click (a tap) on it cuts there;
the scissors cut and deal."""

from pathlib import Path

import pytest

from chinese_ten.game.turn import DealBegins
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.glyphs import ASCII, UNICODE
from chinese_ten.tui.screens.cut import PACK, TOUCH_LINES, CutScreen, Pack, pack_rows
from chinese_ten.tui.widgets.keybar import KeyBar
from tests.tui_helpers import options, screen_text


@pytest.mark.parametrize("scissors", [3, 4])
@pytest.mark.parametrize("width", range(8, 120))
def test_the_pack_is_laid_out_in_even_rows(width: int, scissors: int) -> None:
    rows = pack_rows(width, scissors)
    assert [card for row in rows for card in row] == list(range(PACK))
    assert len({len(row) for row in rows[:-1]}) <= 1  # every row but the last alike
    assert len(rows[-1]) <= len(rows[0])
    assert len(rows[0]) - len(rows[-1]) < len(rows)  # shared out, not a stub left over
    assert all(len(row) + scissors <= width for row in rows)  # the scissors fit any row
    if width >= PACK + scissors:
        assert len(rows) == 1


def _pack_lines(app: ChineseTenApp, glyph: str) -> list[str]:
    """The rows of the pack as drawn (the widget's part of each line)."""
    region = app.screen.query_one(Pack).region
    lines = screen_text(app).splitlines()[region.y : region.bottom]
    return [line[region.x : region.right] for line in lines if glyph * 4 in line]


@pytest.mark.parametrize("size", [(80, 24), (60, 24), (46, 30), (40, 20), (120, 40)])
async def test_the_pack_shows_in_even_rows_on_screen(tmp_path: Path, size: tuple[int, int]) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        lines = _pack_lines(app, UNICODE.pack)
        counts = [line.count(UNICODE.pack) for line in lines]
        assert sum(counts) == PACK, lines
        assert len(set(counts[:-1])) <= 1 and counts[-1] <= counts[0], counts
        pack = app.screen.query_one(Pack)
        assert len(lines) == len(pack_rows(pack.size.width, 3))


async def test_the_pack_in_ascii_keeps_its_scissors_on_a_row(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, ascii=True, symbols=False))
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        lines = _pack_lines(app, ASCII.pack)
        assert sum(line.count(ASCII.pack) for line in lines) == PACK
        assert sum(ASCII.scissors in line for line in lines) == 1, lines


async def _click_spot(app: ChineseTenApp, pilot: object, position: int | None) -> bool:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    pack = app.screen.query_one(Pack)
    spot = next(s for s in pack.spots if s.position == position)
    return bool(await pilot.click(pack, offset=(spot.column, spot.line)))


@pytest.mark.parametrize("size", [(80, 24), (40, 20)])
async def test_a_tap_on_the_pack_cuts_there_and_the_scissors_deal(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        cut = app.screen
        assert isinstance(cut, CutScreen)
        assert await _click_spot(app, pilot, 40)
        await pilot.pause()
        assert cut.position == 40  # chosen, not dealt yet
        assert isinstance(app.screen, CutScreen)
        assert "40 cards lifted, 12 below" in screen_text(app)
        assert await _click_spot(app, pilot, 9)
        await pilot.pause()
        assert cut.position == 9
        assert await _click_spot(app, pilot, None)  # the scissors
        await pilot.pause()
        assert not isinstance(app.screen, CutScreen)
        begins = [e for e in app.game.turn.log if isinstance(e, DealBegins)]
        assert begins[-1].position == 9


async def test_a_tap_beside_the_pack_does_nothing(tmp_path: Path) -> None:
    """Hostile: the count under the pack, the blank after a row, the box's frame."""
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        cut = app.screen
        assert isinstance(cut, CutScreen)
        pack = cut.query_one(Pack)
        rows = len(pack_rows(pack.size.width, 3))
        await pilot.click(pack, offset=(2, rows))  # the count line
        await pilot.click(pack, offset=(pack.size.width - 1, rows - 1))  # after the last row
        await pilot.click(pack, offset=(-2, 0))  # the frame, left of the pack
        await pilot.pause()
        assert cut.position == 26
        assert isinstance(app.screen, CutScreen)


@pytest.mark.parametrize("seed", [1, 5])  # the computer cuts; you cut
async def test_a_tap_deals_after_the_computers_cut(tmp_path: Path, seed: int) -> None:
    """Where the computer cuts (you deal), a tap anywhere on the pack deals, as Enter does."""
    app = ChineseTenApp(options(tmp_path, computer=(None, "easy"), seed=seed))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        cut = app.screen
        assert isinstance(cut, CutScreen)
        if not cut.computer_cuts:
            await _click_spot(app, pilot, None)  # you cut: the next deal is the computer's
            await pilot.pause()
            assert not isinstance(app.screen, CutScreen)
            return
        position = cut.position
        assert await _click_spot(app, pilot, 3)
        await pilot.pause()
        assert not isinstance(app.screen, CutScreen)
        begins = [e for e in app.game.turn.log if isinstance(e, DealBegins)]
        assert begins[-1].position == position  # the computer's cut, not the tap's place


@pytest.mark.parametrize("size", [(46, 45), (108, 22)])  # a phone held upright, and sideways
async def test_on_a_touch_screen_each_card_of_the_pack_is_a_finger_wide(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """One cell a card (about 8 CSS pixels on a phone) is too narrow to tap: on a touch
    screen each card is three cells by two lines, every one of them choosing it, and the
    pack, its count and the keys stay on the screen."""
    app = ChineseTenApp(options(tmp_path, touch=True, browser=True))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        cut = app.screen
        assert isinstance(cut, CutScreen)
        pack = cut.query_one(Pack)
        assert pack.lines == TOUCH_LINES == 2
        lines = _pack_lines(app, UNICODE.pack_wide)
        assert sum(line.count(UNICODE.pack_wide) for line in lines) == PACK * TOUCH_LINES
        spots: dict[int | None, set[tuple[int, int]]] = {}
        for spot in pack.spots:
            spots.setdefault(spot.position, set()).add((spot.column, spot.line))
        for position in range(2, PACK):  # 1 is the first card's too (never 0 lifted)
            cells = spots[position]
            columns = {column for column, _ in cells}
            assert len(cells) == 3 * TOUCH_LINES and max(columns) - min(columns) == 2, position
        assert "26 cards lifted, 26 below" in screen_text(app)
        assert pack.region.bottom <= cut.query_one(KeyBar).region.y  # nothing under the keys
        for position in (13, 40):
            column, line = max(spots[position])  # the card's last cell, on its second line
            assert await pilot.click(pack, offset=(column, line))
            await pilot.pause()
            assert cut.position == position
            assert f"{position} cards lifted" in screen_text(app)
        assert isinstance(app.screen, CutScreen)  # chosen, not dealt
