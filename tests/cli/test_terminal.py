"""The real command in a pseudo-terminal: start-up, SIGTERM, and the refusal without a tty."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from chinese_ten.cli.outputs import guard_standard_streams
from chinese_ten.net.client import LINK_VARIABLE
from chinese_ten.store.records import record_json
from tests.history_helpers import played
from tests.pty_helpers import Terminal


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_sigterm_saves_and_restores_the_terminal(tmp_path: Path) -> None:
    game = Terminal(["play", "--players", "Ana,Ben", "--seed", "4"], tmp_path)
    try:
        assert game.wait_for("cut the pack"), game.text
        # the cut (it waits a moment before Enter counts): the deal is dealt and saved
        assert game.press(b"\r", "Pass the keyboard", guarded=True), game.text
        game.process.send_signal(signal.SIGTERM)
        tail = game.read_until(b"\x1b[?1049l")
        assert game.process.wait(timeout=30) == 128 + signal.SIGTERM
    finally:
        game.end()
    assert b"\x1b[?1049l" in tail  # left the alternate screen: the terminal is restored
    assert (tmp_path / "current.json").is_file()


NEEDS_A_TERMINAL = {
    "play": (["play", "--vs", "easy"], "play and series need an interactive terminal"),
    "series": (["series"], "play and series need an interactive terminal"),
    "review": (["review", "{record}"], "review needs an interactive terminal (or use --json)"),
    "host": (["host"], "host needs an interactive terminal for your seat (or use --no-seat)"),
    "join": (["join"], "join needs the invite link: run it in a terminal to paste it, or give "),
}
"""Every command that reads or checks standard input, and the line it refuses it with."""


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX shell's <&-")
@pytest.mark.parametrize("stdin", ["closed", "/dev/null"])
@pytest.mark.parametrize(
    ("arguments", "said"), NEEDS_A_TERMINAL.values(), ids=NEEDS_A_TERMINAL.keys()
)
def test_a_command_without_a_terminal_is_refused_in_one_line(
    tmp_path: Path, stdin: str, arguments: list[str], said: str
) -> None:
    """Started with ``<&-`` (Python leaves ``sys.stdin`` None) as with ``</dev/null``."""
    record = tmp_path / "game.json"
    record.write_text(record_json(played(1)), encoding="utf-8")
    command = [sys.executable, "-m", "chinese_ten", *(a.format(record=record) for a in arguments)]
    environment = {k: v for k, v in os.environ.items() if k != LINK_VARIABLE}
    result = subprocess.run(
        ["sh", "-c", 'exec "$@" <&-', "sh", *command] if stdin == "closed" else command,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=environment,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith(f"chinese-ten: {said}")
    assert result.stderr.count("\n") == 1 and result.stdout == ""


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX shell's <&-")
def test_commands_that_read_no_input_run_with_it_closed(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(record_json(played(1)), encoding="utf-8")
    for arguments in (["history", "import", str(record)], ["history"]):
        result = subprocess.run(
            ["sh", "-c", 'exec "$@" <&-', "sh", sys.executable, "-m", "chinese_ten", *arguments],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert result.returncode == 0 and result.stderr == "", result.stderr
    assert "Ana" in result.stdout


def test_a_closed_input_reads_as_empty_and_no_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    guard_standard_streams()
    assert sys.stdin is not None
    try:
        assert not sys.stdin.isatty() and sys.stdin.read() == ""
    finally:
        sys.stdin.close()


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
@pytest.mark.parametrize(
    ("encoding", "frame", "never"),
    [("ascii", "+-----", ("\\u25", "\u256d")), ("utf-8", "\u256d\u2500", ("\\u25", "+-----"))],
)
def test_play_draws_in_ascii_when_the_output_cannot_encode_more(
    tmp_path: Path, encoding: str, frame: str, never: tuple[str, ...]
) -> None:
    environment = {**os.environ, "PYTHONIOENCODING": encoding}
    game = Terminal(
        ["play", "--players", "Ana,Ben", "--seed", "4"], tmp_path, environment=environment
    )
    try:
        assert game.wait_for("cut the pack"), game.text
        assert game.wait_for(frame), game.text
        shown = game.text
    finally:
        game.end()
    assert not any(text in shown for text in never), shown
