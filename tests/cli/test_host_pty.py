"""``chinese-ten host`` seats its person in their own terminal, and a joined seat plays there."""

import json
import re
from pathlib import Path

from tests.pty_helpers import Terminal


def test_the_host_sits_at_the_first_seat_and_sees_whose_turn(tmp_path: Path) -> None:
    host = Terminal(
        ["host", "--players", "Ana,computer:easy", "--deals", "1", "--port", "0"],
        tmp_path,
        size=(120, 36),
    )
    try:
        assert host.wait_for("Press Enter to sit down")
        links = re.findall(r"Ana: (http://\S+)", host.text)
        assert len(links) == 1 and "#" in links[0]
        host.write(b"\r")
        assert host.wait_for("Your turn", limit=60), host.text
        assert "Computer (easy)" in host.text
        host.write(b"\x11")  # Ctrl+Q leaves the seat and ends the table, saved
        host.settle(limit=30)  # read what it writes on the way out
        assert host.process.wait(timeout=30) == 0
    finally:
        host.end()
    assert list(tmp_path.glob("host/*/table.json"))


SHIFT_TAB, RIGHT, DOWN = b"\x1b[Z", b"\x1b[C", b"\x1b[B"


def test_host_alone_asks_who_sits_where_on_the_start_screen(tmp_path: Path) -> None:
    """No --players, no --vs: ``play``'s start screen in the host's terminal; three seats,
    the second the computer, give a table of three with two links (one a person)."""
    host = Terminal(["host", "--port", "0"], tmp_path, size=(100, 32))
    try:
        assert host.wait_for("a person here"), host.text
        assert host.press(SHIFT_TAB + SHIFT_TAB + RIGHT, "Seat 3", guarded=True), host.text
        assert host.press(b"\t\t\t\r", "the computer, easy", guarded=True), host.text
        assert host.press(DOWN * 3 + b"\r", "Computer (hard)", guarded=True), host.text
        # Enter in the last person's field (left empty: the seat's own name) starts
        assert host.press(b"\t\t\r", "Press Enter to sit down", guarded=True), host.text
        links = re.findall(r"(Player \d|Computer \S+): (http://\S+)", host.text)
        assert [name for name, _link in links] == ["Player 1", "Player 3"], host.text
        assert len({link for _name, link in links}) == 2
        host.write(b"\r")
        assert host.wait_for("Computer (hard)", limit=60), host.text  # at the table of three
        host.settle()
        host.write(b"\x11")  # Ctrl+Q leaves the seat and ends the table, saved
        host.settle(limit=30)
        assert host.process.wait(timeout=30) == 0
    finally:
        host.end()
    (saved,) = tmp_path.glob("host/*/table.json")
    secrets = json.loads(saved.read_text())["secrets"]  # a secret for each person's seat
    assert [secret is not None for secret in secrets] == [True, False, True]


def test_host_leaving_its_start_screen_opens_no_table(tmp_path: Path) -> None:
    host = Terminal(["host", "--port", "0"], tmp_path, size=(100, 32))
    try:
        assert host.wait_for("a person here"), host.text
        host.settle()
        host.write(b"\x11")  # Ctrl+Q
        assert host.process.wait(timeout=30) == 0
        host.settle(limit=5)
        assert "http://" not in host.text
    finally:
        host.end()
    assert not list(tmp_path.glob("host/*/table.json"))
