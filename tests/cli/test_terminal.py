"""The real command in a pseudo-terminal: start-up, SIGTERM, and the refusal without a tty."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_play_without_a_terminal_is_refused() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "chinese_ten", "play"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr == "chinese-ten: play and series need an interactive terminal\n"


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
