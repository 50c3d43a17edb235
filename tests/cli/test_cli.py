"""The headless commands, run as a user runs them; ``play`` and ``series`` at tables of 2 to 4."""

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.cli.main import build_parser, main
from chinese_ten.cli.options import seat_levels
from chinese_ten.game.flow import GameFlow
from tests.cli_helpers import invoke
from tests.options_helpers import game_options


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert invoke(capsys, "--version").stdout.startswith("chinese-ten ")
    for command in ("replay", "simulate", "rules"):
        result = invoke(capsys, command, "--help")
        assert result.returncode == 0 and "usage:" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--deals", "0"], "--deals: 0 must be at least 1"),
        (["simulate", "--deals", "x"], "'x' is not a whole number"),
        (["simulate", "--deals", "1001", "--records", "r"], "--deals: 1001 is more than 1000"),
        (["series", "--deals", "1001"], "--deals: 1001 is more than 1000 deals"),
        (["series", "--deals", str(10**30)], "is more than 1000 deals"),
        (["simulate", "--jobs", "0"], "--jobs: 0 must be at least 1"),
        (["simulate", "--players", "greedy,wizard"], "unknown player 'wizard'"),
        (["simulate", "--players", "greedy"], "must name 2 to 4 players"),
        (["simulate", "--players", "random,random,random,random,random"], "2 to 4 players"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    result = invoke(capsys, *args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_simulate_json_is_reproducible_and_records_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "--games", "3", "--deals", "2", "--seed", "5", "--json", "--duplicate"]
    first = invoke(capsys, *args, "--records", str(tmp_path))
    second = invoke(capsys, *args)
    assert first.returncode == 0 and first.stdout == second.stdout
    summary = json.loads(first.stdout)
    assert summary["series_played"] == 6 and summary["deals_scored"] == 6
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 6
    replayed = json.loads(invoke(capsys, "replay", "--json", str(files[0])).stdout)
    assert set(replayed) == {"deals", "totals", "winner"}
    assert all(d["complete"] for d in replayed["deals"])
    assert sum(replayed["totals"]) == 0


def test_simulate_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--deals", "1", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "greedy v random" in out and "mean result per deal" in out


def test_replay_prints_a_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            ["simulate", "--games", "1", "--deals", "2", "--seed", "3", "--records", str(tmp_path)]
        )
        == 0
    )
    capsys.readouterr()
    (path,) = tmp_path.glob("*.json")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Total" in out and ("wins the series" in out or "tied" in out)


def test_replay_bad_files_exit_1_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = invoke(capsys, "replay", str(tmp_path / "none.json"))
    assert missing.returncode == 1 and "none.json: no such file" in missing.stderr
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "chinese-ten", "vers')
    result = invoke(capsys, "replay", str(broken))
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert "broken.json: not valid JSON" in result.stderr and "Traceback" not in result.stderr


def test_rules_prints_the_rules_page(capsys: pytest.CaptureFixture[str]) -> None:
    result = invoke(capsys, "rules")
    assert result.returncode == 0 and "Worked example" in result.stdout and "105" in result.stdout


def test_the_largest_series_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = invoke(
        capsys, "simulate", "--games", "1", "--deals", "1000", "--records", str(tmp_path)
    )
    assert result.returncode == 0, result.stderr
    (path,) = tmp_path.glob("*.json")
    assert invoke(capsys, "replay", "--json", str(path)).returncode == 0


def test_jobs_are_capped_by_series_and_cpus(monkeypatch: pytest.MonkeyPatch) -> None:
    from chinese_ten.analysis.simulate import usable_jobs

    monkeypatch.setattr(os, "sched_getaffinity", lambda _: {0, 1, 2, 3})
    assert usable_jobs(1000, 2) == 2
    assert usable_jobs(1000, 10**9) == 4
    assert usable_jobs(3, 10**9) == 3
    assert usable_jobs(1, 1) == 1
    monkeypatch.delattr(os, "sched_getaffinity")
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert usable_jobs(1000, 1000) == 1


def test_simulate_starts_no_more_workers_than_series(monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    from chinese_ten.analysis.simulate import simulate

    spawn = type(multiprocessing.get_context("spawn"))
    real_pool = spawn.Pool
    sizes: list[int | None] = []

    def counting_pool(self: Any, processes: int | None = None, **kwargs: Any) -> Any:
        sizes.append(processes)
        return real_pool(self, processes, **kwargs)

    monkeypatch.setattr(os, "sched_getaffinity", lambda _: set(range(64)))
    monkeypatch.setattr(spawn, "Pool", counting_pool)
    two = simulate(2, 1, ("greedy", "random"), 9, jobs=1000)
    assert sizes == [2]
    one = simulate(2, 1, ("greedy", "random"), 9, jobs=1)
    assert sizes == [2] and two.as_json() == one.as_json()


def test_results_are_the_same_for_any_jobs() -> None:
    from chinese_ten.analysis.simulate import SeriesPlay, simulate

    runs = []
    for jobs in (1, 2):
        plays: list[SeriesPlay] = []
        summary = simulate(
            5, 2, ("greedy", "random"), 21, duplicate=True, on_series=plays.append, jobs=jobs
        )
        runs.append((summary.as_json(), [p.states for p in plays]))
    assert runs[0] == runs[1]


def test_tasks_are_made_as_workers_need_them() -> None:
    """So any --games starts at once: simulate feeds _run a generator of tasks."""
    from chinese_ten.analysis import simulate as module

    for workers in (1, 2):
        made = 0

        def tasks() -> Iterator[Any]:
            nonlocal made
            seeds = random.Random(3)
            for _ in range(10**5):  # plenty, yet a regression that drains them stays small
                made += 1
                kinds, seats = ("random", "random"), ("random 1", "random 2")
                yield module._SeriesTask(seeds.getrandbits(48), 1, kinds, seats, False, None)

        results = module._run(tasks(), workers)
        first = next(results)
        results.close()
        assert len(first) == 1 and made <= 1 + workers * module._LOOK_AHEAD


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_simulate_with_one_line(tmp_path: Path, jobs: str) -> None:
    """SIGINT to the whole process group, as a terminal's Ctrl+C sends it, workers included."""
    args = ["--games", "100000", "--deals", "50", "--jobs", jobs, "--records", str(tmp_path)]
    process = subprocess.Popen(
        [sys.executable, "-m", "chinese_ten", "simulate", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        process_group=0,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    )
    try:
        deadline = time.monotonic() + 120
        while not any(tmp_path.glob("series-*.json")):  # under way: records are coming
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        workers = _children(process.pid)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130
    assert err == "chinese-ten: interrupted\n" and out == ""
    assert len(workers) >= (2 if jobs == "2" else 0)
    assert not any(t.name.endswith(".tmp") for t in tmp_path.iterdir())


def _children(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_term_or_hangup_to_simulate_alone_stops_its_workers_quietly(
    tmp_path: Path, signum: signal.Signals
) -> None:
    """The signal to the main process only (kill PID): it used to die at once and leave its
    workers printing BrokenPipeError tracebacks."""
    args = ["--games", "100000", "--deals", "50", "--jobs", "2", "--records", str(tmp_path)]
    process = subprocess.Popen(
        [sys.executable, "-m", "chinese_ten", "simulate", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        process_group=0,
    )
    try:
        deadline = time.monotonic() + 120
        while not any(tmp_path.glob("series-*.json")):
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        workers = _children(process.pid)
        process.send_signal(signum)
        out, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 128 + signum
    assert err == "chinese-ten: interrupted\n" and out == ""
    assert len(workers) >= 2
    deadline = time.monotonic() + 30  # a bound on waiting for the pool's own shutdown
    while any(Path(f"/proc/{w}").exists() for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(Path(f"/proc/{w}").exists() for w in workers)


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("rules",), 1),
        (("simulate", "--games", "2", "--players", "greedy,random", "--seed", "1"), 1),
        (("simulate", "--games", "2", "--players", "greedy,random", "--json"), 1),
        (("history",), 1),
        (("stats",), 1),
        (("--help",), 1),  # the help too: one rule for every command
    ],
)
def test_a_reader_that_leaves_early_ends_the_command_quietly(
    args: tuple[str, ...], code: int, tmp_path: Path
) -> None:
    """`chinese-ten ... | head -c1`: the pipe closes before the output is written."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # every write now meets a broken pipe
    env = {**os.environ, "CHINESE_TEN_HOME": str(tmp_path), "COLUMNS": "100"}
    try:
        result = subprocess.run(
            [sys.executable, "-m", "chinese_ten", *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr
    assert result.stderr == ""
    assert result.returncode == code


# ``play`` and ``series`` at tables of 2 to 4: ``--vs`` lists a level per computer,
# ``--players`` names every seat, ``--seat`` is the one person's seat. Each table that cannot be
# is one line and exit status 2, before any screen.


def _levels(*args: str) -> tuple[str | None, ...]:
    return seat_levels(build_parser().parse_args(["play", *args]))


def test_the_tables_people_ask_for() -> None:
    assert _levels() == (None, None)  # two people, as always
    assert _levels("--vs", "hard") == (None, "hard")  # you against the computer, as always
    assert _levels("--vs", "hard", "--seat", "2") == ("hard", None)
    assert _levels("--players", "Ana,Ben") == (None, None)
    assert _levels("--vs", "easy,hard") == (None, "easy", "hard")  # you and two computers
    assert _levels("--vs", "hard,hard,hard", "--seat", "3") == ("hard", "hard", None, "hard")
    assert _levels("--players", "Ana,Ben,Cy,Dee") == (None,) * 4
    assert _levels("--players", "Ana,Ben,Cy", "--vs", "Normal") == (None, None, "normal")


def test_players_seats_the_computer_where_it_is_named() -> None:
    """``--players`` says the whole table in one option: a name for a person, and
    ``computer:LEVEL`` for the computer in that seat (its default name)."""
    assert _levels("--players", "Ana,computer:easy,Ben") == (None, "easy", None)
    assert _levels("--players", " Ana , COMPUTER: Hard ") == (None, "hard")
    assert _levels("--players", "computer:hard,Ana,computer:hard") == ("hard", None, "hard")
    parsed = build_parser().parse_args(["play", "--players", "Ana,computer:easy,Ben"])
    assert parsed.players.names == ("Ana", None, "Ben")  # the computer's name is its default
    beside = build_parser().parse_args(["play", "--players", "Ordinateur,computer:hard,Vousa"])
    assert beside.players.names == ("Ordinateur", None, "Vousa")  # like one, but not one


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vs", "hard,hard,hard,hard"], "names more than 3 computers"),
        (["--vs", "hard,wizard"], "unknown level 'wizard'"),
        (["--players", "Ana,Ben,Cy,Dee,Eve"], "must be 2 to 4 names"),
        (["--players", "Ana,Ben,ana"], "every player needs a name of their own"),
        (["--players", "Ana,Ben", "--vs", "easy,easy"], "leave no seat for a person"),
        (["--players", "Ana,Ben,Cy", "--vs", "easy", "--seat", "2"], "--seat chooses the seat"),
        (["--vs", "easy", "--seat", "3"], "--seat 3: the seats are 1 to 2"),
        (["--seat", "5"], "invalid choice"),
        (["--players", "computer:hard,computer:easy"], "has no person"),
        (["--players", "Ana,computer:wizard"], "the computer's level is one of easy, normal, hard"),
        (["--players", "Computer (easy),computer:easy"], "need different names"),
        (
            ["--players", "Ana,Ordinateur (difficile),computer:hard"],
            "(Ordinateur (difficile) and Computer (hard) read the same)",
        ),
        (["--players", "Computador (fácil),computer:easy"], "need different names"),
        (["--players", "You,Vous"], "(You and Vous read the same)"),
        (["--players", "Player 1,Joueur 1,Ana"], "(Player 1 and Joueur 1 read the same)"),
        (["--players", "Ana,computer:easy", "--vs", "hard"], "leave out --vs and --seat"),
        (["--players", "Ana,computer:easy,Ben", "--seat", "2"], "leave out --vs and --seat"),
    ],
)
def test_a_table_that_cannot_be_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "chinese_ten", "--lang", "en", "play", *args],
        check=False,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_a_computer_seated_by_players_plays_under_its_default_name(tmp_path: Path) -> None:
    parsed = build_parser().parse_args(["series", "--players", "Ana,computer:easy,Ben"])
    options = game_options(
        deals_planned=6,
        players=parsed.players.names,
        computer=seat_levels(parsed),
        save_dir=tmp_path,
    )
    flow = GameFlow(options)
    flow.start_series()
    assert flow.names == ("Ana", "Computer (easy)", "Ben") and options.table.hot_seat
    assert flow.computers[1] is not None and flow.computers[0] is None
    flow.release()


@pytest.mark.parametrize("players", ["greedy,random", "random,random,greedy"])
def test_one_deal_has_no_interval_and_strict_json(
    players: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("simulate", "--games", "1", "--deals", "1", "--seed", "1", "--players", players)
    table = invoke(capsys, *args)
    assert table.returncode == 0 and "inf" not in table.stdout
    assert "One deal gives no interval" in table.stdout
    written = invoke(capsys, *args, "--json").stdout
    assert "Infinity" not in written
    data = json.loads(written, parse_constant=lambda word: pytest.fail(f"not strict JSON: {word}"))
    assert data["ci95"] is None
    assert all(seat["ci95"] is None for seat in data.get("per_player", {}).values())
    two = json.loads(invoke(capsys, *args[:4], "2", *args[5:], "--json").stdout)
    assert two["ci95"] is not None and two["ci95"] > 0
