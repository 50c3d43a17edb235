"""Game records: round trips, replay of simulated games, and every kind of bad input."""

import json
import random
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.analysis.simulate import SeriesPlay, simulate
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import OVER, advance, legal_actions, start
from chinese_ten.engine.errors import RecordError
from chinese_ten.store.files import write_atomically
from chinese_ten.store.records import (
    game_record,
    load_and_replay,
    load_record,
    parse_record,
    record_json,
    replay,
    replay_summary,
)


def _played(seed: int = 7, deals: int = 2) -> SeriesPlay:
    plays: list[SeriesPlay] = []
    simulate(1, deals, ("greedy", "random"), seed, on_series=plays.append)
    return plays[0]


def _doc(play: SeriesPlay) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(record_json(game_record(play.players, 2, play.states)))
    return data


def test_save_load_gives_the_same_states() -> None:
    play = _played()
    record = game_record(play.players, 2, play.states)
    again = parse_record(record_json(record))
    assert again == record
    assert tuple(replay(again)) == play.states


def test_simulated_records_replay_to_the_same_results(tmp_path: Path) -> None:
    plays: list[SeriesPlay] = []
    simulate(4, 3, ("greedy", "random"), 11, duplicate=True, on_series=plays.append)
    for k, play in enumerate(plays):
        path = tmp_path / f"{k}.json"
        write_atomically(path, record_json(game_record(play.players, 3, play.states)))
        record, states = load_and_replay(path)
        summary = replay_summary(record, states)
        assert summary["totals"] == list(play.score.totals)
        assert summary["winner"] == play.score.winner
        assert [d["results"] for d in summary["deals"]] == [
            list(o.results) for o in play.score.outcomes
        ]


def test_an_unfinished_deal_even_between_two_actions_replays() -> None:
    rng = random.Random(4)
    state = start(random_setup(rng, 0))
    for _ in range(9):  # four whole turns and a played card
        state = advance(state, rng.choice(legal_actions(state)))
    record = game_record(("Ana", "Ben"), None, [state])
    text = record_json(record)
    assert '"flipped": false' in text
    (rebuilt,) = replay(parse_record(text))
    assert rebuilt == state
    summary = replay_summary(parse_record(text), [rebuilt])
    assert summary["deals"][0]["complete"] is False and summary["deals"][0]["results"] is None
    assert summary["winner"] is None


def test_capture_may_be_omitted_only_when_one_card_qualifies() -> None:
    play = _played()
    outcomes = set()
    for deal in (0, 1):
        for k, turn in enumerate(_doc(play)["deals"][deal]["turns"]):
            for key in ("capture", "flip_capture"):
                if turn[key] is None:
                    continue
                data = _doc(play)
                del data["deals"][deal]["turns"][k][key]
                try:
                    states = replay(parse_record(json.dumps(data)))
                except RecordError as error:
                    assert "the record must name one" in str(error)
                    outcomes.add("must name")
                else:
                    assert tuple(states) == play.states
                    outcomes.add("inferred")
    assert outcomes == {"must name", "inferred"}


def _broken(mutate: Any) -> str:
    data = _doc(_played())
    mutate(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(colour="red"), "colour: Extra inputs are not permitted"),
        (lambda d: d.update(version=3), "version: Input should be 1 or 2"),
        (lambda d: d.update(version=1), "seat_count is written from version 2 on"),
        (lambda d: d.pop("seat_count"), "seat_count: a record of version 2 says how many"),
        (lambda d: d.update(format="other"), "format"),
        (lambda d: d["deals"][0].update(dealer="0"), "dealer"),
        (lambda d: d["deals"][0]["hands"][0].pop(), "hand of seat 0 has 11 cards"),
        (
            lambda d: d["deals"][0]["stock"].__setitem__(0, d["deals"][0]["layout"][0]),
            "dealt twice",
        ),
        (lambda d: d["deals"][0]["layout"].__setitem__(0, "XX"), "is not a card"),
        (lambda d: d["deals"][0]["layout"].__setitem__(0, 3), "a card is written as text"),
        (lambda d: d.update(deals_planned=1), "2 deals recorded but only 1 planned"),
        (lambda d: d["deals"][1].update(dealer=d["deals"][0]["dealer"]), "dealers alternate"),
        (lambda d: d.update(players=["Ana"]), "players"),
        (
            lambda d: d["deals"][0].update(dealer=True),
            "dealer: a whole number is needed here, not true",
        ),
        (
            lambda d: d["deals"][0].update(dealer=1.0),
            "dealer: a whole number is needed here, not 1.0",
        ),
        (lambda d: d.update(version=True), "version: a whole number is needed here, not true"),
        (lambda d: d.update(version="1"), 'version: a whole number is needed here, not "1"'),
        (lambda d: d.update(version=1.0), "version: a whole number"),
        (lambda d: d.update(deals_planned="2"), "deals_planned: Input should be a valid integer"),
        (lambda d: d.update(deals_planned=2.0), "deals_planned: Input should be a valid integer"),
        (lambda d: d.update(deals_planned=True), "deals_planned: Input should be a valid integer"),
        (lambda d: d.update(deals_planned=1001), "deals_planned: Input should be less than or"),
        (lambda d: d["deals"][0]["turns"][0].update(flipped=1), "flipped: Input should be a valid"),
        (lambda d: d["deals"][0]["turns"][0].update(flipped="false"), "flipped"),
        (lambda d: d["deals"][0]["turns"][0].update(capture=5), "a card is written as text"),
        (lambda d: d["deals"][0]["hands"][0].__setitem__(0, True), "a card is written as text"),
        (lambda d: d.update(players={"Ana": 1, "Ben": 2}), "players"),
    ],
)
def test_malformed_records_are_rejected_in_one_line(mutate: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message) as caught:
        parse_record(_broken(mutate))
    assert "\n" not in str(caught.value)


def test_an_illegal_turn_names_the_deal_and_turn() -> None:
    data = _doc(_played())
    turns = data["deals"][1]["turns"]
    turns[3].update(play=turns[4]["play"], capture=None)  # a card from the other hand
    with pytest.raises(RecordError, match=r"deal 2, turn 4: play .. is illegal: .. is not in"):
        replay(parse_record(json.dumps(data)))


def test_a_wrong_capture_is_named() -> None:
    data = _doc(_played())
    turn = next(t for t in data["deals"][0]["turns"] if t["capture"])
    turn["capture"] = turn["play"]
    with pytest.raises(RecordError, match=r"deal 1, turn \d+: .. cannot take"):
        replay(parse_record(json.dumps(data)))


def test_a_deal_cut_short_before_another_is_rejected() -> None:
    data = _doc(_played())
    data["deals"][0]["turns"] = data["deals"][0]["turns"][:5]
    with pytest.raises(
        RecordError, match="deal 1, the deal is unfinished but another deal follows"
    ):
        replay(parse_record(json.dumps(data)))


def test_truncated_and_missing_files(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(record_json(game_record(*_args()))[:300])
    with pytest.raises(RecordError, match=r"game.json: not valid JSON"):
        load_record(path)
    with pytest.raises(RecordError, match="no such file"):
        load_record(tmp_path / "absent.json")


def _args() -> tuple[tuple[str, str], int, tuple[Any, ...]]:
    play = _played()
    return play.players, 2, play.states


def test_atomic_write_leaves_no_temporary_files(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "save.json"
    write_atomically(path, "one")
    write_atomically(path, "two")
    assert path.read_text() == "two"
    assert [p.name for p in path.parent.iterdir()] == ["save.json"]


def test_finished_states_are_over() -> None:
    assert all(s.phase == OVER for s in _played().states)


def test_strict_types_still_take_every_friendly_form() -> None:
    data = _doc(_played())
    data["deals_planned"] = None
    data["deals"][0]["turns"][0]["flipped"] = True
    assert parse_record(json.dumps(data)).deals_planned is None
    data["deals_planned"] = 1000
    assert parse_record("\ufeff" + json.dumps(data)).deals_planned == 1000
