"""Commands run in this process as ``chinese-ten`` runs them, their streams captured: for every
test where the process's own streams, signals or environment are not what is checked."""

from dataclasses import dataclass

import pytest

from chinese_ten.cli.main import main


@dataclass(frozen=True, slots=True)
class Ran:
    """What a command ended with and wrote, as :class:`subprocess.CompletedProcess` has it."""

    returncode: int
    stdout: str
    stderr: str


def invoke(capsys: pytest.CaptureFixture[str], *args: str) -> Ran:
    """``chinese-ten ARGS`` in this process: its exit status and what it wrote."""
    capsys.readouterr()
    try:
        code = main(list(args))
    except SystemExit as stop:  # argparse's --help, --version and errors
        code = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
    out, err = capsys.readouterr()
    return Ran(code, out, err)
