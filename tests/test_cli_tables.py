"""``play`` and ``series`` at tables of 2 to 4: ``--vs`` lists a level per computer,
``--players`` names every seat, ``--seat`` is the one person's seat. Each table that cannot be
is one line and exit status 2, before any screen."""

import subprocess
import sys
from pathlib import Path

import pytest

from chinese_ten.cli.main import _table, build_parser
from chinese_ten.game.flow import GameFlow
from chinese_ten.game.options import GameOptions


def _levels(*args: str) -> tuple[str | None, ...]:
    return _table(build_parser().parse_args(["play", *args]))


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
        (["--players", "computer:hard,computer:easy"], "has no person"),
        (["--players", "Ana,computer:wizard"], "the computer's level is easy, normal or hard"),
        (["--players", "Computer (easy),computer:easy"], "need different names"),
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
    options = GameOptions(
        deals_planned=6, players=parsed.players.names, computer=_table(parsed), save_dir=tmp_path
    )
    flow = GameFlow(options)
    flow.start_series()
    assert flow.names == ("Ana", "Computer (easy)", "Ben") and options.hot_seat
    assert flow.computers[1] is not None and flow.computers[0] is None
    flow.release()
