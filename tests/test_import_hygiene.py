"""The engine and the headless commands run without Textual (and the engine without Rich)."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ENGINE = [
    "chinese_ten.cards",
    "chinese_ten.actions",
    "chinese_ten.deal",
    "chinese_ten.dealing",
    "chinese_ten.view",
    "chinese_ten.series",
    "chinese_ten.records",
    "chinese_ten.simulate",
    "chinese_ten.players",
    "chinese_ten.i18n",
    "chinese_ten.game_flow",
    "chinese_ten.history",
    "chinese_ten.stats",
    "chinese_ten.review",
    "chinese_ten.review_cursor",
]


def _loaded_after(code: str) -> set[str]:
    probe = f"import sys\n{code}\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_engine_imports_neither_textual_nor_rich() -> None:
    loaded = _loaded_after("\n".join(f"import {m}" for m in ENGINE))
    assert not {m for m in loaded if m.split(".")[0] in ("textual", "rich")}


def test_headless_commands_do_not_import_textual() -> None:
    loaded = _loaded_after(
        "from chinese_ten.cli import main\n"
        "import chinese_ten.commands.simulate, chinese_ten.commands.replay\n"
        "import chinese_ten.commands.rules, chinese_ten.commands.history\n"
        "import chinese_ten.commands.stats, chinese_ten.commands.review"
    )
    assert "chinese_ten.cli" in loaded
    assert not {m for m in loaded if m.split(".")[0] == "textual"}


FIRST_SCREEN = """
import sys, tempfile
from pathlib import Path
from chinese_ten.tui.app import ChineseTenApp
from chinese_ten.tui_options import GameOptions

options = GameOptions(save_dir=Path(tempfile.mkdtemp()), seed=3, {extra})
app = ChineseTenApp(options)

async def first_screen(pilot):
    await pilot.pause()
    print(type(app.screen).__name__, " ".join(sorted(sys.modules)))
    app.exit()

app.run(headless=True, size=(100, 30), auto_pilot=first_screen)
"""
LATER = ("pydantic", "markdown_it", "textual.widgets._markdown", "chinese_ten.records")
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


def test_start_screen_is_drawn_before_the_engine_loads(tmp_path: Path) -> None:
    """Start-up: the first frame (the start screen) needs neither the engine nor the board;
    they load right after it, when the app asks whether an unfinished game is saved."""
    probe = textwrap.dedent(
        """
        import sys
        from chinese_ten.tui.app import ChineseTenApp
        from chinese_ten.tui.screens.start import StartScreen
        from chinese_ten.tui_options import GameOptions

        seen = []
        StartScreen.on_mount = lambda self: seen.append(sorted(sys.modules))

        async def pilot(p):
            await p.pause()
            seen.append(sorted(sys.modules))
            p.app.exit()

        ChineseTenApp(GameOptions()).run(headless=True, auto_pilot=pilot)
        print(" ".join(seen[0]))
        print(" ".join(seen[1]))
        """
    )
    env = {**os.environ, "CHINESE_TEN_HOME": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=env
    )
    at_first_frame, after = (set(line.split()) for line in out.stdout.splitlines())
    heavy = {"chinese_ten.deal", "chinese_ten.players", "chinese_ten.tui.screens.game"}
    assert not heavy & at_first_frame
    assert heavy <= after  # then loaded, to look for an unfinished game
