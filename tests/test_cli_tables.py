"""``play`` and ``series`` at tables of 2 to 4: ``--vs`` lists a level per computer,
``--players`` names every seat, ``--seat`` is the one person's seat. Each table that cannot be
is one line and exit status 2, before any screen."""

import subprocess
import sys

import pytest

from chinese_ten.cli import build_parser
from chinese_ten.tui_options import table_levels


def _levels(*args: str) -> tuple[str | None, ...]:
    parsed = build_parser().parse_args(["play", *args])
    return table_levels(parsed.vs, parsed.players, parsed.seat)


def test_the_tables_people_ask_for() -> None:
    assert _levels() == (None, None)  # two people, as always
    assert _levels("--vs", "hard") == (None, "hard")  # you against the computer, as always
    assert _levels("--vs", "hard", "--seat", "2") == ("hard", None)
    assert _levels("--players", "Ana,Ben") == (None, None)
    assert _levels("--vs", "easy,hard") == (None, "easy", "hard")  # you and two computers
    assert _levels("--vs", "hard,hard,hard", "--seat", "3") == ("hard", "hard", None, "hard")
    assert _levels("--players", "Ana,Ben,Cy,Dee") == (None,) * 4
    assert _levels("--players", "Ana,Ben,Cy", "--vs", "Normal") == (None, None, "normal")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vs", "hard,hard,hard,hard"], "names more than three computers"),
        (["--vs", "hard,wizard"], "unknown level 'wizard'"),
        (["--players", "Ana,Ben,Cy,Dee,Eve"], "must be two to four names"),
        (["--players", "Ana,Ben,ana"], "every player needs a name of their own"),
        (["--players", "Ana,Ben", "--vs", "easy,easy"], "leave no seat for a person"),
        (["--players", "Ana,Ben,Cy", "--vs", "easy", "--seat", "2"], "--seat chooses the seat"),
        (["--vs", "easy", "--seat", "3"], "--seat 3: the seats are 1 to 2"),
        (["--seat", "5"], "invalid choice"),
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
