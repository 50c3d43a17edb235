"""The turn without a screen: the key table, the hand-over's guard, targets, the recap, the
computer's and the hint's requests, clicks and resuming; each in milliseconds."""

from dataclasses import replace
from pathlib import Path
from typing import get_args

import pytest

from chinese_ten.engine.actions import action_card, action_target, flip_action, play_action
from chinese_ten.engine.cards import parse_card
from chinese_ten.engine.deal import OVER, DealSetup, DealState, apply_action, legal_actions, start
from chinese_ten.game.flow import GameFlow
from chinese_ten.game.options import GameOptions
from chinese_ten.game.turn import (
    DealBegins,
    DealEnds,
    Guard,
    Happened,
    KeyAction,
    Resumed,
    Stage,
    Turn,
)
from chinese_ten.store.saves import SaveSlot
from tests.options_helpers import game_options
from tests.tui_helpers import current_record, make_setup, options

GUARD = 0.4


def _options(folder: Path, **more: object) -> GameOptions:
    return options(folder, **{"guard": GUARD, "resume": True, **more})


def _turn_at(
    folder: Path,
    setup: DealSetup,
    computer: tuple[str | None, ...] = (None, None),
    state: DealState | None = None,
) -> Turn:
    """A turn resumed at ``setup``'s first turn, or at ``state`` (a saved position)."""
    names = tuple(
        None if level else name
        for name, level in zip(("Ana", "Ben", "Cy", "Di")[: len(computer)], computer, strict=True)
    )
    state = start(setup) if state is None else state
    SaveSlot(folder).save(current_record(names, None, [state], computer))
    flow = GameFlow(_options(folder, players=names, computer=computer))
    assert flow.resume().resumed
    turn = Turn(flow, clock=Clock())
    turn.begin()
    return turn


class Clock:
    """The time the turn's guards read, moved on by the test."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _ready(turn: Turn) -> None:
    """The next person takes the keyboard, as a person does: the hand-over seen, then Enter
    (and a moment before the first key on the board)."""
    clock = turn.clock
    assert isinstance(clock, Clock)
    turn.handover_drawn()
    clock.now += GUARD
    assert turn.ready()
    turn.hand_drawn()
    clock.now += GUARD


TURNED_CHOICE = make_setup(1, "3C", "QS QH 5C 6D", "QD")
"""Ana plays 3♣ (no capture); the turned Q♦ takes Q♠ or Q♥."""


# ------------------------------------------------------------------ the key table
EXPECTED: dict[Stage, set[str]] = {
    "select": {"move", "pick", "confirm", "hint", "export"},
    "target": {"move", "pick", "confirm", "back", "hint", "export"},
    "flip": {"flip", "export"},
    "flip-target": {"move", "confirm", "hint", "export"},
    "turned": {"pass_keyboard", "export"},
    "over": {"results", "export"},
    "handover": {"ready", "export"},
    "computer": {"export"},
}
KEY_ACTIONS: tuple[KeyAction, ...] = get_args(KeyAction)


def allowed(turn: Turn) -> set[str]:
    return {action for action in KEY_ACTIONS if turn.allows(action)}


def test_each_stage_has_its_keys(tmp_path: Path) -> None:
    turn = _turn_at(tmp_path, TURNED_CHOICE)
    assert turn.stage == "handover" and allowed(turn) == EXPECTED["handover"]
    _ready(turn)
    assert turn.stage == "select" and allowed(turn) == EXPECTED["select"]
    turn.pick(turn.view().hand.index(parse_card("3C")))
    turn.confirm()
    assert turn.stage == "flip" and allowed(turn) == EXPECTED["flip"]
    turn.flip()
    assert turn.stage == "flip-target" and allowed(turn) == EXPECTED["flip-target"]
    turn.confirm()
    assert turn.stage == "turned" and allowed(turn) == EXPECTED["turned"]
    turn.board_hidden = True  # a window too small for the board: none of its keys
    assert allowed(turn) == set()
    turn.pass_keyboard()
    assert turn.stage == "turned"


def test_without_hints_the_hint_key_does_nothing(tmp_path: Path) -> None:
    flow = GameFlow(_options(tmp_path, hints=False, resume=False))
    flow.start_series()
    turn = Turn(flow, clock=Clock())
    turn.begin()
    turn.deal(26)
    _ready(turn)
    assert "hint" not in allowed(turn) and turn.hint_request() is None


# ------------------------------------------------------------------ the hand-over
def test_a_double_enter_never_shows_the_next_hand(tmp_path: Path) -> None:
    turn = _turn_at(tmp_path, TURNED_CHOICE)
    clock = turn.clock
    assert isinstance(clock, Clock)
    _ready(turn)
    turn.pick(turn.view().hand.index(parse_card("3C")))
    turn.confirm()
    turn.flip()
    turn.confirm()
    assert turn.stage == "turned" and turn.scene().face_up  # Ana sees what her card took
    turn.pass_keyboard()  # the first Enter
    assert turn.stage == "handover" and not turn.scene().face_up
    clock.now += 0.1
    assert not turn.ready()  # the second, before the hand-over was drawn
    turn.handover_drawn()
    clock.now += 0.1
    assert not turn.ready()  # or a moment after
    assert turn.stage == "handover" and not turn.scene().face_up
    clock.now += GUARD
    assert turn.ready()  # Ben's own Enter
    assert turn.stage == "select" and turn.scene().face_up and turn.view().seat == 1


def test_a_double_enter_at_the_hand_over_plays_nothing_unseen(tmp_path: Path) -> None:
    """Ben's Enter shows his hand; a second press right after is not a move."""
    turn = _turn_at(tmp_path, TURNED_CHOICE)
    clock = turn.clock
    assert isinstance(clock, Clock)
    turn.handover_drawn()
    clock.now += GUARD
    assert turn.ready()
    played = len(turn.flow.state.actions)  # type: ignore[union-attr]
    assert turn.awaits_sight and turn.scene().face_up
    turn.hand_drawn(clock.now + 0.05)  # the board's first frame with the hand
    clock.now += 0.1
    turn.confirm()
    turn.click("hand", turn.cursor)
    turn.click("table", 0)
    assert turn.stage == "select" and len(turn.flow.state.actions) == played  # type: ignore[union-attr]
    clock.now += GUARD
    turn.confirm()
    assert len(turn.flow.state.actions) == played + 1  # type: ignore[union-attr]


def test_keys_pressed_before_the_hand_is_drawn_never_play_however_late_handled(
    tmp_path: Path,
) -> None:
    """A slow machine: Enter Enter arrive together; the hand is drawn long after. The second
    Enter, handled after the drawing and more than the guard after the first, is still a key
    pressed before the hand was seen: it plays nothing. The guard counts from the frame."""
    turn = _turn_at(tmp_path, TURNED_CHOICE)
    clock = turn.clock
    assert isinstance(clock, Clock)
    turn.handover_drawn()
    clock.now += 2 * GUARD
    pressed = clock.now  # both Enters
    assert turn.ready()
    played = len(turn.flow.state.actions)  # type: ignore[union-attr]
    turn.confirm()  # handled at once: the hand is not drawn yet
    assert len(turn.flow.state.actions) == played  # type: ignore[union-attr]
    drawn = pressed + 3 * GUARD
    turn.hand_drawn(drawn)  # the drawing took long
    turn.hand_drawn(drawn + 2 * GUARD)  # a later frame changes nothing
    clock.now = pressed  # the second Enter, handled late: when it was pressed counts
    turn.confirm()
    assert len(turn.flow.state.actions) == played  # type: ignore[union-attr]
    clock.now = drawn + GUARD / 2  # a key in the guard after the frame
    turn.confirm()
    assert len(turn.flow.state.actions) == played  # type: ignore[union-attr]
    clock.now = drawn + 1.5 * GUARD  # the guard's time after the frame: a decision
    turn.pick(turn.view().hand.index(parse_card("3C")))
    turn.confirm()
    assert len(turn.flow.state.actions) == played + 1  # type: ignore[union-attr]


def test_the_first_hand_over_of_a_deal_tells_the_deal_so_far(tmp_path: Path) -> None:
    turn = _turn_at(tmp_path, TURNED_CHOICE)
    assert turn.handover is not None and turn.handover.first  # Ana has not played yet
    _ready(turn)
    turn.pick(turn.view().hand.index(parse_card("3C")))
    turn.confirm()
    turn.flip()
    turn.confirm()
    turn.pass_keyboard()
    assert turn.handover is not None and turn.handover.first  # Ben's first turn
    assert [e.seat for e in turn.handover.since] == [0, 0]  # Ana's play and turn-over
    _ready(turn)
    while turn.stage in ("select", "target"):
        turn.confirm()  # Ben plays his first card
    turn.flip()
    while turn.stage == "flip-target":
        turn.confirm()
    turn.pass_keyboard()
    assert turn.handover is not None and turn.handover.seat == 0
    assert not turn.handover.first and [e.seat for e in turn.handover.since] == [1, 1]


def test_a_resumed_game_tells_what_was_missed(tmp_path: Path) -> None:
    """Quit at a hand-over: what the next person missed comes back after a resume."""
    first = _turn_at(tmp_path / "a", TURNED_CHOICE)
    _ready(first)
    first.pick(first.view().hand.index(parse_card("3C")))
    first.confirm()
    first.flip()
    first.confirm()
    first.pass_keyboard()
    before = first.handover
    first.flow.release()
    again = GameFlow(_options(tmp_path / "a"))
    assert again.resume().resumed
    turn = Turn(again)
    turn.begin()
    assert turn.stage == "handover" and turn.handover == before
    assert isinstance(turn.log[-1], Resumed)


def test_a_deal_that_ended_unseen_shows_its_results_after_a_resume(tmp_path: Path) -> None:
    state = start(make_setup(1, "3C", "QS QH 5C 6D", "QD"))
    while state.phase != OVER:
        legal = legal_actions(state)
        state = apply_action(state, legal[0])
    turn = _turn_at(tmp_path, TURNED_CHOICE, state=state)
    assert turn.stage == "results" and turn.results_deal().actions == state.actions
    ends = [e for e in turn.log if isinstance(e, DealEnds)]
    assert len(ends) == 1 and ends[0].number == 1
    turn.after_results("next")
    assert turn.stage == "cut"
    turn.deal(20)
    assert [e.number for e in turn.log if isinstance(e, DealBegins)] == [1, 2]


# ------------------------------------------------------------------ targets
def test_the_most_valuable_target_is_chosen_first(tmp_path: Path) -> None:
    """The turned 9♥ may take A♠, A♥ or A♦: A♥ (+20, the first shown of the two) first."""
    setup = make_setup(1, "3C", "AS AH AD 5C", "9H")
    turn = _turn_at(tmp_path, setup)
    _ready(turn)
    turn.pick(turn.view().hand.index(parse_card("3C")))
    turn.confirm()
    turn.flip()
    assert turn.stage == "flip-target"
    chosen = turn.choices()[turn.choice]
    assert action_target(chosen) == parse_card("AH")
    turn.move(1)
    assert action_target(turn.choices()[turn.choice]) == parse_card("AD")


def test_a_played_card_also_offers_its_best_target_first(tmp_path: Path) -> None:
    setup = make_setup(1, "9C", "AS AD 5C 6S")
    turn = _turn_at(tmp_path, setup)
    _ready(turn)
    turn.pick(turn.view().hand.index(parse_card("9C")))
    turn.confirm()
    assert turn.stage == "target"
    assert action_target(turn.choices()[turn.choice]) == parse_card("AD")
    turn.back()
    assert turn.stage == "select"


def test_equal_targets_keep_the_order_shown(tmp_path: Path) -> None:
    setup = make_setup(1, "3C", "QS QC 5C 6D", "QD")  # two black queens: 0 points each
    turn = _turn_at(tmp_path, setup)
    _ready(turn)
    turn.pick(turn.view().hand.index(parse_card("3C")))
    turn.confirm()
    turn.flip()
    assert turn.choice == 0


# ------------------------------------------------------------------ requests
def test_the_computer_acts_through_a_request_and_a_stale_answer_is_dropped(
    tmp_path: Path,
) -> None:
    setup = make_setup(1, "3C", "QS QH 5C 6D", "QD")
    turn = _turn_at(tmp_path, setup, computer=(None, "easy"))
    assert turn.stage == "select" and turn.computer_request() is None
    turn.pick(turn.view().hand.index(parse_card("3C")))
    turn.confirm()
    turn.flip()
    turn.confirm()
    assert turn.stage == "computer"
    request = turn.computer_request()
    assert request is not None and request.kind == "computer"
    action = request.choose()
    old = replace(request, state=start(setup))
    turn.answer(old, action)  # for a position gone: nothing happens
    assert turn.flow.state is request.state
    turn.answer(request, action)
    assert turn.flow.state is not request.state
    assert turn.scene().face_up  # against the computer your hand stays in sight


def test_the_hint_points_at_the_hard_players_choice(tmp_path: Path) -> None:
    setup = make_setup(1, "9C 3C", "AS AD 5C 6S")
    turn = _turn_at(tmp_path, setup)
    _ready(turn)
    request = turn.hint_request()
    assert request is not None and turn.scene().thinking
    assert turn.hint_request() is None  # one at a time
    choice = play_action(parse_card("9C"), parse_card("AS"))
    turn.answer(request, choice)
    assert turn.hint == choice and turn.stage == "target"
    assert turn.view().hand[turn.cursor] == action_card(choice)
    assert turn.choices()[turn.choice] == choice
    turn.move(1)
    assert turn.hint is None  # moving on clears it


# ------------------------------------------------------------------ clicks
def test_clicks_play_take_and_pass(tmp_path: Path) -> None:
    setup = make_setup(1, "3C", "QS QH 5C 6D", "QD")
    turn = _turn_at(tmp_path, setup)
    turn.click("hand", 0)  # under the hand-over: nothing
    assert turn.stage == "handover"
    _ready(turn)
    k = turn.view().hand.index(parse_card("3C"))
    turn.click("hand", k)  # the first click chooses
    assert turn.stage == "select" and turn.cursor == k
    turn.click("hand", k)  # a second plays
    assert turn.stage == "flip"
    turn.click("stock", 0)
    assert turn.stage == "flip-target"
    queen = turn.view().table.index(parse_card("QS"))
    turn.click("table", queen)
    assert turn.stage == "turned"
    assert flip_action(parse_card("QD"), parse_card("QS")) in turn.flow.state.actions  # type: ignore[union-attr]
    turn.click("turned", 0)
    assert turn.stage == "handover"


def test_a_guard_needs_its_screen_drawn_and_its_time() -> None:
    guard = Guard(GUARD)
    assert not guard.ready(5.0)
    guard.drawn(5.0)
    guard.drawn(5.3)  # the first drawing counts
    assert not guard.ready(5.39) and guard.ready(5.4)
    guard.reset()
    assert not guard.ready(9.0)
    assert Guard(0).ready(0.0)  # no guard: every key counts


@pytest.mark.parametrize("seats", [3, 4])
def test_the_log_tells_each_deals_begin_and_events(tmp_path: Path, seats: int) -> None:
    flow = GameFlow(
        game_options(
            players=("Ana", "Ben", "Cy", "Di")[:seats],
            computer=(None,) * seats,
            seed=5,
            save_dir=tmp_path,
            guard=0.0,
        )
    )
    flow.start_series()
    turn = Turn(flow)
    turn.begin()
    assert turn.stage == "cut" and turn.cut().number == 1
    turn.deal(26)
    assert isinstance(turn.log[0], DealBegins) and turn.log[0].position == 26
    assert all(isinstance(e, Happened) for e in turn.log[1:] if not isinstance(e, DealBegins))


# ------------------------------------------------------------------ the last turn
LAST_TURN = make_setup(1, "3C", "QS 5C 6D 9H", "8S KH", "7D")
"""Ana plays 3♣ and turns over 8♠ (neither takes); Ben's 7♦ takes 3♣, his K♥ takes nothing."""


def test_the_last_turn_is_marked_until_you_play_again(tmp_path: Path) -> None:
    """Against the computer: the card you turned that took nothing, and the computer's play
    and turn-over, are the scene's last turn until your next play."""
    c = parse_card
    turn = _turn_at(tmp_path, LAST_TURN, computer=(None, "easy"))
    assert turn.scene().recent == ()  # you move first: nothing happened yet
    turn.pick(turn.view().hand.index(c("3C")))
    turn.confirm()
    assert turn.stage == "flip" and turn.scene().recent == ()  # your play ends the marks
    turn.flip()
    assert turn.stage == "computer"
    scene = turn.scene()
    assert [(e.kind, e.card) for e in scene.recent] == [("flip", c("8S"))]
    assert scene.recent_on_table() == {c("8S")}  # the card you turned, taking nothing
    for action in (play_action(c("7D"), c("3C")), flip_action(c("KH"))):
        request = turn.computer_request()
        assert request is not None
        turn.answer(request, action)
    assert turn.stage == "select"
    scene = turn.scene()
    assert [(e.seat, e.kind, e.card, e.captured) for e in scene.recent] == [
        (0, "flip", c("8S"), ()),
        (1, "play", c("7D"), (c("3C"),)),
        (1, "flip", c("KH"), ()),
    ]
    assert scene.recent_on_table() == {c("8S"), c("KH")}
    assert [e.card for e in scene.recent_taken()] == [c("7D")]  # 7♦ and 3♣ went to a pile
    turn.pick(0)
    turn.confirm()
    if turn.stage == "target":
        turn.confirm()
    assert turn.scene().recent == ()  # played again: the marks are gone


def test_after_the_hand_over_each_person_sees_what_happened_since_their_turn(
    tmp_path: Path,
) -> None:
    """Hot-seat: the next person's board marks what the others did since they last played
    (all of the deal before their first play); the mover's own play clears it."""
    c = parse_card
    turn = _turn_at(tmp_path, LAST_TURN)
    _ready(turn)
    turn.pick(turn.view().hand.index(c("3C")))
    turn.confirm()
    turn.flip()
    assert turn.stage == "turned"
    turn.pass_keyboard()
    assert turn.stage == "handover"
    _ready(turn)
    scene = turn.scene()
    assert scene.view is not None and scene.view.seat == 1
    assert [(e.seat, e.card) for e in scene.recent] == [(0, c("3C")), (0, c("8S"))]
    assert scene.recent_on_table() == {c("3C"), c("8S")}
    turn.pick(turn.view().hand.index(c("7D")))
    turn.confirm()
    assert turn.scene().recent == ()
    turn.flip()
    turn.pass_keyboard()
    _ready(turn)
    scene = turn.scene()
    assert scene.view is not None and scene.view.seat == 0
    assert [(e.seat, e.kind, e.card) for e in scene.recent] == [
        (0, "flip", c("8S")),
        (1, "play", c("7D")),
        (1, "flip", c("KH")),
    ]
    assert scene.recent_on_table() == {c("8S"), c("KH")}
