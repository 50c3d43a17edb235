"""``chinese-ten simulate`` as a person meets it, beside the lean independent engine.

Both run as whole processes, start-up included, alternately (the order swaps every round),
each ``--repeat`` times: ``chinese-ten simulate --games G --deals 1 --players P`` and
``python benchmarks/lean_engine.py --deals G --seats N``. Prints each median wall time, the
deals a second it makes, the CPU time the process used (less swayed by other load than the wall
clock), and the ratio of simulate's deals/s to the lean engine's (1.0x or more: as fast).

Run: ``uv run python benchmarks/bench_simulate_process.py [--games 50000] [--players
random,random,random] [--repeat 3]``. Fewer games for a quick look, e.g. ``--games 5000``.
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

LEAN = Path(__file__).with_name("lean_engine.py")


def _run(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one whole process; exits with its message if it fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {done.stderr.strip().splitlines()[-1:]}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def _load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--players", default="random,random")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    seats = len(args.players.split(","))
    game = str(Path(sys.executable).with_name("chinese-ten"))
    commands = {
        "simulate": [game, "simulate", "--deals", "1", "--players", args.players, "--games"],
        "lean": [sys.executable, str(LEAN), "--seats", str(seats), "--deals"],
    }
    games = str(args.games)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    print(f"{args.games} deals, {args.players}; before: {_load()}")
    for k in range(args.repeat):
        order = list(commands) if k % 2 == 0 else list(reversed(commands))
        for name in order:
            wall, cpu = _run([*commands[name], games])
            times[name].append((wall, cpu))
            print(f"  {name:8s} {wall:7.2f} s wall {cpu:7.2f} s CPU")
    medians = {}
    for name, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        medians[name] = (wall, cpu)
        print(
            f"{name:8s} median {wall:6.2f} s wall ({args.games / wall:8,.0f} deals/s), "
            f"{cpu:6.2f} s CPU ({args.games / cpu:8,.0f} deals/s)"
        )
    (sim_wall, sim_cpu), (lean_wall, lean_cpu) = medians["simulate"], medians["lean"]
    print(
        f"simulate / lean deals/s: {lean_wall / sim_wall:.2f}x wall, {lean_cpu / sim_cpu:.2f}x CPU"
    )
    print(f"after: {_load()}")


if __name__ == "__main__":
    main()
