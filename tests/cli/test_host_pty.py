"""``chinese-ten host`` seats its person in their own terminal, and a joined seat plays there."""

import re
from pathlib import Path

from tests.pty_helpers import Terminal


def test_the_host_sits_at_the_first_seat_and_sees_whose_turn(tmp_path: Path) -> None:
    host = Terminal(
        ["host", "--players", "Ana,computer:easy", "--deals", "1", "--port", "0"],
        tmp_path,
        size=(120, 36),
    )
    try:
        assert host.wait_for("Press Enter to sit down")
        links = re.findall(r"Ana: (http://\S+)", host.text)
        assert len(links) == 1 and "#" in links[0]
        host.write(b"\r")
        assert host.wait_for("Your turn", limit=60), host.text
        assert "Computer (easy)" in host.text
        host.write(b"\x11")  # Ctrl+Q leaves the seat and ends the table, saved
        host.settle(limit=30)  # read what it writes on the way out
        assert host.process.wait(timeout=30) == 0
    finally:
        host.end()
    assert list(tmp_path.glob("host/*/table.json"))
