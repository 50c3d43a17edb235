"""``chinese-ten join`` alone in a terminal asks for the link and never shows what is pasted:
the secret stays off the command line (``ps``) and off the screen."""

import os
import signal
import socket
import subprocess
import sys
import termios
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pty_helpers import Terminal

PROMPT = "Paste your seat's link (it is not shown): "
SECRET = "S3cr" + "e" * 39


@pytest.fixture
def table(tmp_path: Path) -> Iterator[list[str]]:
    """A host of Ana and Ben (``--no-seat``) and the links it printed, stopped after the test."""
    arguments = ["--no-seat", "--port", "0", "--players", "Ana,Ben", "--deals", "1"]
    host = subprocess.Popen(
        [sys.executable, "-m", "chinese_ten", "host", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "CHINESE_TEN_HOME": str(tmp_path / "host")},
    )
    try:
        assert host.stdout is not None
        assert host.stdout.readline().startswith("Table ")
        yield [host.stdout.readline().split(": ", 1)[1].strip() for _seat in range(2)]
    finally:
        host.send_signal(signal.SIGINT)
        host.communicate(timeout=30)


def _closed_port() -> int:
    """A port of this machine where nothing listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def echoes(terminal: Terminal) -> bool:
    """Whether the terminal echoes what is typed (its line discipline's ECHO flag)."""
    assert terminal.main is not None
    return bool(termios.tcgetattr(terminal.main)[3] & termios.ECHO)


def test_join_alone_asks_for_the_link_and_takes_the_seat_without_showing_it(
    tmp_path: Path, table: list[str]
) -> None:
    ben = table[1]
    join = Terminal(["join"], tmp_path, size=(100, 32), controlling=True)
    try:
        assert join.wait_for(PROMPT), join.text
        assert not echoes(join)
        join.write(ben.encode() + b"\r")
        assert join.wait_for("Your hand", limit=60), join.text  # at the table
        join.settle()
        join.write(b"\x11")  # Ctrl+Q leaves the seat
        assert join.process.wait(timeout=30) == 0
        join.settle(limit=5)
        assert echoes(join)  # the terminal is as it was
    finally:
        join.end()
    secret = ben.partition("#")[2].encode()
    assert secret not in join.written and ben.partition("#")[0].encode() not in join.written


def test_a_pasted_link_to_a_host_that_is_gone_is_one_line_and_never_shown(
    tmp_path: Path,
) -> None:
    join = Terminal(["join"], tmp_path, controlling=True)
    try:
        assert join.wait_for(PROMPT), join.text
        join.write(f"http://127.0.0.1:{_closed_port()}/t/abc#{SECRET}\r".encode())
        assert join.process.wait(timeout=60) == 1
        join.settle(limit=5)
    finally:
        join.end()
    said = bytes(join.written).decode()
    assert said.startswith(PROMPT) and "chinese-ten: Cannot reach the host" in said
    assert SECRET not in said and said.count("\n") == 2  # the prompt's line, then one line


def test_a_pasted_text_that_is_no_link_is_one_line_without_its_secret(tmp_path: Path) -> None:
    join = Terminal(["join"], tmp_path, controlling=True)
    try:
        assert join.wait_for(PROMPT), join.text
        join.write(f"ftp://example.org/t/abc#{SECRET}\r".encode())
        assert join.process.wait(timeout=60) == 2
        join.settle(limit=5)
    finally:
        join.end()
    said = bytes(join.written).decode()
    assert "is not an invite link" in said and "Traceback" not in said
    assert SECRET not in said and "example.org" in said.split(PROMPT, 1)[1]


def test_nothing_pasted_is_one_line(tmp_path: Path) -> None:
    join = Terminal(["join"], tmp_path, controlling=True)
    try:
        assert join.wait_for(PROMPT), join.text
        join.write(b"\x04")  # Ctrl+D: the end of the input, nothing in it
        assert join.process.wait(timeout=60) == 2
        join.settle(limit=5)
        assert echoes(join)
    finally:
        join.end()
    assert "chinese-ten: no link was pasted" in join.text and "Traceback" not in join.text


def test_ctrl_c_at_the_prompt_leaves_the_terminal_echoing(tmp_path: Path) -> None:
    join = Terminal(["join"], tmp_path, controlling=True)
    try:
        assert join.wait_for(PROMPT), join.text
        join.write(f"http://127.0.0.1:1/t/abc#{SECRET[:10]}".encode() + b"\x03")
        assert join.process.wait(timeout=60) == 130
        join.settle(limit=5)
        assert echoes(join)
    finally:
        join.end()
    assert "chinese-ten: interrupted" in join.text and "Traceback" not in join.text
    assert SECRET[:10] not in join.text
