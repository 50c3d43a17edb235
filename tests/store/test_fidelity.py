"""A game is always the game it was: who sits where, its length and options come back from a
save exactly, whatever the command line asks, and default names are seats, not words."""

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import apply_action, legal_actions, outcome, start
from chinese_ten.game.flow import GameFlow
from chinese_ten.game.options import GameOptions
from chinese_ten.game.table import Table, differences, shown_names, table_of
from chinese_ten.lang import i18n
from chinese_ten.store.records import game_record, load_and_replay, parse_record, record_json
from chinese_ten.store.saves import SaveSlot
from tests.options_helpers import game_options


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.choose("en")
    yield
    i18n.choose("en")


def _options(folder: Path, **kwargs: object) -> GameOptions:
    base: dict[str, object] = {"seed": 3, "save_dir": folder, "pause": 0.0, "guard": 0.0}
    base.update(kwargs)
    return game_options(**base)


def _vs(folder: Path, level: str, **kwargs: object) -> GameOptions:
    """What ``play --vs LEVEL`` builds: the seats' default names, the computer in seat 2."""
    return _options(folder, computer=(None, level), **kwargs)


def _played(options: GameOptions, actions: int = 9, deals: int = 0) -> GameFlow:
    """A game begun with ``options``, ``deals`` played out and ``actions`` of the next one."""
    flow = GameFlow(options)
    saved, _ = flow.find_unfinished()
    assert saved is None
    flow.hold_fresh_slot()
    flow.start_series()
    for _ in range(deals):
        flow.deal(20)
        while flow.deal_in_play:
            assert flow.state is not None
            flow.apply(legal_actions(flow.state)[0])
    flow.deal(20)
    for _ in range(actions):
        assert flow.state is not None
        flow.apply(legal_actions(flow.state)[0])
    flow.release()
    return flow


def _later(options: GameOptions) -> GameFlow:
    return GameFlow(options)


# ------------------------------------------------------------------ the save holds the table
def test_the_save_says_who_sits_where_and_the_options(tmp_path: Path) -> None:
    _played(_vs(tmp_path, "hard", hints=False, open_scores=True, think=0.5))
    data = json.loads((tmp_path / "current.json").read_text())
    assert data["players"] == ["You", "Computer (hard)"]
    assert data["seats"] == [
        {"computer": None, "default_name": True},
        {"computer": "hard", "default_name": True},
    ]
    assert data["settings"] == {"hints": False, "open_scores": True, "think": 0.5}


@pytest.mark.parametrize(
    "asked",
    [
        {},  # play
        {"deals_planned": 6},  # series --deals 6
        {"resume": True},  # play --resume
    ],
)
def test_a_game_against_the_computer_resumes_against_the_computer(
    tmp_path: Path, asked: dict[str, object]
) -> None:
    _played(_vs(tmp_path, "hard"))
    flow = _later(_options(tmp_path, **asked))
    result = flow.resume()
    assert result.resumed
    assert flow.table.computer == (None, "hard")
    assert flow.computers[0] is None and flow.computers[1] is not None
    assert flow.viewer() == 0  # the board is drawn for the person, never for the computer
    assert flow.table.deals_planned is None  # play's open-ended game, not a series of 6
    assert flow.names == ("You", "Computer (hard)")


def test_a_contradicting_command_line_is_listed_and_never_mixed_in(tmp_path: Path) -> None:
    _played(_options(tmp_path, players=("Ana", "Ben"), deals_planned=6), deals=1)
    asked = _vs(tmp_path, "easy", deals_planned=3, hints=False, open_scores=True)
    flow = _later(asked)
    saved, _ = flow.find_unfinished()
    assert saved is not None
    assert saved.table.typed == ("Ana", "Ben") and saved.table.computer == (None, None)
    assert saved.differences == (
        "players: saved Ana v Ben, asked You v Computer (easy)",
        "length: saved 6 deals, asked 3 deals",
        "hints: saved on, asked off",
        "open scores: saved off, asked on",
    )
    assert flow.resume(asked=True).resumed
    assert flow.names == ("Ana", "Ben")  # Ana is not renamed You, Ben is not the computer
    assert flow.computers == [None, None]
    assert flow.series.deals_planned == 6 and flow.deal_number == 2
    assert flow.table.hints and not flow.table.open_scores


def test_resume_with_other_names_continues_the_saved_game_and_says_so(tmp_path: Path) -> None:
    _played(_vs(tmp_path, "normal"))
    flow = _later(_options(tmp_path, players=("Ana", "Ben"), resume=True))
    result = flow.resume()
    assert result.resumed and flow.table.computer == (None, "normal")
    said = [n for n in result.notices if n.title == "The saved game continues as it was saved"]
    assert len(said) == 1
    assert said[0].text == "players: saved You v Computer (normal), asked Ana v Ben"


def test_the_same_game_asked_again_has_no_differences(tmp_path: Path) -> None:
    _played(_vs(tmp_path, "hard", deals_planned=4))
    for asked in (_vs(tmp_path, "hard", deals_planned=4), _options(tmp_path)):
        flow = _later(asked)
        saved, _ = flow.find_unfinished()
        assert saved is not None and saved.differences == ()
        flow.release()


def test_the_seat_of_the_computer_is_kept(tmp_path: Path) -> None:
    _played(_options(tmp_path, computer=("easy", None)))
    flow = _later(_vs(tmp_path, "easy"))  # --vs easy asks for the computer in seat 2
    saved, _ = flow.find_unfinished()
    assert saved is not None and saved.differences == (
        "players: saved Computer (easy) v You, asked You v Computer (easy)",
    )
    flow.resume(asked=True)
    assert flow.table.computer == ("easy", None) and flow.viewer() == 1


# ------------------------------------------------------------------ saves of earlier versions
def _old_save(folder: Path, players: tuple[str, str]) -> None:
    """A save as version 0.1 wrote it: names only, no seats, no options."""
    state = start(random_setup(random.Random(1), 0, 20))
    for _ in range(5):
        state = apply_action(state, legal_actions(state)[0])
    text = record_json(game_record(players, None, [state]))
    assert '"seats"' not in text
    SaveSlot(folder).save(parse_record(text))


@pytest.mark.parametrize(
    ("players", "computer"),
    [
        (("You", "Computer (hard)"), (None, "hard")),
        (("Vous", "Ordinateur (difficile)"), (None, "hard")),
        (("Computador (fácil)", "Você"), ("easy", None)),
        (("Ana", "Ben"), (None, None)),
        (("Ana", "Computer"), (None, None)),  # not a default name: a person called Computer
    ],
)
def test_an_older_save_is_read_by_its_names_and_the_assumption_said(
    tmp_path: Path, players: tuple[str, str], computer: tuple[str | None, str | None]
) -> None:
    _old_save(tmp_path, players)
    flow = _later(_options(tmp_path, open_scores=True))
    result = flow.resume()
    assert result.resumed and flow.table.computer == computer
    assert flow.table.open_scores  # the options of the command line, as before
    assumed = [n.text for n in result.notices if n.title == "Assumed for an older save"]
    assert len(assumed) == 1 and "an earlier version kept only the names" in assumed[0]


def test_a_save_with_an_unknown_level_is_refused_as_damaged(tmp_path: Path) -> None:
    _played(_vs(tmp_path, "hard"))
    path = tmp_path / "current.json"
    path.write_text(path.read_text().replace('"computer": "hard"', '"computer": "godlike"'))
    flow = _later(_options(tmp_path))
    result = flow.resume()
    assert not result.resumed
    assert [n.title for n in result.notices] == ["The save could not be read"]
    assert list((tmp_path / "archive").glob("*-corrupt.json"))


@pytest.mark.parametrize("think", [0.0, 61.0, "fast", True])
def test_a_save_with_a_bad_thinking_time_is_refused(tmp_path: Path, think: object) -> None:
    _played(_vs(tmp_path, "hard", think=1.0))
    path = tmp_path / "current.json"
    data = json.loads(path.read_text())
    data["settings"]["think"] = think
    path.write_text(json.dumps(data))
    assert not _later(_options(tmp_path)).resume().resumed


# ------------------------------------------------------------------ default names are seats
def test_default_names_are_written_in_english_and_shown_in_the_language(tmp_path: Path) -> None:
    i18n.choose("fr")
    flow = _played(_vs(tmp_path, "hard"))
    assert flow.names == ("Vous", "Ordinateur (difficile)")
    record, _ = load_and_replay(tmp_path / "current.json")
    assert record.players == ("You", "Computer (hard)")
    assert shown_names(record) == ("Vous", "Ordinateur (difficile)")
    i18n.choose("pt")
    assert flow.names == ("Jogador", "Computador (difícil)")  # a switch of language follows
    assert shown_names(record) == ("Jogador", "Computador (difícil)")


def test_typed_names_stay_as_typed_in_every_language(tmp_path: Path) -> None:
    flow = _played(_options(tmp_path, players=("Ana", "Player 1")))  # Player 1 in seat 2
    record, _ = load_and_replay(tmp_path / "current.json")
    assert record.seats is not None
    assert [s.default_name for s in record.seats] == [False, False]
    i18n.choose("fr")
    assert flow.names == ("Ana", "Player 1") and shown_names(record) == ("Ana", "Player 1")


def test_a_name_typed_is_kept_even_when_it_is_a_default_name(tmp_path: Path) -> None:
    i18n.choose("fr")
    table = _options(tmp_path, players=("Player 2", "Léa")).table
    assert table.typed == ("Player 2", "Léa") and table.names() == ("Player 2", "Léa")
    flow = _played(_options(tmp_path, players=None))
    flow.start_series((None, "Léa"))  # the first field left empty on the start screen
    assert flow.names == ("Joueur 1", "Léa") and flow.table.record_names()[0] == "Player 1"


def test_a_table_read_back_is_the_table_written(tmp_path: Path) -> None:
    table = Table(("Ana", None), (None, "normal"), 5, hints=False, open_scores=True, think=2.0)
    record = game_record(
        table.record_names(),
        5,
        [],
        seats=table.seat_records(),
        settings=table.settings_record(),
    )
    again, assumed = table_of(parse_record(record_json(record)), _options(tmp_path).table)
    assert again == table and assumed == []
    assert differences(again, _options(tmp_path).table) == []


def test_a_finished_deal_counts_for_the_resumed_series(tmp_path: Path) -> None:
    _played(_vs(tmp_path, "easy", deals_planned=3), deals=1, actions=0)
    flow = _later(_options(tmp_path))
    assert flow.resume().resumed
    assert flow.deal_number == 2 and flow.series.deals_planned == 3
    assert flow.state is not None and outcome(flow.state) is None
