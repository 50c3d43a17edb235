"""One loader of catalogs (:func:`chinese_ten.lang.i18n.catalog`): every command that reads names or
a language survives a damaged or missing catalog, in English and one line on stderr.

Each command runs twice: against a damaged French catalog (hostile) and against an intact copy
(friendly). ``replay``, ``history`` and ``stats`` read every catalog even in English (a record's
"Vous" is the human in any language), so the hostile runs are in English and in French.
Every test works on a copy of the package's catalogs; the installed files are never touched.
"""

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from chinese_ten.cli.main import main
from chinese_ten.lang import i18n
from chinese_ten.serve.server import GameServer, ServeOptions
from chinese_ten.store.history_names import history_key, shown_name
from chinese_ten.store.records import record_json
from chinese_ten.text.wording import default_identity, is_default, is_you, seat_default
from tests.cli_helpers import invoke
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
    path.write_text(record_json(played(1, names=("Vous", "Ben"))), encoding="utf-8")
    return path


def _french(catalogs: Path) -> Path:
    return catalogs / "fr" / "LC_MESSAGES" / "chinese_ten.mo"


def _garbage(catalogs: Path) -> None:
    _french(catalogs).write_bytes(b"garbage")


def _missing(catalogs: Path) -> None:
    _french(catalogs).unlink()


def _intact(catalogs: Path) -> None:
    pass


HOSTILE: list[Callable[[Path], None]] = [_garbage, _missing]

COMMANDS: dict[str, list[str]] = {
    "history": ["history"],
    "history --player": ["history", "--player", "vous"],
    "history --json": ["history", "--json"],
    "history export": ["history", "export", "1"],
    "stats": ["stats"],
    "stats --player": ["stats", "--player", "Ana"],
    "stats --json": ["stats", "--json"],
    "replay": ["replay", "{record}"],
    "review": ["review", "{record}", "--json", "--samples", "40", "--jobs", "1"],
    "rules": ["rules"],
    "simulate": ["simulate", "--games", "1", "--deals", "1"],
}


def _run(command: list[str], language: str, record: Path) -> int:
    """``history import`` of the record first (so the history is not empty), then ``command``;
    the exit status of the first that fails, else 0."""
    code = main(["--lang", language, "history", "import", str(record)])
    if code:
        return code
    return main(["--lang", language, *(arg.format(record=record) for arg in command)])


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("damage", HOSTILE, ids=lambda d: d.__name__.strip("_"))
@pytest.mark.parametrize("command", COMMANDS.values(), ids=COMMANDS.keys())
def test_every_command_survives_a_damaged_catalog(  # noqa: PLR0917 (pytest's parameters)
    command: list[str],
    damage: Callable[[Path], None],
    language: str,
    catalogs: Path,
    record: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    damage(catalogs)
    assert _run(command, language, record) == 0
    out, err = capsys.readouterr()
    assert out and "Traceback" not in out + err
    assert err.count("\n") == 1  # said once, whatever reads the catalog
    assert err.startswith("chinese-ten: cannot read the fr messages (locale/fr/LC_MESSAGES/")


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("command", COMMANDS.values(), ids=COMMANDS.keys())
def test_every_command_with_intact_catalogs_says_nothing_on_stderr(
    command: list[str],
    language: str,
    catalogs: Path,
    record: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _run(command, language, record) == 0
    out, err = capsys.readouterr()
    assert out and err == ""


def test_history_files_vous_under_you_only_while_the_french_catalog_reads(
    catalogs: Path, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["history", "import", str(record)]) == 0
    assert main(["history", "--player", "You"]) == 0
    assert "Vous" not in capsys.readouterr().out  # shown in English: the same person
    assert history_key("Vous") == history_key("you") == "\x00you"


def test_a_damaged_catalog_leaves_its_default_names_unknown_but_the_others_known(
    catalogs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _garbage(catalogs)
    assert default_identity("Vous") is None  # French is English now: "Vous" is a name
    assert default_identity("Jogador") == "you" and is_you("JOGADOR")
    assert default_identity("Você") == "you"  # the name Portuguese gave in older records
    assert history_key("Jogador 2") == "\x00player 2"
    assert is_default("Computador 3 (difícil)", 2, (None, "hard", "hard"))
    assert capsys.readouterr().err.count("\n") == 1


def test_default_names_are_one_definition_in_every_language(catalogs: Path) -> None:
    levels = (None, "hard", "hard", "easy")
    for seat in range(4):
        for language in i18n.LANGUAGES:
            i18n.choose(language)
            said = seat_default(seat, levels)
            assert is_default(said, seat, levels)
            key = history_key(said)
            assert key.startswith("\x00")
            assert shown_name(said, key) == said
    i18n.choose("fr")
    assert shown_name("You", history_key("You")) == "Vous"


# serve: the page in the browser's language, built per request from the same loader


async def _page(catalogs: Path, accept: str, *, token: bool = True) -> tuple[int, str]:
    options = ServeOptions(host="127.0.0.1", port=0, max_games=1, idle_minutes=5, game=("play",))
    server = GameServer(options)
    test_server = TestServer(server.web_app(), host="127.0.0.1", port=0)
    await test_server.start_server()
    try:
        assert test_server.port is not None
        url = server.listening(test_server.port)
        if not token:
            url = url.split("?", 1)[0]
        async with (
            aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar()) as session,
            session.get(url, headers={"Accept-Language": accept}) as response,
        ):
            return response.status, await response.text()
    finally:
        await test_server.close()


@pytest.mark.parametrize("damage", HOSTILE, ids=lambda d: d.__name__.strip("_"))
async def test_serve_s_page_in_a_damaged_language_is_english_not_a_500(
    damage: Callable[[Path], None], catalogs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damage(catalogs)
    status, page = await _page(catalogs, "fr-FR,fr;q=0.9")
    assert status == 200 and "Chinese Ten is starting" in page
    status, text = await _page(catalogs, "fr", token=False)
    assert status == 403 and text.startswith("This address needs the token")
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "fr messages" in err


async def test_serve_s_page_speaks_french_from_an_intact_catalog(
    catalogs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, page = await _page(catalogs, "fr-FR,fr;q=0.9")
    assert status == 200 and "Dix chinois démarre" in page
    status, text = await _page(catalogs, "fr", token=False)
    assert status == 403 and text.startswith("Cette adresse")
    assert capsys.readouterr().err == ""


# a translation that does not fit its message: that message in English, the rest translated
def _rewritten(catalogs: Path, change: Callable[[str], str]) -> None:
    """Every French translation (each form of a plural) passed through ``change``, the
    English messages untouched, as a damaged or careless catalog may be."""
    from babel.messages.mofile import read_mo, write_mo

    path = _french(catalogs)
    with path.open("rb") as handle:
        messages = read_mo(handle)
    for message in messages:
        if not message.id:
            continue
        plural = isinstance(message.string, (list, tuple))
        forms = [change(form) for form in (message.string if plural else [message.string])]
        message.string = forms if plural else forms[0]
    with path.open("wb") as handle:
        write_mo(handle, messages)


def _altered(catalogs: Path) -> None:
    """Every French ``{path}`` renamed ``{pbth}`` and every ``{count}`` ``{cnt}``."""
    _rewritten(catalogs, lambda form: form.replace("{path}", "{pbth}").replace("{count}", "{cnt}"))


PLACEHOLDER_COMMANDS: dict[str, list[str]] = {
    **COMMANDS,
    "history import": ["history", "import", "{record}"],
    "history export": ["history", "export", "1", "{record}.out"],
    "replay missing": ["replay", "{record}.missing"],
    "review missing": ["review", "{record}.missing", "--json"],
    "simulate --records": ["simulate", "--games", "2", "--deals", "1", "--records", "{record}.d"],
}


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("command", PLACEHOLDER_COMMANDS.values(), ids=PLACEHOLDER_COMMANDS.keys())
def test_a_translation_whose_placeholders_differ_is_english_for_that_message(
    command: list[str],
    language: str,
    catalogs: Path,
    record: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _altered(catalogs)
    code = _run(command, language, record)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "KeyError" not in err and "pbth" not in out + err
    assert code == (1 if "missing" in " ".join(command) else 0)
    assert "cannot read the fr messages" not in err
    said = err.count("fr messages do not match their English originals (locale/fr/")
    assert said == 1 if language == "fr" else said <= 1  # said once, by whatever reads it


def test_only_the_messages_that_do_not_fit_fall_back(catalogs: Path) -> None:
    _altered(catalogs)
    french = i18n.catalog("fr")
    assert french.gettext("{path}: {problem}") == "{path}: {problem}"  # English, filled safely
    assert french.gettext("Rules") != "Rules"  # the others are still French
    assert french.ngettext("{count} deal", "{count} deals", 3) == "{count} deals"
    assert "{path}" in i18n.catalog("pt").gettext("{path}: {problem}")


def test_an_intact_catalog_keeps_every_translation(catalogs: Path) -> None:
    for language in ("fr", "pt"):
        mo = catalogs / language / "LC_MESSAGES" / "chinese_ten.mo"
        raw = i18n.gettext.GNUTranslations(mo.open("rb"))
        kept = i18n.catalog(language)
        assert kept._catalog == raw._catalog  # type: ignore[attr-defined]


_CONTROL = "\x1b]2;title\x07\x1b[2J[bold red]X[/][/]"


def _controlled(catalogs: Path) -> None:
    """Every French translation given terminal controls and Rich markup its English message
    does not hold, as a damaged or hostile catalog may."""
    _rewritten(catalogs, lambda form: _CONTROL + form)


@pytest.mark.parametrize("command", COMMANDS.values(), ids=COMMANDS.keys())
def test_a_translation_with_controls_or_markup_is_english_for_that_message(
    command: list[str], catalogs: Path, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ``[/]`` in a translated column header is a MarkupError, an ESC a terminal command."""
    _controlled(catalogs)
    code = _run(command, "fr", record)
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "\x1b" not in out + err and "[/]" not in out + err and "Traceback" not in err
    french = i18n.catalog("fr")
    assert french.gettext("Rules") == "Rules"
    assert i18n.catalog("pt").gettext("Rules") != "Rules"


# %-placeholders (argparse's own messages): compared as the {} ones are
PERCENT_DAMAGES: dict[str, Callable[[str], str]] = {
    "a name renamed": lambda form: form.replace("%(message)s", "%(msg)s"),
    "a name dropped": lambda form: form.replace("%(message)s", "?"),
    "a positional dropped": lambda form: form.replace(" : %s", ""),
    "a positional's type changed": lambda form: form.replace(" : %s", " : %d"),
    "a stray %": lambda form: form.replace(" : %s", " : %s à 100 %"),
}
"""Each French damage, and the arguments whose error it would break."""


@pytest.mark.parametrize("damage", PERCENT_DAMAGES.values(), ids=PERCENT_DAMAGES.keys())
@pytest.mark.parametrize(
    "arguments", [["history", "--limit", "abc"], ["history", "--bogus"]], ids=["limit", "bogus"]
)
def test_a_translation_whose_percent_placeholders_differ_is_english_for_that_message(
    damage: Callable[[str], str],
    arguments: list[str],
    catalogs: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--lang fr history --limit abc`` raised KeyError: 'msg' from argparse's error line."""
    _rewritten(catalogs, damage)
    ran = invoke(capsys, "--lang", "fr", *arguments)
    assert ran.returncode == 2 and "Traceback" not in ran.stderr and "Error" not in ran.stderr
    lines = ran.stderr.splitlines()
    assert sum("do not match their English" in line for line in lines) == 1, ran.stderr
    error = lines[-1]
    assert error.startswith("chinese-ten") and ("abc" in error or "--bogus" in error)
    assert "%" not in error and "?" not in error


@pytest.mark.parametrize(
    "arguments", [["history", "--limit", "abc"], ["history", "--bogus"]], ids=["limit", "bogus"]
)
def test_an_intact_catalog_words_argparse_s_errors_in_french(
    arguments: list[str], catalogs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ran = invoke(capsys, "--lang", "fr", *arguments)
    assert ran.returncode == 2
    error = ran.stderr.splitlines()[-1]
    assert error.startswith("chinese-ten") and " : erreur : " in error, ran.stderr
    assert "do not match" not in ran.stderr


def test_only_the_percent_messages_that_do_not_fit_fall_back(catalogs: Path) -> None:
    _rewritten(
        catalogs,
        lambda form: form.replace("%(message)s", "%(msg)s").replace("%s valeur", "une valeur"),
    )
    french = i18n.catalog("fr")
    error = "%(prog)s: error: %(message)s\n"
    assert french.gettext(error) == error
    assert french.gettext("unrecognized arguments: %s") == "arguments non reconnus : %s"
    # a plural's form may not drop a positional %s: the code fills it whatever the count
    assert french.ngettext("expected %s argument", "expected %s arguments", 1) == (
        "expected %s argument"
    )
    # "{chosen}% of the time": a {} message, whose % no code reads as a conversion
    assert " % des cas" in french.gettext(
        "the move played leaves {card} to you, and you take it on the next turn {chosen}% "
        "of the time (against {best}%)"
    )
