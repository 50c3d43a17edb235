"""Start-up as a person meets it: from spawning the command to its first screen in a terminal.

Run: ``uv run python benchmarks/bench_startup.py``.

Each command runs in a pseudo-terminal of 100 x 30 (TERM=xterm-256color, a fresh
CHINESE_TEN_HOME) and the clock stops when a known string of its first screen appears in the
output. Beside ``chinese-ten play`` (launched three ways) runs a minimal Textual app, one
Static, measured the same way: the floor any Textual program pays. The commands take turns
(interleaved), so a busy machine slows them all alike.

Environments are built for the run in a temporary folder with ``uv sync``: as uv makes one by
default (no bytecode: with PYTHONDONTWRITEBYTECODE=1 every start compiles Textual, Rich and the
game from source); with ``--compile-bytecode``; and installed like a tool (``--no-editable``,
so the game's own modules are compiled too; in the others they are editable and compile from
source at every start). In the bytecode one, ``uv run --compile-bytecode`` shows what the
``compile-bytecode`` setting would cost: uv then compiles the whole environment again on every
run (astral-sh/uv#12202). ``--envs current`` measures the project's own .venv as it is.
Each command is compared with the minimal app launched the same way: ``uv run`` first checks
that the environment is in sync, which both pay.
"""

import argparse
import contextlib
import fcntl
import os
import pty
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIRST_SCREEN = "draw lots"  # on the start screen of ``chinese-ten play`` with no saved game
VS_HARD = ["play", "--vs", "hard", "--seed", "3"]
VS_HARD_SCREEN = "Deal 1"  # its first screen: the cut
PEOPLE = ["play", "--players", "Ana,Ben", "--seed", "3"]
"""Two people named on the command line: no start screen, the cut first (``VS_HARD_SCREEN``)."""
MINIMAL_MARK = "minimal app ready"
MINIMAL_APP = f"""
from textual.app import App, ComposeResult
from textual.widgets import Static


class Minimal(App[None]):
    def compose(self) -> ComposeResult:
        yield Static({MINIMAL_MARK!r})


Minimal().run()
"""
EXIT_AT_FIRST_FRAME = """
import os, runpy, sys
from textual.drivers.linux_driver import LinuxDriver

mark, target, *arguments = sys.argv[1:]
write = LinuxDriver.write


def write_then_exit(driver: LinuxDriver, data: str) -> None:
    write(driver, data)
    if mark in data:
        os._exit(0)


LinuxDriver.write = write_then_exit
sys.argv = [target, *arguments]
if target.endswith(".py"):
    runpy.run_path(target, run_name="__main__")
else:
    runpy.run_module(target, run_name="__main__", alter_sys=True)
"""
"""Runs a program (a script, or a module such as ``chinese_ten``) and ends the process as
soon as a frame holding ``mark`` is handed to the terminal: for counting instructions."""
ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-_])")
SIZE = (100, 30)


@dataclass(frozen=True)
class Command:
    label: str
    argv: list[str]
    mark: str
    env: dict[str, str]


@dataclass(frozen=True)
class Launch:
    wall: float
    """Seconds from spawn to the first screen."""
    cpu: float
    """CPU seconds the command's processes had used by then: less swayed by a busy machine."""


def spawn(argv: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[bytes], int]:
    """``argv`` in a new pseudo-terminal of ``SIZE``, in a session of its own; returns the
    process and the terminal's master side."""
    master, slave = pty.openpty()
    columns, rows = SIZE
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    process = subprocess.Popen(
        argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT, start_new_session=True
    )
    os.close(slave)
    return process, master


def first_frame(command: Command, timeout: float) -> Launch:
    """Time from spawn to ``command.mark`` on screen; the process is then ended and reaped."""
    with tempfile.TemporaryDirectory() as home:
        env = {**command.env, "TERM": "xterm-256color", "CHINESE_TEN_HOME": home}
        start = time.perf_counter()
        process, master = spawn(command.argv, env)
        try:
            wall = _wait_for(master, command.mark.encode(), start, timeout)
            return Launch(wall, _cpu_seconds(process.pid))
        finally:
            _end(process, master)
            os.close(master)


def _wait_for(master: int, mark: bytes, start: float, timeout: float) -> float:
    seen = b""
    while time.perf_counter() - start < timeout:
        ready, _, _ = select.select([master], [], [], 0.05)
        if not ready:
            continue
        try:
            seen += os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if mark in ESCAPES.sub(b"", seen):
            return time.perf_counter() - start
    tail = ESCAPES.sub(b"", seen)[-300:].decode(errors="replace")
    raise RuntimeError(f"{mark.decode()!r} did not appear within {timeout} s; output ends {tail!r}")


def _cpu_seconds(group: int) -> float:
    """User and system time of every live process in the group (and of children they reaped)."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == group:  # fields[0] is the state, field 5 of stat(5) the group
                ticks += sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def _end(process: subprocess.Popen[bytes], master: int) -> None:
    """SIGTERM (the game saves and leaves), then SIGKILL; keep draining so no write blocks."""
    for sig, grace in ((signal.SIGTERM, 5.0), (signal.SIGKILL, 5.0)):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            if process.poll() is not None:
                return
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                with contextlib.suppress(OSError):
                    os.read(master, 65536)
    process.wait(timeout=5)


ENVIRONMENTS = {
    "no bytecode": ("--no-compile-bytecode",),
    "bytecode": ("--compile-bytecode",),
    "installed": (
        "--compile-bytecode",
        "--no-editable",
        "--no-dev",
        "--reinstall-package",
        "chinese-ten",
    ),
}
"""How each environment is synced: uv's default; with bytecode; installed like a tool (the game
itself compiled too, no dev tools). uv keys its cache of the game's wheel on pyproject.toml
alone, so without ``--reinstall-package`` the installed game is whatever was built first."""


def build_env(path: Path, flags: tuple[str, ...]) -> float:
    """``uv sync`` the project into ``path``; returns the seconds it took."""
    env = {**os.environ, "UV_PROJECT_ENVIRONMENT": str(path)}
    env.pop("UV_COMPILE_BYTECODE", None)
    start = time.perf_counter()
    subprocess.run(["uv", "sync", "--frozen", "--quiet", *flags], cwd=ROOT, env=env, check=True)
    return time.perf_counter() - start


def commands_for(venv: Path, tag: str, minimal: Path) -> list[Command]:
    env = {**os.environ, "UV_PROJECT_ENVIRONMENT": str(venv), "VIRTUAL_ENV": str(venv)}
    for name in ("UV_COMPILE_BYTECODE", "NO_COLOR", "TEXTUAL_THEME", "TEXTUAL_DRIVER"):
        env.pop(name, None)
    python = str(venv / "bin" / "python")
    uv = shutil.which("uv") or "uv"
    script = [str(venv / "bin" / "chinese-ten"), "play"]
    commands = [
        Command(f"{tag}: .venv/bin/chinese-ten play", script, FIRST_SCREEN, env),
        Command(
            f"{tag}: python -m chinese_ten play",
            [python, "-m", "chinese_ten", "play"],
            FIRST_SCREEN,
            env,
        ),
        Command(f"{tag}: minimal Textual app", [python, str(minimal)], MINIMAL_MARK, env),
        Command(
            f"{tag}: .venv/bin/chinese-ten play --vs hard",
            [script[0], *VS_HARD],
            VS_HARD_SCREEN,
            env,
        ),
        Command(
            f"{tag}: .venv/bin/chinese-ten play --players Ana,Ben",
            [script[0], *PEOPLE],
            VS_HARD_SCREEN,
            env,
        ),
    ]
    uv_run = [uv, "run", "chinese-ten", "play"]
    if tag in ("no bytecode", "current", "bytecode"):  # ``uv run`` checks the environment
        floor = [uv, "run", "python", str(minimal)]  # first: the minimal app, launched alike
        commands.append(Command(f"{tag}: uv run minimal Textual app", floor, MINIMAL_MARK, env))
        commands.append(Command(f"{tag}: uv run chinese-ten play", uv_run, FIRST_SCREEN, env))
    if tag == "bytecode":  # with the ``compile-bytecode`` setting uv compiles on every run
        commands.append(
            Command(
                f"{tag}: uv run --compile-bytecode chinese-ten play",
                [uv, "run", "--compile-bytecode", "chinese-ten", "play"],
                FIRST_SCREEN,
                env,
            )
        )
    return commands


def instructions(
    python: str, launcher: Path, mark: str, target: list[str], bytecode: dict[str, str]
) -> int:
    """Instructions executed from the start of ``python`` to the first frame holding ``mark``,
    counted by callgrind: the same figure at every run, whatever else the machine does.
    ``bytecode``: the environment that says where compiled modules are read from."""
    with tempfile.TemporaryDirectory() as home:
        log = Path(home) / "callgrind.log"
        valgrind = [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            f"--log-file={log}",
        ]
        env = {**os.environ, "TERM": "xterm-256color", "CHINESE_TEN_HOME": home, **bytecode}
        process, master = spawn([*valgrind, python, str(launcher), mark, *target], env)
        drain(process, master)
        found = re.search(r"Collected : (\d+)", log.read_text())
        if found is None:
            raise RuntimeError(f"callgrind counted nothing: {log.read_text()[-300:]!r}")
        return int(found.group(1))


def count_instructions() -> None:
    """``chinese-ten play`` (three routes) against the minimal app, in the project's .venv, by
    instructions: without compiled bytecode (every module compiled from source at start, as
    a fresh ``uv sync`` leaves the environment) and with it (compiled once, before)."""
    python = str(ROOT / ".venv" / "bin" / "python")
    routes = (
        ("chinese-ten play", FIRST_SCREEN, ["chinese_ten", "play"]),
        ("chinese-ten play --vs hard", VS_HARD_SCREEN, ["chinese_ten", *VS_HARD]),
        ("chinese-ten play --players Ana,Ben", VS_HARD_SCREEN, ["chinese_ten", *PEOPLE]),
    )
    with tempfile.TemporaryDirectory() as work:
        launcher = Path(work) / "exit_at_first_frame.py"
        launcher.write_text(EXIT_AT_FIRST_FRAME)
        minimal = Path(work) / "minimal_app.py"
        minimal.write_text(MINIMAL_APP)
        commands = [("minimal Textual app", MINIMAL_MARK, [str(minimal)]), *routes]
        for state in ("no bytecode", "bytecode"):
            # Compiled modules are read from (and written to) a folder of this run alone.
            cache = {"PYTHONPYCACHEPREFIX": str(Path(work) / state.replace(" ", "-"))}
            if state == "no bytecode":
                cache["PYTHONDONTWRITEBYTECODE"] = "1"
            else:  # one launch each compiles every module it imports
                for _label, mark, target in commands:
                    warm = {**os.environ, **cache, "TERM": "xterm-256color"}
                    warm.pop("PYTHONDONTWRITEBYTECODE", None)
                    process, master = spawn([python, str(launcher), mark, *target], warm)
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        drain(process, master)
            print(f"{state}:")
            floor = 0
            for label, mark, target in commands:
                count = instructions(python, launcher, mark, target, cache)
                floor = floor or count
                print(f"  {label:<36} {count / 1e9:5.3f} G instructions  {count / floor:4.2f}x")


def drain(process: subprocess.Popen[bytes], master: int) -> None:
    """Read the terminal until ``process`` ends (it exits at its first frame)."""
    try:
        while process.poll() is None:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                with contextlib.suppress(OSError):
                    os.read(master, 65536)
    finally:
        os.close(master)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="launches of each command")
    parser.add_argument(
        "--envs",
        nargs="+",
        choices=(*ENVIRONMENTS, "current"),
        default=list(ENVIRONMENTS),
        help="environments to build and measure (current: the project's .venv as it is)",
    )
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds to wait a frame")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="instead: count the instructions to the first frame under valgrind's callgrind "
        "(the project's .venv; about a minute; not swayed by a busy machine)",
    )
    args = parser.parse_args()
    if args.instructions:
        count_instructions()
        return
    print(f"PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r}")
    with tempfile.TemporaryDirectory() as work:
        minimal = Path(work) / "minimal_app.py"
        minimal.write_text(MINIMAL_APP)
        commands: list[Command] = []
        for tag in args.envs:
            venv = ROOT / ".venv"
            if tag != "current":
                venv = Path(work) / tag.replace(" ", "-")
                seconds = build_env(venv, ENVIRONMENTS[tag])
                print(f"uv sync into a fresh environment ({tag}): {seconds:.1f} s")
            commands += commands_for(venv, tag, minimal)
        for command in commands:  # warm the file cache; not counted
            first_frame(command, args.timeout)
        launches: dict[str, list[Launch]] = {c.label: [] for c in commands}
        for _ in range(args.runs):
            for command in commands:
                launches[command.label].append(first_frame(command, args.timeout))
    report(launches)


def report(launches: dict[str, list[Launch]]) -> None:
    """Median and spread of each command, and its ratio to the minimal app of its environment
    launched the same way (``uv run`` or not)."""
    width = max(len(label) for label in launches)
    print(f"{'':<{width}}  wall ms: median (min-max)  ratio  CPU ms: median  ratio")
    for label, runs in launches.items():
        tag, command = label.split(": ", 1)
        launcher = "uv run " if command.startswith("uv run") else ""
        floor = launches[f"{tag}: {launcher}minimal Textual app"]
        wall = sorted(r.wall * 1000 for r in runs)
        cpu = statistics.median(r.cpu * 1000 for r in runs)
        floor_wall = statistics.median(r.wall * 1000 for r in floor)
        floor_cpu = statistics.median(r.cpu * 1000 for r in floor)
        print(
            f"{label:<{width}}  {statistics.median(wall):5.0f} ({wall[0]:4.0f}-{wall[-1]:4.0f})"
            f"  {statistics.median(wall) / floor_wall:4.2f}x  {cpu:5.0f}  {cpu / floor_cpu:4.2f}x"
        )


if __name__ == "__main__":
    main()
