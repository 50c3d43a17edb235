"""A damaged message catalog leaves its language in English, said in one line on stderr.

Every test works on a copy of the package's catalogs (``i18n.LOCALE_DIR`` points at it), so
the installed files are never touched.
"""

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from chinese_ten.cli.main import main
from chinese_ten.lang import i18n
from chinese_ten.store.records import record_json
from tests.history_helpers import played


@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, record: Path) -> Iterator[Path]:
    """A copy of the catalogs, read from now on; the record is made first (checking its
    names reads the installed catalogs, which this copy's damage must not reach)."""
    copy = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, copy)
    monkeypatch.setattr(i18n, "LOCALE_DIR", copy)
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path / "data"))
    yield copy
    i18n.choose("en")


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(record_json(played(2)), encoding="utf-8")
    return path


def _french(catalogs: Path) -> Path:
    return catalogs / "fr" / "LC_MESSAGES" / "chinese_ten.mo"


def _garbage(mo: Path) -> None:
    mo.write_bytes(b"\x00\xffnot a catalog at all" * 10)


def _empty(mo: Path) -> None:
    mo.write_bytes(b"")


def _truncated(mo: Path) -> None:
    mo.write_bytes(mo.read_bytes()[:100])  # a good header, entries cut off


def _folder(mo: Path) -> None:
    mo.unlink()
    mo.mkdir()


def _too_large(mo: Path) -> None:
    mo.write_bytes(mo.read_bytes() + bytes(i18n.MAX_CATALOG_BYTES))


DAMAGES: list[Callable[[Path], None]] = [_garbage, _empty, _truncated, _folder, _too_large]


@pytest.mark.parametrize("damage", DAMAGES, ids=lambda d: d.__name__.strip("_"))
def test_a_damaged_catalog_falls_back_to_english_with_one_line(
    damage: Callable[[Path], None],
    catalogs: Path,
    record: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    damage(_french(catalogs))
    assert main(["--lang", "fr", "replay", str(record)]) == 0
    out, err = capsys.readouterr()
    assert "Total" in out and "Deal" in out  # English, not "Donne"
    assert err.count("\n") == 1
    assert err.startswith("chinese-ten: cannot read the fr messages (locale/fr/LC_MESSAGES/")
    assert "using English" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "command", [["rules"], ["history"], ["stats"], ["simulate", "--games", "1", "--deals", "1"]]
)
def test_every_command_starts_with_a_damaged_catalog_chosen_by_the_environment(
    command: list[str],
    catalogs: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _garbage(_french(catalogs))
    monkeypatch.setenv("LANGUAGE", "fr")
    assert main(command) == 0
    out, err = capsys.readouterr()
    assert out and err.count("\n") == 1 and "Bad magic number" in err


def test_an_english_command_meets_a_damaged_catalog_once(
    catalogs: Path, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``replay`` reads every catalog (a record's "Vous" is the human in any language)."""
    _garbage(catalogs / "pt" / "LC_MESSAGES" / "chinese_ten.mo")
    assert main(["replay", str(record)]) == 0
    assert main(["replay", str(record)]) == 0
    assert capsys.readouterr().err.count("pt messages") == 1


def test_an_intact_copy_speaks_french_and_says_nothing(
    catalogs: Path, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "fr", "replay", str(record)]) == 0
    out, err = capsys.readouterr()
    assert "Donne" in out and err == ""
