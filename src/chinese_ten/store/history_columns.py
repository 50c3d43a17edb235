"""What a game record is stored as: the columns of its row, and the key under which it is
stored once.

The same game is stored once: :func:`record_key` hashes the record rebuilt from its replayed
deals (so the optional ``capture`` fields and the order of a hand do not matter), and an import
whose key is already there adds nothing. The columns a query finds a game by (seats, names,
deals, totals, winner, results) are derived in one place, :func:`record_facts`, both as a game
is stored and as a listed row is checked against its record.
"""

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from chinese_ten.engine.variant import MOST_SEATS
from chinese_ten.store.history_names import history_key

if TYPE_CHECKING:
    from chinese_ten.engine.deal import DealState
    from chinese_ten.store.records import GameRecord


def canonical(record: "GameRecord") -> tuple["GameRecord", list["DealState"]]:
    """The record rebuilt from its replayed deals (RecordError if it does not replay), and
    those deals: every capture named, hands sorted, so equal games give equal JSON. Who sat
    where and the options (``seats``, ``settings``) are left out: the same deals are the same
    game, however it was recorded; the stored record keeps them."""
    from chinese_ten.store.records import game_record, replay

    states = replay(record)
    return game_record(record.players, record.deals_planned, states), states


def record_key(record: "GameRecord") -> str:
    """The key under which a game is stored once: sha256 of its canonical JSON."""
    return key_of(canonical(record)[0])


def key_of(canonical_record: "GameRecord") -> str:
    """sha256 of the canonical JSON; a game of two is hashed as a version 1 record (with no
    seat count), so a game stored from a version 1 record is found (on resume, import)."""
    if canonical_record.seat_count == 2:
        text = canonical_record.model_copy(update={"version": 1}).model_dump_json(
            exclude={"seat_count"}
        )
    else:
        text = canonical_record.model_dump_json()
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def time_column(moment: datetime | None) -> str | None:
    """A time as stored: ISO 8601 UTC to the second (None stays None)."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.astimezone()  # a naive time is local time
    return moment.astimezone(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class Columns:
    """The query columns of a record."""

    values: dict[str, object]
    key: str
    text: str


def row_values(
    record: "GameRecord", computers: Sequence[str | None], ended: datetime | None
) -> tuple["Columns", dict[str, object]]:
    """A game's row: its columns and every value stored with them."""
    columns = record_columns(record)
    values = {
        **columns.values,
        "record_key": columns.key,
        "record": columns.text,
        **computer_columns(computers),
        "ended": time_column(ended),
    }
    return columns, values


def record_facts(record: "GameRecord", states: Sequence["DealState"]) -> dict[str, object]:
    """The columns that say what the record says (its seats, names, deals, totals, winner,
    results): the one place they are derived, as a game is stored and as a row is read."""
    from chinese_ten.store.records import series_score

    score = series_score(record, states)
    seats = record.seat_count
    results = [o.results[0] if seats == 2 else list(o.results) for o in score.outcomes]
    values: dict[str, object] = {"seat_count": seats}
    for seat in range(MOST_SEATS):
        there = seat < seats
        values[f"player{seat}"] = record.players[seat] if there else None
        values[f"name_key{seat}"] = history_key(record.players[seat]) if there else None
        values[f"total{seat}"] = score.totals[seat] if there else None
    return values | {
        "deals_planned": record.deals_planned,
        "deals_played": len(results),
        "winner": score.winner,
        "over": int(score.is_over),
        "results": json.dumps(results),
    }


def record_columns(record: "GameRecord") -> Columns:
    """A record's columns: its facts, its key, and the whole record as stored (canonical, with
    who sat where and the options)."""
    rebuilt, states = canonical(record)
    values = record_facts(rebuilt, states)
    key = key_of(rebuilt)
    whole = rebuilt.model_copy(update={"seats": record.seats, "settings": record.settings})
    return Columns(values, key, whole.model_dump_json())


def computer_columns(levels: Sequence[str | None]) -> dict[str, str | None]:
    """The computer columns of a table whose seats play at ``levels`` (None: a person)."""
    return {
        f"computer{seat}": levels[seat] if seat < len(levels) else None
        for seat in range(MOST_SEATS)
    }
