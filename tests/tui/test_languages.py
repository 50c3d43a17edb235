"""The TUI in French and Portuguese: every screen in the language, nothing cut at 80x24,
sentences about players chosen by seat, and names kept as typed."""

import os
import re
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.widgets import Footer, Input

from chinese_ten.lang import i18n
from chinese_ten.lang.folding import ascii_text
from chinese_ten.text.wording import default_names, seat_default
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui.screens.cut import CutScreen
from chinese_ten.tui.screens.game import GameScreen
from chinese_ten.tui.screens.handover import HandoverScreen
from chinese_ten.tui.screens.results import ResultsScreen
from chinese_ten.tui.screens.start import StartScreen
from chinese_ten.tui.widgets.keybar import ROOM_PERMITTING, KeyBar
from chinese_ten.tui.widgets.line import TextLine
from tests.pty_helpers import Terminal
from tests.tui_helpers import (
    computer_moves,
    current_record,
    cut_names,
    options,
    play_until_results,
    rules_loaded,
    screen_text,
    step,
    until,
    until_screen,
)

SIZE = (80, 24)
TRANSLATED = ("fr", "pt")


ENGLISH = re.compile(
    r"\b(Deal|deals?|Player|Quit|Rules|Stock|Pile|pile|hand|Hint|Export|Cut|cut|Back|"
    r"[Cc]hoose|[Pp]ress|[Tt]urn|[Pp]ass|keyboard|Series|series|Next|Result|[Rr]ed|cards?|"
    r"wins?|the|Your?|Log|lifted|below|ready|Last|totals|dealer|Start|First|"
    r"players?|Continue|Keep|Replace|Search|commands?|Theme|Keys|Screenshot|thinking|Thinking)\b"
)
"""Words the English screens use that neither French nor Portuguese does."""


def english_left(app: ChineseTenApp) -> list[str]:
    return ENGLISH.findall(screen_text(app))


# ----------------------------------------------------------------- no English on any screen
@pytest.mark.parametrize("language", TRANSLATED, indirect=True)
async def test_no_english_is_left_on_the_screens(language: str, tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=None))
    seen: set[str] = set()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert english_left(app) == []
        await pilot.press("f1")
        await rules_loaded(pilot)
        assert english_left(app) == [], "rules"
        await pilot.press("escape", "enter", "enter")
        await pilot.pause()
        for _ in range(400):
            screen = app.screen
            kind = type(screen).__name__ + (
                f":{screen.turn.stage}" if isinstance(screen, GameScreen) else ""
            )
            assert english_left(app) == [], kind
            seen.add(kind)
            if (
                isinstance(screen, GameScreen)
                and screen.turn.stage == "select"
                and "hint" not in seen
            ):
                seen.add("hint")
                await pilot.press("t")
                await app.workers.wait_for_complete()  # the hint is worked out on a worker
                await pilot.pause()
                assert english_left(app) == [], "hint"
                await pilot.press("ctrl+p")
                await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
                await pilot.pause()
                assert english_left(app) == [], "palette"
                await pilot.press("escape", "q")
                await pilot.pause()
                assert english_left(app) == [], "quit dialog"
                await pilot.press("n")
                await pilot.pause()
            if not await step(pilot):
                break
        assert isinstance(app.screen, ResultsScreen)
        assert english_left(app) == []
    assert {"CutScreen", "HandoverScreen", "GameScreen:select", "GameScreen:turned"} <= seen


# --------------------------------------------------------------- nothing cut at 80 x 24
def _footer_texts(app: ChineseTenApp) -> list[str]:
    """The descriptions of the keys the footer (or the game's key bar) shows now (the key bar
    leaves out the keys that fit only when there is room)."""
    screen = app.screen
    if not (screen.query(Footer) or screen.query(KeyBar)):
        return []
    shown = {
        binding.action: binding.description
        for _node, binding, enabled, _tip in screen.active_bindings.values()
        if binding.show and enabled and binding.action not in ROOM_PERMITTING
    }
    return [*shown.values(), i18n._("palette")]


def _uncut(app: ChineseTenApp, names: tuple[str, str]) -> list[str]:
    """What is cut on the screen now: key descriptions missing from the bottom line, names
    shortened on the board's lines, lines wider than their widget."""
    problems = []
    bottom = screen_text(app).splitlines()[-1]
    problems += [f"key {text!r}" for text in _footer_texts(app) if text not in bottom]
    screen = app.screen
    if isinstance(screen, GameScreen) and screen.flow.state is not None:
        title = screen.query_one("#hand-area").border_title
        texts = [line.text for line in screen.query(TextLine).results(TextLine)]
        for text in [*texts, title]:
            plain = str(getattr(text, "plain", text))
            problems += [f"name cut in {plain!r}" for _ in cut_names(plain, names)]
        for line in screen.query(TextLine).results(TextLine):
            if cell_len(line.text.plain) > line.content_size.width:
                problems.append(f"too wide {line.text.plain!r}")
    return problems


@pytest.mark.parametrize("language", ("en", *TRANSLATED), indirect=True)
@pytest.mark.parametrize(("against", "ascii_only"), [(None, False), ("hard", False), (None, True)])
async def test_counts_keys_and_names_fit_at_80x24(
    language: str, against: str | None, ascii_only: bool, tmp_path: Path
) -> None:
    """A whole deal with the default names (hot-seat, against the computer with the open
    scores, the longest lines, and in ASCII, whose key names are longer): no key, count or
    name is ever cut."""
    levels = (None, against)
    names = (
        default_names() if against is None else (seat_default(0, levels), seat_default(1, levels))
    )
    app = ChineseTenApp(
        options(
            tmp_path,
            players=default_names() if against is None else None,
            computer=(None, against),
            open_scores=against is not None,
            think=0.01 if against else None,
            ascii=ascii_only,
            symbols=not ascii_only,
        )
    )
    problems: dict[str, list[str]] = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(3000):  # a bound: the computer's moves take a few pauses each
            screen = app.screen
            found = _uncut(app, names)
            if found:
                kind = type(screen).__name__ + f":{getattr(screen, 'stage', '')}"
                problems.setdefault(kind, []).extend(found)
            if isinstance(screen, ResultsScreen):
                break
            if isinstance(screen, GameScreen) and screen.turn.stage == "computer":
                await computer_moves(pilot)
            else:
                await step(pilot)
        assert isinstance(app.screen, ResultsScreen)
        text = screen_text(app)
        assert all(name in text for name in names)
    assert problems == {}


# ------------------------------------------------------------- sentences chosen by seat
async def test_a_hot_seat_player_named_you_is_not_addressed_as_you(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=("You", "Ben"), seed=3))
    async with app.run_test(size=SIZE) as pilot:
        texts = []
        for _ in range(12):
            texts.append(screen_text(app))
            await step(pilot)
        seen = "\n".join(texts)
        assert "You's hand" in seen and "You: " in seen
        for wrong in ("Your hand", "Your turn", "you deal", "You deal", "You shuffle"):
            assert not re.search(rf"\b{wrong}\b", seen), wrong
        assert re.search(r"Deal 1: (You deals|Ben deals; You cut)", seen)


@pytest.mark.parametrize("language", ["fr"], indirect=True)
async def test_a_hot_seat_player_named_vous_is_named_in_french(
    language: str, tmp_path: Path
) -> None:
    app = ChineseTenApp(options(tmp_path, players=("Vous", "Ben"), seed=3))
    async with app.run_test(size=SIZE) as pilot:
        texts = []
        for _ in range(12):
            texts.append(screen_text(app))
            await step(pilot)
        seen = "\n".join(texts)
        assert "Vous · main" in seen
        assert "Votre main" not in seen and "À vous" not in seen and "vous donnez" not in seen


@pytest.mark.parametrize("language", ["pt"], indirect=True)
async def test_the_person_against_the_computer_is_addressed_by_seat(
    language: str, tmp_path: Path
) -> None:
    """Against the computer the person is addressed, never named, whatever their name: here
    Ana, in seat 2 ("A sua mão", not "Mão de Ana")."""
    app = ChineseTenApp(
        options(tmp_path, players=("Computador (fácil)", "Ana"), computer=("easy", None))
    )
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(60):
            if isinstance(app.screen, GameScreen) and app.game.turn.stage == "select":
                break
            await computer_moves(pilot) if app.game.turn.stage == "computer" else await step(pilot)
        first_line = re.compile(
            r"Ronda 1: (cabe-lhe dar as|Computador \(fácil\) dá as cartas; coube-lhe a si partir)"
        )
        # the log, made with the board after the cut, writes once it has its size
        await until(pilot, lambda: first_line.search(screen_text(app)), "the log's first line")
        text = screen_text(app)
        assert "A sua mão" in text and "A sua vez: " in text
        assert "Mão de Ana" not in text


# ------------------------------------------------------------------------- names
@pytest.mark.parametrize("language", TRANSLATED, indirect=True)
async def test_default_names_translate_by_seat_and_typed_names_never(
    language: str, tmp_path: Path
) -> None:
    offered = default_names()
    assert offered != ("Player 1", "Player 2")  # Joueur 1 / Jogador 1
    app = ChineseTenApp(options(tmp_path / "a", players=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        fields = [
            f
            for f in app.screen.query(Input).results(Input)
            if f.parent is not None and f.parent.display
        ]
        assert [f.placeholder for f in fields] == list(offered)
        await pilot.press("enter", "enter")  # both left empty: the offered names
        await pilot.pause()
        assert app.game.flow.names == offered
    app = ChineseTenApp(options(tmp_path / "b", players=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"You", "enter", *"Player 2", "enter")  # typed: kept as typed
        await pilot.pause()
        assert app.game.flow.names == ("You", "Player 2")
        await pilot.press("enter")  # the cut
        await pilot.pause()
        assert "You" in screen_text(app) or isinstance(app.screen, HandoverScreen)


@pytest.mark.parametrize("language", TRANSLATED, indirect=True)
def test_the_computers_default_name_and_level_are_in_the_language(language: str) -> None:
    you, computer = seat_default(0, (None, "hard")), seat_default(1, (None, "hard"))
    assert (you, computer) == {
        "fr": ("Vous", "Ordinateur (difficile)"),
        "pt": ("Jogador", "Computador (difícil)"),
    }[language]
    assert (seat_default(0, ("hard", None)), seat_default(1, ("hard", None))) == (computer, you)


# -------------------------------------------------------------------- --ascii in French
@pytest.mark.parametrize("language", ["fr"], indirect=True)
async def test_ascii_screens_stay_ascii_in_french(language: str, tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=("Zoé", "Ben"), ascii=True, symbols=False))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(8):
            await step(pilot)
            text = screen_text(app).replace("Zoé", "")  # names aside
            assert text.isascii(), [c for c in text if not c.isascii()]
        assert "Regles" in text and "Zoé" in screen_text(app)


# ------------------------------------------------------- the language is chosen at start-up
@pytest.mark.parametrize("language", ["pt"], indirect=True)
async def test_keys_follow_the_language_chosen_after_the_classes_were_built(
    language: str, tmp_path: Path
) -> None:
    """The app's classes were imported (in English) before the language was chosen: their
    key descriptions still show in it."""
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CutScreen)
        bottom = screen_text(app).splitlines()[-1]
        assert "Partir e dar" in bottom and "Sair" in bottom and "Regras" in bottom


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_lang_fr_beats_an_english_environment_in_the_real_program(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = "en_US.UTF-8"
    args = ["play", "--lang", "fr", "--players", "Ana,Ben"]
    game = Terminal(args, tmp_path, environment=env)
    try:
        seen = game.read_until(b"coupez le paquet")
        assert b"coupez le paquet" in seen and b"Tirage au sort" in seen
        game.process.send_signal(signal.SIGTERM)
        game.process.wait(timeout=30)
    finally:
        game.end()


# ------------------------------------------------------------------------ snapshots
Snap = Any


@pytest.mark.parametrize("language", TRANSLATED, indirect=True)
def test_snapshot_start(snap_compare: Snap, language: str, tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=None))

    async def steady(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        for field in app.screen.query(Input).results(Input):
            field.cursor_blink = False  # the snapshot must not catch the cursor mid-blink

    assert snap_compare(app, run_before=steady, terminal_size=SIZE)


@pytest.mark.parametrize("language", TRANSLATED, indirect=True)
def test_snapshot_turn(snap_compare: Snap, language: str, tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    assert snap_compare(app, press=["enter", "enter", "right"], terminal_size=SIZE)


@pytest.mark.parametrize("language", TRANSLATED, indirect=True)
def test_snapshot_choice_of_target(snap_compare: Snap, language: str, tmp_path: Path) -> None:
    from tests.tui_helpers import hand_key, make_setup, save_position

    save_position(tmp_path, make_setup(1, "8D", "2H 2C 6S 7S", "KS"))
    app = ChineseTenApp(options(tmp_path, resume=True))

    async def choose(pilot: Pilot[Any]) -> None:
        await pilot.press("enter")
        await pilot.press(hand_key(app, "8♦"), "enter")

    assert snap_compare(app, run_before=choose, terminal_size=SIZE)


@pytest.mark.parametrize("language", TRANSLATED, indirect=True)
def test_snapshot_hand_over(snap_compare: Snap, language: str, tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    assert snap_compare(
        app, press=["enter", "enter", "enter", "space", "enter"], terminal_size=SIZE
    )


@pytest.mark.parametrize("language", TRANSLATED, indirect=True)
def test_snapshot_results(snap_compare: Snap, language: str, tmp_path: Path) -> None:
    from chinese_ten.analysis.simulate import SeriesPlay, simulate
    from chinese_ten.store.saves import SaveSlot

    plays: list[SeriesPlay] = []
    simulate(1, 2, ("greedy", "random"), 8, on_series=plays.append)
    SaveSlot(tmp_path).save(current_record(("Ana", "Ben"), 2, plays[0].states))
    app = ChineseTenApp(options(tmp_path, resume=True))
    assert snap_compare(app, terminal_size=SIZE)


@pytest.mark.parametrize("language", TRANSLATED, indirect=True)
def test_snapshot_rules(snap_compare: Snap, language: str, tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path, players=None))

    async def open_rules(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.press("f1")
        await rules_loaded(pilot)

    assert snap_compare(app, run_before=open_rules, terminal_size=SIZE)


async def test_a_whole_deal_plays_to_its_results_in_each_language(tmp_path: Path) -> None:
    """The sentences with placeholders format in every language (a stray brace would raise)."""
    try:
        for language in TRANSLATED:
            i18n.choose(language)
            app = ChineseTenApp(options(tmp_path / language, computer=(None, "easy")))
            async with app.run_test(size=SIZE) as pilot:
                results = await play_until_results(pilot)
                assert results.names == ("Ana", "Ben")
    finally:
        i18n.choose("en")


# ------------------------------------------------------- changing language from the palette
async def test_the_palette_switches_the_game_screen_to_another_language(tmp_path: Path) -> None:
    app = ChineseTenApp(options(tmp_path))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("enter", "enter")  # the cut, the hand-over
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            titles = [c.title for c in app.get_system_commands(app.screen)]
            assert "Français" in titles and "Português" in titles and "English" not in titles
            await pilot.press("ctrl+p", *"Fran", "enter")
            await until(pilot, lambda: "Journal" in screen_text(app))
            text = screen_text(app)
            # the log written again in French, the cut too
            assert "Donne 1 : Ana donne ; Ben a coupé à la carte 26." in text
            assert "Ben · main" in text
            assert "Quitter" in text.splitlines()[-1] and english_left(app) == []
            app.switch_language("en")
            await pilot.pause()
            assert "Ben's hand" in screen_text(app) and "Quit" in screen_text(app)
    finally:
        i18n.choose("en")


# ----------------------------------------------------- the palette's own line in the language
NO_MATCHES = {"en": "No matches found", "fr": "Aucun résultat", "pt": "Sem resultados"}


@pytest.mark.parametrize("ascii_only", [False, True])
@pytest.mark.parametrize("language", ["fr"], indirect=True)
async def test_the_palette_says_it_found_nothing_in_the_language(
    language: str, tmp_path: Path, ascii_only: bool
) -> None:
    """Ctrl+P, ``zzz``: Textual's own "No matches found" is English in every language; this
    line is in French (in the ASCII palette too, its accents folded), is no command (Enter
    leaves the palette open), and goes once a search finds something (``Reg``: the rules)."""
    app = ChineseTenApp(options(tmp_path, ascii=ascii_only, symbols=not ascii_only))
    shown = ascii_text if ascii_only else str
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "enter")
        await until_screen(pilot, GameScreen)
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await pilot.press(*"zzz")
        nothing = shown(NO_MATCHES["fr"])
        await until(pilot, lambda: nothing in screen_text(app), "no matches")
        assert NO_MATCHES["en"] not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("backspace", "backspace", "backspace", *"Reg")
        await until(pilot, lambda: shown("Règles") in screen_text(app), "the rules found")
        assert nothing not in screen_text(app)


@pytest.mark.parametrize("language", ["en", "pt"], indirect=True)
async def test_the_theme_search_says_it_found_nothing_in_the_language(
    language: str, tmp_path: Path
) -> None:
    """The theme search is a palette too; English keeps Textual's words."""
    app = ChineseTenApp(options(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "enter")
        await until_screen(pilot, GameScreen)
        app.search_themes()
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await pilot.press(*"zzz")
        await until(pilot, lambda: NO_MATCHES[language] in screen_text(app), "no matches")
        if language != "en":
            assert NO_MATCHES["en"] not in screen_text(app)
