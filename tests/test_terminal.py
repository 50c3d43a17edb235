"""The real command in a pseudo-terminal: start-up, SIGTERM, and the refusal without a tty."""

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


def _read_until(fd: int, needle: bytes, limit: float = 30.0) -> bytes:
    seen = b""
    end = time.monotonic() + limit  # a bound on waiting, not a measurement
    while needle not in seen and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return seen


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_sigterm_saves_and_restores_the_terminal(tmp_path: Path) -> None:
    main, child = pty.openpty()
    env = {**os.environ, "CHINESE_TEN_HOME": str(tmp_path), "TERM": "xterm-256color"}
    process = subprocess.Popen(
        [sys.executable, "-m", "chinese_ten", "play", "--players", "Ana,Ben", "--seed", "4"],
        stdin=child,
        stdout=child,
        stderr=child,
        env=env,
        close_fds=True,
    )
    os.close(child)
    try:
        assert b"cut the pack" in _read_until(main, b"cut the pack")
        os.write(main, b"\r")  # cut: the deal is dealt and saved
        assert b"Pass the keyboard" in _read_until(main, b"Pass the keyboard")
        process.send_signal(signal.SIGTERM)
        tail = _read_until(main, b"\x1b[?1049l")
        assert process.wait(timeout=30) == 128 + signal.SIGTERM
    finally:
        if process.poll() is None:
            process.kill()
        os.close(main)
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
