"""Time and memory of the history's reading commands on a large history (10,000 games).

Run: ``uv run python benchmarks/bench_history.py [--games 10000] [--names 100] [--folder DIR]
[--mixed]``. The history is built once in ``DIR`` (default: a folder under the system's
temporary folder, kept for the next run): games of random against random play, one to three
deals each, between names drawn from a pool of ``--names`` people, added through
:meth:`History.import_record` (the path of ``history import``) in one process; with
``--mixed``, tables of 2, 3 and 4 seats in turn. Then each command runs as a whole process
(``python -m chinese_ten ...`` with ``CHINESE_TEN_HOME`` set to the folder), three times; the
best wall time and the peak resident memory (``wait4``'s ``ru_maxrss``) are printed. ``F2`` is
the history screen, opened headless in a process of its own (Textual's start included) until
its tables are filled; the time from pushing the screen to that is printed beside it.

Goal: each at most 2 s and 100 MB at 10,000 games. Figures: the README's history
section.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from chinese_ten.analysis.simulate import play_deal, series_setups
from chinese_ten.players.base import make_player
from chinese_ten.store.history import open_history
from chinese_ten.store.history_places import FILE_NAME
from chinese_ten.store.records import game_record

F2_SCRIPT = """
import asyncio, sys, time
from pathlib import Path
from textual.app import App
from chinese_ten.tui.screens.history import HistoryScreen

class Host(App[None]):
    pass

async def main() -> None:
    app = Host()
    async with app.run_test(size=(120, 40)) as pilot:
        began = time.perf_counter()
        await app.push_screen(HistoryScreen(Path(sys.argv[1])))
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen) and app.screen.is_mounted
        print(f"{time.perf_counter() - began:.2f}", file=sys.stderr)

asyncio.run(main())
"""
"""The history screen in a headless app: prints the seconds from pushing it to its first
frame with the tables filled (its ``on_mount`` reads the history and fills them)."""


def build(folder: Path, games: int, names: int, *, mixed: bool = False) -> None:
    """``games`` imported games between ``names`` people (nothing if already built); with
    ``mixed``, at tables of 2, 3 and 4 in turn."""
    if (folder / FILE_NAME).exists():
        with open_history(folder) as history:
            if len(history.games(limit=games)) >= games:
                return
        (folder / FILE_NAME).unlink()
    rng = random.Random(21)
    people = [f"Player {n:03d}" for n in range(names)]
    began = time.perf_counter()
    with open_history(folder) as history:
        for game in range(games):
            seats = 2 + game % 3 if mixed else 2
            players = [make_player("random", random.Random(game * 2 + k)) for k in range(seats)]
            deals = rng.randint(1, 3)
            setups = series_setups(random.Random(game), deals, seats=seats)
            states = [play_deal(setup, players) for setup in setups]
            history.import_record(game_record(tuple(rng.sample(people, seats)), deals, states))
    print(f"built {games} games in {time.perf_counter() - began:.0f} s", file=sys.stderr)


def measure(argv: list[str], folder: Path) -> tuple[float, float, str]:
    """Seconds and peak MB of one run of ``argv`` as a process of its own, and its stderr."""
    env = {**os.environ, "CHINESE_TEN_HOME": str(folder), "COLUMNS": "120"}
    began = time.perf_counter()
    process = subprocess.Popen(
        argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    assert process.stderr is not None
    said = process.stderr.read()
    _pid, status, usage = os.wait4(process.pid, 0)
    took = time.perf_counter() - began
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {said}")
    return took, usage.ru_maxrss / 1024, said.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--names", type=int, default=100)
    parser.add_argument("--folder", type=Path, default=None)
    parser.add_argument("--mixed", action="store_true", help="tables of 2, 3 and 4 in turn")
    args = parser.parse_args()
    kind = "-mixed" if args.mixed else ""
    folder = args.folder or Path(tempfile.gettempdir()) / f"bench-history-{args.games}{kind}"
    folder.mkdir(parents=True, exist_ok=True)
    build(folder, args.games, args.names, mixed=args.mixed)
    python = [sys.executable, "-m", "chinese_ten"]
    commands = {
        "history": [*python, "history"],
        "history --json": [*python, "history", "--json", "--limit", "10000"],
        "stats": [*python, "stats"],
        "stats --player": [*python, "stats", "--player", "Player 007"],
        "F2": [sys.executable, "-c", F2_SCRIPT, str(folder)],
    }
    for label, argv in commands.items():
        runs = [measure(argv, folder) for _ in range(3)]
        seconds = min(t for t, _m, _s in runs)
        line = f"{label:16} {seconds:6.2f} s {max(m for _t, m, _s in runs):6.0f} MB"
        if label == "F2":
            line += f" (the screen itself: {min(float(s) for _t, _m, s in runs):.2f} s)"
        print(line)


if __name__ == "__main__":
    main()
