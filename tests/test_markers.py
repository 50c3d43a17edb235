"""The tests ``tests/conftest.py`` marks ``slow`` are there: an entry of :data:`SLOW` left
behind by a renamed or moved test would leave that test in the quick loop unnoticed."""

import ast
from collections.abc import Iterable
from pathlib import Path

from tests.conftest import SLOW, TESTS


def missing(entries: Iterable[str], root: Path) -> list[str]:
    """The entries (``folder/file.py`` or ``folder/file.py::test``) naming no file under
    ``root``, or no test function at the top of that file."""
    found = []
    for entry in sorted(entries):
        where, _, test = entry.partition("::")
        path = root / where
        if not path.is_file():
            found.append(entry)
            continue
        if test:
            tree = ast.parse(path.read_text(encoding="utf-8"))
            names = {
                node.name
                for node in tree.body
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            }
            if test not in names:
                found.append(entry)
    return found


def test_every_slow_entry_names_a_test() -> None:
    assert missing(SLOW, TESTS) == []


def test_a_stale_entry_is_found(tmp_path: Path) -> None:
    (tmp_path / "cli").mkdir()
    (tmp_path / "cli" / "test_a.py").write_text(
        "def test_here() -> None:\n    pass\n\nasync def test_async() -> None:\n    pass\n"
    )
    entries = [
        "cli/test_a.py",
        "cli/test_a.py::test_here",
        "cli/test_a.py::test_async",
        "cli/test_a.py::test_renamed",
        "cli/test_gone.py",
        "net/test_a.py::test_here",
    ]
    assert missing(entries, tmp_path) == [
        "cli/test_a.py::test_renamed",
        "cli/test_gone.py",
        "net/test_a.py::test_here",
    ]
