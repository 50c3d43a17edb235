"""The headless commands, run as a user runs them."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from chinese_ten.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "chinese_ten", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_version_and_help() -> None:
    assert run("--version").stdout.startswith("chinese-ten ")
    for command in ("replay", "simulate", "rules"):
        result = run(command, "--help")
        assert result.returncode == 0 and "usage:" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--deals", "0"], "--deals: 0 must be at least 1"),
        (["simulate", "--deals", "x"], "'x' is not a whole number"),
        (["simulate", "--players", "greedy,wizard"], "unknown player 'wizard'"),
        (["simulate", "--players", "greedy"], "must name two players"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_simulate_json_is_reproducible_and_records_replay(tmp_path: Path) -> None:
    args = ["simulate", "--games", "3", "--deals", "2", "--seed", "5", "--json", "--duplicate"]
    first = run(*args, "--records", str(tmp_path))
    second = run(*args)
    assert first.returncode == 0 and first.stdout == second.stdout
    summary = json.loads(first.stdout)
    assert summary["series_played"] == 6 and summary["deals_scored"] == 6
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 6
    replayed = json.loads(run("replay", "--json", str(files[0])).stdout)
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


def test_replay_bad_files_exit_1_with_one_line(tmp_path: Path) -> None:
    missing = run("replay", str(tmp_path / "none.json"))
    assert missing.returncode == 1 and "none.json: no such file" in missing.stderr
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "chinese-ten", "vers')
    result = run("replay", str(broken))
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert "broken.json: not valid JSON" in result.stderr and "Traceback" not in result.stderr


def test_rules_prints_the_rules_page() -> None:
    result = run("rules")
    assert result.returncode == 0 and "Worked example" in result.stdout and "105" in result.stdout
