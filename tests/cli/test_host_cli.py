"""``chinese-ten host`` and ``join`` refuse what cannot be, in one line."""

import os
from pathlib import Path

import pytest

from tests.cli_helpers import invoke


def test_a_certificate_that_cannot_be_read_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path))
    missing = str(tmp_path / "none.pem")
    ran = invoke(capsys, "host", "--no-seat", "--certfile", missing, "--keyfile", missing)
    assert ran.returncode == 2
    assert (
        ran.stderr.startswith("chinese-ten: cannot read the certificate")
        and ran.stderr.count("\n") == 1
    )
    assert not list(tmp_path.glob("host/*"))  # no table was opened


def test_a_certificate_without_its_key_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    ran = invoke(capsys, "host", "--no-seat", "--certfile", "cert.pem")
    assert ran.returncode == 2 and "--certfile and --keyfile go together" in ran.stderr


def test_host_without_a_terminal_for_its_seat_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path))
    ran = invoke(capsys, "host", "--players", "Ana,Ben")
    assert ran.returncode == 2 and "--no-seat" in ran.stderr and ran.stderr.count("\n") == 1


def test_resume_with_no_table_saved_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path))
    ran = invoke(capsys, "host", "--no-seat", "--resume")
    assert (
        ran.returncode == 1 and "no unfinished table" in ran.stderr and ran.stderr.count("\n") == 1
    )


@pytest.mark.parametrize(
    "link", ["nonsense", "http://127.0.0.1:8765/t/abc", "ftp://x/t/a#" + "s" * 43]
)
def test_join_with_a_malformed_link_is_one_line(
    capsys: pytest.CaptureFixture[str], link: str
) -> None:
    ran = invoke(capsys, "join", link)
    assert (
        ran.returncode == 2
        and ran.stderr.startswith("chinese-ten: ")
        and ran.stderr.count("\n") == 1
    )


@pytest.mark.parametrize(
    ("args", "asks"),
    [
        ((), True),
        (("--series",), True),
        (("--vs", "hard"), False),
        (("--players", "Ana,Ben"), False),
    ],
)
def test_host_asks_the_table_only_when_the_command_line_does_not_seat_it(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...],
    asks: bool,
) -> None:
    from chinese_ten.cli.commands import hosting as host

    seen: list[host.HostOptions] = []
    monkeypatch.setattr(host, "run_host", lambda options: seen.append(options) or 0)
    assert invoke(capsys, "host", *args).returncode == 0
    assert seen[0].ask_table is asks
    # a series without --deals is as long as the seats chosen make it (8 deals for four)
    assert seen[0].game.deals_by_seats is ("--series" in args)


def test_leaving_the_hosts_start_screen_opens_no_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from chinese_ten.cli.commands import hosting as host

    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path))
    monkeypatch.setattr(host, "_table_chosen", lambda game: None)
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert invoke(capsys, "host", "--port", "0").returncode == 0
    assert not list(tmp_path.glob("host/*"))


def test_a_series_over_the_seats_chosen_is_as_long_as_they_make_it(tmp_path: Path) -> None:
    from dataclasses import replace

    from chinese_ten.serve.host_table import HostTable
    from tests.options_helpers import game_options

    options = game_options(computer=(None, None), deals_planned=6)
    options = replace(
        options,
        deals_by_seats=True,
        table=replace(options.table, typed=(None,) * 4, computer=(None, "easy", None, None)),
    )
    table = HostTable.new("tbl1", options, tmp_path / "tbl1")
    assert (
        table.authority.flow.series.deals_planned == 8 and len(table.authority.person_seats()) == 3
    )


def test_join_reads_its_link_from_the_environment_and_takes_it_out(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHINESE_TEN_LINK", "nonsense")
    ran = invoke(capsys, "join")
    assert ran.returncode == 2 and "'nonsense' is not an invite link" in ran.stderr
    assert "CHINESE_TEN_LINK" not in os.environ  # nothing join starts inherits it


def test_join_without_a_link_anywhere_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CHINESE_TEN_LINK", raising=False)
    ran = invoke(capsys, "join")
    assert ran.returncode == 2 and "join needs the invite link" in ran.stderr


@pytest.mark.parametrize("host", ["", "  "])
def test_host_on_an_empty_address_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], host: str
) -> None:
    ran = invoke(capsys, "host", "--no-seat", "--host", host)
    assert ran.returncode == 2 and "an empty host is no address" in ran.stderr
    assert "Traceback" not in ran.stderr
