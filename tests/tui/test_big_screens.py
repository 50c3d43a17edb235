"""Big screens: a larger terminal gets larger cards, a table that wraps no sooner,
the table and hands centred, the rows spread out, a log as wide as the room allows; clicks
hit the card drawn, at every size, in ASCII too."""

from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import RichLog

from chinese_ten.engine.cards import DECK, parse_card
from chinese_ten.engine.view import PlayerView
from chinese_ten.text.card_names import display_card
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.widgets.board import Board
from chinese_ten.tui.widgets.board_layout import TABLE_ROW, board_layout
from chinese_ten.tui.widgets.card import HUGE, LARGE, MEDIUM, SMALL, CardStrip
from tests.tui_helpers import make_setup, marked, options, save_position, screen_text

PEOPLE = {2: ("Ana", "Ben"), 4: ("Ana", "Ben", "Cy", "Dee")}
CHOICE = (1, "8D", "2H 2C 6S 7S", "KS")  # 8♦ takes 2♥ or 2♣, as the player chooses


def people(folder: Path, seats: int, **kwargs: object) -> ChineseTenApp:
    return ChineseTenApp(options(folder, players=PEOPLE[seats], computer=(None,) * seats, **kwargs))


def test_the_card_size_follows_the_room() -> None:
    """The board's own cells (the screen less its key bar): small up to about 100 x 30 (and
    at 80 x 24 the log under, nothing centred), medium from about 120 x 30,
    large from about 142 x 36, huge from about 168 x 42, with the log beside where it can be
    wide."""
    for seats in (2, 3, 4):
        at_80 = board_layout(80, 23, seats)
        assert (at_80.cards, at_80.log_column, at_80.centred, at_80.gap) == (SMALL, 0, False, 0)
        assert board_layout(100, 29, seats).cards == SMALL
        assert board_layout(120, 39, seats).cards == MEDIUM
        for height in (49, 59):  # the log under the huge cards, the width of the screen
            big = board_layout(200, height, seats)
            assert (big.cards, big.log_column, big.centred) == (HUGE, 0, True)
        widest = board_layout(240, 59, seats)
        assert widest.cards == HUGE and widest.log_column >= 56 and widest.centred
    low = board_layout(200, 39, 2)  # too low for the huge cards and a log under them
    assert low.cards == LARGE and low.log_column >= 56 and low.centred
    assert board_layout(120, 23, 2).log_column >= 40  # wide and low: the log beside
    assert board_layout(300, 80, 2).log_column == 80  # no wider than any line needs


async def _table_per_row(app: ChineseTenApp, size: tuple[int, int]) -> tuple[int, int, int]:
    """Cards a row of the table holds at ``size`` (the board drawing twenty on the table),
    and a card's columns and lines there."""
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        game = app.game
        state = game.flow.state
        assert state is not None
        held = {card for hand in state.hands for card in hand}
        table = [card for card in DECK if card not in held][:20]
        wide = state._replace(table_mask=sum(1 << card for card in table))
        scene = replace(game.turn.scene(), view=PlayerView(wide, game.turn.view().seat))
        game.query_one(Board).draw(scene)
        await pilot.pause()
        strip = game.query_one("#table", CardStrip)
        regions = [region for _, region in strip.card_regions()]
        assert len(regions) == 20
        assert all(region.right <= strip.size.width for region in regions)  # none cut
        first = [region for region in regions if region.y == 0]
        return len(first), first[0].width, first[0].height


@pytest.mark.parametrize("seats", [2, 4])
async def test_a_bigger_screen_has_bigger_cards_and_wraps_the_table_no_sooner(
    tmp_path: Path, seats: int
) -> None:
    found = {
        size: await _table_per_row(people(tmp_path / f"{size}", seats), size)
        for size in ((80, 24), (120, 40), (200, 50))
    }
    small, medium, large = found.values()
    assert small[0] == TABLE_ROW  # as at 80 x 24
    assert medium[0] >= small[0] and large[0] >= small[0]
    assert small[1] < medium[1] < large[1] and small[2] < medium[2] < large[2]


@pytest.mark.parametrize("seats", [2, 4])
async def test_the_big_board_is_centred_spread_and_its_log_wide(tmp_path: Path, seats: int) -> None:
    app = people(tmp_path, seats)
    async with app.run_test(size=(240, 60)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        board = app.game.query_one(Board)
        log = app.game.query_one("#log", RichLog)
        assert log.region.x > 0 and log.scrollable_content_region.width >= 54  # beside, wide
        room = board.size.width - log.region.width
        for selector in ("#table", "#hand"):
            strip = app.game.query_one(selector, CardStrip)
            regions = [region for _, region in strip.card_regions()]
            left = strip.content_region.x + regions[0].x
            right = strip.content_region.x + regions[-1].right
            if selector == "#table":  # the stock and the turned card are part of the row
                left = app.game.query_one("#stock").region.x
            else:
                left = app.game.query_one("#own-pile").region.x
            assert abs(left - (room - right)) <= 2, (selector, left, room - right)
        hand = app.game.query_one("#hand-area").region
        assert hand.bottom > 30  # the rows are used, not packed at the top
        assert app.game.query_one("#table-area").region.y > 12


@pytest.mark.parametrize("seats", [2, 3, 4])
async def test_the_cards_use_the_rows_of_a_200_by_60_screen(tmp_path: Path, seats: int) -> None:
    """At 200 x 60 the huge cards take the width, the log the rows under them, and no more
    than a blank row is left between two parts of the board (the large cards beside the log
    would leave eight blank rows above and below the table)."""
    app = ChineseTenApp(
        options(
            tmp_path,
            players=("Ana", "Ben", "Cy", "Dee")[:seats],
            computer=(None,) * seats,
        )
    )
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        game = app.game
        assert game.query_one("#hand", CardStrip).card_size == HUGE
        log = game.query_one("#log", RichLog)
        assert log.region.x == 0 and log.region.width == 200  # under the board, all its width
        assert log.region.height >= 10
        board = screen_text(app).splitlines()[: log.region.y]
        blank_runs = "".join("b" if not line.strip() else "x" for line in board).split("x")
        assert max(map(len, blank_runs)) <= 1, board


@pytest.mark.parametrize("size", [(120, 40), (200, 50)])
@pytest.mark.parametrize("ascii_only", [False, True])
async def test_clicks_hit_the_card_drawn_on_a_big_screen(
    tmp_path: Path, size: tuple[int, int], ascii_only: bool
) -> None:
    """Find 8♦ and 2♣ where they are drawn on the screen, click there: 8♦ is chosen, then
    played, and takes the 2♣ clicked (not the 2♥)."""
    save_position(tmp_path, make_setup(*CHOICE))
    app = ChineseTenApp(options(tmp_path, resume=True, ascii=ascii_only, symbols=not ascii_only))

    def spot(card: str, selector: str) -> tuple[int, int]:
        """Where the screen shows ``card`` in the strip ``selector`` (its corner index)."""
        area = app.game.query_one(selector).region
        text = screen_text(app).splitlines()
        shown = card if ascii_only else card[0] + {"D": "♦", "C": "♣"}[card[1]]
        found = [
            (line.index(shown), y)
            for y, line in enumerate(text)
            if shown in line and area.y <= y < area.bottom
        ]
        assert len(found) == 1, (shown, found)
        return found[0]

    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")  # past the hand-over
        await pilot.pause()
        game = app.game
        assert game.query_one("#hand", CardStrip).card_size != SMALL
        assert game.turn.cursor != game.turn.view().hand.index(parse_card("8D"))
        assert await pilot.click(offset=spot("8D", "#hand"))  # chooses it
        await pilot.pause()
        assert display_card(game.turn.view().hand[game.turn.cursor]) == "8♦"
        assert await pilot.click(offset=spot("8D", "#hand"))  # plays it: two cards to take
        await pilot.pause()
        assert game.turn.stage == "target" and len(marked(app, "#table", "choice", "selected")) == 2
        x, y = spot("2C", "#table")
        assert await pilot.click(offset=(x + 1, y + 2))  # inside the card, under its corner
        await pilot.pause()
        assert "took 2" + ("C" if ascii_only else "♣") in screen_text(app)
        if ascii_only:
            assert screen_text(app).isascii()


@pytest.mark.parametrize("size", [(120, 40), (200, 50)])
@pytest.mark.parametrize("seats", [2, 4])
async def test_the_big_board_is_ascii_with_ascii(
    tmp_path: Path, seats: int, size: tuple[int, int]
) -> None:
    """``--ascii`` at the larger sizes: frames, backs and the large suits all ASCII, and no
    hand face up but the mover's."""
    app = people(tmp_path, seats, ascii=True, symbols=False)
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        text = screen_text(app)
        assert text.isascii(), text
        assert "/\\" in text  # a suit drawn large
        state = app.game.flow.state
        assert state is not None
        mover = state.to_move
        for seat, hand in enumerate(state.hands):
            if seat != mover:  # another seat's cards: counted, never shown
                shown = [display_card(card, symbols=False) for card in hand]
                assert not any(f"|{label} " in text for label in shown), (seat, shown)
