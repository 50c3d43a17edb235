"""The rules page of a language (docs/rules.md, rules.fr.md, rules.pt.md), from the installed
package or from a source checkout."""

from pathlib import Path

from chinese_ten.lang.i18n import _, current

_PACKAGE = Path(__file__).resolve().parents[1]
"""``chinese_ten``: the installed pages are in its ``data`` folder (pyproject's force-include)."""
_FOLDERS = (_PACKAGE / "data", _PACKAGE.parents[1] / "docs")


def rules_markdown(language: str | None = None) -> str:
    """The page in ``language`` (default: the current one), else the English page."""
    wanted = language or current()
    names = ("rules.md",) if wanted == "en" else (f"rules.{wanted}.md", "rules.md")
    for name in names:
        for folder in _FOLDERS:
            path = folder / name
            if path.is_file():
                return path.read_text(encoding="utf-8")
    return _("# Rules\n\nThe rules page is missing from this installation (docs/rules.md).\n")


MORE_SEATS = "Three and four players"
"""The heading of the English page's section on the game for three and four players."""


def more_seats_section() -> int | None:
    """Which of the rules page's ``##`` sections (from 0) is the game for three and four
    players, in every language: the pages have the same sections in the same order
    (tests/text/test_i18n.py), so the English page's heading finds it. None without it."""
    headings = [
        line.removeprefix("## ").strip()
        for line in rules_markdown("en").splitlines()
        if line.startswith("## ")
    ]
    return headings.index(MORE_SEATS) if MORE_SEATS in headings else None
