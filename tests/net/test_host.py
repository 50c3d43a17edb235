"""The host's table over loopback: whole deals, privacy, hostile clients, people who leave."""

import asyncio
import json
import random
import shutil
import subprocess
from pathlib import Path

import aiohttp
import pytest

from chinese_ten.engine.cards import format_card
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import FLIP_PHASE, DealState, apply_action, legal_actions, start
from chinese_ten.net import bot
from chinese_ten.net.client import Connection, JoinError, parse_link
from chinese_ten.net.protocol import (
    MAX_CLIENT_MESSAGE,
    VERSION,
    Act,
    BadMessageError,
    Ready,
    Refused,
    Update,
    Welcome,
    read_server,
)
from chinese_ten.serve import host as host_module
from chinese_ten.serve.host_table import HostTable
from chinese_ten.serve.table_files import TABLE_FILE, TableFileError
from chinese_ten.store.records import parse_record
from tests.net.host_helpers import hosting, new_table, seated


def hidden_at(deal: DealState, seat: int, moves: int) -> set[str]:
    """The cards ``seat`` may not know after ``moves`` actions of ``deal``: the other hands
    and the stock below the card being turned."""
    state = start(deal.setup, check=False)
    for action in deal.actions[:moves]:
        state = apply_action(state, action)
    cards = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
    below = state.stock_pos + (1 if state.phase == FLIP_PHASE else 0)
    cards += state.setup.stock[below:]
    return {format_card(c) for c in cards}


@pytest.mark.parametrize("seats", [2, 3, 4])
async def test_whole_deal_no_hidden_card_in_any_byte_sent(tmp_path: Path, seats: int) -> None:
    table = new_table(tmp_path, (None,) * seats, deals=1, seed=seats)
    async with hosting(table) as (_host, base):
        connections = [await seated(table, base, s) for s in range(seats)]
        logs = await asyncio.wait_for(
            asyncio.gather(*(bot.play(c, random.Random(c.seat)) for c in connections)),
            timeout=60,
        )
        for c in connections:
            await c.close()
    deal = table.authority.flow.finished[0]
    checked = 0
    for connection, log in zip(connections, logs, strict=True):
        assert log.records, "each seat gets the deal's record at its end"
        assert parse_record(log.records[-1].record).deals[0].hands == deal.setup.hands
        for text in connection.received:
            message = read_server(text)
            if not isinstance(message, Update) or message.view is None:
                continue
            view = message.view
            if view.phase == 2:
                continue  # the deal is over: every card is public
            moves = sum(e.kind != "four" for e in view.events)
            hidden = hidden_at(deal, connection.seat, moves)
            quoted = {f'"{card}"' for card in hidden}
            assert not [q for q in quoted if q in text], (connection.seat, moves)
            own = {f'"{c}"' for c in view.hand}
            assert all(q in text for q in own)  # the search finds the cards it looks for
            checked += 1
        # the record comes only once the deal is over
        first_record = next(i for i, t in enumerate(connection.received) if '"record"' in t)
        assert all(
            '"phase":2' in t or '"update"' not in t for t in connection.received[first_record:]
        )
    assert checked > 20 * seats


async def test_a_planted_leak_is_found(tmp_path: Path) -> None:
    """The search above finds another seat's card when one is in a message."""
    table = new_table(tmp_path, (None, None))
    assert table.authority.flow.state is not None
    other = format_card(table.authority.flow.state.hands[1][0])
    text = table.authority.update_for(0).model_dump_json()
    assert f'"{other}"' not in text
    assert f'"{other}"' in text.replace('"hand":[', f'"hand":["{other}",')
    assert other in hidden_at(table.authority.flow.state, 0, 0)


async def test_the_computers_play_on_the_server(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, "easy", "easy"), deals=1)
    async with hosting(table) as (_host, base):
        connection = await seated(table, base, 0)
        log = await asyncio.wait_for(bot.play(connection, random.Random(1)), timeout=60)
        await connection.close()
    assert table.authority.flow.series.is_over
    assert log.records and not log.refused


# ------------------------------------------------------------------ hostile clients
async def raw(base: str, table: HostTable, **headers: str) -> aiohttp.ClientWebSocketResponse:
    """A websocket of this test's own making (closing its session is the test's)."""
    session = aiohttp.ClientSession()
    try:
        socket = await session.ws_connect(
            f"{base.replace('http', 'ws')}/t/{table.table_id}/ws", headers=headers
        )
    except BaseException:
        await session.close()
        raise
    socket._test_session = session  # type: ignore[attr-defined]
    return socket


async def said(socket: aiohttp.ClientWebSocketResponse) -> Refused | Welcome | Update:
    message = read_server((await socket.receive(timeout=10)).data)
    assert isinstance(message, Refused | Welcome | Update)
    return message


async def test_no_secret_or_a_wrong_one_is_refused(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, None))
    before = table.authority.flow.state
    async with hosting(table) as (_host, base):
        for first in (
            json.dumps({"kind": "act", "seq": 0, "action": "play AS"}),
            json.dumps({"kind": "hello", "version": VERSION, "secret": "x" * 43}),
            "not json",
        ):
            socket = await raw(base, table)
            await socket.send_str(first)
            refused = await said(socket)
            assert isinstance(refused, Refused) and refused.fatal
            assert (await socket.receive(timeout=10)).type in (
                aiohttp.WSMsgType.CLOSE,
                aiohttp.WSMsgType.CLOSED,
            )
            await socket._test_session.close()  # type: ignore[attr-defined]
    assert table.authority.flow.state is before


async def test_another_version_is_one_line_on_both_sides(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, None))
    async with hosting(table) as (_host, base):
        socket = await raw(base, table)
        await socket.send_str(
            json.dumps({"kind": "hello", "version": 99, "secret": table.authority.secrets[0]})
        )
        refused = await said(socket)
        assert isinstance(refused, Refused) and refused.code == "version"
        assert "version 1" in refused.reason and "version 99" in refused.reason
        assert "\n" not in refused.reason
        await socket._test_session.close()  # type: ignore[attr-defined]


async def test_a_foreign_origin_is_refused_before_the_websocket(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, None))
    async with hosting(table) as (_host, base):
        with pytest.raises(aiohttp.WSServerHandshakeError) as error:
            await raw(base, table, Origin="http://evil.example")
        assert error.value.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError) as error:
            await raw(base, table, Host="evil.example:80")
        assert error.value.status == 403
        socket = await raw(base, table, Origin=base)  # our own page's origin is let in
        await socket.close()
        await socket._test_session.close()  # type: ignore[attr-defined]


async def test_every_address_checks_host_and_origin_and_the_table(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, None))
    paths = ["/t/tbl1", "/t/tbl1/plain", "/t/tbl1/ws", "/t/tbl1/tty", "/t-static/host.js"]
    async with hosting(table) as (_host, base), aiohttp.ClientSession() as session:
        for path in [*paths, "/static/js/textual.js"]:
            for headers in ({"Host": "evil.example"}, {"Origin": "http://evil.example"}):
                async with session.get(base + path, headers=headers) as response:
                    assert response.status == 403, (path, headers)
                    assert (await response.text()).count("\n") == 1
        for path in paths[:4]:
            async with session.get(base + path.replace("tbl1", "nope")) as response:
                assert response.status == 404, path
                assert await response.text() == "There is no such table here.\n"
        async with session.get(base + "/t/tbl1/plain") as response:
            assert response.status == 200


async def test_out_of_turn_illegal_stale_malformed_change_nothing(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, None))
    state = table.authority.flow.state
    assert state is not None
    mover, other = state.to_move, 1 - state.to_move
    async with hosting(table) as (_host, base):
        idle = await seated(table, base, other)
        moving = await seated(table, base, mover)
        seq = table.authority.seq
        legal_text = list(read_legal(table, mover))
        await idle.act(seq, legal_text[0].replace("play", "play"))  # out of turn
        await moving.act(seq, "play " + format_card(state.hands[other][0]))  # not in the hand
        await moving.act(seq + 5, legal_text[0])  # a position that never was
        await moving.send('{"kind":"act","seq":0}')  # no action
        await moving.send('{"kind":"act","seq":0,"action":"play AS","extra":1}')
        codes = [await next_refusal(idle)] + [await next_refusal(moving) for _ in range(4)]
        assert codes == ["turn", "illegal", "stale", "malformed", "malformed"]
        assert table.authority.flow.state is state and table.authority.seq == seq
        await moving.act(seq, legal_text[0])  # the right one is played
        await wait_until(lambda: table.authority.seq == seq + 1)
        await moving.act(seq, legal_text[0])  # the same message again: replayed
        assert await next_refusal(moving) == "stale"
        for c in (idle, moving):
            await c.close()


def read_legal(table: HostTable, seat: int) -> list[str]:
    view = table.authority.update_for(seat).view
    assert view is not None
    return list(view.legal)


async def next_refusal(connection: Connection) -> str:
    while True:
        message = await asyncio.wait_for(connection.receive(), timeout=10)
        if isinstance(message, Refused):
            return message.code


async def wait_until(condition: "object") -> None:
    for _ in range(500):
        if condition():  # type: ignore[operator]
            return
        await asyncio.sleep(0.01)
    raise AssertionError("never happened")


async def test_huge_messages_and_floods_close_the_connection(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, None))
    async with hosting(table) as (_host, base):
        huge = await seated(table, base, 0)
        await huge.send("x" * (MAX_CLIENT_MESSAGE * 4))
        with pytest.raises(JoinError):
            while True:
                await asyncio.wait_for(huge.receive(), timeout=10)
        await huge.close()
        flood = await seated(table, base, 1)
        for _ in range(200):
            await flood.ping()
        codes = []
        with pytest.raises(JoinError):
            while True:
                message = await asyncio.wait_for(flood.receive(), timeout=10)
                if isinstance(message, Refused):
                    codes.append(message.code)
        assert codes == ["flood"]
        await flood.close()
    assert table.authority.seq == 0


# ------------------------------------------------------------------ coming and going
async def test_a_dropped_seat_rejoins_where_it_was_and_others_see_it_away(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, None))
    async with hosting(table) as (_host, base):
        ana = await seated(table, base, 0)
        ben = await seated(table, base, 1)
        await ben.close()
        await wait_until(lambda: 1 not in table.sockets)
        update = await last_update(ana, lambda u: not u.table.present[1])
        assert update.table.present == (True, False)
        again = await seated(table, base, 1)
        assert again.seat == 1
        back = await last_update(again, lambda u: True)
        assert back.view is not None
        assert back.view.hand == tuple(format_card(c) for c in table.authority.flow.state.hands[1])  # type: ignore[union-attr]
        await last_update(ana, lambda u: u.table.present == (True, True))
        # the same link twice: the newer connection holds the seat
        twice = await seated(table, base, 1)
        assert await next_refusal(again) == "replaced"
        for c in (ana, twice, again):
            await c.close()


async def last_update(connection: Connection, wanted: "object") -> Update:
    while True:
        message = await asyncio.wait_for(connection.receive(), timeout=10)
        if isinstance(message, Update) and wanted(message):  # type: ignore[operator]
            return message


async def test_the_host_hands_an_absent_seat_to_the_computer_and_back(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, None), deals=None)
    async with hosting(table) as (_host, base):
        ana = await seated(table, base, 0)
        await table.hand(1, "easy")
        assert table.authority.table_state().levels == (None, "easy")
        assert table.authority.table_state().present == (True, True)
        players = asyncio.ensure_future(bot.play(ana, random.Random(2), deals=1))
        log = await asyncio.wait_for(players, timeout=60)
        assert log.records
        await table.hand(1, None)
        assert table.authority.table_state().levels == (None, None)
        assert table.authority.flow.computers[1] is None
        await ana.close()


async def test_a_restarted_host_resumes_and_the_links_still_work(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, None), deals=2)
    async with hosting(table) as (_host, base):
        ana = await seated(table, base, 0)
        mover = table.authority.flow.state.to_move  # type: ignore[union-attr]
        if mover == 0:
            await ana.act(table.authority.seq, read_legal(table, 0)[0])
            await wait_until(lambda: table.authority.seq == 1)
        await ana.close()
    link = table.authority.link(base, 1)
    progress = table.authority.flow.progress()
    table.close()
    again = HostTable.load(table.folder, table.authority.flow.asked)
    assert again.authority.flow.progress() == progress
    assert again.authority.secrets == table.authority.secrets
    async with hosting(again) as (_host, new_base):
        ben = Connection(parse_link(link.replace(base, new_base)))
        welcome = await ben.open()
        assert welcome.seat == 1
        await ben.close()


def test_a_resumed_table_knows_who_cut_the_deal_in_play(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, None), deals=2)
    cut = table.authority.cut  # nobody connected: the host cut for the cutter at random
    assert cut is not None and cut.at_random
    table.close()
    again = HostTable.load(table.folder, table.authority.flow.asked)
    assert again.authority.cut == cut
    assert again.authority.table_state().cut == cut


@pytest.mark.parametrize(
    "damage",
    [
        {"seat": "the other"},  # not the cutter's seat
        {"seat": True},
        {"position": 0},
        {"position": 52},
        {"position": "7"},
        {"at_random": 1},
        {"deal": 2},  # a key the host never writes
    ],
)
def test_a_damaged_cut_leaves_the_table_aside(tmp_path: Path, damage: dict[str, object]) -> None:
    table = new_table(tmp_path, (None, None), deals=2)
    table.close()
    path = table.folder / TABLE_FILE
    saved = json.loads(path.read_text(encoding="utf-8"))
    if damage.get("seat") == "the other":
        damage = {"seat": 1 - saved["cut"]["seat"]}
    path.write_text(json.dumps(saved | {"cut": saved["cut"] | damage}), encoding="utf-8")
    with pytest.raises(TableFileError, match="damaged"):
        HostTable.load(table.folder, table.authority.flow.asked)
    for cut in ([], "x", {}):
        path.write_text(json.dumps(saved | {"cut": cut}), encoding="utf-8")
        with pytest.raises(TableFileError, match="damaged"):
            HostTable.load(table.folder, table.authority.flow.asked)


@pytest.mark.parametrize(
    "damage",
    [
        {"secrets": ["s" * 43] * 3},  # more seats than the table's two
        {"secrets": ["s" * 43] * 3, "handed": {"2": "easy"}},
        {"secrets": ["s" * 43]},  # fewer
        {"secrets": ["s" * 43] * 2},  # two seats with one secret
        {"secrets": [None, "s" * 43]},  # a person's seat without one
        {"secrets": ["é" * 43, "s" * 43]},
        {"handed": {"1": "grandmaster"}},  # no level of ours
        {"handed": {"1": 7}},
        {"handed": {"01": "easy"}},
        {"seq": "3"},
        {"seq": True},
        {"seq": -1},
        {"seq": 2**60},
        {"stage": "results"},  # the deal in play is not over
        {"stage": "lunch"},
        {"ready": [0]},  # outside the results
        {"ready": "0"},
        {"version": 1},
        {"version": "2"},
        {"format": "chinese-ten"},
        {"table": "\x1b]52;c;AAAA\x07\x1b[2J"},
        {"table": "other"},  # not its folder's name
        {"game": None},
        {"game": {"format": "chinese-ten"}},
    ],
)
def test_a_damaged_table_is_not_taken_up(tmp_path: Path, damage: dict[str, object]) -> None:
    table = new_table(tmp_path, (None, None), deals=2)
    table.close()
    path = table.folder / TABLE_FILE
    saved = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps(saved | damage), encoding="utf-8")
    with pytest.raises(TableFileError) as refused:
        HostTable.load(table.folder, table.authority.flow.asked)
    assert "\x1b" not in str(refused.value) and "\n" not in str(refused.value)
    path.write_text(json.dumps(saved), encoding="utf-8")  # the same, undamaged, is
    HostTable.load(table.folder, table.authority.flow.asked).close()


def test_a_link_is_read_or_refused_in_one_line() -> None:
    good = parse_link("http://127.0.0.1:8765/t/abc_-1#" + "s" * 43)
    assert good.websocket == "ws://127.0.0.1:8765/t/abc_-1/ws"
    assert parse_link("https://x.example/t/abc#" + "s" * 43).websocket.startswith("wss://")
    for bad in (
        "",
        "ftp://x/t/a#" + "s" * 43,
        "http://x/a#" + "s" * 43,
        "http://x/t/a",
        "http://x:99999/t/a#s",
        "http://x/t/a#short",
    ):
        with pytest.raises(JoinError) as error:
            parse_link(bad)
        assert "\n" not in str(error.value)


async def test_only_the_host_seat_hands_an_absent_seat_over(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, None, None), deals=None)
    async with hosting(table) as (_host, base):
        ana = await seated(table, base, 0)
        ben = await seated(table, base, 1)
        await ben.hand(2, "easy")  # not the host
        assert await next_refusal(ben) == "not_host"
        await ana.hand(1, "easy")  # Ben is here
        assert await next_refusal(ana) == "present"
        assert table.authority.handed == {}
        await ana.hand(2, "hard")
        await wait_until(lambda: table.authority.handed == {2: "hard"})
        update = await last_update(ben, lambda u: u.table.levels[2] == "hard")
        assert update.table.present == (True, True, True)
        await ana.hand(2, None)
        await wait_until(lambda: table.authority.handed == {})
        for c in (ana, ben):
            await c.close()


@pytest.mark.parametrize("level", [None, "easy"])
async def test_a_seat_the_table_does_not_have_is_refused_and_the_host_stays(
    tmp_path: Path, level: str | None
) -> None:
    table = new_table(tmp_path, (None, None, None), deals=None)
    async with hosting(table) as (_host, base):
        ana = await seated(table, base, 0)
        await ana.hand(3, level)  # a fourth seat, on a table of three
        assert await next_refusal(ana) == "malformed"
        await ana.hand(2, "hard")  # the host's connection goes on
        await wait_until(lambda: table.authority.handed == {2: "hard"})
        await ana.close()


@pytest.mark.parametrize(
    "change",
    [
        {"waiting_for": [7]},
        {"waiting_for": [-1]},
        {"present": [True]},
        {"levels": [None, None, None]},
        {"cut": {"seat": 2, "position": 5, "at_random": False}},
    ],
)
def test_a_table_naming_a_seat_it_does_not_have_is_a_bad_message(
    tmp_path: Path, change: dict[str, object]
) -> None:
    table = new_table(tmp_path, (None, None))
    update = json.loads(table.authority.update_for(0).model_dump_json())
    assert isinstance(read_server(json.dumps(update)), Update)  # the host's own is read
    update["table"].update(change)
    with pytest.raises(BadMessageError) as bad:
        read_server(json.dumps(update))
    assert bad.value.code == "malformed" and "\n" not in str(bad.value)


async def _raw(port: int, request: bytes) -> bytes:
    """What the host answers ``request`` with, up to its first blank line."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(request)
    try:
        return await asyncio.wait_for(reader.read(4096), 10)
    finally:
        writer.close()


async def test_the_hosts_requests_are_bounded_and_never_framed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As ``serve``'s: headers, connections at once (the oldest half-sent request gives way
    to a newcomer), and no page put in another's frame."""
    monkeypatch.setattr(host_module, "MOST_GREETINGS", 0)
    monkeypatch.setattr(host_module, "CONNECTIONS", 0)  # five a seat: 10 at once
    table = new_table(tmp_path, (None, None))
    async with hosting(table) as (host, base):
        assert host.most_connections() == 10
        port = int(base.rsplit(":", 1)[1])
        start = f"GET /t/{table.table_id}/plain HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode()
        many = start + b"".join(b"X-%d: y\r\n" % n for n in range(40)) + b"\r\n"
        assert (await _raw(port, many)).startswith((b"HTTP/1.0 400 ", b"HTTP/1.1 400 "))
        page = await _raw(port, start + b"Connection: close\r\n\r\n")
        assert page.startswith(b"HTTP/1.1 200 ") and b"X-Frame-Options: DENY" in page
        held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(10)]
        for _, writer in held:
            writer.write(start)  # headers begun, never ended
        try:
            door = host.door
            assert door is not None
            await wait_until(lambda: door.unproven == 10)  # the bound is reached
            page = await _raw(port, start + b"Connection: close\r\n\r\n")
            assert page.startswith(b"HTTP/1.1 200 ")  # a newcomer is let in
            assert await asyncio.wait_for(held[0][0].read(), 10) == b""  # the oldest gave way
            assert door.unproven <= 10
        finally:
            for _, writer in held:
                writer.close()


def test_each_seats_update_is_its_own_view_with_the_public_part_shared(tmp_path: Path) -> None:
    """The public part is worked out once per change: every seat still gets exactly the view
    of its own seat, field by field."""
    from chinese_ten.engine.view import PlayerView
    from chinese_ten.net.protocol import PRIVATE_FIELDS, SeatView, seat_view

    table = new_table(tmp_path, (None, None, None, None))
    state = table.authority.flow.state
    assert state is not None
    updates = table.authority.updates([2, 0, 3, 1])
    for seat, update in updates.items():
        assert update.view == seat_view(PlayerView(state, seat))
    assert set(SeatView.model_fields) > PRIVATE_FIELDS


async def test_a_seat_killed_mid_turn_rejoins_at_the_flip(tmp_path: Path) -> None:
    """The mover played a card and dropped before turning the stock card over: back with
    the same link, it is still to turn it over, and the other seat waited."""
    table = new_table(tmp_path, (None, None))
    state = table.authority.flow.state
    assert state is not None
    mover = state.to_move
    async with hosting(table) as (_host, base):
        other = await seated(table, base, 1 - mover)
        moving = await seated(table, base, mover)
        await moving.act(table.authority.seq, read_legal(table, mover)[0])
        await wait_until(
            lambda: table.authority.flow.state is not None and table.authority.flow.state.phase == 1
        )
        await moving.close()
        await wait_until(lambda: mover not in table.sockets)
        waiting = await last_update(other, lambda u: not u.table.present[mover])
        assert waiting.table.waiting_for == (mover,)
        back = await seated(table, base, mover)
        update = await last_update(back, lambda u: True)
        assert update.view is not None and update.view.phase == 1
        assert update.view.legal and all(a.startswith("flip") for a in update.view.legal)
        await back.act(update.seq, update.view.legal[0])
        await wait_until(
            lambda: table.authority.flow.state is not None and table.authority.flow.state.phase == 0
        )
        for c in (other, back):
            await c.close()


ENDED = (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR)


async def test_connections_that_never_say_hello_give_way_to_a_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the greeting budget a newcomer is let in and the oldest silent socket closed: a
    seat's hello is always taken, and the silent ones stay bounded."""
    monkeypatch.setattr(host_module, "MOST_GREETINGS", 3)
    monkeypatch.setattr(host_module, "HELLO_SECONDS", 3600.0)  # no deadline makes room
    table = new_table(tmp_path, (None, None))
    async with hosting(table) as (host, base):
        silent = [await raw(base, table) for _ in range(4)]
        try:
            await wait_until(lambda: host.greeting == 3)
            gone = await silent[0].receive(timeout=10)  # the oldest gave way to the fourth
            assert gone.type in ENDED
            seat = await seated(table, base, 1)  # the budget is full, and a seat still sits
            assert seat.seat == 1 and 1 in table.sockets
            assert host.greeting == 2  # the second gave way to the seat's, which proved itself
            gone = await silent[1].receive(timeout=10)
            assert gone.type in ENDED
            await seat.close()
        finally:
            for socket in silent:
                await socket.close()
                await socket._test_session.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize("seats", [2, 4])
def test_the_hosts_quick_record_is_the_validated_one(tmp_path: Path, seats: int) -> None:
    """The host builds its saves without validating again; they are the records the game
    flow builds, field for field, at every point of a series (a deal just begun, mid-turn,
    finished deals behind)."""
    from chinese_ten.engine.deal import legal_actions
    from chinese_ten.game.flow import GameFlow
    from chinese_ten.store.records import record_json

    table = new_table(tmp_path, (None,) * seats, deals=2, seed=seats)
    rng = random.Random(seats)
    checked = 0
    while table.authority.stage != "finished":
        if table.authority.stage == "results":
            table.authority._deal()
        state = table.authority.flow.state
        assert state is not None
        for full in (True, False):
            quick = table.authority.flow.record(full=full)
            validated = GameFlow.record(table.authority.flow, full=full)
            assert quick == validated
            assert record_json(quick) == record_json(validated)
            checked += 1
        table.authority._play(rng.choice(legal_actions(state)))
    assert checked > 40


async def test_a_host_of_another_version_is_one_line_on_the_client(tmp_path: Path) -> None:
    """A server that welcomes with another version: the client says so and plays nothing."""
    from aiohttp import web

    async def other_version(request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        await socket.receive()
        await socket.send_str(json.dumps({"kind": "welcome", "version": 2, "seat": 0, "x": []}))
        await socket.receive()
        return socket

    app = web.Application()
    app.router.add_get("/t/abc/ws", other_version)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        connection = Connection(parse_link(f"http://127.0.0.1:{port}/t/abc#" + "s" * 43))
        with pytest.raises(JoinError) as error:
            await connection.open()
        said = str(error.value)
        assert "version 2" in said and f"version {VERSION}" in said and "\n" not in said
        await connection.close()
    finally:
        await runner.cleanup()


def make_certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    return cert, key


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the certificate")
async def test_a_table_behind_tls_speaks_wss(tmp_path: Path) -> None:
    """With a certificate the links are https and the seat is taken over wss (the client
    checks the certificate: here one it is told to trust)."""
    import ssl

    from chinese_ten.serve.host import Host, listen

    cert, key = make_certificate(tmp_path)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    table = new_table(tmp_path, (None, None))
    host = Host({table.table_id: table})
    runner, port = await listen(host, "127.0.0.1", 0, context)
    try:
        link = parse_link(table.authority.link(f"https://127.0.0.1:{port}", 0))
        assert link.websocket.startswith("wss://")
        trusted = ssl.create_default_context(cafile=str(cert))
        async with aiohttp.ClientSession() as session:
            socket = await session.ws_connect(link.websocket, ssl=trusted)
            await socket.send_str(
                json.dumps({"kind": "hello", "version": VERSION, "secret": link.secret})
            )
            welcome = read_server((await socket.receive(timeout=10)).data)
            assert isinstance(welcome, Welcome) and welcome.seat == 0
            await socket.close()
            own = {"Origin": f"https://127.0.0.1:{port}"}  # the table's page, over TLS
            socket = await session.ws_connect(link.websocket, ssl=trusted, headers=own)
            await socket.close()
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await session.ws_connect(
                    link.websocket, ssl=trusted, headers={"Origin": "https://evil.example"}
                )
        untrusted = Connection(link)  # a certificate nobody vouches for: refused, one line
        with pytest.raises(JoinError):
            await untrusted.open()
    finally:
        await runner.cleanup()


async def test_a_change_that_cannot_be_written_is_undone_and_said(tmp_path: Path) -> None:
    """Durable before it speaks: a move whose write fails is refused (``unsaved``), said on
    the host's terminal once, and the table is as it was; once the disk takes it, it plays."""
    table = new_table(tmp_path, (None, None))
    said: list[str] = []
    table.say = said.append
    path = table.folder / TABLE_FILE
    path.unlink()
    path.mkdir()  # the table's file cannot replace a folder
    authority = table.authority
    mover = authority.flow.state.to_move  # type: ignore[union-attr]
    before = (authority.seq, authority.flow.progress())
    action = read_legal(table, mover)[0]
    for _ in range(2):
        code = await table.receive(mover, Act(seq=table.authority.seq, action=action))
        assert code == "unsaved"
        assert (table.authority.seq, table.authority.flow.progress()) == before
    assert len(said) == 1 and said[0].startswith("chinese-ten: table tbl1 could not be saved: ")
    path.rmdir()
    assert await table.receive(mover, Act(seq=table.authority.seq, action=action)) is None
    assert table.authority.seq == before[0] + 1
    table.close()


async def test_a_second_hello_a_ready_in_play_and_a_binary_frame_are_refused(
    tmp_path: Path,
) -> None:
    table = new_table(tmp_path, (None, None))
    state = table.authority.flow.state
    async with hosting(table) as (_host, base):
        ana = await seated(table, base, 0)
        await ana.send(
            json.dumps({"kind": "hello", "version": VERSION, "secret": table.authority.secrets[0]})
        )
        assert await next_refusal(ana) == "hello_again"
        await ana.ready(table.authority.seq)  # nothing to be ready for in the middle of a deal
        assert await next_refusal(ana) == "not_now"
        assert table.authority.flow.state is state and table.authority.ready == set()
        socket = ana._socket
        assert socket is not None
        await socket.send_bytes(b"\x00\x01")
        with pytest.raises(JoinError):
            while True:
                await asyncio.wait_for(ana.receive(), timeout=10)
        await ana.close()
    assert table.authority.flow.state is state


def _to_results(table: HostTable, seed: int) -> None:
    rng = random.Random(seed)
    while table.authority.stage == "play":
        assert table.authority.flow.state is not None
        table.authority._play(rng.choice(legal_actions(table.authority.flow.state)))


async def test_the_cutter_connected_cuts_the_next_deal_and_others_are_refused(
    tmp_path: Path,
) -> None:
    """When every person is ready and the cutter's person is here, the table waits for its
    cut (stage ``cut``); a cut from another seat, out of its stage, for a position gone or
    outside 1 to 51 is refused and changes nothing; the cutter's cut deals at that place."""
    table = new_table(tmp_path, (None, None), deals=2)
    _to_results(table, 3)
    cutter = table.authority.cutter
    other = 1 - cutter
    async with hosting(table) as (_host, base):
        cutting = await seated(table, base, cutter)
        idle = await seated(table, base, other)
        await idle.cut(table.authority.seq, 10)  # no cut is awaited during the results
        assert await next_refusal(idle) == "not_now"
        for seat in (cutter, other):
            assert await table.receive(seat, Ready(seq=table.authority.seq)) is None
        assert table.authority.stage == "cut" and table.authority.waiting_for() == (cutter,)
        asked = await last_update(cutting, lambda u: u.table.stage == "cut")
        assert asked.table.waiting_for == (cutter,) and asked.table.cut is None
        seq, dealt = table.authority.seq, len(table.authority.flow.finished)
        await idle.cut(seq, 10)  # not its cut
        assert await next_refusal(idle) == "turn"
        await cutting.cut(seq + 3, 10)  # a position that never was
        for position in (52, 0):
            await cutting.send(json.dumps({"kind": "cut", "seq": seq, "position": position}))
        codes = [await next_refusal(cutting) for _ in range(3)]
        assert codes == ["stale", "malformed", "malformed"]
        assert (
            table.authority.stage == "cut"
            and table.authority.seq == seq
            and len(table.authority.flow.finished) == dealt
        )
        flow = table.authority.flow
        expected = random_setup(flow.deal_rng(flow.deal_number), flow.series.next_dealer, 17, 2)
        await cutting.cut(seq, 17)
        await wait_until(lambda: table.authority.stage == "play")
        assert table.authority.cut is not None
        assert (
            table.authority.cut.seat,
            table.authority.cut.position,
            table.authority.cut.at_random,
        ) == (cutter, 17, False)
        assert (
            table.authority.flow.state is not None and table.authority.flow.state.setup == expected
        )
        await cutting.cut(seq, 17)  # replayed: no cut is awaited any more
        assert await next_refusal(cutting) == "not_now"
        assert table.authority.flow.state.setup == expected
        for c in (cutting, idle):
            await c.close()


async def test_an_absent_cutter_is_cut_for_at_random_and_a_handed_one_too(
    tmp_path: Path,
) -> None:
    """A cutter away when the deal is due: the host cuts at random for it at once. A cutter
    who leaves while the table waits for its cut: handed to the computer, the host cuts."""
    table = new_table(tmp_path, (None, None, None), deals=3)
    _to_results(table, 4)
    cutter = table.authority.cutter
    for seat in range(3):
        await table.receive(seat, Ready(seq=table.authority.seq))
    assert table.authority.stage == "play" and table.authority.cut is not None
    assert table.authority.cut.seat == cutter and table.authority.cut.at_random
    _to_results(table, 5)
    cutter = table.authority.cutter
    host_seat = 0 if cutter != 0 else 1
    async with hosting(table) as (_host, base):
        hosting_seat = await seated(table, base, host_seat)
        cutting = await seated(table, base, cutter)
        for seat in range(3):
            await table.receive(seat, Ready(seq=table.authority.seq))
        assert table.authority.stage == "cut"
        await cutting.close()
        await wait_until(lambda: cutter not in table.sockets)
        await hosting_seat.hand(cutter, "easy")
        await wait_until(lambda: table.authority.stage == "play")
        assert (
            table.authority.cut is not None
            and table.authority.cut.seat == cutter
            and table.authority.cut.at_random
        )
        await hosting_seat.close()


def test_the_tables_a_host_may_open_are_the_limits_own(monkeypatch: pytest.MonkeyPatch) -> None:
    from chinese_ten.cli.main import build_parser
    from chinese_ten.serve import limits

    monkeypatch.setattr(limits, "MOST_TABLES", 2)
    assert build_parser().parse_args(["host", "--tables", "2"]).tables == 2
    with pytest.raises(SystemExit):
        build_parser().parse_args(["host", "--tables", "3"])


async def test_a_frame_of_exactly_the_most_bytes_is_taken(tmp_path: Path) -> None:
    """At most 1024 bytes means 1024 are taken (a ping padded to the size is answered); one
    byte more closes the connection."""
    from chinese_ten.net.protocol import Pong

    table = new_table(tmp_path, (None, None))
    async with hosting(table) as (_host, base):
        seat = await seated(table, base, 0)
        ping = '{"kind": "ping", "data": "x"}'
        await seat.send(ping + " " * (MAX_CLIENT_MESSAGE - len(ping)))
        while not isinstance(message := await asyncio.wait_for(seat.receive(), 10), Pong):
            pass
        assert message.data == "x"
        await seat.send(ping + " " * (MAX_CLIENT_MESSAGE + 1 - len(ping)))
        with pytest.raises(JoinError):
            while True:
                await asyncio.wait_for(seat.receive(), timeout=10)
        await seat.close()
