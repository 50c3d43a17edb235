"""The board at tables of three and four, hot-seat and with computers: every other seat in
sight, no hand but the mover's ever face up, results for every seat."""

from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot

from chinese_ten.text.wording import seat_default
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.game import GameScreen
from chinese_ten.tui.screens.handover import HandoverScreen
from chinese_ten.tui.screens.results import ResultsScreen
from chinese_ten.tui.widgets.card import CardStrip
from chinese_ten.tui.widgets.line import TextLine
from chinese_ten.tui.widgets.other_seats import OtherSeats

from .tui_helpers import cut_names, options, screen_text, step

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
            if handovers > app.game.flow.seats and app.game.flow.options.computer.count(None) > 2:
                # every turn since this person's last one is told, none of theirs
                assert len(screen.last_turn) == 2 * (app.game.flow.seats - 1)
        if isinstance(screen, GameScreen) and screen.flow.state is not None:
            state, flow = screen.flow.state, screen.flow
            faces = _faces(screen)
            if screen.turn.stage == "computer":
                computer_turns += 1
                assert faces == () or not flow.options.hot_seat
            if faces:
                holder = flow.viewer()
                assert flow.computers[holder] is None
                assert faces == state.hands[holder]
                moves = [e for e in screen.turn.view().events() if e.kind != "four"]
                just_moved = screen.turn.stage == "turned" and moves[-1].seat == holder
                assert holder == state.to_move or just_moved or not flow.options.hot_seat
                if screen.turn.stage == "turned":  # only after that person's own turn
                    assert just_moved
            others = screen.query_one("#other-seats", OtherSeats)
            assert len(others.seats) == state.setup.seats - 1
            assert all(s.in_hand == len(state.hands[k]) for k, s in _around(screen, state))
        if isinstance(screen, GameScreen) and screen.turn.stage == "computer":
            await pilot.pause(0.05)  # no key while it plays: one would meet the next screen
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
                await pilot.pause(0.05)
            else:
                await step(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert all(name in text for name in names), text
    assert sorted(set(problems)) == []
