"""Standard output and error that cannot take what a command writes: a full disk, a reader
that leaves early, a closed stream, an encoding without accents. Never a traceback.

Each runs the real program in a subprocess (the process's own streams are the ones checked;
see :mod:`chinese_ten.cli.outputs`), beside the same command with a stream that works.
"""

import fcntl
import io
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from chinese_ten.cli.main import main
from chinese_ten.lang import i18n
from chinese_ten.store.history import open_history
from chinese_ten.store.records import record_json
from tests.history_helpers import played

FULL = "chinese-ten: the output cannot be written (No space left on device)\n"
TIMEOUT = 120
"""Seconds a command may take before the test fails (a bound, not a measure)."""
PIPE_BYTES = 4096
"""The pipe's capacity in the reader-leaves tests: every command below writes more."""

pytestmark = pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder whose history lists 61 games (game 1 of 30 deals, then Ben against 60
    opponents) and three records: ``one.json`` (1 deal), ``small.json`` (2 deals) and
    ``big.json`` (100 deals)."""
    folder = tmp_path_factory.mktemp("outputs")
    when = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    games = [played(30, names=("Ana", "Ben"))]
    games += [played(1, seed=k, names=(f"Opponent {k}", "Ben")) for k in range(1, 61)]
    with open_history(folder / "data") as history:
        for game in games:
            history.store(game, computers=(None, None), started=when, ended=when)
    (folder / "one.json").write_text(record_json(played(1)), encoding="utf-8")
    (folder / "small.json").write_text(record_json(played(2)), encoding="utf-8")
    (folder / "big.json").write_text(record_json(played(100)), encoding="utf-8")
    return folder


def _environment(data: Path, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "PYTHONUTF8")}
    return {**env, "CHINESE_TEN_HOME": str(data / "data"), "COLUMNS": "100", **more}


def _args(data: Path, words: tuple[str, ...]) -> list[str]:
    return [sys.executable, "-m", "chinese_ten", *(w.format(data=data) for w in words)]


EVERY = [
    ("history",),
    ("history", "--json"),
    ("history", "export", "1"),
    ("stats",),
    ("stats", "--json"),
    ("replay", "{data}/small.json"),
    ("replay", "{data}/small.json", "--json"),
    ("rules",),
    ("simulate", "--games", "2", "--deals", "1", "--seed", "1"),
    ("simulate", "--games", "2", "--deals", "1", "--json"),
    ("review", "{data}/one.json", "--json", "--samples", "40", "--jobs", "1"),
    ("--help",),
]
"""Every command with output on stdout (the TUI commands refuse a stdout that is no terminal)."""


def _ids(words: tuple[str, ...]) -> str:
    return " ".join(w for w in words if "{" not in w)


@pytest.mark.parametrize("words", EVERY, ids=_ids)
def test_a_full_disk_is_one_line_and_exit_1(data: Path, words: tuple[str, ...]) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            _args(data, words),
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=_environment(data),
            timeout=TIMEOUT,
            check=False,
        )
    assert (result.returncode, result.stderr) == (1, FULL)


@pytest.mark.parametrize("words", EVERY, ids=_ids)
def test_a_file_with_room_takes_the_whole_output(
    data: Path, words: tuple[str, ...], tmp_path: Path
) -> None:
    with (tmp_path / "out").open("w") as out:
        result = subprocess.run(
            _args(data, words),
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            env=_environment(data),
            timeout=TIMEOUT,
            check=False,
        )
    assert (result.returncode, result.stderr) == (0, "")
    assert (tmp_path / "out").stat().st_size > 0


BIG = [
    ("history", "--limit", "100000", "--json"),
    ("history",),
    ("history", "export", "1"),
    ("stats",),
    ("stats", "--json"),
    ("replay", "{data}/big.json"),
    ("replay", "{data}/big.json", "--json"),
    ("--lang", "fr", "rules"),
]
"""Commands whose output here is larger than the pipe (:data:`PIPE_BYTES`)."""


def _read_then_leave(
    data: Path, words: tuple[str, ...], *, leave_after: int | None
) -> tuple[int, str, bytes]:
    """Run the command into a pipe of :data:`PIPE_BYTES`; read ``leave_after`` bytes and
    close the pipe (None: read it all). Returns (exit status, stderr, bytes read)."""
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
    try:
        process = subprocess.Popen(
            _args(data, words),
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            env=_environment(data, COLUMNS="40"),
        )
    finally:
        os.close(write_end)
    got = b""
    try:  # os.read: a buffered reader would take more than asked from the pipe
        while chunk := os.read(
            read_end, PIPE_BYTES if leave_after is None else leave_after - len(got)
        ):
            got += chunk
            if leave_after is not None and len(got) >= leave_after:
                break
    finally:
        os.close(read_end)
    try:
        _out, err = process.communicate(timeout=TIMEOUT)
    finally:
        if process.poll() is None:
            process.kill()
    return process.returncode, err, got


@pytest.mark.parametrize("words", BIG, ids=_ids)
def test_a_reader_that_leaves_mid_output_ends_the_command_quietly_with_1(
    data: Path, words: tuple[str, ...]
) -> None:
    """``| head -c5``: the README's one rule for every command. A reader that left while
    the output was being written used to give exit 0 (Python takes the short write as the
    end) for history, and 1 for replay."""
    code, err, got = _read_then_leave(data, words, leave_after=5)
    assert len(got) == 5
    assert (code, err) == (1, "")


@pytest.mark.parametrize("words", BIG, ids=_ids)
def test_a_reader_that_reads_everything_gets_everything(data: Path, words: tuple[str, ...]) -> None:
    code, err, got = _read_then_leave(data, words, leave_after=None)
    assert (code, err) == (0, "")
    assert len(got) > PIPE_BYTES and got.endswith(b"\n")


def _broken_history(data: Path, tmp_path: Path) -> dict[str, str]:
    """A data folder whose history holds a good game and a damaged row: ``history`` lists
    the good one, says the damage in one line on stderr and exits 1."""
    folder = tmp_path / "data"
    folder.mkdir()
    with open_history(folder) as history:
        history.import_record(played(1, seed=1, names=("Ana", "Ben")))
        history.import_record(played(1, seed=2, names=("Cleo", "Dan")))
    with sqlite3.connect(folder / "history.sqlite") as db:
        db.execute("UPDATE games SET results = 'notjson' WHERE player0 = 'Cleo'")
    db.close()
    return _environment(data, CHINESE_TEN_HOME=str(folder))


@pytest.mark.parametrize("stderr", ["/dev/full", "closed pipe", "closed"])
def test_stderr_that_cannot_be_written_does_not_stop_the_command(
    data: Path, tmp_path: Path, stderr: str
) -> None:
    """Its warning is lost, the command's work is not (it used to end in a traceback
    nobody could read, exit 1 and no list)."""
    env = _broken_history(data, tmp_path)
    args = _args(data, ("history",))
    if stderr == "/dev/full":
        with open("/dev/full", "w") as full:
            result = subprocess.run(
                args, stdout=subprocess.PIPE, stderr=full, env=env, timeout=TIMEOUT, check=False
            )
    elif stderr == "closed pipe":
        read_end, write_end = os.pipe()
        os.close(read_end)
        try:
            result = subprocess.run(
                args,
                stdout=subprocess.PIPE,
                stderr=write_end,
                env=env,
                timeout=TIMEOUT,
                check=False,
            )
        finally:
            os.close(write_end)
    else:
        shell = ["sh", "-c", 'exec "$@" 2>&-', "sh", *args]
        result = subprocess.run(
            shell, stdout=subprocess.PIPE, env=env, timeout=TIMEOUT, check=False
        )
    listed = result.stdout.decode()
    assert result.returncode == 1 and "Ana" in listed and "Cleo" not in listed


def test_stderr_that_works_carries_the_warning(data: Path, tmp_path: Path) -> None:
    result = subprocess.run(
        _args(data, ("history",)),
        capture_output=True,
        text=True,
        env=_broken_history(data, tmp_path),
        timeout=TIMEOUT,
        check=False,
    )
    assert result.returncode == 1 and "Ana" in result.stdout and "Cleo" not in result.stdout
    assert result.stderr.count("\n") == 1 and "is damaged" in result.stderr


def test_an_error_line_to_a_full_stderr_keeps_its_exit_status(data: Path) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            _args(data, ("replay", "{data}/missing.json")),
            stdout=subprocess.PIPE,
            stderr=full,
            env=_environment(data),
            timeout=TIMEOUT,
            check=False,
        )
    assert (result.returncode, result.stdout) == (1, b"")


def test_a_closed_stdout_is_one_line_and_exit_1(data: Path) -> None:
    """Started with ``>&-``: Python leaves ``sys.stdout`` None, and ``history`` used to end
    in an AttributeError traceback."""
    shell = ["sh", "-c", 'exec "$@" >&-', "sh", *_args(data, ("history",))]
    result = subprocess.run(
        shell, capture_output=True, text=True, env=_environment(data), timeout=TIMEOUT, check=False
    )
    assert result.returncode == 1
    assert result.stderr == "chinese-ten: the output cannot be written (Bad file descriptor)\n"


ENCODED = [
    (("--lang", "fr", "--help"), "Jian Hong Dian"),
    (("--lang", "fr", "rules"), "regles"),
    (("--lang", "pt", "stats"), "+/-"),
    (("--lang", "fr", "replay", "{data}/small.json"), "serie"),
    (("--lang", "fr", "history"), "Joue "),
    (("--lang", "fr", "simulate", "--games", "3", "--deals", "1", "--seed", "1"), "+/-"),
]
"""A command, and a word of its output as ASCII spells it."""


@pytest.mark.parametrize(
    "encoding",
    [{"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C", "PYTHONUTF8": "0", "LANG": "C"}],
    ids=["PYTHONIOENCODING=ascii", "LC_ALL=C"],
)
@pytest.mark.parametrize(("words", "folded"), ENCODED, ids=[_ids(w) for w, _f in ENCODED])
def test_an_ascii_terminal_gets_accents_folded_not_a_traceback(
    data: Path, words: tuple[str, ...], folded: str, encoding: dict[str, str]
) -> None:
    result = subprocess.run(
        _args(data, words),
        capture_output=True,
        env=_environment(data, **encoding),
        timeout=TIMEOUT,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, b"")
    assert result.stdout.isascii()
    assert folded in result.stdout.decode("ascii")


@pytest.mark.parametrize(("words", "folded"), ENCODED, ids=[_ids(w) for w, _f in ENCODED])
def test_a_utf8_terminal_gets_every_accent(data: Path, words: tuple[str, ...], folded: str) -> None:
    result = subprocess.run(
        _args(data, words),
        capture_output=True,
        env=_environment(data, PYTHONIOENCODING="utf-8"),
        timeout=TIMEOUT,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, b"")
    assert not result.stdout.isascii() and folded not in result.stdout.decode("utf-8")


@pytest.fixture
def in_process(data: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``main`` called here: the language and the message folding are reset afterwards."""
    monkeypatch.setenv("CHINESE_TEN_HOME", str(data / "data"))
    yield
    i18n.choose("en")
    i18n.fold_with(None)


def test_a_stream_that_is_not_the_process_s_own_is_folded_in_place(
    data: Path, monkeypatch: pytest.MonkeyPatch, in_process: None
) -> None:
    """A caller's ASCII stream (here in place of a test's capture) is kept, and gets the
    folding; the process's own streams are left alone."""
    raw = io.BytesIO()
    ascii_out = io.TextIOWrapper(raw, encoding="ascii")
    monkeypatch.setattr(sys, "stdout", ascii_out)
    assert main(["--lang", "fr", "replay", str(data / "small.json")]) == 0
    assert sys.stdout is ascii_out and sys.__stdout__ is not ascii_out
    ascii_out.flush()
    assert b"serie." in raw.getvalue()


def test_a_stream_without_an_encoding_is_written_as_it_is(
    data: Path, monkeypatch: pytest.MonkeyPatch, in_process: None
) -> None:
    text_out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", text_out)
    assert main(["--lang", "fr", "replay", str(data / "small.json")]) == 0
    assert "série." in text_out.getvalue()


@pytest.mark.parametrize("columns", ["0", "1", "19", "-3", "abc", "٣٠", "80"])
def test_an_unusable_columns_variable_is_not_a_width(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    columns: str,
) -> None:
    """At COLUMNS=0 a table prints empty, at 1 one character a line: not a width."""
    from tests.cli_helpers import invoke

    with open_history(tmp_path) as history:
        history.import_record(played(2, names=("Anastasia", "Benedict")))
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", columns)
    ran = invoke(capsys, "history")
    assert ran.returncode == 0
    assert "Anastasia v Benedict" in ran.stdout and "2 of 2" in ran.stdout


def test_a_huge_columns_variable_is_capped() -> None:
    """``rules`` at 999999999 columns would take gigabytes: a 1 GiB cap would stop it."""
    script = (
        "import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30)); "
        "from chinese_ten.cli.main import main; sys.exit(main(['rules']))"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "COLUMNS": "999999999", "LINES": "999999999"},
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr[-500:]
    lines = ran.stdout.splitlines()
    assert len(lines) > 20 and max(map(len, lines)) <= 1000
