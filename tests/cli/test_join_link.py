"""``chinese-ten join`` takes its link off the command line: from a file, the environment, or
a prompt (see ``test_join_pty``); a link given as an argument works and is warned about."""

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from chinese_ten.cli.commands import hosting as host
from chinese_ten.cli.commands.join_link import MOST_FILE_BYTES
from chinese_ten.game.options import GameOptions
from chinese_ten.net.client import Link
from tests.cli_helpers import Ran, invoke

SECRET = "3yKq" + "x" * 39
LINK = f"http://192.168.1.20:8765/t/Xq3k_9ab#{SECRET}"
README = Path(__file__).parents[2] / "README.md"
HOSTING = Path(__file__).parents[2] / "docs" / "hosting.md"


@pytest.fixture
def joined(monkeypatch: pytest.MonkeyPatch) -> list[Link]:
    """The links ``join`` would take its seat with (no connection is made)."""
    seen: list[Link] = []

    def join(link: Link, game: GameOptions) -> int:
        seen.append(link)
        return 0

    monkeypatch.setattr(host, "run_join_link", join)
    monkeypatch.delenv("CHINESE_TEN_LINK", raising=False)
    return seen


def one_line_refusal(ran: Ran) -> bool:
    return (
        ran.returncode == 2
        and ran.stderr.startswith("chinese-ten: ")
        and ran.stderr.count("\n") == 1
        and "Traceback" not in ran.stderr
        and SECRET not in ran.stderr
    )


@pytest.mark.parametrize(
    "content",
    [
        LINK.encode(),
        (LINK + "\n").encode(),
        (LINK + "\r\n").encode(),
        ("\n  " + LINK + "  \n\n").encode(),
        b"\xef\xbb\xbf" + LINK.encode() + b"\n",  # a byte-order mark, as some editors write
    ],
)
def test_join_reads_its_link_from_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, joined: list[Link], content: bytes
) -> None:
    file = tmp_path / "link.txt"
    file.write_bytes(content)
    ran = invoke(capsys, "join", "--link-file", str(file))
    assert ran.returncode == 0 and ran.stderr == ""
    assert [(link.table_id, link.secret) for link in joined] == [("Xq3k_9ab", SECRET)]


def _fifo(folder: Path) -> Path:
    path = folder / "fifo"
    os.mkfifo(path)  # no writer ever opens it: reading it would wait for ever
    return path


def _folder(folder: Path) -> Path:
    return folder


def _missing(folder: Path) -> Path:
    return folder / "none.txt"


def _written(content: bytes) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = folder / "link.txt"
        path.write_bytes(content)
        return path

    return make


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (_missing, "cannot read the link file"),
        (_folder, "is not a regular file"),
        (_fifo, "is not a regular file"),
        (_written(b"a" * (10 * 1024 * 1024)), "too large to hold a link"),
        (_written((LINK + "\n").encode() * 200), "too large to hold a link"),
        (_written(b"a" * MOST_FILE_BYTES + b"\n"), "too large to hold a link"),
        (_written(bytes(range(256)) * 4), "does not hold text"),
        (_written(b"\x89PNG\r\n\x1a\n" + SECRET.encode()), "does not hold text"),
        (_written(LINK.encode() + b"\x00\n"), "does not hold text"),
        (_written(b"\x1b]52;c;aGk=\x07" + LINK.encode()), "does not hold text"),
        (_written((LINK + "\n" + LINK + "\n").encode()), "more than one line"),
        (_written(b"hello\rworld"), "more than one line"),
        (_written(b""), "is empty"),
        (_written(b" \n\n\t \n"), "is empty"),
        (_written(b"nonsense\n"), "is not an invite link"),
        (_written(b"ftp://x/t/a#" + SECRET.encode()), "is not an invite link"),
    ],
    ids=[
        "missing",
        "folder",
        "fifo",
        "10MB",
        "the link 200 times",
        "one byte over",
        "every byte",
        "png",
        "nul",
        "escape",
        "two lines",
        "cr",
        "empty",
        "blank lines",
        "no link",
        "wrong scheme",
    ],
)
def test_a_link_file_that_is_no_link_is_one_line(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    joined: list[Link],
    make: Callable[[Path], Path],
    says: str,
) -> None:
    path = make(tmp_path)
    ran = invoke(capsys, "join", "--link-file", str(path))
    assert one_line_refusal(ran), ran.stderr
    assert says in ran.stderr and joined == []
    assert str(path) in ran.stderr or "invite link" in says


def test_a_link_files_name_is_shown_with_its_controls_visible(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, joined: list[Link]
) -> None:
    ran = invoke(capsys, "join", "--link-file", str(tmp_path / "\x1b[2J"))
    assert one_line_refusal(ran) and "\x1b" not in ran.stderr and "\\x1b[2J" in ran.stderr


def test_a_link_file_and_a_link_together_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, joined: list[Link]
) -> None:
    ran = invoke(capsys, "join", LINK, "--link-file", str(tmp_path / "link.txt"))
    assert ran.returncode == 2 and "not allowed with argument" in ran.stderr
    assert joined == []


def test_join_reads_its_link_from_the_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, joined: list[Link]
) -> None:
    monkeypatch.setenv("CHINESE_TEN_LINK", LINK)
    ran = invoke(capsys, "join")
    assert ran.returncode == 0 and ran.stderr == ""
    assert [link.secret for link in joined] == [SECRET]
    assert "CHINESE_TEN_LINK" not in os.environ  # nothing join starts inherits it


def test_a_wrong_link_in_the_environment_is_one_line_without_its_secret(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, joined: list[Link]
) -> None:
    monkeypatch.setenv("CHINESE_TEN_LINK", "ftp://x/t/a#" + SECRET)
    ran = invoke(capsys, "join")
    assert one_line_refusal(ran) and "is not an invite link" in ran.stderr
    assert joined == [] and "CHINESE_TEN_LINK" not in os.environ


def test_a_link_file_is_read_before_the_environment(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    joined: list[Link],
) -> None:
    monkeypatch.setenv("CHINESE_TEN_LINK", "nonsense")
    (tmp_path / "link.txt").write_text(LINK)
    ran = invoke(capsys, "join", "--link-file", str(tmp_path / "link.txt"))
    assert ran.returncode == 0 and [link.secret for link in joined] == [SECRET]
    assert "CHINESE_TEN_LINK" not in os.environ


def test_a_link_with_its_secret_as_an_argument_still_joins_and_is_warned_about(
    capsys: pytest.CaptureFixture[str], joined: list[Link]
) -> None:
    ran = invoke(capsys, "join", LINK)
    assert ran.returncode == 0 and [link.secret for link in joined] == [SECRET]
    (warning,) = ran.stderr.splitlines()
    assert warning.startswith("chinese-ten: warning: ") and "(ps)" in warning
    assert "run chinese-ten join alone and paste the link" in warning
    assert "--link-file" in warning and SECRET not in warning


def test_an_argument_without_a_secret_is_refused_without_the_warning(
    capsys: pytest.CaptureFixture[str], joined: list[Link]
) -> None:
    ran = invoke(capsys, "join", LINK.partition("#")[0])
    assert one_line_refusal(ran) and "lost its secret" in ran.stderr
    assert "warning" not in ran.stderr and joined == []


def test_join_with_no_link_and_no_terminal_names_the_ways_to_give_one(
    capsys: pytest.CaptureFixture[str], joined: list[Link]
) -> None:
    ran = invoke(capsys, "join")  # pytest's stdin is no terminal: nothing to prompt in
    assert one_line_refusal(ran)
    assert "join needs the invite link" in ran.stderr
    assert "--link-file" in ran.stderr and "CHINESE_TEN_LINK" in ran.stderr


def _join_commands(text: str) -> list[str]:
    """The ``chinese-ten join`` commands of the shell blocks of a Markdown page, in order."""
    blocks = re.findall(r"```(?:sh|bash|console)\n(.*?)```", text, flags=re.DOTALL)
    return [
        line.strip()
        for block in blocks
        for line in block.splitlines()
        if "chinese-ten join" in line and not line.lstrip().startswith("#")
    ]


def test_the_readmes_first_join_carries_no_secret_on_its_command_line() -> None:
    commands = _join_commands(README.read_text(encoding="utf-8"))
    assert commands, "the README shows how to join"
    first = commands[0]
    assert "://" not in first and "#" not in first, first
    for command in _join_commands(HOSTING.read_text(encoding="utf-8")):
        assert "://" not in command and "#" not in command, command


def test_the_join_commands_check_finds_a_secret_on_a_command_line() -> None:
    """The check above can fail: a page whose first join passes the link is caught."""
    page = f"```sh\nuv run chinese-ten join '{LINK}'\nuv run chinese-ten join\n```\n"
    assert _join_commands(page)[0].endswith(f"'{LINK}'")
