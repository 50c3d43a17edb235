"""The engine's errors carry data (an action and a reason code) and are worded at the edge, in the
reader's language: a hand-edited record is refused in French or Portuguese without one English
word of the engine's."""

import json
import pickle
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.cli.main import main
from chinese_ten.engine.actions import flip_action, parse_action, play_action
from chinese_ten.engine.cards import parse_card
from chinese_ten.engine.deal import DealSetup, apply_action, illegality, legal_actions, start
from chinese_ten.engine.errors import DealSetupError, IllegalActionError, RecordError
from chinese_ten.lang import i18n
from chinese_ten.store.records import record_json
from chinese_ten.text.engine_words import action_words, illegal_reason, said
from tests.history_helpers import played


@pytest.fixture(autouse=True)
def english_after() -> object:
    yield None
    i18n.choose("en")


ENGLISH = re.compile(
    r"illegal|is not in the hand|seat \d|capture is compulsory|can only take|dealt twice|"
    r"layout|stock|must have|well-formed|turn over|cards are the numbers"
)
"""The engine's English words: none may reach a French or Portuguese reader."""


def _first_deal() -> DealSetup:
    return DealSetup.from_text(
        dealer=0,
        hands=(
            "2H 3S 3D 6S 6H 7D 8H 9S JS JC QS KD",
            "AC 4S 4C 6D 6C 9H 9D 9C TH TC QC KC",
        ),
        layout="4D 5H QH AS",
        stock="7C JD AH QD 2D 4H 7S JH 8D 8S 8C 2C 5S 2S KS TS AD TD 3C 7H 5C 3H 5D KH",
    )


def test_the_illegal_action_error_carries_the_action_and_a_reason_code() -> None:
    state = start(_first_deal())
    action = play_action(parse_card("2H"))  # seat 0's card; seat 1 moves first
    with pytest.raises(IllegalActionError) as caught:
        apply_action(state, action)
    error = caught.value
    assert error.action == action and error.reason == "not_in_hand"
    assert error.illegality.seat == 1 and error.illegality.card == parse_card("2H")
    assert str(error) == "play 2H is illegal: 2H is not in the hand of seat 1"  # for developers
    copy = pickle.loads(pickle.dumps(error))  # a worker process's error reaches the parent whole
    assert (copy.action, copy.reason, str(copy)) == (error.action, error.reason, str(error))


@pytest.mark.parametrize(
    ("reason", "action"),
    [
        ("malformed", lambda s: 2**70),
        ("wrong_phase_play", lambda s: flip_action(parse_card("7C"))),
        ("not_in_hand", lambda s: play_action(parse_card("2H"))),
        ("captures_nothing", lambda s: play_action(parse_card("4S"), parse_card("QH"))),
        ("capture_compulsory", lambda s: play_action(parse_card("6C"))),
        ("wrong_phase_flip", lambda s: play_action(parse_card("4C"))),
        ("not_stock_card", lambda s: flip_action(parse_card("JD"))),
    ],
)
def test_every_reason_is_worded_in_each_language(
    reason: str, action: Callable[[Any], int], capsys: pytest.CaptureFixture[str]
) -> None:
    state = start(_first_deal())
    if reason in ("wrong_phase_flip", "not_stock_card"):
        state = apply_action(state, parse_action("play 4S"))
    why = illegality(state, action(state))
    assert why.reason == reason
    for language in ("fr", "pt"):
        i18n.choose(language)
        words = illegal_reason(why)
        assert words and not ENGLISH.search(words), words
        with pytest.raises(IllegalActionError) as caught:
            apply_action(state, action(state))
        assert not ENGLISH.search(said(caught.value)), said(caught.value)
    i18n.choose("en")
    reason_said = said(caught.value).split(" is illegal: ")[1]
    assert reason_said == str(caught.value).split(" is illegal: ")[1]  # the developers' words
    assert capsys.readouterr().err == ""


def test_the_deal_over_and_the_triple_are_reasons_too() -> None:
    state = start(_first_deal())
    while legal_actions(state):
        state = apply_action(state, legal_actions(state)[0])
    assert illegality(state, play_action(parse_card("2H"))).reason == "deal_over"
    i18n.choose("fr")
    assert illegal_reason(illegality(state, 0)) == "la donne est finie"
    assert action_words(play_action(parse_card("8C"), parse_card("2H"))) == (
        "jouer 8C et prendre 2H"
    )


def test_a_setup_fault_carries_its_reason() -> None:
    setup = _first_deal()
    broken = DealSetup(
        setup.dealer, setup.hands, (*setup.layout[:3], setup.hands[0][0]), setup.stock
    )
    with pytest.raises(DealSetupError) as caught:
        broken.check()
    assert caught.value.reason == "dealt_twice" and isinstance(caught.value, RecordError)
    assert str(caught.value) == "card 2H is dealt twice"
    i18n.choose("pt")
    assert said(caught.value) == "a carta 2H é distribuída duas vezes"


# A hand-edited record, read by replay and review in French and in Portuguese


def _edited(tmp_path: Path, edit: Callable[[dict[str, Any]], None]) -> Path:
    data = json.loads(record_json(played(1)))
    edit(data["deals"][0])
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _not_in_hand(deal: dict[str, Any]) -> None:
    deal["turns"][0]["play"] = deal["hands"][0][0]  # the other seat's card


def _wrong_capture(deal: dict[str, Any]) -> None:
    deal["turns"][1] = {"play": "6H", "capture": "QH", "flip_capture": None}


def _dealt_twice(deal: dict[str, Any]) -> None:
    deal["layout"][0] = deal["hands"][0][0]


def _short_stock(deal: dict[str, Any]) -> None:
    deal["stock"] = deal["stock"][:-1]


EDITS: dict[str, tuple[Callable[[dict[str, Any]], None], dict[str, str]]] = {
    "not in hand": (
        _not_in_hand,
        {
            "fr": "jouer 2H est interdit : 2H n'est pas dans la main de la place 1",
            "pt": "jogar o 2H não é permitido: o 2H não está na mão do lugar 1",
        },
    ),
    "wrong capture": (
        _wrong_capture,
        {
            "fr": "6H ne peut pas prendre QH : la prise est obligatoire et 6H ne peut "
            "prendre que 4S, 4D",
            "pt": "o 6H não pode capturar o QH: a captura é obrigatória e o 6H só pode "
            "capturar 4S, 4D",
        },
    ),
    "dealt twice": (
        _dealt_twice,
        {"fr": "la carte 2H est distribuée deux fois", "pt": "a carta 2H é distribuída duas vezes"},
    ),
    "short stock": (
        _short_stock,
        {"fr": "le talon a 23 cartes ; il doit en avoir 24", "pt": "o monte tem 23 cartas"},
    ),
}


@pytest.mark.parametrize("language", ["fr", "pt"])
@pytest.mark.parametrize("edit", EDITS.values(), ids=EDITS.keys())
@pytest.mark.parametrize("command", ["replay", "review"])
def test_a_hand_edited_record_is_refused_in_the_reader_s_language(
    command: str,
    edit: tuple[Callable[[dict[str, Any]], None], dict[str, str]],
    language: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    change, expected = edit
    path = _edited(tmp_path, change)
    options = ["--json", "--jobs", "1"] if command == "review" else []
    assert main(["--lang", language, command, str(path), *options]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert expected[language] in err, err
    assert not ENGLISH.search(err.split(str(path), 1)[1]), err
