"""The records' and the history's bounds are the variants': the seat counts a record may
say, the players and seats it lists, the history's seat columns and its largest result."""

import json
import sqlite3
from pathlib import Path

import pytest

from chinese_ten.engine.errors import RecordError
from chinese_ten.engine.variant import FEWEST_SEATS, MOST_POINTS, MOST_SEATS, SEAT_COUNTS
from chinese_ten.store.history import open_history
from chinese_ten.store.history_rows import MAX_RESULT, ROW_COLUMNS
from chinese_ten.store.records import parse_record

NAMES = ("Ana", "Ben", "Cy", "Di", "Ed", "Flo")


def _record(seats: int) -> str:
    return json.dumps(
        {
            "format": "chinese-ten",
            "version": 2,
            "seat_count": seats,
            "players": list(NAMES[:seats]),
            "deals_planned": 1,
            "deals": [],
        }
    )


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_a_record_of_every_standard_seat_count_is_read(seats: int) -> None:
    assert parse_record(_record(seats)).seat_count == seats


@pytest.mark.parametrize("seats", [FEWEST_SEATS - 1, MOST_SEATS + 1])
def test_a_record_of_any_other_seat_count_is_refused(seats: int) -> None:
    said = f"a table has {FEWEST_SEATS} to {MOST_SEATS} seats, not {seats}"
    with pytest.raises(RecordError, match=said):
        parse_record(_record(seats))


def test_a_record_lists_no_more_players_than_the_largest_table() -> None:
    data = json.loads(_record(MOST_SEATS))
    data["players"] = list(NAMES[: MOST_SEATS + 1])
    with pytest.raises(RecordError, match=f"at most {MOST_SEATS} items"):
        parse_record(json.dumps(data))


def test_the_history_has_the_columns_of_every_seat_of_the_largest_table(tmp_path: Path) -> None:
    with open_history(tmp_path) as history:
        path = history.path
    with sqlite3.connect(path) as db:
        columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    for seat in range(MOST_SEATS):
        for column in ("player", "name_key", "computer", "total"):
            assert f"{column}{seat}" in columns
            assert f"{column}{seat}" in ROW_COLUMNS or column == "name_key"
    assert f"player{MOST_SEATS}" not in columns
    assert MAX_RESULT == MOST_POINTS
