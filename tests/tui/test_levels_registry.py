"""One registry of computer levels (:data:`chinese_ten.players.levels.LEVELS`): every list of
levels (the records' check, the history's, the protocol, the start screen, the words, the
command line, the players) reads it, so a level added there is known everywhere."""

import argparse
import random

import pytest
from pydantic import ValidationError

from chinese_ten.cli import arguments
from chinese_ten.game.table import _computer_named
from chinese_ten.lang import i18n
from chinese_ten.net.protocol import Hand
from chinese_ten.players.base import make_player
from chinese_ten.players.levels import LEVELS, PLAYERS, Level, computer_names
from chinese_ten.store.history_rows import DamagedRowError, stored_level
from chinese_ten.store.records import SeatRecord
from chinese_ten.text.wording import computer_name, level_name
from chinese_ten.tui.screens.start import PERSON, _who_options


def _readers_levels() -> dict[str, list[str]]:
    """The levels each reader knows, asked of the reader itself."""
    candidates = [*LEVELS, "expert", "random", ""]

    def accepted(check: object, level: str) -> bool:
        try:
            check(level)  # type: ignore[operator]
        except (ValidationError, DamagedRowError, argparse.ArgumentTypeError, ValueError):
            return False
        return True

    return {
        "start screen": [value for _text, value in _who_options() if value != PERSON],
        "protocol": [c for c in candidates if accepted(lambda v: Hand(seat=0, level=v), c)],
        "history": [c for c in candidates if accepted(lambda v: stored_level(v, "c"), c)],
        "command line --vs": [c for c in candidates if accepted(arguments.levels, c)],
        "command line --players": [
            c for c in candidates if accepted(lambda v: arguments.seat_level(f"computer:{v}"), c)
        ],
        "table's default names": [
            level
            for level in candidates
            if level in LEVELS and _computer_named(computer_name(level), 1, 2) == level
        ],
    }


def test_every_reader_knows_the_registry_s_levels_and_no_other() -> None:
    readers = _readers_levels()
    assert len(readers) == 6
    for reader, levels in readers.items():
        assert levels == list(LEVELS), reader


def test_the_records_take_every_level_and_player_of_the_registry() -> None:
    for name in computer_names():
        assert SeatRecord(computer=name).computer == name
    assert set(computer_names()) == {*LEVELS, *PLAYERS}
    refused: tuple[object, ...] = ("expert", "Hard", "", 3)
    for other in refused:
        with pytest.raises(ValidationError, match="a computer seat is one of easy, normal"):
            SeatRecord.model_validate({"computer": other})


@pytest.mark.parametrize("language", ["fr"], indirect=True)
def test_the_words_of_a_level_are_the_registry_s(language: str) -> None:
    for level, entry in LEVELS.items():
        assert level_name(level) == i18n._(entry.words) != ""
    assert level_name("hard") == "difficile"


def test_each_level_makes_its_player() -> None:
    for level, entry in LEVELS.items():
        assert make_player(level, random.Random(1)).name == entry.player


def test_a_fifth_level_added_to_the_registry_is_known_everywhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(LEVELS, "expert", Level("hard", "expert"))
    from chinese_ten.text import wording

    wording._identities.cache_clear()  # the default names, worked out once a process
    for reader, levels in _readers_levels().items():
        assert "expert" in levels, reader
    assert SeatRecord(computer="expert").computer == "expert"
    assert level_name("expert") == "expert"
    assert make_player("expert", random.Random(1)).name == "hard"
