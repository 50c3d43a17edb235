"""The review's judgement: fair (the mover's view only), repeatable, and able to tell good
play from bad, at two, three and four seats; the ``review`` command's output and its
hostile inputs."""

import json
import math
import random
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from chinese_ten.analysis.review import analyse, reviewable
from chinese_ten.analysis.review_cursor import ReviewCursor
from chinese_ten.analysis.review_search import (
    Decision,
    NextTurn,
    decision_rng,
    decisions,
    explain,
    finished_deals,
    judge,
    next_turn,
    option_values,
)
from chinese_ten.analysis.review_stored import analysis_key
from chinese_ten.analysis.review_types import (
    THRESHOLDS,
    VERSION,
    GameReview,
    Judgement,
    Reason,
    label,
)
from chinese_ten.analysis.review_words import decision_sentence, reason_words
from chinese_ten.analysis.review_words import review_json as review_in_words
from chinese_ten.analysis.simulate import SeriesPlay, simulate
from chinese_ten.cli.main import main
from chinese_ten.engine.actions import parse_action
from chinese_ten.engine.cards import DECK, POINTS, format_card, parse_card
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import (
    FLIP_PHASE,
    PLAY,
    DealSetup,
    DealState,
    advance,
    legal_actions,
    start,
)
from chinese_ten.engine.errors import RecordError
from chinese_ten.engine.variant import variant
from chinese_ten.engine.view import PlayerView
from chinese_ten.engine.worlds import WorldDealer
from chinese_ten.players import hard
from chinese_ten.players.greedy import greedy_choice
from chinese_ten.players.hard import believed_hands, card_weights
from chinese_ten.players.playout import learned_points
from chinese_ten.players.random_player import RandomPlayer
from chinese_ten.store.history import open_history
from chinese_ten.store.records import GameRecord, game_record, load_and_replay, record_json
from tests.history_helpers import played

SMALL = 40
"""Worlds per decision in these tests: the fewest a person may ask for, still seeded."""


def series_of(names: tuple[str, str], deals: int, seed: int) -> GameRecord:
    plays: list[SeriesPlay] = []
    simulate(1, deals, names, seed, on_series=plays.append)
    return game_record(names, deals, plays[0].states)


def hidden_twin(state: DealState) -> DealState:
    """``state`` with one card of the other hand swapped for a stock card not yet turned
    (beyond the one being turned): what the mover could not see differs, nothing else."""
    setup = state.setup
    other = 1 - state.to_move
    held = state.hands[other][0]
    first_unseen = state.stock_pos + (1 if state.phase == FLIP_PHASE else 0)
    deep = setup.stock[-1]
    assert setup.stock.index(deep) >= first_unseen
    hands = [list(h) for h in setup.hands]
    hands[other] = sorted(deep if c == held else c for c in hands[other])
    stock = tuple(held if c == deep else c for c in setup.stock)
    twin = start(DealSetup(setup.dealer, (tuple(hands[0]), tuple(hands[1])), setup.layout, stock))
    for action in state.actions:
        twin = advance(twin, action)
    assert twin.hands[state.to_move] == state.hands[state.to_move]
    assert twin.hands[other] != state.hands[other]
    return twin


def test_the_judgement_is_the_same_whatever_the_mover_could_not_see() -> None:
    finals = finished_deals(series_of(("greedy", "random"), 1, 4))
    found = decisions(finals, samples=SMALL, seed=9)
    checked = 0
    for decision in found[4:40:6]:  # plays and turned cards, early and late
        if decision.state.hands[1 - decision.state.to_move] and decision.state.stock_count > 2:
            twin = type(decision)(
                decision.deal,
                decision.turn,
                hidden_twin(decision.state),
                decision.chosen,
                decision.seed,
                decision.samples,
            )
            assert judge(twin) == judge(decision)
            checked += 1
    assert checked >= 3
    # and the hidden cards did change what the deal would have been
    state = found[4].state
    assert hidden_twin(state).setup != state.setup


def test_a_seeded_analysis_repeats_exactly_with_one_or_two_jobs() -> None:
    record = series_of(("greedy", "random"), 1, 6)
    one = analyse(record, samples=SMALL, seed=5, jobs=1)
    two = analyse(record, samples=SMALL, seed=5, jobs=2)
    assert one == two
    assert one.judgements
    other_seed = analyse(record, samples=SMALL, seed=6, jobs=1)
    assert [j.key for j in other_seed.judgements] == [j.key for j in one.judgements]
    assert [j.chosen_value for j in other_seed.judgements] != [
        j.chosen_value for j in one.judgements
    ]


def test_random_loses_far_more_than_greedy_and_greedy_more_than_hard() -> None:
    weak = analyse(series_of(("greedy", "random"), 1, 31), samples=100, jobs=1)
    strong = analyse(series_of(("hard", "greedy"), 1, 32), samples=100, jobs=1)

    def mean_loss(review: GameReview, seat: int) -> float:
        return statistics.fmean(j.loss for j in review.judgements if j.seat == seat)

    random_loss = mean_loss(weak, 1)
    greedy_loss = statistics.fmean([mean_loss(weak, 0), mean_loss(strong, 1)])
    hard_loss = mean_loss(strong, 0)
    assert random_loss > 3 * greedy_loss
    assert greedy_loss > hard_loss
    assert weak.summary(1).labels["mistake"] + weak.summary(1).labels["blunder"] > 0


def test_labels_and_summaries_add_up() -> None:
    assert [label(x) for x in (0.0, 0.99, 1.0, 2.99, 3.0, 7.99, 8.0)] == [
        None,
        None,
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
    ]
    # A loss earns a label only when it clears the threshold beyond twice its standard error.
    assert [label(x, 0.5) for x in (1.9, 2.0, 3.9, 4.0, 9.0)] == [
        None,
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "blunder",
    ]
    review = analyse(series_of(("greedy", "random"), 2, 8), samples=SMALL, seed=1)
    for seat in (0, 1):
        whole = review.summary(seat)
        deals = [review.summary(seat, d) for d in (1, 2)]
        assert whole.decisions == sum(d.decisions for d in deals)
        assert whole.points_lost == pytest.approx(sum(d.points_lost for d in deals))
        assert all(j.loss >= 0 and j.loss_se >= 0 for j in review.judgements)
        assert whole.borderline == sum(j.borderline for j in review.judgements if j.seat == seat)
    assert GameReview.from_text(review.to_text()) == review


def write(folder: Path, record: GameRecord, name: str = "game.json") -> Path:
    path = folder / name
    path.write_text(record_json(record))
    return path


def review_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["review", *args, "--json", "--samples", str(SMALL), "--jobs", "1"]) == 0
    document: dict[str, Any] = json.loads(capsys.readouterr().out)
    return document


def test_review_json_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = review_json(capsys, str(write(tmp_path, played(2, seed=3))))
    assert data["format"] == "chinese-ten-review"
    assert data["version"] == VERSION
    assert data["players"] == ["Ana", "Ben"]
    assert data["deals_reviewed"] == 2
    decisions_ = data["decisions"]
    assert isinstance(decisions_, list) and decisions_
    for d in decisions_:
        assert set(d) == {
            "deal", "turn", "seat", "player", "chosen", "best",
            "chosen_value", "best_value", "loss", "loss_se", "exact", "label", "borderline",
            "reason", "why",
        }  # fmt: skip
        assert (d["why"] is None) == (round(d["loss"], 1) == 0)  # a sentence for any loss
        assert d["reason"] is None or ", because " in d["why"]
        if d["reason"] is not None:
            assert d["reason"]["kind"] in ("takes", "leaves") and d["loss"] >= 1
        assert d["loss"] == pytest.approx(d["best_value"] - d["chosen_value"], abs=0.002)
        assert (d["loss_se"] is None) == d["exact"]
        assert d["exact"] or d["loss_se"] >= 0
        assert d["label"] in (None, "inaccuracy", "mistake", "blunder")
        assert d["borderline"] in (True, False)
    assert any(d["why"] for d in decisions_)
    assert any(d["exact"] for d in decisions_) and not all(d["exact"] for d in decisions_)
    summary = data["summary"]
    assert isinstance(summary, list)
    assert [s["player"] for s in summary] == ["Ana", "Ben"]
    assert all(len(s["deals"]) == 2 for s in summary)
    assert sum(s["decisions"] for s in summary) == len(decisions_)


def test_hostile_names_stay_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    names = ("[bold]x[/]", "[@click=app.quit]y")
    data = review_json(capsys, str(write(tmp_path, played(1, names=names))))
    assert data["players"] == list(names)


def test_an_unfinished_game_reviews_its_finished_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = played(2, seed=5)
    last = whole.deals[1]
    cut = whole.model_copy(
        update={"deals": (whole.deals[0], last.model_copy(update={"turns": last.turns[:5]}))}
    )
    data = review_json(capsys, str(write(tmp_path, cut)))
    assert data["deals_reviewed"] == 1
    assert {d["deal"] for d in data["decisions"]} == {1}


@pytest.mark.parametrize(
    ("make", "needle"),
    [
        (lambda p: p.write_text(record_json(played(1))[:300]), "not valid JSON"),
        (lambda p: None, "no such file"),
        (
            lambda p: p.write_text(record_json(played(1).model_copy(update={"deals": ()}))),
            "nothing to review",
        ),
    ],
)
def test_bad_files_are_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: object, needle: str
) -> None:
    path = tmp_path / "bad.json"
    make(path)  # type: ignore[operator]
    assert main(["review", str(path), "--json"]) == 1
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1


def test_history_ids(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path))
    with open_history(tmp_path) as history:
        game_id, _ = history.import_record(played(1, seed=2))
    for missing in ("99", str(2**70)):
        assert main(["review", missing, "--json"]) == 1
        err = capsys.readouterr().err
        assert "there is no game" in err and err.count("\n") == 1
    first = review_json(capsys, str(game_id))
    with open_history(tmp_path) as history:
        stored = history.analysis(game_id, analysis_key(SMALL, 0))
    assert stored is not None and review_in_words(GameReview.from_text(stored)) == first
    doctored = json.loads(stored)
    doctored["decisions"][0]["best_value"] += 1
    with open_history(tmp_path) as history:  # a second call prints what is stored
        history.store_analysis(game_id, analysis_key(SMALL, 0), json.dumps(doctored))
    again = review_json(capsys, str(game_id))
    assert again["decisions"][0]["best_value"] == pytest.approx(
        first["decisions"][0]["best_value"] + 1
    )
    with open_history(tmp_path) as history:  # a damaged one is analysed again
        history.store_analysis(game_id, analysis_key(SMALL, 0), '{"format": 1')
    assert review_json(capsys, str(game_id)) == first


def _strict(text: str) -> Any:
    """JSON as the standard has it: NaN and Infinity are not JSON."""

    def refuse(constant: str) -> None:
        raise ValueError(constant)

    return json.loads(text, parse_constant=refuse)


def _illegal_best(record: GameRecord, decision: dict[str, Any]) -> str:
    """An action that is not legal at ``decision``'s position of ``record``: another
    position's legal action."""
    from chinese_ten.analysis.review_search import decisions, finished_deals
    from chinese_ten.engine.actions import format_action

    found = decisions(finished_deals(record), samples=SMALL, seed=0)
    here = next(d for d in found if (d.deal, d.turn) == (decision["deal"], decision["turn"]))
    legal = set(legal_actions(here.state))
    return next(format_action(a) for d in found for a in legal_actions(d.state) if a not in legal)


DOCTORINGS: dict[str, Any] = {
    "an illegal best play": lambda doc, record: doc["decisions"][0].update(
        best=_illegal_best(record, doc["decisions"][0])
    ),
    "a value that is not a number": lambda doc, _r: doc["decisions"][0].update(
        best_value=float("nan")
    ),
    "an infinite value": lambda doc, _r: doc["decisions"][0].update(chosen_value=float("-inf")),
    "a value beyond the pack": lambda doc, _r: doc["decisions"][0].update(best_value=1e300),
    "a negative loss": lambda doc, _r: doc["decisions"][0].update(
        best_value=doc["decisions"][0]["chosen_value"] - 5
    ),
    "a million deals reviewed": lambda doc, _r: doc.update(deals_reviewed=10**6),
    "another seat": lambda doc, _r: doc["decisions"][0].update(
        seat=1 - doc["decisions"][0]["seat"]
    ),
    "another play chosen": lambda doc, record: doc["decisions"][0].update(
        chosen=_illegal_best(record, doc["decisions"][0])
    ),
    "a decision twice": lambda doc, _r: doc["decisions"].append(doc["decisions"][0]),
    "a decision left out": lambda doc, _r: doc["decisions"].pop(0),
    "a seat's every decision left out": lambda doc, _r: doc.update(
        decisions=[d for d in doc["decisions"] if d["seat"] != 0]
    ),
    "another player": lambda doc, _r: doc.update(players=["Mallory", "Ben"]),
    "a share beyond one": lambda doc, _r: next(
        d for d in doc["decisions"] if d["reason"] is not None
    )["reason"].update(best_share=5.0),
    "nested past the stack": lambda doc, _r: doc.update(seed="[" * 100_000),
}


@pytest.mark.parametrize("doctoring", list(DOCTORINGS))
def test_a_stored_analysis_that_does_not_fit_its_record_is_done_again(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    doctoring: str,
) -> None:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path))
    record = played(2, seed=2)
    with open_history(tmp_path) as history:
        game_id, _ = history.import_record(record)
    first = review_json(capsys, str(game_id))
    with open_history(tmp_path) as history:
        stored = history.analysis(game_id, analysis_key(SMALL, 0))
    assert stored is not None
    doctored = json.loads(stored)
    DOCTORINGS[doctoring](doctored, record)
    text = json.dumps(doctored)
    if doctoring == "nested past the stack":
        text = text.replace(json.dumps(doctored["seed"]), doctored["seed"])
    with open_history(tmp_path) as history:
        history.store_analysis(game_id, analysis_key(SMALL, 0), text)
    assert main(["review", str(game_id), "--json", "--samples", str(SMALL), "--jobs", "1"]) == 0
    out, err = capsys.readouterr()
    assert _strict(out) == first and err.count("\n") <= 1 and "Traceback" not in err


@pytest.mark.parametrize("kind", ["too long", "not text"])
def test_a_stored_analysis_too_long_or_not_text_is_not_read(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    kind: str,
) -> None:
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path))
    with open_history(tmp_path) as history:
        game_id, _ = history.import_record(played(1, seed=2))
    first = review_json(capsys, str(game_id))
    with open_history(tmp_path) as history:
        stored = history.analysis(game_id, analysis_key(SMALL, 0))
        assert stored is not None
        if kind == "too long":
            monkeypatch.setattr(
                "chinese_ten.store.history_queries.MAX_ANALYSIS_CHARS", len(stored) - 1
            )
        else:
            history._db.execute("UPDATE analysis SET text = CAST(text AS BLOB)")
        assert history.analysis(game_id, analysis_key(SMALL, 0)) is None
    assert review_json(capsys, str(game_id)) == first


def test_the_screen_needs_a_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(write(tmp_path, played(1)))]) == 2
    assert "interactive terminal" in capsys.readouterr().err


def test_bad_budget_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["review", "x.json", "--samples", "5"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_review_json_never_imports_textual(tmp_path: Path) -> None:
    path = write(tmp_path, played(1))
    probe = (
        "import sys\nfrom chinese_ten.cli.main import main\n"
        f"main(['review', {str(path)!r}, '--json', '--samples', '40', '--jobs', '1'])\n"
        "print(any(m.split('.')[0] == 'textual' for m in sys.modules), file=sys.stderr)"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stderr.strip().endswith("False")
    assert json.loads(out.stdout)["deals_reviewed"] == 1


def test_the_cursor_steps_and_jumps_deal_by_deal() -> None:
    record = played(2, seed=4)
    cursor = ReviewCursor(record)
    finals = finished_deals(record)
    assert cursor.deals == 2
    assert len(cursor.positions) == sum(len(f.actions) + 1 for f in finals)
    assert cursor.position.state.phase == PLAY and cursor.position.index == 0
    cursor.move(-1)
    assert cursor.at == 0
    cursor.move(3)
    assert cursor.position.index == 3 and cursor.position.turn == 2
    cursor.next_deal()
    assert (cursor.position.deal, cursor.position.index) == (2, 0)
    cursor.previous_deal()
    assert (cursor.position.deal, cursor.position.index) == (1, 0)
    cursor.end()
    assert cursor.position.action is None and cursor.position.state == finals[-1]
    cursor.next_deal()
    assert cursor.at == len(cursor.positions) - 1
    cursor.previous_deal()
    assert (cursor.position.deal, cursor.position.index) == (2, 0)
    cursor.home()
    assert cursor.at == 0


def test_the_cursor_goes_round_the_labelled_decisions() -> None:
    record = played(1, seed=3)
    review = analyse(record, samples=60, seed=2)
    cursor = ReviewCursor(record)
    assert not cursor.to_labelled(None) and cursor.at == 0  # no analysis: nowhere to go
    labelled = [
        k
        for k, position in enumerate(cursor.positions)
        if (judged := position.judgement(review)) is not None and judged.label is not None
    ]
    assert len(labelled) >= 2
    cursor.at = labelled[0]
    assert cursor.to_labelled(review) and cursor.at == labelled[1]
    assert cursor.to_labelled(review, -1) and cursor.at == labelled[0]
    assert cursor.to_labelled(review, -1) and cursor.at == labelled[-1]  # round past the start
    assert cursor.to_labelled(review) and cursor.at == labelled[0]  # and past the end


def _random_ben_passed_up_a_capture() -> Decision:
    """Ana (greedy, seat 0) against Ben (random, seat 1), eight turns into a seeded deal:
    Ben has passed up a capture with a card he still holds, and has shown by then that he
    plays carelessly. Ana's decision: 9C taking AH."""
    ben = RandomPlayer(random.Random(2))
    state = start(random_setup(random.Random(2), 1))
    while len(state.actions) < 16:
        legal = legal_actions(state)
        if state.to_move == 0:
            action = greedy_choice(legal, state.setup.layout)
        else:
            action = ben.choose(PlayerView(state, 1), legal)
        state = advance(state, action)
    chosen = greedy_choice(legal_actions(state), state.setup.layout)
    return Decision(1, 9, state, chosen, seed=0, samples=400)


def test_against_a_careless_player_the_review_judges_as_with_a_blind_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    decision = _random_ben_passed_up_a_capture()
    view = PlayerView(decision.state, 0)
    (sharp,) = card_weights(view, (1.5,))
    assert min(sharp[c] for c in decision.state.hands[1]) < -8  # a sharp model rules it out

    def judged(belief: tuple[float, ...] | None) -> Judgement:
        if belief is not None:
            monkeypatch.setattr(hard, "sharpness_belief", lambda view: belief)
        found = judge(decision)
        monkeypatch.undo()
        assert found is not None
        return found

    model = judged(None)
    blind = judged((1.0, 0.0, 0.0, 0.0))
    greedy_only = judged((0.0, 0.0, 0.0, 1.0))

    def apart(a: Judgement, b: Judgement) -> float:
        return abs(a.loss - b.loss) / math.hypot(a.loss_se, b.loss_se, 0.05)

    assert apart(model, blind) < 3
    assert apart(greedy_only, blind) > 3  # the sharp model alone would judge otherwise


def built(layout: str, hand: str) -> DealState:
    """The first play of a deal whose layout and first mover's hand are given (the hidden
    cards in deck order: the judgement never reads them)."""
    used = {parse_card(w) for w in f"{layout} {hand}".split()}
    rest = " ".join(format_card(c) for c in DECK if c not in used).split()
    setup = DealSetup.from_text(1, (hand, " ".join(rest[:12])), layout, " ".join(rest[12:]))
    setup.check()
    return start(setup)


def judged_play(layout: str, hand: str, chosen: str) -> Judgement:
    found = judge(Decision(1, 1, built(layout, hand), parse_action(chosen), seed=0, samples=400))
    assert found is not None
    return found


BLACK_LAYOUT = "2C 3C QS JC"
"""A layout nothing in :data:`LAYING_HAND` can take: every option lays a card."""
LAYING_HAND = "TH 4S 4C 5S 5C 6S 6C 9S 9C AS AC KS"


def test_the_reason_takes_more_now() -> None:
    """9S takes the ace of hearts now; 7S takes a black three: 20 red points against 0."""
    judgement = judged_play(
        "AH 3C JS KC", "9S 7S 2S 2C 4S 4C 5S 5C 6S 6C 8S 8C", "play 7S taking 3C"
    )
    assert judgement.best == parse_action("play 9S taking AH")
    assert judgement.reason == Reason("takes", 20, 0)
    assert reason_words(judgement.reason, ("Ana", "Ben"), 0) == (
        "it takes 20 red points at once, against 0"
    )
    assert decision_sentence(judgement, ("Ana", "Ben")) == (
        f"Ana played 7S taking 3C; 9S taking AH would have kept about "
        f"{judgement.loss:.1f} more points, because it takes 20 red points at once, against 0."
    )
    assert decision_sentence(judgement, ("You", "Ben"), you=0).startswith("you played 7S")


def test_the_reason_leaves_a_rich_card_exposed() -> None:
    """Laying the ten of hearts leaves it to any ten the other player holds; the black card
    the best option lays is worth nothing to them."""
    judgement = judged_play(BLACK_LAYOUT, LAYING_HAND, "play TH")
    reason = judgement.reason
    assert reason is not None and reason.kind == "leaves"
    assert reason.card == parse_card("TH")
    assert reason.chosen_share > 0.4 and reason.best_share < 0.05
    assert reason.chosen > reason.best  # and the other player banks more on that turn
    # the figure shown explains at least half of the loss
    assert (reason.chosen_share - reason.best_share) * 10 >= judgement.loss / 2
    text = reason_words(reason, ("Ana", "Ben"), 0)
    assert text.startswith("the move played leaves TH to Ben, who takes it on the next turn")
    assert f"{round(100 * reason.chosen_share)}% of the time" in text


def test_a_real_loss_without_a_clear_reason_gets_none() -> None:
    """Laying 5C rather than AS loses more than a point, but neither what they take now (both
    nothing) nor the other player's next turn makes half of it: no reason is claimed."""
    judgement = judged_play(BLACK_LAYOUT, LAYING_HAND, "play 5C")
    assert judgement.best != judgement.chosen and judgement.loss >= 1
    assert judgement.reason is None


def test_explain_claims_only_what_the_figures_show() -> None:
    nothing = NextTurn([0, 0, 0, 0], {})
    assert explain(0.9, 20, 0, nothing, nothing) is None  # too small a loss to explain
    assert explain(10.0, 4, 0, nothing, nothing) is None  # 4 now of a 10-point loss
    assert explain(10.0, 6, 0, nothing, nothing) == Reason("takes", 6, 0)
    noisy = NextTurn([0, 20, 0, 20], {})  # 10 a turn on average, but from two worlds of four
    assert explain(6.0, 0, 0, nothing, noisy) is None
    steady = NextTurn([10, 10, 10, 10], {})
    assert explain(6.0, 0, 0, nothing, steady) == Reason("leaves", 0, 10)
    rich = NextTurn([10, 10, 10, 10], {(parse_card("9H"), 1): 4})
    named = explain(6.0, 0, 0, nothing, rich)
    assert named == Reason("leaves", 0, 10, parse_card("9H"), 0.0, 1.0)
    # the larger reason wins: 8 taken now against 10 left
    assert explain(12.0, 8, 0, nothing, steady) == Reason("leaves", 0, 10)


def test_following_the_next_turn_changes_no_playout() -> None:
    """The reason follows the other player's next turn in the review's own worlds: playing
    on from where it stops gives exactly the points of the whole playout."""
    rng = random.Random(3)
    finals = finished_deals(series_of(("greedy", "random"), 1, 4))
    checked = 0
    for decision in decisions(finals, samples=SMALL, seed=0)[::3]:
        state = decision.state
        view = PlayerView(state, state.to_move)
        dealer = WorldDealer(view)
        for hand in believed_hands(view)(rng, 5):
            world = dealer.deal(rng, hand)
            for action in legal_actions(state):
                after = advance(world, action)
                followed, banked, taken = next_turn(after, view.seat)
                assert learned_points(followed, view.seat) == learned_points(after, view.seat)
                assert banked >= sum(POINTS[c] for c, _seat in taken)
                checked += 1
    assert checked > 100


def test_the_reason_is_in_the_json_and_read_back() -> None:
    judgement = judged_play(BLACK_LAYOUT, LAYING_HAND, "play TH")
    review = GameReview(("Ana", "Ben"), 1, 400, 0, (judgement,))
    shown = review_in_words(review)["decisions"][0]
    assert shown["reason"]["kind"] == "leaves" and shown["reason"]["card"] == "TH"
    assert shown["why"].startswith("Ana played TH; ")
    assert "because the move played leaves TH to Ben" in shown["why"]
    assert GameReview.from_text(review.to_text()) == review
    damaged = review.to_text().replace('"kind": "leaves"', '"kind": "luck"')
    with pytest.raises(RecordError):
        GameReview.from_text(damaged)


# The review at three and four seats: positions whose best option is known by hand, a
# recorded game end to end, what is still refused, the stored analyses' keys.


GOLDEN = Path(__file__).parents[1] / "golden"


def built_at(seats: int, layout: str, hand: str) -> DealState:
    """The first play of a deal of ``seats`` whose layout and first mover's hand are given
    (the other hands and the stock in deck order: the judgement never reads them)."""
    used = {parse_card(w) for w in f"{layout} {hand}".split()}
    rest = [format_card(c) for c in DECK if c not in used]
    size = variant(seats).hand_size
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
    judgement = judged(built_at(3, SPADE_ACE_LAYOUT, SPADE_ACE_HAND), "play AC taking 9H")
    assert judgement.seat == 0
    assert judgement.best == parse_action("play 9C taking AS")
    assert judgement.label in ("mistake", "blunder")  # 3 points or more beyond the noise
    assert judgement.reason == Reason("takes", 30, 10)
    assert reason_words(judgement.reason, ("Ana", "Ben", "Cy"), 0) == (
        "it takes 30 points at once, against 10"
    )


def test_with_two_seats_the_same_position_prefers_the_red_nine() -> None:
    """The hostile twin: the ace of spades scores nothing with two players."""
    two = built_at(2, SPADE_ACE_LAYOUT, SPADE_ACE_HAND + " 7S 7C 8S 8C")
    judgement = judged(two, "play 9C taking AS")
    assert judgement.best == parse_action("play AC taking 9H")
    assert judgement.label in ("mistake", "blunder")


def test_with_four_seats_the_ace_of_clubs_beats_a_king_of_hearts() -> None:
    """9♠ takes A♣ (40 with four seats), K♠ takes K♥ (10); with three A♣ is worth nothing."""
    layout, hand = "AC KH 2C 3C", "9S KS 4S 4C 5S 5C"
    four = judged(built_at(4, layout, hand), "play KS taking KH")
    assert four.best == parse_action("play 9S taking AC")
    assert four.label == "blunder"
    # what the move played costs most: the ace of clubs left to the next seats
    assert four.reason is not None and four.reason.card == parse_card("AC")
    assert four.reason.chosen_share > 0.5 and four.reason.best_share == 0
    three = judged(built_at(3, layout, hand + " 6S 6C"), "play 9S taking AC")
    assert three.best == parse_action("play KS taking KH")


def test_a_decision_at_four_seats_never_reads_the_hidden_hands() -> None:
    """Two positions the mover cannot tell apart (another seat's hand and the stock swapped
    around) are judged exactly alike."""
    state = built_at(4, SPADE_ACE_LAYOUT, "9C AC 4S 4C 5S 5C")
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
    assert reason_words(reason, ("Ana", "Ben", "Cy"), 0) == (
        "the move played leaves 7H to Ben, who takes it before the mover plays again "
        "100% of the time (against 0%)"
    )
    # two seats share it: nobody is named
    shared = NextTurn([7, 7, 7, 7], {(seven, 1): 2, (seven, 2): 2})
    reason = explain(6.0, 0, 0, nothing, shared, seats=3)
    assert reason is not None and reason.taker is None
    assert "to the next players, one of whom takes it" in reason_words(
        reason, ("Ana", "Ben", "Cy"), 0
    )
    # with two seats the other player is named as before, never a taker
    two = explain(6.0, 0, 0, nothing, clear)
    assert two is not None and two.taker is None
    assert "leaves 7H to Ben, who takes it on the next turn" in reason_words(two, ("Ana", "Ben"), 0)


def test_the_black_aces_weigh_their_points_in_a_card_left() -> None:
    """A♠ left to the next seats costs 30 a world with three seats and nothing with two."""
    nothing = NextTurn([0, 0, 0, 0], {})
    ace = parse_card("AS")
    left = NextTurn([30, 30, 30, 30], {(ace, 2): 4})
    reason = explain(20.0, 0, 0, nothing, left, seats=3)
    assert reason is not None and reason.card == ace and reason.taker == 2
    assert explain(20.0, 0, 0, nothing, NextTurn([0] * 4, {(ace, 1): 4}), seats=2) is None


@pytest.mark.parametrize("seats", [3, 4])
def test_a_recorded_game_reviewed_end_to_end(
    capsys: pytest.CaptureFixture[str], seats: int
) -> None:
    path = GOLDEN / f"golden-{seats}-seats.json"
    record, _states = load_and_replay(path)
    data = review_json(capsys, str(path))
    assert data["version"] == VERSION
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
    assert analysis_key(60, 0) == f"review-v{VERSION}-samples60-seed0"  # two seats: no suffix
    keys = {analysis_key(60, 0, seats) for seats in (2, 3, 4)}
    assert len(keys) == 3


def test_every_decision_of_a_random_four_seat_deal_is_judged_from_the_movers_seat() -> None:
    rng = random.Random(8)
    setup = built_at(4, SPADE_ACE_LAYOUT, "9C AC 4S 4C 5S 5C").setup
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


def test_round_two_stops_once_more_worlds_could_not_change_the_label() -> None:
    """A decision stopped short of its budget has a label (or none) that more worlds could
    not change: no option's lead within NOISE_SIGMAS standard errors of the next worse
    threshold, and a labelled one only after its reason's worlds; others are measured in
    every world of the budget."""
    from chinese_ten.analysis.review_search import _REASON_WORLDS, SCREEN
    from chinese_ten.analysis.review_types import LABELS, NOISE_SIGMAS
    from chinese_ten.players.exact import exact_applies
    from chinese_ten.players.spread import paired_difference

    samples = 1600
    short = full = labelled_short = 0
    for decision in decisions(finished_deals(played(2, seed=3)), samples=samples, seed=0)[:30]:
        view = PlayerView(decision.state, decision.state.to_move)
        if exact_applies(view):
            continue
        legal = legal_actions(decision.state)
        rng = decision_rng(decision.seed, decision.deal, decision.turn, False)
        found = option_values(view, legal, decision.chosen, rng, samples=samples)
        if found is None:
            continue
        _means, measured, points, _turns = found
        chosen = points[legal.index(decision.chosen)]
        if len(chosen) == samples:
            full += 1
            continue
        short += 1
        leads = [paired_difference(points[i], chosen) for i in measured]
        named = label(*max(leads))
        if named is not None:
            labelled_short += 1
            assert len(chosen) >= samples // SCREEN + _REASON_WORLDS
        worse = THRESHOLDS[LABELS.index(named) + 1 :] if named else THRESHOLDS
        assert not worse or all(lead + NOISE_SIGMAS * error < worse[0] for lead, error in leads)
    assert short and full and labelled_short  # each kind occurs in these decisions
