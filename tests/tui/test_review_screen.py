"""The review screen with Pilot: stepping, deal jumps, the marks, cancelling; a snapshot."""

import dataclasses
import functools
import io
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Static

from chinese_ten.analysis.review import analyse
from chinese_ten.analysis.review_stored import analysis_key
from chinese_ten.analysis.review_types import GameReview, label
from chinese_ten.analysis.review_words import costliest, decision_sentence, reason_words
from chinese_ten.engine.actions import action_target, is_flip
from chinese_ten.game.table import shown_names
from chinese_ten.lang import i18n
from chinese_ten.players.levels import REVIEW_SAMPLES
from chinese_ten.store.history import open_history
from chinese_ten.store.records import GameRecord, load_and_replay
from chinese_ten.text.card_names import display_card
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.review import ReviewScreen, review_explained
from chinese_ten.tui.widgets.card import CardStrip
from chinese_ten.tui.widgets.keybar import KeyBar
from chinese_ten.tui.widgets.line import TextLine
from tests.history_helpers import played
from tests.tui_helpers import options


def reviewed(record: GameRecord) -> GameReview:
    """The record's review, worked out once per test process for every test that asks."""
    return _reviewed(record.model_dump_json())


@functools.cache
def _reviewed(record_json: str) -> GameReview:
    return analyse(GameRecord.model_validate_json(record_json), samples=60, seed=2)


def app_with(
    tmp_path: Path, record: GameRecord, **kwargs: Any
) -> tuple[ChineseTenApp, ReviewScreen]:
    """The screen (one worker process: the pool is not what these tests are about, see
    tests/players/test_review.py for any number of jobs) in an app."""
    kwargs.setdefault("jobs", 1)
    screen = ReviewScreen(record, **kwargs)
    return ChineseTenApp(options(tmp_path), review=screen), screen


def mark_text(screen: ReviewScreen) -> str:
    return screen.query_one("#review-mark", TextLine).text.plain


def summary_text(screen: ReviewScreen, width: int = 96) -> str:
    """The summary as it reads at ``width`` columns (its verdicts and decisions are tables)."""
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(screen.query_one("#review-summary", Static).content)
    return console.export_text()


async def test_stepping_jumping_and_marks(tmp_path: Path) -> None:
    record = played(2, seed=3, names=("[bold]Ana[/]", "Ben"))
    review = reviewed(record)
    app, screen = app_with(tmp_path, record, analyse_now=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("right")  # from the summary: the position it left, no step
        assert screen.cursor.at == 0 and not screen.has_class("-overview")
        await pilot.press("right", "right")
        assert screen.cursor.at == 2
        await pilot.press("left")
        assert screen.cursor.at == 1
        await pilot.press("pagedown")
        assert (screen.cursor.position.deal, screen.cursor.position.index) == (2, 0)
        await pilot.press("pageup")
        assert screen.cursor.at == 0
        await pilot.press("end")
        assert "End of deal 2" in mark_text(screen)
        await pilot.press("home")
        screen.show_review(review)
        await pilot.pause()
        await pilot.press("s")
        summary = summary_text(screen)
        assert "[bold]Ana[/]" in summary and "given away in 2 deals" in summary
        worst = max(review.judgements, key=lambda j: j.loss)
        target = next(
            k for k, p in enumerate(screen.cursor.positions) if p.judgement(review) == worst
        )
        await pilot.press("enter", *["right"] * target, "f")  # with the figures
        text = mark_text(screen)
        best, chosen, loss, _se = (float(x) for x in re.findall(r"\d+\.\d", text))
        assert loss == pytest.approx(best - chosen) and loss == pytest.approx(worst.loss, abs=0.11)
        assert worst.label is None or worst.label in text
        hand = screen.query_one(f"#review-hand-{worst.seat}", CardStrip)
        assert [look.mark for look in hand.looks].count("selected") <= 1
        for at, position in enumerate(screen.cursor.positions):  # never alike: chosen, best
            judged = position.judgement(review)
            if judged is None or judged.best == position.action:
                continue
            screen.cursor.at = at
            screen.draw()
            table = screen.query_one("#review-cards", CardStrip)
            taken = {look.card: look.mark for look in table.looks if look.mark}
            chosen = action_target(judged.chosen)
            best_target = action_target(judged.best)
            if chosen is not None:
                assert taken[chosen] == "selected"
            if best_target is not None and best_target != chosen:
                assert taken[best_target] == "choice"
        await pilot.press("escape")  # no analysis running: the review closes
        await pilot.pause()
    assert app.return_code in (None, 0)


async def test_the_analysis_runs_with_a_bar_and_escape_cancels_it(tmp_path: Path) -> None:
    record = played(1, seed=4)
    app, screen = app_with(tmp_path, record, samples=20_000)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert screen.query_one("#review-progress-row").display
        await pilot.press("escape")
        await pilot.pause()
        assert screen.review is None and screen.problem is not None
        await pilot.press("enter", "right")  # still usable without marks
        assert screen.cursor.at == 1
        await app.workers.wait_for_complete()


async def test_a_quick_analysis_finishes_and_marks(tmp_path: Path) -> None:
    record = played(1, seed=4)
    app, screen = app_with(tmp_path, record, samples=40)
    async with app.run_test(size=(100, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.review == analyse(record, samples=40, seed=0)
        assert not screen.query_one("#review-progress-row").display


def test_the_review_screen(snap_compare: Callable[..., bool], tmp_path: Path) -> None:
    record = played(1, seed=3)
    review = reviewed(record)
    app, screen = app_with(tmp_path, record, analyse_now=False)

    worst = max(review.judgements, key=lambda j: j.loss)
    target = next(k for k, p in enumerate(screen.cursor.positions) if p.judgement(review) == worst)

    async def judged(pilot: Pilot[Any]) -> None:
        screen.show_review(review)
        await pilot.press("enter", *["right"] * target)

    assert snap_compare(app, run_before=judged, terminal_size=(100, 40))


async def test_a_history_game_is_analysed_once(tmp_path: Path) -> None:
    record = played(1, seed=6)
    with open_history(tmp_path) as history:
        game_id, _ = history.import_record(record)
    app, screen = app_with(tmp_path, record, game_id=game_id, samples=40, folder=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.review is not None
    with open_history(tmp_path) as history:
        stored = history.analysis(game_id, analysis_key(40, 0))
    assert stored is not None and GameReview.from_text(stored) == screen.review


async def test_the_history_screen_opens_the_stored_review(tmp_path: Path) -> None:
    """From the History screen (Enter on a game), the analysis kept at the default budget is
    shown at once, without analysing again."""
    record = played(1, seed=7)
    # kept as the default budget's (a stored analysis must say the budget it is kept under)
    review = dataclasses.replace(reviewed(record), samples=REVIEW_SAMPLES, seed=0)
    with open_history(tmp_path) as history:
        game_id, _ = history.import_record(record)
        history.store_analysis(game_id, analysis_key(REVIEW_SAMPLES, 0), review.to_text())
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.game_id == game_id
        assert screen.review == review
        assert not [w for w in screen.workers if w.is_running]
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)


@pytest.mark.parametrize("language", ["en", "fr", "pt"])
async def test_the_verdict_wraps_within_80_columns_and_f1_explains(
    tmp_path: Path, language: str
) -> None:
    record = played(2, seed=3)
    review = reviewed(record)
    i18n.choose(language)
    try:
        app, screen = app_with(tmp_path, record, analyse_now=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen.show_review(review)
            await pilot.press("enter", "f")  # the position, with the figures: the longest
            verdicts = reasons = 0
            for k, position in enumerate(screen.cursor.positions):
                judgement = position.judgement(review)
                if judgement is None or judgement.best == position.action:
                    continue
                await pilot.press(*["right"] * (k - screen.cursor.at))
                await pilot.pause()
                text = Text(mark_text(screen))
                # The verdict and its figures, 78 columns inside the padding: wrapped in at
                # most three lines, never cut.
                lines = len(text.wrap(Console(width=78), 78))
                assert lines <= 3 and screen.query_one("#review-mark").region.height == lines
                verdicts += 1
                if round(judgement.best_value, 1) > round(judgement.chosen_value, 1):
                    # an exact verdict has no error to show; a sampled one shows its ±
                    assert ("±" in text.plain) != judgement.exact, text.plain
                why = screen.query_one("#review-why", Static)
                # The decision in words from a point lost; under it, with the figures shown,
                # why it has no label.
                unlabelled = judgement.loss < 1 and round(judgement.best_value, 1) > round(
                    judgement.chosen_value, 1
                )
                assert why.display == (label(judgement.loss) is not None or unlabelled)
                if judgement.reason is None:
                    continue
                # The decision and its reason on their own lines, all of them on the screen
                # above the key bar.
                said = Text(str(why.render()))
                names = shown_names(record)
                assert said.plain.endswith(reason_words(judgement.reason, names, 0)[-12:] + ".")
                lines = len(said.wrap(Console(width=78), 78))
                assert why.region.height == lines, said.plain
                keys = screen.query_one(KeyBar).region
                assert why.region.y + lines <= keys.y, said.plain
                assert screen.query_one("#review-mark").region.bottom <= why.region.y
                reasons += 1
            assert verdicts > 0 and reasons > 0
            await pilot.press("f1")
            await pilot.pause()
            shown = str(app.screen.query_one("#review-help-text").render())
            assert review_explained(60).splitlines()[0] in shown
            assert "60" in review_explained(60).splitlines()[-1]  # the budget of this review
            # all of it can be read at 80x24: the page scrolls to its last line
            page = app.screen.query_one("#review-help", VerticalScroll)
            assert page.has_focus
            await pilot.press("end")
            await pilot.pause()
            assert page.scroll_y == page.max_scroll_y
            text_box = app.screen.query_one("#review-help-text").region
            assert text_box.bottom <= page.region.bottom  # the last line is in view
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen
    finally:
        i18n.choose("en")
        i18n.fold_with(None)


async def test_an_exact_verdict_says_exact_and_shows_no_error(tmp_path: Path) -> None:
    """A verdict the review solved exactly (few cards unseen) has no ±: "exact" instead."""
    record = played(2, seed=3)
    review = reviewed(record)
    lossy = next(j for j in review.judgements if round(j.best_value, 1) > round(j.chosen_value, 1))
    marked = dataclasses.replace(lossy, exact=True, loss_se=0.0)
    review = dataclasses.replace(
        review, judgements=tuple(marked if j is lossy else j for j in review.judgements)
    )
    app, screen = app_with(tmp_path, record, analyse_now=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen.show_review(review)
        at = next(k for k, p in enumerate(screen.cursor.positions) if p.judgement(review) == marked)
        await pilot.press("enter", "f", *["right"] * (at - screen.cursor.at))
        await pilot.pause()
        shown = Text(mark_text(screen)).plain
        assert "exact" in shown and "±" not in shown, shown


GOLDEN_FOUR = Path(__file__).parents[1] / "golden" / "golden-4-seats.json"


@pytest.mark.parametrize("language", ["en", "fr", "pt"])
async def test_four_seats_fit_80_by_24(tmp_path: Path, language: str) -> None:
    """At every judged decision of a 4-seat game: the summary, the other seats, the table,
    the mover's hand with its choices, the verdict and the reason all whole above the key
    bar."""
    record, _states = load_and_replay(GOLDEN_FOUR)
    review = reviewed(record)
    i18n.choose(language)
    try:
        app, screen = app_with(tmp_path, record, analyse_now=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen.show_review(review)
            await pilot.press("enter", "f")  # the position, with the figures: the longest
            checked = reasons = 0
            for k, position in enumerate(screen.cursor.positions):
                judgement = position.judgement(review)
                if judgement is None or judgement.best == position.action:
                    continue
                await pilot.press(*["right"] * (k - screen.cursor.at))
                await pilot.pause()
                keys = screen.query_one(KeyBar).region
                others = screen.query_one("#review-others", Static)
                assert others.region.height == len(record.players)  # its title and 3 lines
                names = shown_names(record)
                said = str(others.render())
                mover = position.state.to_move
                assert all((n in said) == (seat != mover) for seat, n in enumerate(names))
                table = screen.query_one("#review-table").region
                hand = screen.query_one("#review-bottom").region
                strip = screen.query_one("#review-hand-0", CardStrip)
                # every card of the table and the hand drawn whole, one row of cards each
                assert table.height == 5 and hand.height == 5
                assert others.region.y < table.y < hand.y
                marked = {look.mark for look in strip.looks}
                assert "selected" in marked or is_flip(position.action or 0)
                mark = screen.query_one("#review-mark")
                assert hand.bottom <= mark.region.y
                text = Text(mark_text(screen))
                assert len(text.wrap(Console(width=78), 78)) <= 3, text.plain
                why = screen.query_one("#review-why", Static)
                if label(judgement.loss) is not None:
                    lines = len(Text(str(why.render())).wrap(Console(width=78), 78))
                    assert why.region.height == lines
                    assert mark.region.bottom <= why.region.y
                    assert why.region.y + lines <= keys.y
                    reasons += 1
                else:
                    assert mark.region.bottom <= keys.y
                checked += 1
            assert checked > 0 and reasons > 0
            # F1 says what changes with more players, and scrolls to its last line
            await pilot.press("f1")
            await pilot.pause()
            shown = str(app.screen.query_one("#review-help-text").render())
            many = review_explained(60, 4).split("\n\n")[-3]  # before the keys, the budget
            assert many not in review_explained(60) and many in shown
            page = app.screen.query_one("#review-help", VerticalScroll)
            await pilot.press("end")
            await pilot.pause()
            assert page.scroll_y == page.max_scroll_y
            assert app.screen.query_one("#review-help-text").region.bottom <= page.region.bottom
    finally:
        i18n.choose("en")
        i18n.fold_with(None)


async def test_default_names_are_in_the_readers_language(tmp_path: Path) -> None:
    """A record writes "You" and "Computer (hard)" in English; the review's summary, like its
    board, says them in the reader's language (never English in Portuguese)."""
    from chinese_ten.store.records import SeatRecord

    record = played(1, seed=3, names=("You", "Computer (hard)")).model_copy(
        update={
            "seats": (
                SeatRecord(computer=None, default_name=True),
                SeatRecord(computer="hard", default_name=True),
            )
        }
    )
    review = reviewed(record)
    i18n.choose("pt")
    try:
        app, screen = app_with(tmp_path, record, analyse_now=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen.show_review(review)
            await pilot.pause()
            summary = summary_text(screen)
    finally:
        i18n.choose("en")
    assert "Jogador" in summary and "Computador (difícil)" in summary, summary
    assert "Computer" not in summary and "You" not in summary


async def test_the_summary_leads_with_verdicts_and_the_costliest_decisions(
    tmp_path: Path,
) -> None:
    """The review opens on the summary: a verdict in words a player, then the decisions that
    cost most, each a sentence (wrapped under itself); a number shows that decision on the
    board, s comes back."""
    record = played(2, seed=3)
    review = reviewed(record)
    app, screen = app_with(tmp_path, record, analyse_now=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen.show_review(review)
        await pilot.pause()
        assert screen.has_class("-overview")
        text = summary_text(screen, width=76)
        assert all(name in text for name in record.players)
        assert "points given away in 2 deals" in text
        assert "points lost" not in text and "±" not in text  # the figures wait for f
        costly = costliest(review)
        assert costly and "The decisions that cost most" in text
        flat = " ".join(text.split())
        sentences = [decision_sentence(j, record.players, display_card) for j in costly]
        assert all(s in flat for s in sentences)
        assert [flat.index(s) for s in sentences] == sorted(flat.index(s) for s in sentences)
        # a sentence that wraps goes on under itself, clear of its number
        lines = text.splitlines()
        first = next(k for k, line in enumerate(lines) if line.lstrip().startswith("1 "))
        indent = lines[first].index("1 ") + 2
        block = lines[first : first + lines[first:].index("")]
        numbered = [line for line in block if re.match(r" *\d+ Deal", line)]
        assert len(numbered) == len(costly) and len(block) > 2 * len(costly)  # some wrap
        assert all(line in numbered or line.startswith(" " * indent) for line in block)
        await pilot.press("2")
        assert not screen.has_class("-overview")
        assert screen.cursor.position.judgement(review) == costly[1]
        assert "would have kept about" in str(screen.query_one("#review-why", Static).render())
        await pilot.press("s")
        assert screen.has_class("-overview")


async def test_against_the_computer_the_summary_names_your_own_costly_decisions(
    tmp_path: Path,
) -> None:
    from chinese_ten.store.records import SeatRecord

    # greedy in seat 0, random in seat 1: the person is the one who slips
    record = played(2, seed=3, names=("Computer (easy)", "You")).model_copy(
        update={
            "seats": (
                SeatRecord(computer="easy", default_name=True),
                SeatRecord(computer=None, default_name=True),
            )
        }
    )
    review = reviewed(record)
    app, screen = app_with(tmp_path, record, analyse_now=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen.show_review(review)
        await pilot.pause()
        mine = costliest(review, 1)
        assert mine and screen._costly == mine
        text = " ".join(summary_text(screen).split())
        assert all(j.seat == 1 for j in mine) and "You played" in text


async def test_the_progress_says_how_many_are_judged_and_the_time_left(tmp_path: Path) -> None:
    record = played(1, seed=4)
    app, screen = app_with(tmp_path, record, analyse_now=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen._started = time.monotonic() - 6.0  # 3 judged in 6 s: 7 more in about 14 s
        screen._progress(3, 10)
        said = screen.query_one("#review-progress-text", TextLine).text.plain
        assert said.startswith("3 of 10 decisions judged, about 14 seconds left"), said
        screen._progress(0, 10)
        assert screen.query_one("#review-progress-text", TextLine).text.plain == (
            "0 of 10 decisions judged"
        )
