"""The engine and the headless commands run without Textual (and the engine without Rich)."""

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.pty_helpers import Terminal

SOURCE = Path(__file__).resolve().parents[2] / "src" / "chinese_ten"

ENGINE = [
    "chinese_ten.engine.cards",
    "chinese_ten.engine.actions",
    "chinese_ten.engine.deal",
    "chinese_ten.engine.chance",
    "chinese_ten.engine.view",
    "chinese_ten.engine.series",
    "chinese_ten.store.records",
    "chinese_ten.analysis.simulate",
    "chinese_ten.players.base",
    "chinese_ten.players.hard",
    "chinese_ten.players.levels",
    "chinese_ten.lang.i18n",
    "chinese_ten.game.flow",
    "chinese_ten.store.history",
    "chinese_ten.store.history_pending",
    "chinese_ten.analysis.stats",
    "chinese_ten.analysis.review",
    "chinese_ten.analysis.review_cursor",
    "chinese_ten.analysis.review_search",
    "chinese_ten.analysis.review_stored",
    "chinese_ten.analysis.review_types",
    "chinese_ten.analysis.review_words",
]


def _loaded_after(code: str) -> set[str]:
    probe = f"import sys\n{code}\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_engine_imports_neither_textual_nor_rich() -> None:
    loaded = _loaded_after("\n".join(f"import {m}" for m in ENGINE))
    assert not {m for m in loaded if m.split(".")[0] in ("textual", "rich")}


def test_the_engine_loads_no_lang() -> None:
    """Every engine module imported, at run time: nothing of the reader's language is loaded."""
    engine = sorted(p.stem for p in (SOURCE / "engine").glob("*.py") if p.stem != "__init__")
    assert "variant" in engine
    loaded = _loaded_after("\n".join(f"import chinese_ten.engine.{m}" for m in engine))
    assert "chinese_ten.engine.deal" in loaded
    assert not {m for m in loaded if m.startswith(("chinese_ten.lang", "babel", "gettext"))}


def test_headless_commands_do_not_import_textual() -> None:
    loaded = _loaded_after(
        "from chinese_ten.cli.main import main\n"
        "import chinese_ten.cli.commands.simulation, chinese_ten.cli.commands.replay_scores\n"
        "import chinese_ten.cli.commands.rules_page, chinese_ten.cli.commands.history_actions\n"
        "import chinese_ten.cli.commands.stats_tables, chinese_ten.cli.commands.reviewing"
    )
    assert "chinese_ten.cli.main" in loaded
    assert not {m for m in loaded if m.split(".")[0] == "textual"}


FIRST_SCREEN = """
import sys, tempfile
from pathlib import Path
from chinese_ten.tui.app import ChineseTenApp
from tests.options_helpers import game_options

options = game_options(save_dir=Path(tempfile.mkdtemp()), seed=3, {extra})
app = ChineseTenApp(options)

async def first_screen(pilot):
    await pilot.pause()
    print(type(app.screen).__name__, " ".join(sorted(sys.modules)))
    app.exit()

app.run(headless=True, size=(100, 30), auto_pilot=first_screen)
"""
LATER = ("pydantic", "markdown_it", "textual.widgets._markdown", "chinese_ten.store.records")
"""Loaded on first use (a save, the rules page), never before the first screen."""


def _first_screen(extra: str) -> tuple[str, set[str]]:
    out = subprocess.run(
        [sys.executable, "-c", FIRST_SCREEN.format(extra=extra)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    screen, modules = out.stdout.split(" ", 1)
    return screen, set(modules.split())


def _loaded(modules: set[str], names: tuple[str, ...]) -> set[str]:
    return {m for m in modules for n in names if m == n or m.startswith(n + ".")}


def test_start_screen_loads_only_what_it_shows() -> None:
    screen, modules = _first_screen("")
    assert screen == "StartScreen"
    assert "chinese_ten.tui.screens.start" in modules
    deferred = ("chinese_ten.tui.screens.results", "chinese_ten.tui.screens.cut")
    assert not _loaded(modules, (*LATER, *deferred, "chinese_ten.players.hard"))


def test_hard_player_is_loaded_at_its_first_move_not_at_start() -> None:
    screen, modules = _first_screen("players=('You', 'Computer'), computer=(None, 'hard')")
    assert screen == "CutScreen"
    assert not _loaded(modules, (*LATER, "chinese_ten.players.hard"))


def test_parsing_the_command_line_loads_no_engine() -> None:
    """Every command's options are built before ``play`` starts: none may load the engine."""
    loaded = _loaded_after("from chinese_ten.cli.main import build_parser\nbuild_parser()")
    assert not _loaded(
        loaded,
        ("chinese_ten.engine.deal", "chinese_ten.analysis.review", "chinese_ten.engine.view"),
    )


ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-_])")


def test_start_screen_is_on_the_terminal_before_the_engine_loads(tmp_path: Path) -> None:
    """Start-up as a person meets it: ``chinese-ten play`` in a pty, with Python reporting each
    import as it ends, on the same terminal as the frames. The start screen must be drawn
    before the board (and the engine under it) has loaded, to ask about an unfinished game."""
    environment = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1"}
    terminal = Terminal(["play"], tmp_path, environment=environment)
    try:
        shown = ESCAPES.sub(b"", terminal.read_until(b"chinese_ten.tui.screens.game\r\n"))
    finally:
        terminal.end()
    board = shown.find(b"| chinese_ten.tui.screens.game")
    assert board != -1, "the board never loaded"
    assert 0 <= shown.find(b"draw lots") < board
