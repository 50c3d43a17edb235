"""``chinese-ten serve`` without a browser: its options, its edges and its bookkeeping."""

import io
import os
import select
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from chinese_ten.cli import _tab_arguments, build_parser
from chinese_ten.commands.serve import game_command
from chinese_ten.served import Seats, is_local, url_of


def serve(home: Path, *options: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "chinese_ten", "--lang", "en", "serve", *options],
        env=dict(os.environ, CHINESE_TEN_HOME=str(home)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finished(home: Path, *options: str) -> tuple[int, str]:
    process = serve(home, *options)
    _, err = process.communicate(timeout=60)
    return process.returncode, err


def test_a_port_in_use_is_one_line_and_exit_1(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, err = finished(tmp_path, "--port", str(port))
    assert code == 1
    assert err.count("\n") == 1
    assert err.startswith(f"chinese-ten: cannot listen on http://127.0.0.1:{port}: ")
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--port", "70000"),
        ("--port", "-1"),
        ("--port", "http"),
        ("--max-games", "0"),
        ("--max-games", "17"),
        ("--idle-minutes", "0"),
        ("--idle-minutes", "nan"),
        ("--idle-minutes", "100000"),
        ("--deals", "0"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(tmp_path: Path, option: str, value: str) -> None:
    code, err = finished(tmp_path, option, value)
    assert code == 2
    assert err.count("\n") == 1
    assert option in err


def test_a_host_that_is_not_here_is_one_line_and_exit_2(tmp_path: Path) -> None:
    code, err = finished(tmp_path, "--host", "192.0.2.1", "--port", "0")
    assert code == 2
    assert err == (
        "chinese-ten: cannot listen on http://192.0.2.1:0: "
        "192.0.2.1 is not an address of this machine\n"
    )


def test_other_hosts_are_warned_about_and_sigterm_ends_the_server(tmp_path: Path) -> None:
    process = serve(tmp_path, "--host", "0.0.0.0", "--port", "0")
    assert process.stdout is not None and process.stderr is not None
    ready, _, _ = select.select([process.stderr], [], [], 30)
    assert ready
    warning = process.stderr.readline()
    assert warning.startswith("chinese-ten: warning: listening on 0.0.0.0: anyone who can reach")
    assert "can start games on this machine" in warning
    assert process.stdout.readline().startswith("chinese-ten: open http://0.0.0.0:")
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 143
    assert err == "chinese-ten: stopped; no game was running.\n"


def test_localhost_gets_no_warning(tmp_path: Path) -> None:
    process = serve(tmp_path, "--port", "0")
    assert process.stdout is not None
    assert process.stdout.readline().startswith("chinese-ten: open http://127.0.0.1:")
    process.send_signal(signal.SIGHUP)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 129
    assert "warning" not in err


def test_each_tab_runs_play_or_series_with_the_servers_options() -> None:
    args = build_parser().parse_args(
        ["serve", "--vs", "hard", "--seat", "2", "--deals", "3", "--four-color", "--think", "0.5"]
    )
    assert _tab_arguments(args) == (
        "series", "--deals", "3", "--vs", "hard", "--seat", "2", "--think", "0.5", "--four-color"
    )  # fmt: skip
    assert _tab_arguments(build_parser().parse_args(["serve"])) == ("play",)
    command = game_command(("play", "--seed", "1"))
    assert command.startswith("exec ")
    assert command.endswith("-m chinese_ten --lang en play --seed 1")


def test_seats_are_limited_and_idle_ones_are_found() -> None:
    now = [0.0]
    seats = Seats(most=2, idle=60, clock=lambda: now[0])
    first, second = seats.admit(), seats.admit()
    assert first is not None and second is not None
    assert seats.admit() is None and seats.full
    now[0] = 50
    seats.touch(second)
    now[0] = 60
    assert seats.idle_seats() == [first]
    seats.leave(first)
    seats.leave(first)  # twice is harmless
    assert not seats.full and seats.admit() is not None


def test_hosts_and_urls() -> None:
    assert is_local("127.0.0.1") and is_local("::1") and is_local("LOCALHOST")
    assert not is_local("0.0.0.0") and not is_local("192.168.1.2")
    assert url_of("::1", 8000) == "http://[::1]:8000"
    assert url_of("localhost", 80) == "http://localhost:80"


@pytest.fixture
def downloads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, object]]:
    """The app runs as in a browser tab (``app.is_web``), in ``tmp_path``: what it hands to
    the browser (the text and its file name) is kept here instead."""
    from textual.app import App

    delivered: list[tuple[str, object]] = []

    def deliver_text(self: App[None], file: io.StringIO, **options: object) -> str:
        delivered.append((file.getvalue(), options.get("save_filename")))
        return "key"

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(App, "is_web", property(lambda self: True))
    monkeypatch.setattr(App, "deliver_text", deliver_text)
    return delivered


async def test_export_in_a_browser_downloads_the_record(
    tmp_path: Path, downloads: list[tuple[str, object]]
) -> None:
    """Under the web driver (``app.is_web``) export hands the record to the browser."""
    from chinese_ten.records import parse_record
    from chinese_ten.tui.app import ChineseTenApp
    from tests.test_tui_saves import _deal, _save
    from tests.tui_helpers import options, play_until_results

    _save(tmp_path, [_deal(6, 0)[-2]])
    app = ChineseTenApp(options(tmp_path, resume=True))
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        await play_until_results(pilot)
        app.game.action_export()
        await pilot.pause()
    ((text, name),) = downloads
    assert name == "chinese-ten-game.json"
    assert parse_record(text).players == ("Ana", "Ben")
    assert not list(tmp_path.glob("chinese-ten-game*.json"))  # nothing written on the server


async def test_a_copy_after_a_failed_save_downloads_in_a_browser(
    tmp_path: Path, downloads: list[tuple[str, object]]
) -> None:
    """The server's disk failed: "Save a copy" hands the whole game to the browser instead
    of asking for a path on the server."""
    from chinese_ten.records import load_and_replay
    from chinese_ten.tui.app import ChineseTenApp
    from tests.test_tui_saves import _broken_folder
    from tests.tui_helpers import options, step

    app = ChineseTenApp(options(_broken_folder(tmp_path)))
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        for _ in range(4):
            await step(pilot)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        state = app.game.state
    ((text, name),) = downloads
    assert name == "chinese-ten-save.json"
    copy = tmp_path / "downloaded.json"
    copy.write_text(text)
    _, states = load_and_replay(copy)
    assert states[-1] == state  # the deal in play, whole
    assert not list(tmp_path.glob("chinese-ten-save*.json"))  # nothing written on the server


def test_the_server_itself_does_not_import_textual() -> None:
    """Only each tab's game loads Textual; the web server stays light."""
    probe = "import sys, chinese_ten.commands.serve; print(' '.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "chinese_ten.commands.serve" in out.stdout.split()
    assert not [m for m in out.stdout.split() if m.split(".")[0] == "textual"]
