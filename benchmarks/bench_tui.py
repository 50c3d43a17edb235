"""What a player feels after start-up: a key press to the updated screen.

Run: ``uv run python benchmarks/bench_tui.py``. (Start-up to the first screen, in a real
terminal: ``bench_startup.py``.)

A seeded hot-seat game driven by Pilot. For each key, the time from sending it to the last
screen update it caused (``App._display``, the call that writes a frame to the terminal), and
the CPU time the process spent until it was idle again. Pilot's own idle polling adds wall
time a player never sees, so that figure is not reported.
"""

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path


async def key_latencies(turns: int) -> dict[str, list[tuple[float, float, float]]]:
    from chinese_ten.game.options import GameOptions, Session
    from chinese_ten.game.table import Table
    from chinese_ten.tui.app import ChineseTenApp
    from chinese_ten.tui.screens.game import GameScreen
    from chinese_ten.tui.screens.results import ResultsScreen

    options = GameOptions(
        table=Table(typed=("Ana", "Ben"), computer=(None, None), deals_planned=None),
        names_given=True,
        session=Session(seed=2, save_dir=Path(tempfile.mkdtemp())),
    )
    app = ChineseTenApp(options)
    timings: dict[str, list[tuple[float, float, float]]] = {}
    frames: list[float] = []
    display = app._display

    def timed_display(screen: object, renderable: object) -> None:
        display(screen, renderable)  # type: ignore[arg-type]
        frames.append(time.perf_counter())

    app._display = timed_display  # type: ignore[method-assign]
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        keys = 0
        while keys < turns * 4 and not isinstance(app.screen, ResultsScreen):
            screen = app.screen
            if isinstance(screen, GameScreen):
                stage = screen.turn.stage
                key = {"select": "right", "flip": "space"}.get(stage, "enter")
                if stage == "select" and keys % 3 == 0:
                    key = "enter"
                kind = {"right": "move the cursor", "space": "turn over the stock"}.get(
                    key, "play a card"
                )
            else:
                key, kind = "enter", "leave the hand-over screen"
            wall, cpu = time.perf_counter(), time.process_time()
            frames.clear()
            await pilot.press(key)
            await pilot.pause()
            cpu = time.process_time() - cpu
            if frames:
                timings.setdefault(kind, []).append((frames[0] - wall, frames[-1] - wall, cpu))
            keys += 1
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=24)
    args = parser.parse_args()
    timings = asyncio.run(key_latencies(args.turns))
    every = [t for pairs in timings.values() for t in pairs]
    for kind, pairs in [*timings.items(), ("every key", every)]:
        first = statistics.median(f * 1000 for f, _, _ in pairs)
        settled = statistics.median(s * 1000 for _, s, _ in pairs)
        cpu = statistics.median(c * 1000 for _, _, c in pairs)
        print(
            f"{kind:>28}: first frame {first:5.1f} ms, last frame {settled:5.1f} ms, "
            f"CPU {cpu:5.1f} ms (medians, n={len(pairs)})"
        )


if __name__ == "__main__":
    main()
