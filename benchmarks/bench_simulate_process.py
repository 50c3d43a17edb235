"""``chinese-ten simulate`` as a person meets it, beside the lean independent engine.

Both run as whole processes, start-up included, alternately (the order turns every round),
each ``--repeat`` times: ``chinese-ten simulate --games G --deals 1 --players P`` and
``python benchmarks/lean_engine.py --deals G --seats N`` (with ``--before SRC``, also the same
``simulate`` from another copy of the game's source, the three turning round). Prints each
median wall time, the deals a second it makes, the CPU time the process used (less swayed by
other load than the wall clock), and the ratio of simulate's deals/s to the lean engine's (1.0x
or more: as fast).

Run: ``uv run python benchmarks/bench_simulate_process.py [--games 50000] [--players
random,random,random] [--repeat 3]``. Fewer games for a quick look, e.g. ``--games 5000``.
``--instructions`` counts instead (valgrind's callgrind): start-up and a deal's instructions of
each, and the ratio they make at ``--games`` deals, unswayed by the machine's load. Both start
as the environment has them (here ``PYTHONDONTWRITEBYTECODE=1``: every start compiles Rich and
the game from source); ``--bytecode`` lets both start from bytecode compiled in a temporary
folder beforehand, as wherever that variable is not set. Figures, and the runs before and
after the engine's speed work: docs/performance.md.
"""

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LEAN = Path(__file__).with_name("lean_engine.py")


def _run(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of one whole process; exits with its message if it fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {done.stderr.strip().splitlines()[-1:]}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def _instructions(command: list[str], env: dict[str, str]) -> int:
    """Instructions one whole process runs, counted by valgrind's callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "callgrind.log"
        valgrind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
        env = {**env, "PYTHONHASHSEED": "0"}
        subprocess.run(
            [*valgrind, f"--log-file={log}", *command], capture_output=True, check=True, env=env
        )
        found = re.search(r"Collected : (\d+)", log.read_text())
        if found is None:
            sys.exit(f"callgrind counted nothing for {' '.join(command)}")
        return int(found.group(1))


def _count_instructions(commands: dict[str, list[str]], games: int, env: dict[str, str]) -> None:
    """Start-up and per-deal instructions of each (a run of 1 deal and one of 1,001), and
    the ratio they give at ``games`` deals: the same figures whatever else the machine does."""
    totals = {}
    for name, command in commands.items():
        one, more = (_instructions([*command, str(n)], env) for n in (1, 1001))
        per_deal = (more - one) / 1000
        start_up = one - per_deal
        totals[name] = start_up + per_deal * games
        print(f"{name:8s} start-up {start_up / 1e6:7,.0f} M, a deal {per_deal / 1e3:7,.1f} k")
    ratio = totals["lean"] / totals["simulate"]
    print(f"simulate / lean deals per instruction at {games} deals: {ratio:.2f}x")


def _load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--players", default="random,random")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions under valgrind instead of timing (several minutes)",
    )
    parser.add_argument(
        "--bytecode",
        action="store_true",
        help="let both start from compiled bytecode (kept in a temporary folder), as where "
        "PYTHONDONTWRITEBYTECODE is not set; by default the environment decides",
    )
    parser.add_argument(
        "--before",
        metavar="SRC",
        type=Path,
        help="also time the game whose source folder is SRC (e.g. the src folder of "
        "'git archive COMMIT src' unpacked), a third command in the rotation",
    )
    args = parser.parse_args()
    seats = len(args.players.split(","))
    game = str(Path(sys.executable).with_name("chinese-ten"))
    options = ["simulate", "--deals", "1", "--players", args.players, "--games"]
    commands = {
        "simulate": [game, *options],
        "lean": [sys.executable, str(LEAN), "--seats", str(seats), "--deals"],
    }
    if args.before is not None:  # its own source first on the path, then the same command line
        start = f"import sys; sys.path.insert(0, {str(args.before.resolve())!r}); "
        start += "from chinese_ten.cli.main import main; sys.exit(main())"
        commands["before"] = [sys.executable, "-c", start, *options]
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ)
        if args.bytecode:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = cache
            for command in commands.values():  # compiled once, before anything is counted
                _run([*command, "1"], env)
        if args.instructions:
            _count_instructions(commands, args.games, env)
        else:
            _time(commands, args.games, args.repeat, args.players, env)


def _time(
    commands: dict[str, list[str]], deals: int, repeat: int, players: str, env: dict[str, str]
) -> None:
    """Each runs ``repeat`` times, the order turning round every time; medians, and each
    one's deals a second against the lean engine's."""
    games = str(deals)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    bytecode = "no bytecode" if env.get("PYTHONDONTWRITEBYTECODE") else "bytecode"
    print(f"{deals} deals, {players}, {bytecode}; before: {_load()}")
    for k in range(repeat):
        names = list(commands)
        for name in names[k % len(names) :] + names[: k % len(names)]:
            wall, cpu = _run([*commands[name], games], env)
            times[name].append((wall, cpu))
            print(f"  {name:8s} {wall:7.2f} s wall {cpu:7.2f} s CPU")
    medians = {}
    for name, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        medians[name] = (wall, cpu)
        print(
            f"{name:8s} median {wall:6.2f} s wall ({deals / wall:8,.0f} deals/s), "
            f"{cpu:6.2f} s CPU ({deals / cpu:8,.0f} deals/s)"
        )
    lean_wall, lean_cpu = medians["lean"]
    for name, (wall, cpu) in medians.items():
        if name != "lean":
            print(f"{name} / lean deals/s: {lean_wall / wall:.2f}x wall, {lean_cpu / cpu:.2f}x CPU")
    print(f"after: {_load()}")


if __name__ == "__main__":
    main()
