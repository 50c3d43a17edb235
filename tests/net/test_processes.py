"""``chinese-ten host`` and its players as real processes over loopback."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from chinese_ten.net.client import parse_link


def start_host(home: Path, *arguments: str) -> tuple[subprocess.Popen[str], list[str]]:
    """A host process with ``--no-seat --port 0``, and the links it printed."""
    process = subprocess.Popen(
        [sys.executable, "-m", "chinese_ten", "host", "--no-seat", "--port", "0", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "CHINESE_TEN_HOME": str(home)},
    )
    assert process.stdout is not None
    assert process.stdout.readline().startswith("Table ")
    links = []
    while True:
        line = process.stdout.readline()
        if not line.startswith("  "):
            break
        links.append(line.split(": ", 1)[1].strip())
        if len(links) == sum(1 for a in arguments[1].split(",") if "computer" not in a):
            break
    return process, links


def stop(process: subprocess.Popen[str]) -> str:
    process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=30)
    return err


def bot(link: str, seed: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "chinese_ten.net.bot", link, str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.parametrize("players", ["Ana,Ben", "Ana,Ben,Cy,Di"])
def test_bots_as_processes_play_a_whole_deal(tmp_path: Path, players: str) -> None:
    host, links = start_host(tmp_path, "--players", players, "--deals", "1")
    assert len(links) == len(players.split(","))
    bots = [bot(link, seed) for seed, link in enumerate(links)]
    outputs = [b.communicate(timeout=120) for b in bots]
    said = stop(host)
    assert not [link for link in links if link.split("#")[1] in said]  # no secret in its log
    for (out, err), process in zip(outputs, bots, strict=True):
        assert process.returncode == 0, err
        assert out.startswith("records 1 "), out


def test_a_killed_host_resumes_and_its_links_still_work(tmp_path: Path) -> None:
    host, links = start_host(tmp_path, "--players", "Ana,Ben", "--deals", "1")
    host.kill()
    host.wait(timeout=30)
    again = subprocess.Popen(
        [sys.executable, "-m", "chinese_ten", "host", "--no-seat", "--resume", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "CHINESE_TEN_HOME": str(tmp_path)},
    )
    assert again.stdout is not None
    assert again.stdout.readline().startswith("Table ")
    new_links = [again.stdout.readline().split(": ", 1)[1].strip() for _ in range(2)]
    old = [parse_link(link) for link in links]
    new = [parse_link(link) for link in new_links]
    assert [(o.table_id, o.secret) for o in old] == [(n.table_id, n.secret) for n in new]
    bots = [bot(link, seed) for seed, link in enumerate(new_links)]
    outputs = [b.communicate(timeout=120) for b in bots]
    stop(again)
    assert all(out.startswith("records 1 ") for out, _err in outputs), outputs


def run_join(link: str, home: Path) -> subprocess.CompletedProcess[str]:
    """``chinese-ten join`` with ``link`` in its environment (off its command line)."""
    return subprocess.run(
        [sys.executable, "-m", "chinese_ten", "join"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "CHINESE_TEN_HOME": str(home), "CHINESE_TEN_LINK": link},
        check=False,
    )


def test_join_with_a_wrong_or_expired_link_is_one_line(tmp_path: Path) -> None:
    host, links = start_host(tmp_path, "--players", "Ana,Ben", "--deals", "1")
    base, _, secret = links[0].partition("#")
    try:
        cases = {
            "not a link": 2,
            base: 2,  # the secret lost
            base + "#" + "x" * 43: 1,  # a secret of no seat (an expired table's)
            base.replace(base.rsplit("/", 1)[1], "gone") + "#" + secret: 1,  # no such table
        }
        for link, code in cases.items():
            result = run_join(link, home=tmp_path)
            assert result.returncode == code, (link, result.stderr)
            assert result.stderr.count("\n") == 1 and result.stderr.startswith("chinese-ten: ")
            assert "Traceback" not in result.stderr
            assert secret not in result.stderr
    finally:
        stop(host)
    gone = run_join(links[0], home=tmp_path)  # the host has stopped
    assert gone.returncode == 1 and "Cannot reach the host" in gone.stderr


def test_listening_beyond_this_machine_is_warned(tmp_path: Path) -> None:
    host, links = start_host(tmp_path, "--players", "Ana,Ben", "--host", "0.0.0.0")
    assert host.stderr is not None
    warning = host.stderr.readline()
    stop(host)
    assert warning.startswith("chinese-ten: warning: listening on 0.0.0.0: anyone who can reach")
    assert len(links) == 2


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_plain_get_of_the_socket_then_a_stop_ends_the_host_cleanly(
    tmp_path: Path, signum: int
) -> None:
    """A request of the websocket's address that is no upgrade, then SIGTERM, SIGHUP or
    Ctrl+C's SIGINT: the host ends as on Ctrl+C (the loop stopped by its own handler), its
    tables saved, without a traceback."""
    import urllib.error
    import urllib.request

    host, links = start_host(tmp_path, "--players", "Ana,Ben", "--deals", "1")
    base = links[0].partition("#")[0]
    with pytest.raises(urllib.error.HTTPError) as plain:
        urllib.request.urlopen(base + "/ws", timeout=30)  # answered: the host has seen it
    assert plain.value.code == 400
    host.send_signal(signum)
    _out, err = host.communicate(timeout=30)
    assert "Traceback" not in err and "Error" not in err, err
    assert host.returncode == 0, err
    assert len(list((tmp_path / "host").glob("*/table.json"))) == 1  # saved
