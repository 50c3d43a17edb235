"""``chinese-ten rules``: paged on a terminal, plain through a pipe, never stuck on a pager."""

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

COMMAND = [sys.executable, "-m", "chinese_ten", "rules"]


def environment(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PAGER", "LESS", "MANPAGER")}
    env["TERM"] = "xterm-256color"
    env.update(extra)
    return env


def run_in_terminal(env: dict[str, str], timeout: float = 60) -> tuple[int, str]:
    """Run the command with a pseudo-terminal as stdin, stdout and stderr; what it printed."""
    main, child = pty.openpty()
    process = subprocess.Popen(COMMAND, stdin=child, stdout=child, stderr=child, env=env)
    os.close(child)
    output = b""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 1)
            if not ready:
                if process.poll() is not None:
                    break
                continue
            try:
                data = os.read(main, 65536)
            except OSError:  # the child side closed
                break
            if not data:
                break
            output += data
        return process.wait(timeout=max(1, deadline - time.monotonic())), output.decode()
    finally:
        os.close(main)
        if process.poll() is None:
            process.kill()


def test_piped_the_page_is_plain_text() -> None:
    result = subprocess.run(
        COMMAND, capture_output=True, text=True, env=environment(), timeout=60, check=False
    )
    assert result.returncode == 0 and result.stderr == ""
    assert "Worked example" in result.stdout and "\x1b" not in result.stdout
    lines = result.stdout.splitlines()
    assert len(lines) > 60
    assert [line for line in lines if line != line.rstrip()] == []


def test_on_a_terminal_the_page_goes_to_the_pager(tmp_path: Path) -> None:
    seen = tmp_path / "paged.txt"
    pager = tmp_path / "pager.py"
    pager.write_text(
        "import os, sys\n"
        f"open({str(seen)!r}, 'w').write(os.environ.get('LESS', '') + '\\n' + sys.stdin.read())\n"
    )
    code, printed = run_in_terminal(environment(PAGER=f"{sys.executable} {pager}"))
    assert code == 0 and "Worked example" not in printed
    less, _, page = seen.read_text().partition("\n")
    assert less == "FRX"  # colours pass through less, a short page is not held
    assert "Worked example" in page and "\x1b[" in page


def test_the_persons_less_settings_are_kept(tmp_path: Path) -> None:
    seen = tmp_path / "less.txt"
    pager = tmp_path / "pager.py"
    pager.write_text(
        f"import os, sys\nsys.stdin.read()\nopen({str(seen)!r}, 'w').write(os.environ['LESS'])\n"
    )
    code, _ = run_in_terminal(environment(PAGER=f"{sys.executable} {pager}", LESS="-S"))
    assert code == 0 and seen.read_text() == "-S"


def test_without_a_pager_program_the_page_is_printed() -> None:
    for env in (
        environment(PAGER="no-such-pager-anywhere --please"),
        environment(PAGER='"unbalanced'),
        environment(PATH="/nonexistent-chinese-ten"),  # no less, no more
    ):
        code, printed = run_in_terminal(env, timeout=60)
        assert code == 0 and "Worked example" in printed and "Traceback" not in printed


def test_a_reader_that_stops_early_gets_no_traceback() -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)
    result = subprocess.run(
        COMMAND,
        stdout=write_end,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(),
        timeout=60,
        check=False,
    )
    os.close(write_end)
    assert result.returncode == 1 and result.stderr == ""  # quiet, as every command (cli.main)
