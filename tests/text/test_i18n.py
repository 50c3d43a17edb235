"""Languages: the choice at start-up, the catalogs, and the headless commands in fr and pt."""

import json
import os
import re
import string
import subprocess
import sys
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from chinese_ten.engine.cards import DECK, format_card, parse_card
from chinese_ten.engine.errors import NotationError
from chinese_ten.lang import i18n
from chinese_ten.text.card_names import display_card
from chinese_ten.text.engine_words import said
from chinese_ten.text.rules import rules_markdown
from scripts.catalogs import TRANSLATED, compiled, po_path, read, template
from tests.cli_helpers import Ran, invoke

LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


Invoke = Callable[..., Ran]
"""A command run in this process: ``here("--lang", "fr", "replay", path)``."""


def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The command as a person runs it, with only the language variables given here."""
    clean = {k: v for k, v in os.environ.items() if k not in LANGUAGE_VARIABLES}
    clean["LANG"] = "C.UTF-8"
    clean.update(env)
    return subprocess.run(
        [sys.executable, "-m", "chinese_ten", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=clean,
    )


@pytest.fixture
def here(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> "Invoke":
    """Commands in this process, with no language from the environment (as :func:`run` has):
    for the tests where the language comes from ``--lang`` or a record."""
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    return partial(invoke, capsys)


@pytest.fixture
def english_after() -> Iterator[None]:
    """In-process tests that switch language leave English behind for the tests after them."""
    yield
    i18n.choose("en")


# The catalogs


def _placeholders(text: str) -> list[str]:
    braces = sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)
    percents = sorted(re.findall(r"%(?:\(\w+\))?[sdr]", text))
    return braces + percents


def _problems(catalog: Catalog, messages: Catalog) -> list[tuple[object, str]]:
    """What keeps ``catalog`` from showing every one of ``messages`` in its language."""
    problems: list[tuple[object, str]] = []
    for message in messages:
        if not message.id:
            continue
        entry = catalog.get(message.id)
        if entry is None:
            problems.append((message.id, "missing"))
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if entry.fuzzy or not all(strings):
            problems.append((message.id, "fuzzy or empty"))
            continue
        wanted = set(_placeholders(ids[-1]))
        for text in strings:  # a singular may leave "{count}" out, never invent one
            if not set(_placeholders(text)) <= wanted:
                problems.append((message.id, text))
        if set(_placeholders(strings[-1])) != wanted:
            problems.append((message.id, strings[-1]))
    return problems


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(language: str) -> None:
    assert _problems(read(language), template()) == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_committed_mo_is_the_compiled_po(language: str) -> None:
    assert po_path(language).with_suffix(".mo").read_bytes() == compiled(read(language))


GLOSSARY = {
    "fr": {
        r"\bpioche\b": "talon: the board says Talon",
        r"\bpiles?\b": "tas: the board says Tas",
        r"\bmondes?\b": "donnes simulées",
        r"\brevue\b": "analyse",
        r"\bau meilleur\b|\ble meilleur\b": "meilleur coup",
        "\u2019": "the straight apostrophe, as everywhere else",
        r"% du temps": "dans {n} % des cas",
        r"quelqu'un ici": "un joueur humain",
    },
    "pt": {
        r"\blev(ar|a|ou)\b": "capturar",
        r"\bmundos?\b": "simulações",
        r"\basneiras?\b": "erro grave",
        r"\b[Vv]ocê\b": "no Brazilian você: the name You is Jogador, a sentence has no subject",
        r"\b[Mm]ãos? (\{\w+\}|seguinte|anterior|após)|(fim|início|por) (da )?mão\b": "ronda",
        r"\btela\b|\barquivos?\b|\busuári": "ecrã, ficheiro, utilizador",
        r"predefinição": "por omissão",
        r"\bvez \{": "turno {n}",
        r"\bo melhor\b": "melhor jogada",
    },
}
"""Words a native reader flagged, and what the catalogs say instead."""


def _off_glossary(language: str, catalog: Catalog) -> list[tuple[str, str]]:
    found = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            for pattern, instead in GLOSSARY[language].items():
                if re.search(pattern, text):
                    found.append((text, instead))
    return found


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogs_keep_to_the_glossary(language: str) -> None:
    assert _off_glossary(language, read(language)) == []
    page = rules_markdown(language)
    assert not [p for p in GLOSSARY[language] if re.search(p, page)]


def test_a_word_off_the_glossary_is_caught() -> None:
    catalog = Catalog(locale="pt")
    catalog.add("You played {card}", "Você jogou {card}")
    catalog.add("You", "Você")  # the default name itself
    catalog.add("turn {turn}", "vez {turn}")
    catalog.add("Next deal", "Mão seguinte")
    catalog.add("Your hand", "A sua mão")  # the hand is mão
    you, deal = r"\b[Vv]ocê\b", next(p for p in GLOSSARY["pt"] if "seguinte" in p)
    assert [instead for _, instead in _off_glossary("pt", catalog)] == [
        GLOSSARY["pt"][you],
        GLOSSARY["pt"][you],
        GLOSSARY["pt"][r"\bvez \{"],
        GLOSSARY["pt"][deal],
    ]


def test_missing_fuzzy_and_misspelt_entries_are_caught() -> None:
    messages = Catalog()
    messages.add("{path}: no such file")
    messages.add("a new message")
    messages.add(("{count} deal", "{count} deals"))
    catalog = Catalog(locale="fr")
    catalog.add("{path}: no such file", "{chemin} : fichier introuvable")
    catalog.add(("{count} deal", "{count} deals"), ("{count} donne", ""))
    found = _problems(catalog, messages)
    assert ("a new message", "missing") in found
    assert ("{path}: no such file", "{chemin} : fichier introuvable") in found
    assert (("{count} deal", "{count} deals"), "fuzzy or empty") in found
    catalog.add("a new message", "un nouveau message", flags=["fuzzy"])
    assert ("a new message", "fuzzy or empty") in _problems(catalog, messages)


# Choosing the language


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "pt_PT.UTF-8"}, "pt"),
        ({"LANG": "pt_BR"}, "pt"),
        ({"LANG": "fr_CA.utf8@euro"}, "fr"),
        ({"LANGUAGE": "fr:en", "LANG": "pt_PT.UTF-8"}, "fr"),
        ({"LANGUAGE": "de:pt", "LANG": "fr_FR.UTF-8"}, "pt"),
        ({"LANGUAGE": "en:fr"}, "en"),
        ({"LANGUAGE": "", "LC_ALL": "pt_PT.UTF-8", "LANG": "fr_FR.UTF-8"}, "pt"),
        ({"LC_ALL": "C.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_MESSAGES": "fr_FR", "LANG": "pt_PT"}, "fr"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANGUAGE": "xx:yy"}, "en"),
        ({"LANG": "../../etc/passwd"}, "en"),
    ],
)
def test_the_environment_is_read_in_gettexts_order(environ: dict[str, str], expected: str) -> None:
    assert i18n.from_environment(environ) == expected


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--lang", "fr", "replay", "x"], "fr"),
        (["replay", "x", "--lang=pt"], "pt"),
        (["simulate", "--la", "pt"], "pt"),
        (["simulate", "--lang"], None),
        (["replay", "--", "--lang", "fr"], None),
        (["simulate", "--players", "a,b"], None),
    ],
)
def test_lang_is_found_before_the_parser_is_built(argv: list[str], expected: str | None) -> None:
    assert i18n.from_arguments(argv) == expected


def test_lang_on_the_command_line_beats_the_environment() -> None:
    result = run("--lang", "en", "simulate", "--games", "0", LANGUAGE="fr", LANG="fr_FR.UTF-8")
    assert result.returncode == 2 and "must be at least 1" in result.stderr
    result = run("simulate", "--games", "0", "--lang", "pt", LANG="fr_FR.UTF-8")
    assert "tem de ser pelo menos 1" in result.stderr


@pytest.mark.parametrize("env", [{}, {"LANG": "fr_FR.UTF-8"}])
def test_an_unknown_language_is_exit_2_with_the_list(env: dict[str, str]) -> None:
    for args in (["--lang", "xx", "rules"], ["rules", "--lang", "de"], ["rules", "--lang="]):
        result = run(*args, **env)
        assert result.returncode == 2 and result.stderr.count("\n") == 1
        assert "'en', 'fr', 'pt'" in result.stderr and "Traceback" not in result.stderr
    if env:
        assert "choix invalide" in result.stderr


# What a person reads


@pytest.mark.parametrize(
    ("language", "words", "english"),
    [
        ("fr", ["utilisation :", "afficher cette aide et quitter", "graine"], "usage:"),
        ("pt", ["utilização:", "mostrar esta ajuda e sair", "semente"], "usage:"),
    ],
)
def test_help_is_in_the_language(language: str, words: list[str], english: str) -> None:
    for command in ("simulate", "play", "replay", "rules", "series"):
        result = run(command, "--help", LANG=f"{language}_XX.UTF-8")
        assert result.returncode == 0
        assert english not in result.stdout and "show this help" not in result.stdout
    result = run("--lang", language, "simulate", "--help")
    assert all(word in result.stdout for word in words[:2])
    assert words[2] in run("--lang", language, "play", "--help").stdout


@pytest.mark.parametrize(
    ("language", "headings"),
    [
        ("en", ["positional arguments:", "options:", "commands:", "actions:"]),
        ("fr", ["arguments positionnels :", "options :", "commandes :", "actions :"]),
        ("pt", ["argumentos posicionais:", "opções:", "comandos:", "ações:"]),
    ],
)
def test_help_headings_end_as_the_language_writes_a_colon(
    language: str, headings: list[str]
) -> None:
    """argparse adds the colon after each heading; French puts a space before it."""
    lines = set()
    for args in (["--help"], ["replay", "--help"], ["history", "--help"]):
        lines |= set(run("--lang", language, *args).stdout.splitlines())
    assert set(headings) <= lines
    glued = {"fr": re.compile(r"\w:$"), "pt": re.compile(r"\s:$")}.get(language)
    assert glued is None or not any(glued.search(line) for line in lines if line.strip())


@pytest.mark.parametrize(
    ("language", "args", "message"),
    [
        ("fr", ["simulate", "--deals", "0"], "argument --deals : 0 doit valoir au moins 1"),
        ("fr", ["replay"], "les arguments suivants sont obligatoires : FICHIER"),
        ("fr", ["frobnicate"], "choix invalide : 'frobnicate'"),
        ("fr", ["simulate", "--games"], "une valeur est attendue"),
        ("fr", ["play", "--players", "Ana,ANA"], "les deux joueurs doivent avoir des noms"),
        ("fr", ["play", "--players", "Ana,\x1b[2J"], "caractères de contrôle (il contient U+001B)"),
        ("pt", ["simulate", "--deals", "x"], "'x' não é um número inteiro"),
        ("pt", ["simulate", "--players", "greedy,wizard"], "jogador desconhecido 'wizard'"),
        ("pt", ["rules", "--bogus"], "argumentos não reconhecidos: --bogus"),
        ("pt", ["series", "--deals", "1001"], "1001 é mais do que 1000 rondas"),
    ],
)
def test_bad_arguments_are_one_line_in_the_language(
    language: str, args: list[str], message: str, here: Invoke
) -> None:
    result = here("--lang", language, *args)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    see_help = {"fr": " (voir --help)\n", "pt": " (ver --help)\n"}[language]
    assert message in result.stderr and result.stderr.endswith(see_help)
    assert "error" not in result.stderr and "\x1b" not in result.stderr


def test_bad_files_are_one_line_in_the_language(tmp_path: Path, here: Invoke) -> None:
    result = here("--lang", "fr", "replay", str(tmp_path / "none.json"))
    assert result.returncode == 1
    assert (
        result.stderr
        == f"chinese-ten : {tmp_path / 'none.json'} : fichier introuvable : vérifiez le chemin\n"
    )
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "chinese-ten", "version": 1, "players": ["A", "B"], "x": 1}')
    result = here("--lang", "pt", "replay", str(broken))
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert "falta um campo obrigatório (e mais 2 problemas)" in result.stderr
    result = here("--lang", "pt", "replay", str(tmp_path))
    assert "é uma pasta" in result.stderr


@pytest.mark.parametrize(
    ("language", "one", "two", "zero"),
    [("fr", "1 donne", "2 donnes", "0 donne"), ("pt", "1 ronda", "2 rondas", "0 rondas")],
)
def test_plural_forms(language: str, one: str, two: str, zero: str, english_after: None) -> None:
    i18n.choose(language)
    shown = [i18n.ngettext("{count} deal", "{count} deals", n).format(count=n) for n in (1, 2, 0)]
    assert shown == [one, two, zero]
    i18n.choose("en")
    assert i18n.ngettext("{count} deal", "{count} deals", 1).format(count=1) == "1 deal"


def test_replay_sentences_agree_with_the_count(tmp_path: Path, here: Invoke) -> None:
    path = tmp_path / "one.json"
    here("simulate", "--games", "1", "--deals", "2", "--seed", "3", "--records", str(tmp_path))
    (written,) = tmp_path.glob("*.json")
    record = json.loads(written.read_text())
    record["deals"] = record["deals"][:1]
    record["deals"][0]["turns"] = record["deals"][0]["turns"][:3]
    path.write_text(json.dumps(record))
    assert "0 donne jouée sur 2 ; pas encore" in here("--lang", "fr", "replay", str(path)).stdout
    assert "0 de 2 rondas terminadas;" in here("--lang", "pt", "replay", str(path)).stdout
    assert "0 of 2 deals finished" in here("replay", str(path)).stdout


def test_rank_and_suit_letters_follow_the_language() -> None:
    king_hearts, queen_spades, jack_diamonds, ten_clubs = (
        parse_card(c) for c in ("KH", "QS", "JD", "TC")
    )
    cards = (king_hearts, queen_spades, jack_diamonds, ten_clubs)
    assert [display_card(c, language="en") for c in cards] == ["K♥", "Q♠", "J♦", "10♣"]
    assert [display_card(c, language="fr") for c in cards] == ["R♥", "D♠", "V♦", "10♣"]
    assert [display_card(c, language="pt") for c in cards] == ["R♥", "D♠", "V♦", "10♣"]
    plain = [display_card(c, symbols=False, language="fr") for c in cards]
    assert plain == ["RC", "DP", "VK", "10T"]
    plain = [display_card(c, symbols=False, language="pt") for c in cards]
    assert plain == ["RC", "DE", "VO", "10P"]
    assert display_card(parse_card("AD"), symbols=False, language="pt") == "AO"
    for language in i18n.LANGUAGES:  # every card is told apart in every language
        assert len({display_card(c, symbols=False, language=language) for c in DECK}) == 52


def test_the_notation_is_the_same_in_every_language(english_after: None) -> None:
    i18n.choose("fr")
    assert display_card(parse_card("QD")) == "D♦"  # the current language by default
    assert format_card(parse_card("qd")) == "QD" and parse_card("10h") == parse_card("TH")
    with pytest.raises(NotationError) as refused:
        parse_card("RC")  # French letters are for the screen, not for input
    assert (refused.value.text, refused.value.kind) == ("RC", "card")  # the engine's data
    assert said(refused.value).startswith("'RC' n'est pas une carte")  # worded at the edge


def test_records_written_in_french_replay_identically_in_english(
    tmp_path: Path, here: Invoke
) -> None:
    args = ["simulate", "--games", "2", "--deals", "3", "--seed", "11", "--duplicate"]
    french, english = tmp_path / "fr", tmp_path / "en"
    fr_run = here("--lang", "fr", *args, "--records", str(french), "--json")
    en_run = here(*args, "--records", str(english), "--json")
    assert fr_run.returncode == 0 and fr_run.stdout == en_run.stdout  # the JSON summary
    fr_files = sorted(french.iterdir())
    assert [p.name for p in fr_files] == [p.name for p in sorted(english.iterdir())]
    for path in fr_files:
        assert path.read_bytes() == (english / path.name).read_bytes()
        replayed = here("--lang", "en", "replay", "--json", str(path))
        assert replayed.returncode == 0
        assert replayed.stdout == here("--lang", "pt", "replay", "--json", str(path)).stdout


def test_simulate_and_replay_tables_in_french(tmp_path: Path, here: Invoke) -> None:
    result = here(
        "--lang",
        "fr",
        "simulate",
        "--games",
        "1",
        "--deals",
        "2",
        "--seed",
        "3",
        "--records",
        str(tmp_path),
    )
    assert result.returncode == 0
    assert "greedy contre random : 1 série de 2 donnes" in result.stdout
    assert "1 enregistrement écrit dans" in result.stdout and "séries gagnées" in result.stdout
    (path,) = tmp_path.glob("*.json")
    record = json.loads(path.read_text())
    record["players"] = ["[red]Zoé", "You"]
    path.write_text(json.dumps(record))
    out = here("--lang", "fr", "replay", str(path)).stdout
    assert "Donneur" in out and "[red]Zoé" in out
    assert "gagnez la série" in out or "[red]Zoé gagne la série." in out or "égalité" in out


@pytest.mark.parametrize(
    ("language", "heading"),
    [("en", "Worked example"), ("fr", "Exemple commenté"), ("pt", "Exemplo comentado")],
)
def test_rules_show_the_page_of_the_language(language: str, heading: str, here: Invoke) -> None:
    result = here("--lang", language, "rules")
    assert result.returncode == 0 and heading in result.stdout and "105" in result.stdout


def test_the_rules_pages_have_the_same_shape() -> None:
    english = rules_markdown("en")
    for language in ("fr", "pt"):
        page = rules_markdown(language)
        assert page != english
        assert page.count("\n## ") == english.count("\n## ")
        assert page.count("|") == english.count("|")  # the same scoring table
        for card in ("8♣", "2♥", "4♦", "6♣", "9♠", "**6 po"):
            assert card in page


def test_replay_knows_the_default_you_of_every_language(tmp_path: Path, here: Invoke) -> None:
    """A game played in French against the computer records its human as "Vous": replayed in
    English, that winner is addressed as "you", not named; a person's own name stays a name."""
    here("simulate", "--games", "1", "--deals", "2", "--seed", "3", "--records", str(tmp_path))
    (written,) = tmp_path.glob("*.json")
    record = json.loads(written.read_text())
    winner = json.loads(here("replay", "--json", str(written)).stdout)["winner"]
    for name, verdict in (("Vous", "You win the series."), ("Vousette", "Vousette wins")):
        names = ["Ordinateur (difficile)"] * 2
        names[winner] = name
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps({**record, "players": names}))
        assert verdict in here("replay", str(path)).stdout
