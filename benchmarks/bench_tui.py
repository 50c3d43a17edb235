"""What a player feels: start-up to the first screen, and a key press to the updated screen.

Run: ``uv run python benchmarks/bench_tui.py``.

- start-up: wall time from spawning ``python -m chinese_ten.commands.bench_launch``-like child
  (interpreter start, imports, app construction) to its first rendered screen, headless;
- keys: a seeded hot-seat game driven by Pilot; for each key, the wall time until the app is
  idle again with the screen updated, and the CPU time the process spent on it (the work a
  real terminal would wait for, without Pilot's idle polling).
"""

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

CHILD = textwrap.dedent(
    """
    import sys, time, tempfile
    from pathlib import Path
    from chinese_ten.tui.app import ChineseTenApp
    from chinese_ten.tui_options import GameOptions

    app = ChineseTenApp(GameOptions(players=("Ana", "Ben"), seed=1, save_dir=Path(tempfile.mkdtemp())))

    async def ready(pilot):
        await pilot.pause()
        print(time.time(), flush=True)
        app.exit()

    app.run(headless=True, size=(100, 30), auto_pilot=ready)
    """
)


def startup_seconds() -> float:
    start = time.time()
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1]) - start


async def key_latencies(turns: int) -> dict[str, list[tuple[float, float]]]:
    from chinese_ten.tui.app import ChineseTenApp
    from chinese_ten.tui.screens.game import GameScreen
    from chinese_ten.tui.screens.results import ResultsScreen
    from chinese_ten.tui_options import GameOptions

    options = GameOptions(players=("Ana", "Ben"), seed=2, save_dir=Path(tempfile.mkdtemp()))
    app = ChineseTenApp(options)
    timings: dict[str, list[tuple[float, float]]] = {}
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        keys = 0
        while keys < turns * 4 and not isinstance(app.screen, ResultsScreen):
            screen = app.screen
            if isinstance(screen, GameScreen):
                stage = screen.stage
                key = {"select": "right", "flip": "space"}.get(stage, "enter")
                if stage == "select" and keys % 3 == 0:
                    key = "enter"
                kind = {"right": "move the cursor", "space": "turn over the stock"}.get(
                    key, "play a card"
                )
            else:
                key, kind = "enter", "leave the hand-over screen"
            wall, cpu = time.perf_counter(), time.process_time()
            await pilot.press(key)
            await pilot.pause()
            timings.setdefault(kind, []).append(
                (time.perf_counter() - wall, time.process_time() - cpu)
            )
            keys += 1
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--turns", type=int, default=24)
    args = parser.parse_args()
    starts = sorted(startup_seconds() for _ in range(args.starts))
    print(f"start-up to first screen: median {statistics.median(starts) * 1000:.0f} ms "
          f"(min {starts[0] * 1000:.0f}, max {starts[-1] * 1000:.0f}, n={len(starts)})")
    timings = asyncio.run(key_latencies(args.turns))
    every = [t for pairs in timings.values() for t in pairs]
    for kind, pairs in [*timings.items(), ("every key", every)]:
        walls = [w * 1000 for w, _ in pairs]
        cpus = [c * 1000 for _, c in pairs]
        print(
            f"{kind:>28}: CPU median {statistics.median(cpus):5.1f} ms, max {max(cpus):5.1f}; "
            f"Pilot wall median {statistics.median(walls):5.1f} ms (n={len(pairs)})"
        )


if __name__ == "__main__":
    main()
