"""The online table's authority alone, without a socket: refusals change nothing, and a table
taken up from its last snapshot is the table every seat was last told of."""

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from chinese_ten.engine.cards import format_card
from chinese_ten.engine.deal import FLIP_PHASE, OVER, legal_actions
from chinese_ten.engine.variant import MOST_SEATS
from chinese_ten.net.protocol import (
    REFUSAL_CODES,
    Act,
    Cut,
    Hand,
    Ready,
    TableState,
)
from chinese_ten.net.table import Accepted, Refusal, TableAuthority
from tests.options_helpers import game_options


def new_authority(
    folder: Path, seats: int, *, deals: int | None = 2, seed: int = 5
) -> TableAuthority:
    options = game_options(
        computer=(None,) * seats, deals_planned=deals, seed=seed, save_dir=folder
    )
    authority = TableAuthority("tbl1", options)
    authority.start()
    return authority


def to_results(authority: TableAuthority, rng: random.Random) -> None:
    while authority.stage == "play":
        state = authority.flow.state
        assert state is not None
        mover = state.to_move
        action = rng.choice(authority.update_for(mover).view.legal)  # type: ignore[union-attr]
        assert isinstance(authority.receive(mover, Act(seq=authority.seq, action=action)), Accepted)


def hidden_cards(authority: TableAuthority, seat: int) -> set[str]:
    """What ``seat`` may not know now: the other hands, and the stock below the card being
    turned over."""
    state = authority.flow.state
    if state is None or state.phase == OVER:
        return set()
    cards = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
    below = state.stock_pos + (1 if state.phase == FLIP_PHASE else 0)
    cards += state.setup.stock[below:]
    return {format_card(c) for c in cards}


def test_every_seat_answers_the_same_results_and_a_second_ready_changes_nothing(
    tmp_path: Path,
) -> None:
    authority = new_authority(tmp_path, 3)
    for seat in range(3):
        authority.arrive(seat)
    to_results(authority, random.Random(1))
    seq = authority.seq
    assert isinstance(authority.receive(0, Ready(seq=seq)), Accepted)
    assert authority.seq == seq  # the others' ready, sent with the same seq, is not stale
    snapshot = authority.snapshot()
    for _ in range(3):
        assert authority.receive(0, Ready(seq=seq)) == Refusal("unchanged")
    assert authority.snapshot() == snapshot and authority.seq == seq
    assert isinstance(authority.receive(1, Ready(seq=seq)), Accepted)
    assert authority.stage == "results" and authority.waiting_for() == (2,)
    assert isinstance(authority.receive(2, Ready(seq=seq)), Accepted)
    assert authority.seq == seq + 1  # the next deal: the cutter, here, is asked to cut
    assert authority.stage == "cut"
    assert authority.receive(2, Ready(seq=seq)) == Refusal("not_now")


def test_handing_a_seat_raises_no_seq_and_the_same_hand_again_is_refused(tmp_path: Path) -> None:
    authority = new_authority(tmp_path, 3)
    state = authority.flow.state
    assert state is not None
    mover = state.to_move
    away = next(s for s in range(3) if s not in (mover, authority.host_seat))
    authority.arrive(mover)
    seq = authority.seq
    assert isinstance(
        authority.receive(authority.host_seat, Hand(seat=away, level="easy")), Accepted
    )
    assert authority.seq == seq
    snapshot = authority.snapshot()
    refused = authority.receive(authority.host_seat, Hand(seat=away, level="easy"))
    assert refused == Refusal("unchanged") and authority.snapshot() == snapshot
    never_handed = authority.receive(authority.host_seat, Hand(seat=mover, level=None))
    assert never_handed == Refusal("unchanged")
    # the mover's answer to the update before the handing is still the latest
    action = authority.update_for(mover).view.legal[0]  # type: ignore[union-attr]
    assert isinstance(authority.receive(mover, Act(seq=seq, action=action)), Accepted)


def test_the_refusal_codes_are_the_protocol_pages(tmp_path: Path) -> None:
    """docs/protocol.md's table of refusals lists exactly the codes of the protocol."""
    page = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    table = page.split("## Refusals", 1)[1].split("\n\n", 2)[1]
    documented = [row.split("|")[1].strip().strip("`") for row in table.splitlines()[2:]]
    assert sorted(documented) == sorted(REFUSAL_CODES)


def test_every_refusal_code_has_words() -> None:
    from chinese_ten.serve.host_table import REASONS

    assert set(REASONS) == set(REFUSAL_CODES)


# ------------------------------------------------------------------ crash and reload
_SEAT = st.integers(min_value=0, max_value=3)
_SHIFT = st.sampled_from([0, 0, 0, -1, 1])
_STEP = st.one_of(
    st.tuples(st.just("act"), _SEAT, _SHIFT, st.integers(0, 30)),
    st.tuples(st.just("ready"), _SEAT, _SHIFT, st.just(0)),
    st.tuples(st.just("cut"), _SEAT, _SHIFT, st.integers(1, 51)),
    st.tuples(st.just("hand"), _SEAT, _SEAT, st.integers(0, 3)),
    st.tuples(st.just("arrive"), _SEAT, st.just(0), st.just(0)),
    st.tuples(st.just("leave"), _SEAT, st.just(0), st.just(0)),
    st.tuples(st.just("computer"), st.just(0), st.just(0), st.integers(0, 30)),
    st.tuples(st.just("crash"), st.just(0), st.just(0), st.just(0)),
    st.tuples(st.just("moves"), st.just(0), st.just(0), st.integers(1, 60)),
)
_LEVELS = (None, "easy", "normal", "easy")


def played(authority: TableAuthority) -> tuple[int, int]:
    """Deals dealt, and actions played in all of them (both only ever grow)."""
    deals = authority.flow.deals()
    return len(deals), sum(len(state.actions) for state in deals)


def _message(
    authority: TableAuthority, kind: str, seat: int, shift: int, pick: int
) -> Act | Ready | Cut | Hand:
    seq = max(0, authority.seq + shift)
    if kind == "act":
        update = authority.update_for(seat)
        legal = [] if update.view is None else list(update.view.legal)
        action = legal[pick % len(legal)] if legal and pick < 25 else f"play {pick}X"
        return Act(seq=seq, action=action)
    if kind == "ready":
        return Ready(seq=seq)
    if kind == "cut":
        return Cut(seq=seq, position=pick)
    return Hand(seat=shift % 4, level=_LEVELS[pick])


def _next_move(authority: TableAuthority, pick: int) -> Accepted | Refusal | None:
    """What the table waits for, done right: a move, a cut, a ready, or a computer's step."""
    waiting = authority.waiting_for()
    own = authority.on_its_own()
    if own is not None:
        return own
    turn = authority.computer_turn()
    if turn is not None:
        _player, state = turn
        legal = legal_actions(state)
        return authority.computer_plays(state, legal[pick % len(legal)])
    if not waiting:
        return None
    seat = waiting[0]
    if authority.stage == "play":
        legal = authority.update_for(seat).view.legal  # type: ignore[union-attr]
        return authority.receive(seat, Act(seq=authority.seq, action=legal[pick % len(legal)]))
    if authority.stage == "cut":
        return authority.receive(seat, Cut(seq=authority.seq, position=1 + pick % 51))
    return authority.receive(seat, Ready(seq=authority.seq))


@settings(max_examples=40, deadline=None)
@given(seats=st.integers(2, 4), steps=st.lists(_STEP, max_size=60), seed=st.integers(0, 9))
def test_a_table_taken_up_after_any_crash_is_the_one_every_seat_was_told_of(
    tmp_path_factory: pytest.TempPathFactory,
    seats: int,
    steps: list[tuple[str, int, int, int]],
    seed: int,
) -> None:
    """Random messages from every seat (stale, out of turn, illegal, repeated, from the wrong
    seat), presence, computers and crashes between any two: a refusal changes nothing; after
    an accepted change the snapshot is written, then the seats are told; a table taken up
    from the last snapshot is what every seat was told, no move lost or played twice, and
    no update shows a seat a card it may not know."""
    folder = tmp_path_factory.mktemp("table")
    authority = new_authority(folder, seats, deals=2, seed=seed)
    options = authority.flow.asked
    everyone = list(range(seats))
    durable = authority.snapshot()
    told = authority.updates(everyone)
    told_progress = (authority.seq, played(authority))
    accepted = 0
    for kind, drawn, shift, pick in steps:
        seat = drawn % seats
        for _ in range(pick if kind == "moves" else 1):
            before = authority.snapshot()
            if kind == "crash":
                here = set(authority.here)
                authority = TableAuthority.taken_up(durable, options)
                assert (authority.seq, played(authority)) == told_progress
                assert authority.snapshot() == durable  # no move lost or played twice
                for s in here:
                    authority.arrive(s)
                assert authority.updates(everyone) == told, "taken up, it is not what was told"
                continue
            if kind in ("arrive", "leave"):
                (authority.arrive if kind == "arrive" else authority.leave)(seat)
                assert authority.snapshot() == before  # presence is never saved
                told = authority.updates(everyone)
                continue
            result: Refusal | Accepted | None
            if kind in ("moves", "computer"):
                result = _next_move(authority, pick)
                if result is None:
                    break
            else:
                result = authority.receive(seat, _message(authority, kind, seat, shift, pick))
            if isinstance(result, Refusal):
                assert authority.snapshot() == before, f"a refused {kind} changed the table"
                assert kind not in ("moves", "computer"), result
                continue
            accepted += 1
            assert authority.seq >= told_progress[0]
            assert played(authority) >= told_progress[1]
            durable = authority.snapshot()  # written, then told
            told = authority.updates(everyone)
            told_progress = (authority.seq, played(authority))
            for s, update in told.items():
                text = update.model_dump_json()
                assert not [c for c in hidden_cards(authority, s) if f'"{c}"' in text], (kind, s)


def test_the_authority_loads_no_web_server_and_no_terminal() -> None:
    """net/table.py, and all it imports, runs without aiohttp, Textual or Rich."""
    import subprocess
    import sys

    code = (
        "import sys, chinese_ten.net.table; "
        "print(sorted(m for m in ('aiohttp', 'textual', 'rich') if m in sys.modules))"
    )
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "[]"


@pytest.mark.parametrize(
    "text",
    [
        '{"kind": "ready", "seq": "1"}',
        '{"kind": "ready", "seq": true}',
        '{"kind": "ready", "seq": 1.0}',
        '{"kind": "act", "seq": 1.5, "action": "play AS"}',
        '{"kind": "cut", "seq": 1, "position": "7"}',
        '{"kind": "hand", "seat": false, "level": null}',
        '{"kind": "hello", "version": "1", "secret": "x"}',
        '{"kind": "hello", "version": true, "secret": "x"}',
    ],
)
def test_numbers_are_strict_integers(text: str) -> None:
    from chinese_ten.net.protocol import BadMessageError, read_client

    with pytest.raises(BadMessageError) as bad:
        read_client(text)
    assert bad.value.code == "malformed"
    read_client(
        text.replace('"1"', "1")
        .replace("true", "1")
        .replace("1.0", "1")
        .replace("1.5", "1")
        .replace('"7"', "7")
        .replace("false", "0")
    )


def test_the_protocol_s_seats_are_those_of_the_largest_table() -> None:
    assert Hand(seat=MOST_SEATS - 1, level="hard").seat == MOST_SEATS - 1
    for seat in (-1, MOST_SEATS):
        with pytest.raises(ValidationError):
            Hand(seat=seat, level="hard")
    fields: dict[str, object] = {
        "levels": (None,) * (MOST_SEATS + 1),
        "present": (True,) * (MOST_SEATS + 1),
        "deals_planned": 6,
        "first_dealer": 0,
        "points": (),
        "stage": "cut",
        "waiting_for": (0,),
        "hints": True,
        "open_scores": False,
    }
    names = tuple(f"P{seat}" for seat in range(MOST_SEATS + 1))
    with pytest.raises(ValidationError, match=f"at most {MOST_SEATS} items"):
        TableState.model_validate({"names": names, **fields})
    fewer = {**fields, "levels": (None,) * MOST_SEATS, "present": (True,) * MOST_SEATS}
    assert (
        len(TableState.model_validate({"names": names[:MOST_SEATS], **fewer}).names) == MOST_SEATS
    )
