"""Hostile text at every way in: names, record files, saves and paths.

Each name is either refused with the reason, or accepted and shown literally by every command
(``replay``, the history) and in every file; no output ever holds a control character a name or
a path brought in. The same names on the screens: ``tests/tui/test_hostile_names_on_screen.py``.
"""

import json
import random
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.cli.main import build_parser, main
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import DealState, apply_action, legal_actions, outcome, start
from chinese_ten.engine.errors import ChineseTenError, PlayerNameError, RecordError
from chinese_ten.store.records import game_record, parse_record, record_json
from chinese_ten.text.names import MAX_NAME_LENGTH, check_name, check_names, visible
from chinese_ten.text.wording import YOU

MARKUP = ["[/]", "[/x]", "[AS] Ana", "[bold red]X[/]", "[@click=app.quit]Q[/]"]
FRIENDLY = ["Zoë", "李雷", "👩\u200d💻 Ana", "O'Brien", "Ana-Maria"]
ACCEPTED = MARKUP + FRIENDLY

REFUSED = [
    ("\x1b]2;pwned\x07", "control characters (it holds U+001B)"),
    ("\x1b[2J", "control characters (it holds U+001B)"),
    ("\x9b31m", "control characters (it holds U+009B)"),
    ("A\x7f", "control characters (it holds U+007F)"),
    ("a\nb", "one line (it holds a line break, U+000A)"),
    ("a\u2028b", "one line (it holds a line break, U+2028)"),
    ("a\u202eb", "reorders the text (U+202E)"),
    ("a\udcffb", "valid text"),
    ("x" * (MAX_NAME_LENGTH + 1), f"can have at most {MAX_NAME_LENGTH} characters (41 given)"),
    ("   ", "cannot be empty"),
    ("\u200b", "needs a letter, digit, punctuation mark or symbol, not only spacing"),
]
CONTROL = [chr(c) for c in (*range(0x20), *range(0x7F, 0xA0))]
"""Every C0, DEL and C1 character: none may reach an output from a name or a path."""

PAIRS = [tuple(ACCEPTED[k : k + 2]) for k in range(0, len(ACCEPTED), 2)]


def _no_control(text: str) -> None:
    found = sorted({f"U+{ord(c):04X}" for c in text if c in CONTROL and c != "\n"})
    assert not found, f"raw control characters in output: {found}"


# ------------------------------------------------------------------ the rule itself


@pytest.mark.parametrize("name", ACCEPTED)
def test_friendly_and_markup_names_are_accepted_as_they_are(name: str) -> None:
    assert check_name(f"  {name} ") == name


def test_the_default_names_and_a_zwj_emoji_pass() -> None:
    assert check_names((YOU, "Computer (hard)")) == (YOU, "Computer (hard)")
    assert check_names(("Player 1", "Player 2")) == ("Player 1", "Player 2")
    assert check_name("x" * MAX_NAME_LENGTH) == "x" * MAX_NAME_LENGTH


@pytest.mark.parametrize(("name", "reason"), REFUSED)
def test_hostile_names_are_refused_with_the_reason(name: str, reason: str) -> None:
    with pytest.raises(PlayerNameError) as caught:
        check_name(name)
    assert reason in str(caught.value)
    assert isinstance(caught.value, ChineseTenError)
    _no_control(str(caught.value))


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ana", "ana"),
        ("ZOË", "zoë"),
        ("Zoë", "zoe\u0308"),
        ("Ana", "\uff21\uff4e\uff41"),
        ("Ana", "An\u200ba"),  # a zero-width space reads as nothing
        ("Ana", "\u00adAna"),  # so does a soft hyphen
    ],
)
def test_names_that_differ_only_in_case_or_form_are_refused(first: str, second: str) -> None:
    with pytest.raises(PlayerNameError, match="need different names"):
        check_names((first, second))


def test_visible_writes_control_characters_as_escapes() -> None:
    assert visible("a\x1b]2;x\x07b") == "a\\x1b]2;x\\x07b"
    assert visible("m/\x9b\u2028\n") == "m/\\x9b\\u2028\\n"
    assert visible("Zoë 👩\u200d💻 [/]") == "Zoë 👩\u200d💻 [/]"
    for char in CONTROL:
        _no_control(visible(f"x{char}y"))


# ------------------------------------------------------------------ the command line


@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_players_option_accepts_markup_and_friendly_names(first: str, second: str) -> None:
    args = build_parser().parse_args(["play", "--players", f" {first},{second} "])
    assert args.players.names == (first, second) and args.players.levels == (None, None)


@pytest.mark.parametrize(
    ("name", "reason"), [*REFUSED[:-4], ("ana", "different names (Ana and ana read the same)")]
)
def test_players_option_refuses_a_hostile_name_in_one_line(
    name: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["play", "--players", f"Ana,{name}"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and reason in err and "Traceback" not in err
    _no_control(err)


def test_argument_errors_and_file_errors_show_control_characters_as_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["rules", "\x1b]2;pwned\x07"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "\\x1b]2;pwned\\x07" in err
    _no_control(err)
    missing = tmp_path / "m\x1b[2J\x9b[red]y.json"
    assert main(["replay", str(missing)]) == 1
    err = capsys.readouterr().err
    assert "m\\x1b[2J\\x9b[red]y.json" in err and err.count("\n") == 1
    _no_control(err)


# ------------------------------------------------------------------ records and replay


def _finished_deal(seed: int = 7) -> list[DealState]:
    """Every state of one deal played with the first legal action, start to finish."""
    states = [start(random_setup(random.Random(seed), 0, 26))]
    while outcome(states[-1]) is None:
        states.append(apply_action(states[-1], legal_actions(states[-1])[0]))
    return states


def _record_data(players: list[str]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        record_json(game_record(("Ana", "Ben"), 1, [_finished_deal()[-1]]))
    )
    data["players"] = players
    return data


@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_replay_prints_markup_names_literally(
    first: str,
    second: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # wide enough that no header wraps
    path = tmp_path / "[red]m[x].json"
    path.write_text(json.dumps(_record_data([first, second])), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"[red]m[x].json: {first} v {second}" in out
    assert f"{first} points" in out and f"{second} result" in out
    assert "wins the series." in out
    _no_control(out)


@pytest.mark.parametrize(
    ("players", "reason"),
    [
        (["\x1b]2;pwned\x07", "Ben"], "players[0]: a name cannot hold control characters"),
        (["Ana", "\x1b[2J"], "players[1]: a name cannot hold control characters"),
        (["Ana", "a\nb"], "players[1]: a name must be one line"),
        (["Ana", "x" * 41], "players[1]: a name can have at most 40 characters"),
        (["Ana", "ana"], "players: the two players need different names"),
        (["Ana", "Ana"], "players: the two players need different names (both are Ana)"),
        (["Ana", " "], "players[1]: a name cannot be empty"),
    ],
)
def test_a_record_breaking_the_name_rule_is_refused_by_replay(
    players: list[str], reason: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record_data(players)), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and reason in captured.err
    _no_control(captured.err)
    with pytest.raises(RecordError):
        parse_record(path.read_text(encoding="utf-8"))


def test_a_record_name_is_stripped_like_a_typed_one() -> None:
    record = parse_record(json.dumps(_record_data(["  Ana ", "Ben\t"])))
    assert record.players == ("Ana", "Ben")


# ------------------------------------------------------------------ the TUI
