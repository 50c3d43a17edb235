"""``chinese-ten host --resume`` reads the tables it wrote as a stranger's files: each that cannot
be taken up is one line and left aside, nothing is followed through a symbolic link, nothing
waits on a pipe, and no text from a file reaches the terminal raw."""

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from chinese_ten.serve.host_table import HostTable
from chinese_ten.serve.table_files import TABLE_FILE, TableFileError
from tests.cli_helpers import invoke
from tests.options_helpers import game_options


def _a_table(home: Path) -> Path:
    """A real table written under ``home``'s host folder; its folder."""
    table = HostTable.new("tbl1", game_options(computer=(None, None)), home / "host" / "tbl1")
    table.close()
    return table.folder


def _nested(folder: Path) -> None:
    (folder / TABLE_FILE).write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")


def _fifo(folder: Path) -> None:
    (folder / TABLE_FILE).unlink()
    os.mkfifo(folder / TABLE_FILE)


def _linked_file(folder: Path) -> None:
    elsewhere = folder.parent.parent / "elsewhere.json"
    (folder / TABLE_FILE).rename(elsewhere)
    (folder / TABLE_FILE).symlink_to(elsewhere)


def _linked_table(folder: Path) -> None:
    elsewhere = folder.parent.parent / "elsewhere"
    folder.rename(elsewhere)
    folder.symlink_to(elsewhere)


def _linked_root(folder: Path) -> None:
    root = folder.parent
    elsewhere = root.parent / "elsewhere"
    root.rename(elsewhere)
    root.symlink_to(elsewhere)


def _raw_name(folder: Path) -> None:
    folder.rename(folder.parent / "\x1b]52;c;QUJD\x07\x1b[2J")


def _older(folder: Path) -> None:
    """A table of the version before, its game in a save beside it, the save cut short."""
    saved = json.loads((folder / TABLE_FILE).read_text(encoding="utf-8"))
    old = {"table": "tbl1", "secrets": saved["secrets"], "handed": {}}
    (folder / TABLE_FILE).write_text(json.dumps(old), encoding="utf-8")
    (folder / "current.json").write_text('{"format": "chinese-ten", "vers', encoding="utf-8")


def _huge(folder: Path) -> None:
    with open(folder / TABLE_FILE, "wb") as handle:
        handle.truncate(64 << 20)  # sparse: no disk used


def _secrets_alike(folder: Path) -> None:
    saved = json.loads((folder / TABLE_FILE).read_text(encoding="utf-8"))
    saved["secrets"] = [saved["secrets"][0]] * 2
    (folder / TABLE_FILE).write_text(json.dumps(saved), encoding="utf-8")


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (_nested, "damaged (not JSON)"),
        (_fifo, "not a regular file"),
        (_linked_file, "symbolic link"),
        (_linked_table, "symbolic link"),
        (_raw_name, "not a table's name"),
        (_older, "damaged (a table of an older version"),
        (_huge, "too large"),
        (_secrets_alike, "damaged (the seats' secrets)"),
    ],
)
def test_a_table_that_cannot_be_taken_up_is_one_line_and_left_aside(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    damage: Callable[[Path], None],
    said: str,
) -> None:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path))
    damage(_a_table(tmp_path))
    ran = invoke(capsys, "host", "--no-seat", "--resume", "--port", "0")
    assert ran.returncode == 1
    lines = ran.stderr.splitlines()
    assert len(lines) == 2, ran.stderr
    assert lines[0].startswith("chinese-ten: left aside: ") and said in lines[0]
    assert "no unfinished table" in lines[1]
    assert "\x1b" not in ran.stderr and "\x07" not in ran.stderr and "Traceback" not in ran.stderr
    assert ran.stdout == ""  # no link printed


def test_a_host_folder_that_is_a_link_is_refused_whole(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path))
    _linked_root(_a_table(tmp_path))
    ran = invoke(capsys, "host", "--no-seat", "--resume", "--port", "0")
    assert ran.returncode == 1 and "symbolic link" in ran.stderr
    assert len(ran.stderr.splitlines()) == 1 and ran.stdout == ""


def test_a_new_table_is_never_written_through_a_link(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "host").symlink_to(elsewhere)
    with pytest.raises(TableFileError, match="symbolic link"):
        HostTable.new("tbl2", game_options(computer=(None, None)), tmp_path / "host" / "tbl2")
    assert list(elsewhere.iterdir()) == []


def test_an_undamaged_table_is_taken_up(tmp_path: Path) -> None:
    """The same checks pass what the host wrote itself (the damages above are the cause)."""
    folder = _a_table(tmp_path)
    again = HostTable.load(folder, game_options(computer=(None, None)))
    assert again.table_id == "tbl1"
    with pytest.raises(TableFileError, match="another host holds"):
        HostTable.load(folder, game_options(computer=(None, None)))
    again.close()
