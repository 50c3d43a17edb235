"""The rules page (docs/rules.md), from the installed package or from a source checkout."""

from pathlib import Path

_HERE = Path(__file__).resolve().parent
_CANDIDATES = (_HERE / "data" / "rules.md", _HERE.parents[1] / "docs" / "rules.md")


def rules_markdown() -> str:
    for path in _CANDIDATES:
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return "# Rules\n\nThe rules page is missing from this installation (docs/rules.md).\n"
