"""The results at 80x24: the verdict, the standing with every total and the next
key are on screen without scrolling, at every seat count; the tables scroll beneath them."""

import re
from pathlib import Path

import pytest

from chinese_ten.analysis.simulate import SeriesPlay, simulate
from chinese_ten.engine.series import SeriesScore
from chinese_ten.store.saves import SaveSlot
from chinese_ten.text.wording import signed
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.results import ResultsScreen
from tests.tui_helpers import current_record, options, screen_text, until_screen

NAMES = ("Ana", "Ben", "Cy", "Dee")
LONG = (
    "Alexandrina Wilhelmina Konstantinopoulou",
    "Bartholomew Fitzgerald Montgomery-Smythe",
    "Cyprianus Maximilian Ostrogorski-Lefebvr",
    "Dorothea Evangelina Papadopoulou-Vasquez",
)
"""Names of 40 characters (the most a name may have)."""
KINDS = ("greedy", "random", "greedy", "random")


def series(seats: int, planned: int) -> SeriesPlay:
    plays: list[SeriesPlay] = []
    simulate(1, planned, KINDS[:seats], 8, on_series=plays.append)
    return plays[0]


def resumed_at_results(
    folder: Path,
    seats: int,
    planned: int,
    played: int,
    *,
    names: tuple[str, ...] = NAMES,
    computer: tuple[str | None, ...] | None = None,
) -> tuple[ChineseTenApp, SeriesScore]:
    """An app that resumes a series of ``planned`` deals just after deal ``played`` ended,
    on its results; and that series' score."""
    states = series(seats, planned).states[:played]
    names, computer = names[:seats], computer or (None,) * seats
    SaveSlot(folder).save(current_record(names, planned, states, computer))
    app = ChineseTenApp(options(folder, players=names, computer=computer, resume=True))
    return app, SeriesScore.of_states(planned, states, seats)


def standing_places(lines: list[str]) -> list[str]:
    """The places of the standing as shown, a line each (its heading taken off the first)."""
    first = next(k for k, line in enumerate(lines) if line.startswith("Standing: "))
    places = [lines[first].removeprefix("Standing: ")]
    for line in lines[first + 1 :]:
        if not re.match(r"\d+\. ", line):
            break
        places.append(line)
    return places


def check_top(text: str, score: SeriesScore, names: tuple[str, ...], keys: str) -> None:
    """The verdict, every place with its name and total, and ``keys``, all in ``text`` (what
    the screen shows), in that order."""
    lines = [line.strip() for line in text.splitlines()]
    last = score.outcomes[-1]
    assert last.winner is not None  # the series chosen have a winner of their last deal
    verdict = next(k for k, line in enumerate(lines) if "wins the deal." in line)
    assert lines[verdict].startswith(names[last.winner]), lines
    places = standing_places(lines)
    totals = score.totals
    expected = [(f"{place}. ", names[seat], signed(totals[seat])) for place, seat in score.standing]
    assert len(places) == len(expected), places
    for shown, (place, name, total) in zip(places, expected, strict=True):
        assert shown.startswith(place) and shown.endswith(" " + total), (shown, total)
        assert name in shown or name[:12] in shown, (shown, name)
    standing = next(k for k, line in enumerate(lines) if line.startswith("Standing: "))
    assert verdict < standing < lines.index(keys), lines


@pytest.mark.parametrize(("seats", "played"), [(2, 3), (3, 4), (4, 3), (4, 5)])
async def test_verdict_standing_and_next_key_show_at_80x24(
    tmp_path: Path, seats: int, played: int
) -> None:
    """Mid-series, with the tables longer than the screen: the top stays in sight."""
    app, score = resumed_at_results(tmp_path, seats, 6, played)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_screen(pilot, ResultsScreen)
        text = screen_text(app)
    check_top(text, score, NAMES, "Enter: next deal · q: quit")
    assert f"Deal {played}" in text  # the deal's table starts under them


async def test_the_end_of_a_series_of_six_shows_its_last_deal_and_total(tmp_path: Path) -> None:
    """``series --deals 6 --players Ana,Ben`` over: who won, the standing and the keys, and
    the series' table whole under them (deal 6 and the Total row without End)."""
    app, score = resumed_at_results(tmp_path, 2, 6, 6)
    assert score.is_over
    async with app.run_test(size=(80, 24)) as pilot:
        await until_screen(pilot, ResultsScreen)
        text = screen_text(app)
    check_top(text, score, NAMES, "n: new series · g: new game · q: quit")
    rows = [line.replace("│", " ").split() for line in text.splitlines()]
    sixth = [signed(score.outcomes[5].results[seat]) for seat in range(2)]
    assert ["6", *sixth] in rows, text
    assert ["Total", *(signed(t) for t in score.totals)] in rows, text


@pytest.mark.parametrize("seats", [2, 3, 4])
async def test_the_series_end_at_every_seat_count_fits(tmp_path: Path, seats: int) -> None:
    app, score = resumed_at_results(tmp_path, seats, 6, 6)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_screen(pilot, ResultsScreen)
        text = screen_text(app)
    check_top(text, score, NAMES, "n: new series · g: new game · q: quit")


@pytest.mark.parametrize("size", [(80, 24), (44, 22)])
async def test_forty_character_names_and_computers_keep_every_total_on_its_line(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Four names of 40 characters, three played by the computer (whose mark lengthens a
    line): each place keeps its total on its own line (the name is cut instead), and the
    keys still show, at 80x24 and on the compact board."""
    computer = (None, "hard", "hard", "hard")
    app, score = resumed_at_results(tmp_path, 4, 6, 5, names=LONG, computer=computer)
    async with app.run_test(size=size) as pilot:
        await until_screen(pilot, ResultsScreen)
        text = screen_text(app)
    lines = [line.strip() for line in text.splitlines()]
    places = standing_places(lines)
    assert [place[:3] for place in places] == ["1. ", "2. ", "3. ", "4. "], lines
    for shown, (_, seat) in zip(places, score.standing, strict=True):
        assert shown.endswith(" " + signed(score.totals[seat])), shown
        assert LONG[seat][:4] in shown, shown
    assert "Enter: next deal · q: quit" in lines, lines
