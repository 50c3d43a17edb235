"""Durable before it speaks, with real processes: a host killed with SIGKILL at random moments of
whole deals (and right as a seat is shown the card it just played), then taken up with
``--resume``, never loses a move a seat saw, never plays one twice, keeps the ready seats and
the ``seq``, and never shows a card before its time."""

import asyncio
import os
import random
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from chinese_ten.net.client import Connection, JoinError, parse_link
from chinese_ten.net.protocol import DealRecordMessage, Update
from chinese_ten.store.records import parse_record, replay
from tests.net.test_host import hidden_at

KILLS = 10
"""Kills at each table size (2 and 4 seats): 20 in all."""


def start(home: Path, seats: int, *arguments: str) -> tuple[subprocess.Popen[str], list[str]]:
    """A host process (``--no-seat --port 0``) and the ``seats`` links it printed, in order."""
    process = subprocess.Popen(
        [sys.executable, "-m", "chinese_ten", "host", "--no-seat", "--port", "0", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "CHINESE_TEN_HOME": str(home)},
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    assert first.startswith("Table "), (first, process.stderr.read() if process.stderr else "")
    links = [process.stdout.readline().split(": ", 1)[1].strip() for _ in range(seats)]
    return process, links


@dataclass
class Seen:
    """Everything one seat was told, in order, over every host process."""

    updates: list[Update] = field(default_factory=list)
    records: list[DealRecordMessage] = field(default_factory=list)


def check_follows(earlier: Update, later: Update, seat: int) -> None:
    """``later`` goes on from ``earlier``: no move lost, none played twice, seq never back."""
    assert later.seq >= earlier.seq, (seat, earlier.seq, later.seq)
    deals_before, deals_after = len(earlier.table.points), len(later.table.points)
    assert deals_after >= deals_before
    if earlier.view is None or later.view is None:
        return
    same_deal = (
        deals_after == deals_before
        and later.view.dealer == earlier.view.dealer
        and later.table.stage != "cut"
    )
    if same_deal:
        events = earlier.view.events
        assert later.view.events[: len(events)] == events, f"seat {seat}: a move was lost"
    if earlier.table.stage == "results" and later.table.stage == "results" and same_deal:
        ready_before = set(range(len(earlier.table.names))) - set(earlier.table.waiting_for)
        still = set(later.table.waiting_for)
        assert not ready_before & still, f"seat {seat}: a ready was forgotten"


async def play_until(
    connections: list[Connection],
    seen: list[Seen],
    rng: random.Random,
    kill_after: int,
    process: subprocess.Popen[str],
) -> bool:
    """Play every seat (random legal moves) until ``kill_after`` more updates have come, or
    (``kill_after`` 0) until a seat is shown a card just played (phase 1); then SIGKILL the
    host at once. False when the series ended first."""
    counted = 0
    done = asyncio.Event()
    answered = [-1] * len(connections)
    finished = [False]

    async def seat_loop(connection: Connection) -> None:
        nonlocal counted
        seat = connection.seat
        while not done.is_set():
            try:
                message = await connection.receive()
            except JoinError:
                return
            if isinstance(message, DealRecordMessage):
                seen[seat].records.append(message)
                continue
            if not isinstance(message, Update):
                continue
            if seen[seat].updates:
                check_follows(seen[seat].updates[-1], message, seat)
            seen[seat].updates.append(message)
            counted += 1
            view = message.view
            phase_one = view is not None and view.phase == 1 and view.to_move != seat
            if (kill_after and counted >= kill_after) or (not kill_after and phase_one):
                process.kill()  # at once, from the moment a seat was told
                done.set()
                return
            if message.table.stage == "finished":
                finished[0] = True
                done.set()
                return
            if message.seq <= answered[seat]:
                continue
            table = message.table
            try:
                if table.stage == "play" and view is not None and view.legal:
                    answered[seat] = message.seq
                    await connection.act(message.seq, rng.choice(view.legal))
                elif table.stage == "results" and seat in table.waiting_for:
                    answered[seat] = message.seq
                    await connection.ready(message.seq)
                elif table.stage == "cut" and seat in table.waiting_for:
                    answered[seat] = message.seq
                    await connection.cut(message.seq, rng.randint(1, 51))
            except ConnectionError:
                return

    await asyncio.wait_for(asyncio.gather(*(seat_loop(c) for c in connections)), timeout=120)
    return not finished[0]


async def seated(links: list[str]) -> list[Connection]:
    connections = []
    for link in links:
        connection = Connection(parse_link(link))
        await connection.open()
        connections.append(connection)
    return connections


@pytest.mark.parametrize("players", ["Ana,Ben", "Ana,Ben,Cy,Di"])
async def test_a_host_killed_at_any_moment_comes_back_at_what_was_told(
    tmp_path: Path, players: str
) -> None:
    seats = len(players.split(","))
    rng = random.Random(seats)
    process, links = await asyncio.to_thread(
        start, tmp_path, seats, "--players", players, "--deals", "2", "--seed", "11"
    )
    seen = [Seen() for _ in range(seats)]
    kills = 0
    try:
        while True:
            connections = await seated(links)
            # half the kills at random moments, half right as a played card is shown
            kill_after = rng.randint(1, 6 * seats) if kills % 2 == 0 else 0
            going_on = await play_until(connections, seen, rng, kill_after, process)
            for connection in connections:
                await connection.close()
            if not going_on:
                break
            await asyncio.to_thread(process.wait, 30)
            assert process.returncode == -9
            kills += 1
            if kills > KILLS:
                break
            process, new_links = await asyncio.to_thread(
                start, tmp_path, seats, "--resume", "--seed", "11"
            )
            old = [parse_link(link) for link in links]
            assert [(n.table_id, n.secret) for n in map(parse_link, new_links)] == [
                (o.table_id, o.secret) for o in old
            ]
            links = new_links
    finally:
        if process.poll() is None:
            process.kill()
        await asyncio.to_thread(process.wait, 30)
    assert kills >= KILLS, f"the series ended after {kills} kills"
    # every card shown was one its seat could know at that moment, by the deals' records
    records = [r for s in seen for r in s.records]
    if not records:
        return
    newest = max(records, key=lambda r: r.deals)
    deals = replay(parse_record(newest.record))
    checked = 0
    for seat, log in enumerate(seen):
        for update in log.updates:
            view = update.view
            if view is None or view.phase == 2 or len(update.table.points) >= len(deals):
                continue
            deal = deals[len(update.table.points)]
            moves = sum(e.kind != "four" for e in view.events)
            text = update.model_dump_json()
            hidden = hidden_at(deal, seat, moves)
            assert not [c for c in hidden if f'"{c}"' in text], (seat, moves)
            checked += 1
    assert checked > 0
