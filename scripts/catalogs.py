"""The message catalogs: extract, update and compile them with Babel, and check them.

    uv run python scripts/catalogs.py update    # new and changed messages into each .po
    uv run python scripts/catalogs.py compile   # each .po to its .mo (both are committed)

The template is every message marked in ``src/chinese_ten`` (``_``, ``ngettext``, ``N_``)
plus argparse's own words ("usage: ", "options", its errors) from the running Python's
argparse, which the program binds to the same catalog. Translate the empty and fuzzy entries
of each ``src/chinese_ten/locale/<lang>/LC_MESSAGES/chinese_ten.po``, then compile:
``tests/text/test_i18n.py`` fails while a message is untranslated or a .mo is stale.
"""

import argparse
import sys
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "chinese_ten"
LOCALE_DIR = PACKAGE / "locale"
DOMAIN = "chinese_ten"
TRANSLATED = ("fr", "pt")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
WIDTH = 100


def template() -> Catalog:
    """Every message the program can show in the current Python, as an empty catalog."""
    catalog = Catalog(project="chinese-ten", domain=DOMAIN)
    for filename, lineno, message, comments, context in extract_from_dir(
        PACKAGE, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        catalog.add(
            message,
            locations=[(f"src/chinese_ten/{filename}", lineno)],
            auto_comments=comments,
            context=context,
        )
    for lineno, message, comments, context in extract_from_file(
        "python", argparse.__file__, keywords={"_": None, "ngettext": (1, 2)}
    ):
        catalog.add(
            message, locations=[("argparse.py", lineno)], auto_comments=comments, context=context
        )
    return catalog


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(language: str) -> Catalog:
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def compiled(catalog: Catalog) -> bytes:
    """The .mo bytes of a catalog (fuzzy entries left out, as gettext would ignore them)."""
    out = BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def update() -> None:
    fresh = template()
    for language in TRANSLATED:
        path = po_path(language)
        if path.exists():
            catalog = read(language)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=language, domain=DOMAIN, project="chinese-ten")
        catalog.update(fresh, update_header_comment=False, update_creation_date=False)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=WIDTH, ignore_obsolete=True, sort_output=False)
        untranslated = sum(1 for m in catalog if m.id and (not m.string or m.fuzzy))
        print(f"{path.relative_to(ROOT)}: {len(catalog)} messages, {untranslated} to translate")


def compile_all() -> None:
    for language in TRANSLATED:
        target = po_path(language).with_suffix(".mo")
        target.write_bytes(compiled(read(language)))
        print(f"{target.relative_to(ROOT)} written")


if __name__ == "__main__":
    commands = {"update": update, "compile": compile_all}
    if len(sys.argv) != 2 or sys.argv[1] not in commands:
        sys.exit(f"usage: {sys.argv[0]} update|compile")
    commands[sys.argv[1]]()
