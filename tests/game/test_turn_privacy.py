"""Privacy is a property of the turn: whatever keys are pressed, however fast or careless, a
hand shows face up only to its owner, once they have confirmed the hand-over.

Hypothesis drives a :class:`Turn` the way the screens do (the game screen's bindings, the
hand-over, the cut and the results screens), with a clock it controls, at 2, 3 and 4 seats
with every mix of people and computers, and checks the property and the key table after
every step."""

import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chinese_ten.engine.deal import FLIP_PHASE
from chinese_ten.engine.view import public_events
from chinese_ten.game.flow import GameFlow
from chinese_ten.game.options import GameOptions
from chinese_ten.game.turn import Request, Turn
from chinese_ten.store.saves import SaveSlot
from tests.game.test_turn import EXPECTED, allowed
from tests.options_helpers import game_options

GUARD = 0.4

KEYS = (
    "enter",
    "space",
    "escape",
    "left",
    "right",
    "t",
    "e",
    "f1",
    "f2",
    *"1234567890",
    "minus",
    "equals_sign",
)
EVENTS = st.one_of(
    st.sampled_from(KEYS).map(lambda key: ("key", key)),
    st.sampled_from(("enter", "space")).map(lambda key: ("key", key)),  # the game goes on
    st.sampled_from(("enter", "space")).map(lambda key: ("key", key)),
    st.floats(0.01, 1.0).map(lambda dt: ("tick", dt)),
    st.just(("drawn", 0)),
    st.just(("computer", 0)),
    st.just(("hint answer", 0)),
    st.just(("resize", 0)),
    st.just(("quit and continue", 0)),
    st.tuples(st.just("click hand"), st.integers(0, 11)),
    st.tuples(st.just("click table"), st.integers(0, 15)),
    st.just(("click stock", 0)),
    st.just(("click turned", 0)),
)

ENTER = ("confirm", "results", "pass_keyboard")
"""The game screen's Enter bindings, in their order: the first the turn allows acts."""
DIGITS = [*"1234567890", "minus", "equals_sign"]


@dataclass
class Table:
    """The turn under test, and what the test itself knows of who may see what."""

    turn: Turn
    folder: Path
    options: GameOptions
    now: float = 1000.0
    holder: int | None = None
    """The seat that confirmed the last hand-over (hot-seat), by the test's own count."""
    drawn_at: float | None = None
    hint: Request | None = None
    revealed_at: float = -1e9
    """When the board was first drawn with the hand after the last hand-over (no key may
    play before, nor for the guard after)."""
    people: tuple[int, ...] = field(default=())

    def clock(self) -> float:
        return self.now


def _no_saving(monkeypatch: pytest.MonkeyPatch) -> None:
    """The property is the turn's: saves and the history are written only when quitting."""
    monkeypatch.setattr(GameFlow, "save", lambda self: [])
    monkeypatch.setattr(GameFlow, "remember", lambda self: [])


def _press(table: Table, key: str) -> None:
    """A key as the screens route it: the covering screen's, else the game screen's."""
    turn = table.turn
    stage = turn.stage
    if stage == "handover":
        if key == "enter" and turn.ready():
            assert turn.handover is not None
            # The test's own check of the guard: drawn, and long enough ago.
            assert table.drawn_at is not None and table.now - table.drawn_at >= GUARD
            table.holder = turn.handover.seat
            table.revealed_at = float("inf")  # until the board is drawn with the hand
        return
    if stage == "cut":
        if key == "enter":
            turn.deal(26)
        return
    if stage == "results":
        if key == "enter":
            turn.after_results("next")
        return
    if key == "enter":
        for action in ENTER:
            if turn.allows(action):  # type: ignore[arg-type]
                getattr(turn, {"results": "show_results"}.get(action, action))()
                return
    elif key == "space" and turn.allows("flip"):
        turn.flip()
    elif key == "escape" and turn.allows("back"):
        turn.back()
    elif key in ("left", "right") and turn.allows("move"):
        turn.move(-1 if key == "left" else 1)
    elif key in DIGITS and turn.allows("pick"):
        turn.pick(DIGITS.index(key))
    elif key == "t" and turn.allows("hint"):
        table.hint = turn.hint_request() or table.hint


def _step(table: Table, event: tuple[str, float | int]) -> None:
    kind, value = event
    turn = table.turn
    before = turn.stage
    state = turn.flow.state
    moves = len(state.actions) if state is not None else 0
    if kind == "key":
        _press(table, str(value))
    elif kind == "tick":
        table.now += float(value)
    elif kind == "drawn":
        if turn.stage == "handover":
            turn.handover_drawn()
            table.drawn_at = table.now if table.drawn_at is None else table.drawn_at
        elif turn.awaits_sight:
            turn.hand_drawn()  # the board's first frame with the hand
            table.revealed_at = table.now
    elif kind == "computer":
        if (request := turn.computer_request()) is not None:
            turn.answer(request, request.choose())
    elif kind == "hint answer":
        if table.hint is not None:
            turn.answer(table.hint, table.hint.choose())
            table.hint = None
    elif kind == "resize":
        turn.board_hidden = not turn.board_hidden
    elif kind == "quit and continue":
        _quit_and_continue(table)
    else:
        turn.click(kind.removeprefix("click "), int(value))
    state = turn.flow.state
    if (
        kind not in ("computer", "quit and continue")
        and state is not None
        and len(state.actions) > moves
    ):
        # a person's key played: never right after a hand-over
        assert table.now - table.revealed_at >= GUARD
    if turn.stage == "handover" and before != "handover":
        table.drawn_at = None  # a new hand-over: nothing drawn yet
    if turn.stage in ("handover", "computer", "cut"):
        table.holder = None if turn.hot_seat else table.holder


def _quit_and_continue(table: Table) -> None:
    """Quit (the whole game saved) and start again: the game is taken up where it was."""
    flow = table.turn.flow
    if flow.state is None:
        return
    (flow.slot or SaveSlot(table.folder)).save(flow.record(full=True))
    flow.release()
    again = GameFlow(table.options)
    assert again.resume().resumed
    table.turn = Turn(again, clock=table.clock)
    table.turn.begin()
    table.holder, table.drawn_at, table.hint = None, None, None


def _check(table: Table) -> None:
    turn = table.turn
    scene = turn.scene()
    stage = turn.stage
    # The key table, at every step.
    if stage in EXPECTED:
        expected = set(EXPECTED[stage])
        if not turn.flow.table.hints:
            expected.discard("hint")
        assert allowed(turn) == (set() if turn.board_hidden else expected)
    # At most one hand face up: the viewer's, a person's, and in a hot-seat game only after
    # that person confirmed the hand-over.
    if scene.face_up:
        assert scene.view is not None
        seat = scene.view.seat
        assert seat in table.people
        assert stage not in ("handover", "cut", "results", "idle")
        if turn.hot_seat:
            assert seat == table.holder, (seat, table.holder, stage)
            assert stage != "computer"
    if stage == "handover":
        assert not scene.face_up
    _check_last_turn(turn)
    if stage == "select" and scene.view is not None and scene.view.hand:
        assert 0 <= scene.cursor < len(scene.view.hand)
    if scene.choices:
        assert 0 <= scene.choice < len(scene.choices)


def _check_last_turn(turn: Turn) -> None:
    """The last turn's marks show public cards only: events of the public log, none of them a
    card in a hand or still face down in the stock, and what lies on the table is on it."""
    scene = turn.scene()
    state = turn.flow.state
    if scene.view is None or state is None:
        assert scene.recent == ()
        return
    public = public_events(state)
    assert public[len(public) - len(scene.recent) :] == list(scene.recent)
    shown = {c for e in scene.recent for c in (e.card, *e.captured) if c is not None}
    hidden = {c for hand in state.hands for c in hand}
    hidden |= set(state.setup.stock[state.stock_pos + (state.phase == FLIP_PHASE) :])
    assert not shown & hidden, (shown & hidden, turn.stage)
    assert scene.recent_on_table() <= set(scene.view.table)


TABLES = [
    (None, None),
    (None, "easy"),
    ("easy", None),
    (None, None, None),
    (None, "easy", None),
    (None, "easy", "easy"),
    ("easy", None, None),
    (None, None, None, None),
    (None, "easy", None, "easy"),
    (None, "easy", "easy", "easy"),
    ("easy", None, "easy", None),
]


@pytest.mark.parametrize("computer", TABLES, ids=lambda c: "-".join(x or "p" for x in c))
@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(events=st.lists(EVENTS, min_size=20, max_size=250), seed=st.integers(0, 10_000))
def test_no_key_sequence_shows_a_hand_to_anyone_but_its_owner(
    monkeypatch: pytest.MonkeyPatch,
    computer: tuple[str | None, ...],
    events: list[tuple[str, float | int]],
    seed: int,
) -> None:
    _no_saving(monkeypatch)
    names = tuple(
        None if level else name
        for name, level in zip("ABCD"[: len(computer)], computer, strict=True)
    )
    with tempfile.TemporaryDirectory() as folder:
        options = game_options(
            players=names,
            computer=computer,
            seed=seed,
            save_dir=Path(folder),
            pause=0.0,
            guard=GUARD,
            resume=True,
        )
        flow = GameFlow(options)
        flow.start_series()
        people = tuple(k for k, level in enumerate(computer) if level is None)
        table = Table(Turn(flow), Path(folder), options, people=people)
        table.turn = Turn(flow, clock=table.clock)
        table.turn.begin()
        _check(table)
        for event in events:
            _step(table, event)
            _check(table)
        table.turn.flow.release()
