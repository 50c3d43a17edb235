"""Hostile files and folders at the headless edges: replay, load_record and simulate --records.

Each case is one line on stderr naming the path, exit 1, no traceback, and nothing of the
user's replaced. The slow or blocking cases run the real program in a subprocess, with a
generous timeout only as a bound on waiting.
"""

import errno
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from chinese_ten.cli.commands import simulation as simulate_command
from chinese_ten.cli.main import main
from chinese_ten.engine.errors import RecordError
from chinese_ten.store.files import write_new
from chinese_ten.store.history import read_history
from chinese_ten.store.records import MAX_RECORD_BYTES, game_record, load_record, record_json
from tests.store.test_records import _args


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "chinese_ten", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _one_line(result: subprocess.CompletedProcess[str], *expected: str) -> None:
    assert result.returncode == 1, result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    for text in expected:
        assert text in result.stderr


def _main_fails(args: list[str], capsys: pytest.CaptureFixture[str], *expected: str) -> None:
    assert main(args) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("chinese-ten: ")
    for text in expected:
        assert text in err


def _record_text() -> str:
    return record_json(game_record(*_args()))


# replay and load_record: what is not a readable record of a sane size


def test_replay_of_dev_zero_is_refused_without_reading_it() -> None:
    _one_line(run("replay", "/dev/zero"), "/dev/zero: not a regular file")


def test_replay_of_a_fifo_does_not_wait_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    _one_line(run("replay", str(fifo)), "pipe.json: not a regular file")


def test_replay_of_a_folder_names_it(tmp_path: Path) -> None:
    _one_line(run("replay", str(tmp_path)), f"{tmp_path}: is a folder")


def test_replay_of_a_too_big_file(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(MAX_RECORD_BYTES + 1)  # sparse: costs no disk
    _one_line(run("replay", str(big)), "big.json: larger than 16 MiB")


def test_a_file_of_exactly_the_limit_is_read(tmp_path: Path) -> None:
    text = _record_text()
    path = tmp_path / "padded.json"
    path.write_text(text + " " * (MAX_RECORD_BYTES - len(text.encode())))
    assert path.stat().st_size == MAX_RECORD_BYTES
    assert load_record(path).players == _args()[0]


def test_missing_file_and_missing_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _main_fails(["replay", str(tmp_path / "gone.json")], capsys, "gone.json: no such file")
    _main_fails(["replay", str(tmp_path / "no" / "x.json")], capsys, "x.json: no such file")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_unreadable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "secret.json"
    path.write_text(_record_text())
    path.chmod(0)
    _main_fails(["replay", str(path)], capsys, "secret.json: no permission to read it")


def test_unreadable_file_even_as_root(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "secret.json"
    path.write_text(_record_text())
    real_open = os.open

    def refuse(target: object, flags: int, *rest: int) -> int:
        if target == path:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(target, flags, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refuse)
    _main_fails(["replay", str(path)], capsys, "secret.json: no permission to read it")


def test_truncated_binary_and_empty_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = {
        "half.json": _record_text()[:-40].encode(),
        "empty.json": b"",
        "binary.json": b"\xff\xfe\x00garbage",
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        expected = "not UTF-8 text" if name == "binary.json" else "not valid JSON"
        _main_fails(["replay", str(path)], capsys, f"{name}: {expected}")


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + _record_text().encode())
    assert load_record(path).players == _args()[0]
    assert run("replay", str(path)).returncode == 0


def test_a_byte_order_mark_anywhere_else_is_invalid(tmp_path: Path) -> None:
    path = tmp_path / "bom-inside.json"
    path.write_bytes(b"\n\xef\xbb\xbf" + _record_text().encode())
    with pytest.raises(RecordError, match=r"bom-inside\.json: not valid JSON"):
        load_record(path)


# simulate --records: the folder is checked first, and nothing in it is replaced


def _simulate(folder: Path | str, *more: str) -> list[str]:
    return [
        "simulate",
        "--games",
        "2",
        "--deals",
        "1",
        "--seed",
        "4",
        "--records",
        str(folder),
        *more,
    ]


def test_records_folder_that_is_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "notes"
    mine.write_text("my notes")
    _main_fails(_simulate(mine), capsys, "notes: not a folder")
    assert mine.read_text() == "my notes"
    _main_fails(_simulate(mine / "sub"), capsys, "cannot write records in this folder")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes whatever the folder's mode")
def test_records_folder_not_writable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    _main_fails(_simulate(locked), capsys, "locked: cannot write records in this folder")


def test_records_folder_not_writable_even_as_root(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(**_: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(simulate_command.tempfile, "mkstemp", refuse)
    _main_fails(_simulate(tmp_path), capsys, "cannot write records in this folder")
    assert not any(tmp_path.iterdir())


def test_existing_records_are_kept_and_numbered_after(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    theirs = tmp_path / "series-00007-greedy-v-random.json"
    theirs.write_bytes(b"the user's own file, not a record \x00\xff")
    other = tmp_path / "series-00001-mine.json"
    other.write_text("also mine")
    assert main(_simulate(tmp_path)) == 0
    assert "numbered from 00008" in capsys.readouterr().out
    assert theirs.read_bytes() == b"the user's own file, not a record \x00\xff"
    assert other.read_text() == "also mine"
    new = sorted(p.name for p in tmp_path.iterdir() if p not in (theirs, other))
    assert new == ["series-00008-greedy-v-random.json", "series-00009-greedy-v-random.json"]
    assert all(load_record(tmp_path / name).deals_planned == 1 for name in new)


def test_a_file_made_meanwhile_under_the_next_name_is_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_write = simulate_command.write_new

    def race(path: Path, text: str) -> None:
        racer = path.parent / "series-00002-greedy-v-random.json"
        if not racer.exists():
            racer.write_text("written by someone else meanwhile")
        real_write(path, text)

    monkeypatch.setattr(simulate_command, "write_new", race)
    assert main(_simulate(tmp_path, "--json")) == 0
    racer = tmp_path / "series-00002-greedy-v-random.json"
    assert racer.read_text() == "written by someone else meanwhile"
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [f"series-0000{n}-greedy-v-random.json" for n in (1, 2, 3)]


def test_write_new_never_replaces(tmp_path: Path) -> None:
    path = tmp_path / "taken.json"
    path.write_text("first")
    with pytest.raises(FileExistsError):
        write_new(path, "second")
    assert path.read_text() == "first"
    assert [p.name for p in tmp_path.iterdir()] == ["taken.json"]


def _failing_write(fail: Callable[[Path], None]) -> Callable[[Path, str], None]:
    real_write = simulate_command.write_new
    calls = 0

    def write(path: Path, text: str) -> None:
        nonlocal calls
        calls += 1
        if calls == 2:
            fail(path)
        real_write(path, text)

    return write


def test_disk_full_mid_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(_: Path) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(simulate_command, "write_new", _failing_write(full))
    _main_fails(
        _simulate(tmp_path),
        capsys,
        "series-00002-greedy-v-random.json: could not write the record (No space left",
        "1 record was written before it",
    )


def test_folder_vanished_mid_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "out"
    monkeypatch.setattr(
        simulate_command, "write_new", _failing_write(lambda path: shutil.rmtree(path.parent))
    )
    _main_fails(_simulate(folder), capsys, "could not write the record (No such file")


@pytest.mark.parametrize("name", ["m/[red]y", "m/[/x]", "[bold]b[/bold]"])
def test_records_folder_named_like_markup_is_printed_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    folder = tmp_path / name
    assert main(_simulate(folder)) == 0
    assert f"\n2 records written to {folder}\n" in capsys.readouterr().out
    assert len(list(folder.glob("series-*.json"))) == 2


def test_a_records_folder_name_too_long_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from chinese_ten.cli.main import main

    too_long = Path("/tmp") / ("n" * 300)
    assert main(["simulate", "--games", "1", "--records", str(too_long)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write records" in err and "Traceback" not in err


def test_a_checked_setup_names_the_part_of_the_wrong_type() -> None:
    import dataclasses
    import random

    from chinese_ten.engine.chance import random_setup
    from chinese_ten.engine.deal import start

    setup = random_setup(random.Random(1), 0, 26)
    for bad, part in (
        (dataclasses.replace(setup, hands=[setup.hands[0], list(setup.hands[1])]), "hands"),
        (dataclasses.replace(setup, hands=(setup.hands[0], list(setup.hands[1]))), "seat 1"),
        (dataclasses.replace(setup, layout=None), "layout"),
    ):
        with pytest.raises(TypeError, match=part):
            start(bad, check=True)
    start(setup, check=True)  # the friendly one still passes


# the 1,000-deal limit holds for open-ended records too
def _open_ended(path: Path, deals: int) -> Path:
    """A record of ``deals`` finished deals and no plan: two real deals over and over (the
    dealer alternates, so it replays)."""
    import json

    from tests.history_helpers import played

    document = json.loads(record_json(played(2, seed=1)))
    document["deals"] = document["deals"] * (deals // 2)
    document["deals_planned"] = None
    path.write_text(json.dumps(document))
    return path


@pytest.mark.parametrize(
    "args",
    [["replay"], ["history", "import"], ["review", "--json", "--samples", "40"]],
    ids=["replay", "import", "review"],
)
def test_an_open_ended_record_of_6000_deals_is_refused(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
) -> None:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path / "data"))
    path = _open_ended(tmp_path / "long.json", 6000)
    assert main([*args, str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"{path}: deals: Input should have at most 1000 items, not 6000" in err
    with read_history(tmp_path / "data") as history:
        assert history.games() == []


def test_an_open_ended_record_of_1000_deals_is_replayed_and_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _open_ended(tmp_path / "long.json", 1000)
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.endswith("Ana wins the series.\n")
