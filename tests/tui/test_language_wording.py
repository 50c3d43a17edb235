"""The wording in every language, one test each where a test can tell: the review and replay speak
to the person against the computer, counts agree, key names and Textual's own keys are in the
language, values stand alone in a template, and the French status line keeps its names whole
at 80x24."""

import re
import string
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.app import App
from textual.containers import ScrollableContainer
from textual.screen import Screen
from textual.widgets import (
    Button,
    DataTable,
    Input,
    OptionList,
    RichLog,
    TextArea,
)
from textual.widgets._key_panel import BindingsTable

from chinese_ten.analysis.review_types import Reason
from chinese_ten.analysis.review_words import reason_words
from chinese_ten.cli.commands.replay_scores import _verdict
from chinese_ten.engine.cards import parse_card
from chinese_ten.game.table import Table, differences, record_you
from chinese_ten.lang import i18n
from chinese_ten.store.records import GameRecord, SeatRecord
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.game import GameScreen
from chinese_ten.tui.screens.review import ReviewScreen
from chinese_ten.tui.screens.start import StartScreen
from chinese_ten.tui.seats import fit_line
from chinese_ten.tui.texts import TEXTUAL_WORDS
from chinese_ten.tui.widgets.keybar import KeyBar
from chinese_ten.tui.widgets.line import TextLine
from scripts.catalogs import template
from tests.history_helpers import played
from tests.tui_helpers import computer_moves, options, screen_text, step, until

SIZE = (80, 24)


def against_the_computer(seed: int = 3) -> GameRecord:
    """Two finished deals of a person (default name "You") against the hard computer, as
    the game records them: each seat's default name kept as such."""
    record = played(2, seed=seed, names=("You", "Computer (hard)"))
    seats = (SeatRecord(default_name=True), SeatRecord(computer="hard", default_name=True))
    return record.model_copy(update={"version": 2, "seats": seats})


# ------------------------------------------------------------------ "you", not "You deals"
THIRD_PERSON = {
    "en": re.compile(r"\bYou (deals|plays|takes|turns)\b"),
    "fr": re.compile(r"\bVous (donne|a |prend)"),
    "pt": re.compile(r"\b(Você|Jogador) (dá|jogou|virou|captura|recolhe)"),
}
SECOND_PERSON = {
    "en": re.compile(r"^(Deal 1: you deal\.|You (played|turned over) )"),
    "fr": re.compile(r"^(Donne 1 : vous donnez\.|Vous avez (joué|retourné) )"),
    "pt": re.compile(r"^(Ronda 1: cabe-lhe dar as cartas\.|O seu \S+ (não )?capturou|Virou o )"),
}


@pytest.mark.parametrize("language", ["en", "fr", "pt"], indirect=True)
async def test_the_reviews_log_speaks_to_the_person_against_the_computer(
    language: str, tmp_path: Path
) -> None:
    record = against_the_computer()
    assert record_you(record) == 0
    screen = ReviewScreen(record, jobs=1, analyse_now=False)
    app = ChineseTenApp(options(tmp_path), review=screen)
    lines: set[str] = set()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        for _ in range(30):
            await pilot.press("right")
            await pilot.pause()
            log = screen.query_one("#review-log", RichLog)
            lines |= {strip.text.rstrip() for strip in log.lines}
    said = "\n".join(lines)
    assert not THIRD_PERSON[language].search(said), said
    assert any(SECOND_PERSON[language].search(line) for line in lines), said


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "the move played leaves 10♥ to you, and you take it on the next turn"),
        ("fr", "le coup joué vous laisse 10♥, que vous prenez au tour suivant"),
        ("pt", "a jogada feita deixa-lhe o 10♥, que captura no turno seguinte"),
    ],
    indirect=["language"],
)
def test_a_reason_says_you_take_it(language: str, expected: str) -> None:
    reason = Reason("leaves", 0.0, 10.0, parse_card("TH"), 0.1, 0.6)
    card_text = {"en": "10♥", "fr": "10♥", "pt": "10♥"}[language]
    text = reason_words(reason, ("Vous", "Ordinateur"), 1, lambda card: card_text, you=0)
    assert text.startswith(expected), text
    other = reason_words(reason, ("Ana", "Ben"), 1, lambda card: card_text)
    assert "Ana" in other


@pytest.mark.parametrize(
    ("language", "shared", "won"),
    [
        ("en", "You share the series with Ana.", "You win the series."),
        ("fr", "Vous partagez la série avec Ana.", "Vous gagnez la série."),
        ("pt", "Partilhou a vitória na série com Ana.", "Ganhou a série."),
    ],
    indirect=["language"],
)
def test_replay_shares_the_series_with_you_in_the_second_person(
    language: str, shared: str, won: str
) -> None:
    deals = [{"complete": True}, {"complete": True}]
    names = ("Vous", "Ana", "Ben")
    summary: dict[str, Any] = {"winner": None, "deals": deals, "winners": [0, 1]}
    assert _verdict(2, names, summary, 0) == shared
    summary = {"winner": None, "deals": deals, "winners": [1, 2]}
    assert "Vous" not in _verdict(2, names, summary, 0)
    assert _verdict(2, names, {"winner": 0, "deals": deals}, 0) == won


# ------------------------------------------------------------------ counts
COUNTS = (
    "count",
    "done",
    "lifted",
    "below",
    "minutes",
    "samples",
    "seats",
    "computers",
    "points",
)
"""Placeholders that hold a number of things."""
COUNTED = re.compile(
    r"\{(" + "|".join(COUNTS) + r")(:[^}]*)?\} (?!(of|to|and|given|by|a|or|in)\b)[a-z]"
)
"""A count followed by the word it counts, in an English message."""


def test_every_counted_word_goes_through_ngettext() -> None:
    """A number followed by what it counts agrees with it in each language (0 and 1 are
    singular in French, 1 only in Portuguese): only ngettext can say it."""
    singular = [
        m.id
        for m in template()
        if isinstance(m.id, str) and COUNTED.search(m.id) and m.id not in ALWAYS_MANY
    ]
    assert singular == []


ALWAYS_MANY = {
    "deals per series, at most {most} (default {default}, or {longer} with {seats} players)",
    "The deal is a tie: {points} points each.",
}
"""Counts that are never one: a longer series' table has three or four seats, and a tie is
each seat's base."""


def test_the_counted_placeholders_are_the_counts() -> None:
    """The test above sees what it looks for (and a plural entry is not flagged)."""
    assert COUNTED.search("(95% CI, sur {count} donnes)".replace("donnes", "deals"))
    assert COUNTED.search("after {minutes:g} minutes without a key")
    assert not COUNTED.search("{done} of {planned} deals")
    names = {n for m in template() for i in _ids(m.id) for _, n, _, _ in _fields(i)}
    assert set(COUNTS) <= names  # each is a real placeholder somewhere


def _ids(msgid: str | tuple[str, ...]) -> tuple[str, ...]:
    return msgid if isinstance(msgid, tuple) else (msgid,)


def _fields(text: str) -> list[tuple[str, str, str | None, str | None]]:
    return [f for f in string.Formatter().parse(text) if f[1]]


@pytest.mark.parametrize(
    ("language", "one", "many"),
    [
        ("en", "(95% CI, n=1 deal)", "(95% CI, n=2 deals)"),
        ("fr", "(IC à 95 %, sur 1 donne)", "(IC à 95 %, sur 2 donnes)"),
        ("pt", "(IC 95%, em 1 ronda)", "(IC 95%, em 2 rondas)"),
    ],
    indirect=["language"],
)
def test_the_simulate_table_counts_its_deals(language: str, one: str, many: str) -> None:
    for count, expected in ((1, one), (2, many)):
        said = i18n.ngettext(
            "mean result per deal (95% CI, n={count} deal)",
            "mean result per deal (95% CI, n={count} deals)",
            count,
        ).format(count=count)
        assert said.endswith(expected)


# ------------------------------------------------------------------ keys in the language
ENGLISH_KEYS = re.compile(r"(?<![\w^])(space|esc|pgup|pgdn|home|del|tab|shift)(?!\w)")


@pytest.mark.parametrize(
    ("language", "flip"),
    [("fr", "Espace Retourner"), ("pt", "Espaço Virar")],
    indirect=["language"],
)
async def test_the_key_bar_names_the_keys_in_the_language(
    language: str, flip: str, tmp_path: Path
) -> None:
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(6):
            if isinstance(app.screen, GameScreen) and app.game.turn.stage == "flip":
                break
            await step(pilot)
        bottom = screen_text(app).splitlines()[-1]
        assert flip in bottom
        assert not ENGLISH_KEYS.search(bottom), bottom


@pytest.mark.parametrize("language", ["en", "fr", "pt"], indirect=True)
async def test_the_reviews_key_bar_keeps_quit_and_the_palette_at_80x24(
    language: str, tmp_path: Path
) -> None:
    screen = ReviewScreen(against_the_computer(), jobs=1, analyse_now=False)
    app = ChineseTenApp(options(tmp_path), review=screen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bar = screen.query_one(KeyBar)
        words = bar.render().plain
        for description in (i18n._("Quit"), i18n._("palette"), i18n._("Close")):
            assert description in words, words
        if language != "en":
            assert not ENGLISH_KEYS.search(words), words


@pytest.mark.parametrize("language", ["fr", "pt"], indirect=True)
async def test_the_keys_panel_is_in_the_language(language: str, tmp_path: Path) -> None:
    """Palette, Keys: the focused name field's keys (Textual's Input) and the screen's."""
    app = ChineseTenApp(options(tmp_path, players=None))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert isinstance(app.focused, Input)
        app.action_show_help_panel()
        await until(pilot, lambda: bool(app.screen.query(BindingsTable)), "the keys panel")
        await pilot.pause()
        table = app.screen.query_one(BindingsTable).render_bindings_table()
        descriptions = [str(getattr(c, "plain", c)) for c in table.columns[1].cells]
        keys = [str(getattr(c, "plain", c)) for c in table.columns[0].cells]
        english = {"Delete character left", "Focus Next", "Copy selected text", "Input"}
        assert not english & set(descriptions), descriptions
        assert i18n._("Delete character left") in descriptions
        assert i18n._("Input") in descriptions  # the group title
        assert not [k for k in keys if ENGLISH_KEYS.search(k)], keys


TEXTUAL_CLASSES: tuple[type, ...] = (
    App,
    Screen,
    ScrollableContainer,
    RichLog,
    Button,
    Input,
    TextArea,
    DataTable,
    OptionList,
)


def test_textual_words_hold_every_description_of_textuals_own_keys() -> None:
    """Each key Textual's widgets bind (those the game shows, and TextArea) is a message, so
    the catalogs translate it (the palette's screen too)."""
    from textual.command import CommandPalette

    ours = {m.id for m in template()}
    missing = set()
    for cls in (*TEXTUAL_CLASSES, CommandPalette):
        for base in cls.__mro__:
            for binding in base.__dict__.get("BINDINGS", []):
                description = binding[2] if isinstance(binding, tuple) else binding.description
                if description and description not in ours:
                    missing.add(description)
    assert missing == set()
    assert set(TEXTUAL_WORDS) <= ours


# ------------------------------------------------------------------ a template that agrees
@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "hints: saved on, asked off"),
        ("fr", "indices — partie sauvegardée : oui ; demande : non"),
        ("pt", "dicas — jogo guardado: sim; pedido: não"),
    ],
    indirect=["language"],
)
def test_on_and_off_stand_alone_beside_any_word(language: str, line: str) -> None:
    saved = Table(typed=(None, None), computer=(None, "hard"), deals_planned=6)
    asked = Table(
        typed=(None, None),
        computer=(None, "hard"),
        deals_planned=None,
        hints=False,
        open_scores=True,
    )
    said = differences(saved, asked)
    assert said[0] == line
    assert said[1].endswith(
        {"en": "asked on", "fr": "demande : oui", "pt": "pedido: sim"}[language]
    )


# ------------------------------------------------------------------ the status line at 80x24
@pytest.mark.parametrize("language", ["fr", "pt"], indirect=True)
async def test_the_status_keeps_the_opponent_and_the_dealer_whole_at_80x24(
    language: str, tmp_path: Path
) -> None:
    """Seed 5: the computer deals the first deal. Its default name is too long to be said
    twice with the level in French; without the level it is whole, never cut."""
    app = ChineseTenApp(
        options(tmp_path, players=None, computer=(None, "hard"), seed=5, think=0.01)
    )
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(4):
            if isinstance(app.screen, GameScreen) and app.game.turn.stage == "computer":
                await computer_moves(pilot)
            else:
                await step(pilot)
        assert isinstance(app.screen, GameScreen)
        status = app.screen.query_one("#status", TextLine).text.plain
        computer = i18n._("Computer")
        assert "…" not in status, status
        assert status.count(computer) == 2, status
        assert status.rstrip().endswith(computer) or status.rstrip().endswith(
            i18n._("Computer ({level})").format(level=i18n._("hard"))
        ), status


def test_default_computer_names_lose_their_level_only_where_seats_stay_apart() -> None:
    def build(name: Any) -> Text:
        return Text(" v ".join(name(seat) for seat in range(3)))

    names = ("Ana", "Computer (easy)", "Computer (hard)")
    line = fit_line(build, 24, names, (None, "easy", "hard"), "…")
    assert "Computer v Computer" not in line.plain  # they would read the same
    twins = ("Ana", "Computer 2 (hard)", "Computer 3 (hard)")
    line = fit_line(build, 30, twins, (None, "hard", "hard"), "…")
    assert line.plain == "Ana v Computer 2 v Computer 3"
