"""The review at three and four seats: positions whose best option is known by hand, a
recorded game end to end, what is still refused, the stored analyses' keys."""

import json
import random
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.analysis.review import (
    Decision,
    GameReview,
    Judgement,
    NextTurn,
    Reason,
    analyse,
    analysis_key,
    decisions,
    explain,
    finished_deals,
    judge,
    reason_text,
    reviewable,
)
from chinese_ten.cli.main import main
from chinese_ten.engine.actions import parse_action
from chinese_ten.engine.cards import DECK, format_card, parse_card
from chinese_ten.engine.deal import HAND_SIZES, DealSetup, DealState, advance, legal_actions, start
from chinese_ten.engine.errors import RecordError
from chinese_ten.store.records import GameRecord, load_and_replay, record_json

GOLDEN = Path(__file__).parent / "golden"
SMALL = 60
"""Worlds per decision in these tests: rough, quick and still seeded."""


def built(seats: int, layout: str, hand: str) -> DealState:
    """The first play of a deal of ``seats`` whose layout and first mover's hand are given
    (the other hands and the stock in deck order: the judgement never reads them)."""
    used = {parse_card(w) for w in f"{layout} {hand}".split()}
    rest = [format_card(c) for c in DECK if c not in used]
    size = HAND_SIZES[seats]
    others = tuple(" ".join(rest[k * size : (k + 1) * size]) for k in range(seats - 1))
    stock = " ".join(rest[(seats - 1) * size :])
    # the dealer is the last seat, so seat 0 plays first
    setup = DealSetup.from_text(seats - 1, (hand, *others), layout, stock)
    setup.check()
    return start(setup)


def judged(state: DealState, chosen: str, samples: int = 400) -> Judgement:
    found = judge(Decision(1, 1, state, parse_action(chosen), seed=0, samples=samples))
    assert found is not None
    return found


SPADE_ACE_LAYOUT = "AS 9H 2C 3C"
SPADE_ACE_HAND = "9C AC 4S 4C 5S 5C 6S 6C"
"""9♣ takes A♠ (30 from three seats, nothing with two); A♣ takes 9♥ (10 with two or three:
red nines to kings are worth 10)."""


def test_with_three_seats_the_ace_of_spades_beats_a_red_nine() -> None:
    judgement = judged(built(3, SPADE_ACE_LAYOUT, SPADE_ACE_HAND), "play AC taking 9H")
    assert judgement.seat == 0
    assert judgement.best == parse_action("play 9C taking AS")
    assert judgement.label in ("mistake", "blunder")  # 3 points or more beyond the noise
    assert judgement.reason == Reason("takes", 30, 10)
    assert reason_text(judgement.reason, ("Ana", "Ben", "Cy"), 0) == (
        "Why: the best option takes 30 points now, the move played 10."
    )


def test_with_two_seats_the_same_position_prefers_the_red_nine() -> None:
    """The hostile twin: the ace of spades scores nothing with two players."""
    two = built(2, SPADE_ACE_LAYOUT, SPADE_ACE_HAND + " 7S 7C 8S 8C")
    judgement = judged(two, "play 9C taking AS")
    assert judgement.best == parse_action("play AC taking 9H")
    assert judgement.label in ("mistake", "blunder")


def test_with_four_seats_the_ace_of_clubs_beats_a_king_of_hearts() -> None:
    """9♠ takes A♣ (40 with four seats), K♠ takes K♥ (10); with three A♣ is worth nothing."""
    layout, hand = "AC KH 2C 3C", "9S KS 4S 4C 5S 5C"
    four = judged(built(4, layout, hand), "play KS taking KH")
    assert four.best == parse_action("play 9S taking AC")
    assert four.label == "blunder"
    # what the move played costs most: the ace of clubs left to the next seats
    assert four.reason is not None and four.reason.card == parse_card("AC")
    assert four.reason.chosen_share > 0.5 and four.reason.best_share == 0
    three = judged(built(3, layout, hand + " 6S 6C"), "play 9S taking AC")
    assert three.best == parse_action("play KS taking KH")


def test_a_decision_at_four_seats_never_reads_the_hidden_hands() -> None:
    """Two positions the mover cannot tell apart (another seat's hand and the stock swapped
    around) are judged exactly alike."""
    state = built(4, SPADE_ACE_LAYOUT, "9C AC 4S 4C 5S 5C")
    setup = state.setup
    hands = list(setup.hands)
    stock = list(setup.stock)
    hands[2], stock[3:9] = tuple(sorted(stock[3:9])), list(hands[2])
    twin = start(DealSetup(setup.dealer, tuple(hands), setup.layout, tuple(stock)))
    assert twin.hands[2] != state.hands[2]
    one, other = (judged(s, "play AC taking 9H", samples=SMALL) for s in (state, twin))
    assert one == other


def test_the_card_left_names_the_seat_that_takes_it() -> None:
    nothing = NextTurn([0, 0, 0, 0], {})
    seven = parse_card("7H")
    # seat 1 takes 7♥ in all four worlds: named
    clear = NextTurn([7, 7, 7, 7], {(seven, 1): 4})
    reason = explain(6.0, 0, 0, nothing, clear, seats=3)
    assert reason == Reason("leaves", 0, 7, seven, 0.0, 1.0, taker=1)
    assert reason_text(reason, ("Ana", "Ben", "Cy"), 0) == (
        "Why: the move played leaves 7H to Ben, who takes it before the mover plays again "
        "in 100% of the worlds (0% after the best option)."
    )
    # two seats share it: nobody is named
    shared = NextTurn([7, 7, 7, 7], {(seven, 1): 2, (seven, 2): 2})
    reason = explain(6.0, 0, 0, nothing, shared, seats=3)
    assert reason is not None and reason.taker is None
    assert "to the next players, one of whom takes it" in reason_text(
        reason, ("Ana", "Ben", "Cy"), 0
    )
    # with two seats the other player is named as before, never a taker
    two = explain(6.0, 0, 0, nothing, clear)
    assert two is not None and two.taker is None
    assert "leaves 7H to Ben, who takes it on the next turn" in reason_text(two, ("Ana", "Ben"), 0)


def test_the_black_aces_weigh_their_points_in_a_card_left() -> None:
    """A♠ left to the next seats costs 30 a world with three seats and nothing with two."""
    nothing = NextTurn([0, 0, 0, 0], {})
    ace = parse_card("AS")
    left = NextTurn([30, 30, 30, 30], {(ace, 2): 4})
    reason = explain(20.0, 0, 0, nothing, left, seats=3)
    assert reason is not None and reason.card == ace and reason.taker == 2
    assert explain(20.0, 0, 0, nothing, NextTurn([0] * 4, {(ace, 1): 4}), seats=2) is None


def review_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["review", *args, "--json", "--samples", str(SMALL), "--jobs", "1"]) == 0
    document: dict[str, Any] = json.loads(capsys.readouterr().out)
    return document


@pytest.mark.parametrize("seats", [3, 4])
def test_a_recorded_game_reviewed_end_to_end(
    capsys: pytest.CaptureFixture[str], seats: int
) -> None:
    path = GOLDEN / f"golden-{seats}-seats.json"
    record, _states = load_and_replay(path)
    data = review_json(capsys, str(path))
    assert data["version"] == 3
    assert data["players"] == list(record.players) and len(data["players"]) == seats
    assert data["deals_reviewed"] == len(finished_deals(record))
    found = decisions(finished_deals(record), samples=SMALL, seed=0)
    judged_ = data["decisions"]
    assert 0 < len(judged_) <= len(found)
    for d in judged_:
        assert 0 <= d["seat"] < seats and d["player"] == record.players[d["seat"]]
        assert d["loss"] == pytest.approx(d["best_value"] - d["chosen_value"], abs=0.002)
        assert parse_action(d["chosen"]) != parse_action(d["best"]) or d["loss"] == 0
        reason = d["reason"]
        if reason is not None and reason.get("taker") is not None:
            assert reason["taker"] != d["seat"]
            assert data["players"][reason["taker"]] in d["why"]
    assert [s["seat"] for s in data["summary"]] == list(range(seats))
    assert sum(s["decisions"] for s in data["summary"]) == len(judged_)
    # the values are the seat's own points at this table: at most every point of the pack
    assert all(0 <= d["best_value"] <= {3: 270, 4: 310}[seats] for d in judged_)


def test_a_review_of_three_repeats_with_two_jobs_and_reads_back() -> None:
    record, _states = load_and_replay(GOLDEN / "golden-3-seats.json")
    one = analyse(record, samples=SMALL, seed=4, jobs=1)
    two = analyse(record, samples=SMALL, seed=4, jobs=2)
    assert one == two
    assert GameReview.from_text(one.to_text()) == one
    stored = json.loads(one.to_text())
    stored["decisions"][0]["seat"] = 3  # no such seat at a table of three
    with pytest.raises(RecordError):
        GameReview.from_text(json.dumps(stored))


def test_the_screen_needs_a_terminal_at_three_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(GOLDEN / "golden-3-seats.json")]) == 2
    assert "needs an interactive terminal" in capsys.readouterr().err


def test_a_three_seat_game_with_nothing_finished_is_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _states = load_and_replay(GOLDEN / "golden-3-seats.json")
    first = record.deals[0]
    cut = record.model_copy(update={"deals": (first.model_copy(update={"turns": ()}),)})
    path = tmp_path / "cut.json"
    path.write_text(record_json(cut))
    assert main(["review", str(path), "--json"]) == 1
    err = capsys.readouterr().err
    assert "nothing to review" in err and err.count("\n") == 1


def test_a_table_the_review_cannot_judge_is_refused_in_one_line() -> None:
    record, _states = load_and_replay(GOLDEN / "golden-3-seats.json")
    assert reviewable(record) == tuple(record.players)
    five = GameRecord.model_construct(**{**dict(record), "players": ("A", "B", "C", "D", "E")})
    with pytest.raises(RecordError, match="the review judges games of 2 to 4 players; this one"):
        reviewable(five)


def test_stored_analyses_of_three_and_four_have_their_own_keys() -> None:
    assert analysis_key(60, 0) == "review-v3-samples60-seed0"  # two seats: as always
    keys = {analysis_key(60, 0, seats) for seats in (2, 3, 4)}
    assert len(keys) == 3


def test_every_decision_of_a_random_four_seat_deal_is_judged_from_the_movers_seat() -> None:
    rng = random.Random(8)
    setup = built(4, SPADE_ACE_LAYOUT, "9C AC 4S 4C 5S 5C").setup
    state = start(setup)
    seen = set()
    while legal_actions(state):
        legal = legal_actions(state)
        action = rng.choice(legal)
        if len(legal) > 1 and len(seen) < 4 and state.to_move not in seen:
            found = judge(Decision(1, 1, state, action, seed=0, samples=SMALL))
            if found is not None:
                assert found.seat == state.to_move and found.chosen == action
                seen.add(found.seat)
        state = advance(state, action)
    assert len(seen) >= 2


@pytest.mark.parametrize("taker", [1, 9, -1, 0, "1"])
def test_a_stored_taker_is_checked_like_a_seat(taker: object) -> None:
    """The history is input: a stored reason naming a seat that is not at the table, or the
    mover itself, is a damaged analysis (done again), never a crash or a wrong name."""
    seven = parse_card("7H")
    reason = Reason("leaves", 0, 7, seven, 0.0, 1.0, taker=1)
    judgement = Judgement(
        1, 1, 0, parse_action("play 7H"), parse_action("play 7H"), 7.0, 0.0, 0.1, reason
    )
    review = GameReview(("Ana", "Ben", "Cy"), 1, 400, 0, (judgement,))
    text = review.to_text()
    assert '"taker": 1' in text
    if taker == 1:
        assert GameReview.from_text(text) == review
        return
    with pytest.raises(RecordError):
        GameReview.from_text(text.replace('"taker": 1', f'"taker": {json.dumps(taker)}'))
