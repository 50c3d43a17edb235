"""A seat played from another machine has the keys of a seat played here (``game.turn``'s key
table, clicks, the hint); what differs is that a play is sent and nothing changes until the
server's next update. Each update here is built from a real deal, as a host builds it."""

import random
from pathlib import Path

from chinese_ten.engine.actions import action_card, flip_action, is_flip, parse_action, play_action
from chinese_ten.engine.cards import parse_card
from chinese_ten.engine.deal import DealState, apply_action, start
from chinese_ten.engine.view import PlayerView
from chinese_ten.net.protocol import Stage, TableState, Update, seat_view
from chinese_ten.net.remote import RemoteTurn
from tests.game.test_turn import EXPECTED, KEY_ACTIONS, TURNED_CHOICE, _ready, _turn_at
from tests.tui_helpers import make_setup

CHOOSE_TARGET = make_setup(1, "9C 3C", "AS AD 5C 6S")
"""Ana's 9♣ takes A♠ or A♦: she chooses."""


def update(
    state: DealState,
    seat: int = 0,
    *,
    stage: Stage = "play",
    waiting: tuple[int, ...] | None = None,
    hints: bool = True,
    seq: int = 0,
) -> Update:
    """What a host sends ``seat`` at ``state``."""
    table = TableState(
        names=("Ana", "Ben"),
        levels=(None, None),
        present=(True, True),
        deals_planned=1,
        first_dealer=state.setup.dealer,
        points=(),
        stage=stage,
        waiting_for=(state.to_move,) if waiting is None else waiting,
        hints=hints,
        open_scores=False,
    )
    return Update(seq=seq, table=table, view=seat_view(PlayerView(state, seat)))


def allowed(turn: RemoteTurn) -> set[str]:
    """The board's keys that act now (the host's computer key is the seat's, at any stage)."""
    return {action for action in KEY_ACTIONS if action != "computer" and turn.allows(action)}


def sent(turn: RemoteTurn) -> list[str]:
    return turn.take_outbox()


def test_a_remote_seat_has_the_key_table_of_a_seat_played_here() -> None:
    """Stage by stage the keys of ``game.turn``'s table, but for Export (no record here)."""
    state = start(TURNED_CHOICE)
    turn = RemoteTurn(seat=0)
    turn.receive(update(state))
    assert turn.stage == "select" and allowed(turn) == EXPECTED["select"] - {"export"}
    turn.confirm()  # 3♣ takes nothing: played at once
    [played] = sent(turn)
    state = apply_action(state, parse_action(played))
    turn.receive(update(state, seq=1))
    assert turn.stage == "flip" and allowed(turn) == EXPECTED["flip"] - {"export"}
    turn.flip()  # the turned Q♦ takes Q♠ or Q♥: choose
    assert turn.stage == "flip-target" and allowed(turn) == EXPECTED["flip-target"] - {"export"}
    assert sent(turn) == []
    turn.board_hidden = True  # a window too small for the board: none of its keys
    assert allowed(turn) == set()
    turn.board_hidden = False
    turn.confirm()
    [taken] = sent(turn)
    state = apply_action(state, parse_action(taken))
    turn.receive(update(state, seq=2))
    assert turn.stage == "computer" and allowed(turn) == EXPECTED["computer"] - {"export"}
    assert turn.allows("computer")  # the first person's seat is the host's
    ben = RemoteTurn(seat=1)
    ben.receive(update(state, seat=1, seq=2))
    assert not ben.allows("computer")


def test_a_double_enter_sends_one_play_and_the_keys_wait_for_the_server() -> None:
    state = start(TURNED_CHOICE)
    turn = RemoteTurn(seat=0)
    turn.receive(update(state))
    turn.confirm()
    turn.confirm()
    turn.click("hand", turn.cursor)
    turn.move(1)
    assert len(sent(turn)) == 1 and turn.cursor == 0  # nothing else until the server answers
    turn.receive(update(state, seq=1))  # the server's answer (here: the play refused)
    turn.confirm()
    assert len(sent(turn)) == 1


def test_taps_choose_play_turn_and_take_on_a_remote_board() -> None:
    state = start(CHOOSE_TARGET)
    turn = RemoteTurn(seat=0)
    turn.receive(update(state))
    nine = parse_card("9C")
    turn.click("hand", turn.view.hand.index(nine) if turn.view else -1)  # chosen
    assert turn.stage == "select" and sent(turn) == []
    turn.click("hand", turn.cursor)  # again: the card may take two, so choose
    assert turn.stage == "target" and sent(turn) == []
    view = turn.view
    assert view is not None
    ace = parse_card("AD")
    turn.click("table", view.table.index(ace))
    assert [parse_action(a) for a in sent(turn)] == [play_action(nine, ace)]


def test_a_tap_when_it_is_not_this_seats_turn_sends_nothing() -> None:
    state = start(CHOOSE_TARGET)
    ben = RemoteTurn(seat=1)
    ben.receive(update(state, seat=1))
    assert ben.stage == "computer"
    for zone in ("hand", "table", "stock", "turned"):
        ben.click(zone, 0)
    ben.confirm()
    ben.flip()
    ben.pick(0)
    assert sent(ben) == [] and ben.stage == "computer"


def test_a_play_the_server_did_not_offer_is_never_sent() -> None:
    """Whatever asks (a stale answer, a bug), only the update's legal actions go out."""
    state = start(CHOOSE_TARGET)
    turn = RemoteTurn(seat=0)
    turn.receive(update(state))
    turn.apply(flip_action(parse_card("QD"), None))
    turn.apply(play_action(parse_card("KH"), None))
    assert sent(turn) == [] and not turn.sent


def test_ready_is_said_once_and_only_while_the_table_waits_for_it() -> None:
    state = start(TURNED_CHOICE)
    turn = RemoteTurn(seat=0)
    turn.receive(update(state))
    assert not turn.ready() and not turn.take_ready()  # in play: nothing to say
    turn.receive(update(state, stage="results", waiting=(1,), seq=1))
    assert turn.stage == "results" and not turn.allows("ready")  # said already
    assert not turn.ready()
    turn.receive(update(state, stage="results", waiting=(0, 1), seq=2))
    assert turn.allows("ready") and turn.ready()
    assert not turn.ready()  # a double tap: once
    assert turn.take_ready() and not turn.take_ready()
    turn.receive(update(state, stage="finished", waiting=(), seq=3))
    assert not turn.allows("ready") and not turn.ready()


def test_the_hint_for_a_remote_seat_is_pointed_at_unless_the_position_moved_on() -> None:
    state = start(CHOOSE_TARGET)
    turn = RemoteTurn(seat=0)
    turn.receive(update(state, hints=False))
    assert not turn.allows("hint") and turn.hint_request() is None
    turn.receive(update(state, seq=1))
    request = turn.hint_request()
    assert request is not None and request.state is turn.view and turn.thinking
    assert turn.hint_request() is None  # one at a time
    choice = request.choose()
    assert choice in PlayerView(state, 0).legal_actions() and not is_flip(choice)
    turn.receive(update(state, seq=2))  # the same position (someone came or went)
    turn.answer(request, choice)
    assert turn.hint == choice and not turn.thinking
    assert turn.view is not None and turn.view.hand[turn.cursor] == action_card(choice)
    assert sent(turn) == []  # a hint plays nothing
    request = turn.hint_request()
    assert request is not None
    turn.receive(update(apply_action(state, choice), seq=3))  # played meanwhile: moved on
    turn.answer(request, choice)
    assert turn.hint is None and not turn.thinking and turn.stage == "flip"


def test_the_hint_is_asked_as_for_a_seat_played_here(tmp_path: Path) -> None:
    """The hard player gets the same seed for the same position, here and over the network:
    the same hint."""
    seeds: list[int] = []

    def make(name: str, rng: random.Random, *, think: float | None = None) -> object:
        assert name == "hard"
        seeds.append(rng.getrandbits(32))
        return object()

    local = _turn_at(tmp_path, CHOOSE_TARGET)
    _ready(local)
    assert local.hint_request(make) is not None  # type: ignore[arg-type]
    remote = RemoteTurn(seat=0)
    remote.receive(update(start(CHOOSE_TARGET)))
    assert remote.hint_request(make) is not None  # type: ignore[arg-type]
    assert len(seeds) == 2 and seeds[0] == seeds[1]
