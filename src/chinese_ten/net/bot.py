"""A seat played by a program over the network (the benchmark's bots, the tests' players):
it answers every update that asks something of its seat."""

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from chinese_ten.net.client import Connection
from chinese_ten.net.protocol import DealRecordMessage, Refused, Update


@dataclass
class BotLog:
    """What a bot saw: its updates (if kept), the records, the refusals, and each action's
    wait for the update that answered it (seconds)."""

    updates: list[Update] = field(default_factory=list)
    records: list[DealRecordMessage] = field(default_factory=list)
    refused: list[Refused] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)


async def play(
    connection: Connection,
    rng: random.Random,
    *,
    deals: int | None = None,
    pause: float = 0.0,
    clock: Callable[[], float] = time.perf_counter,
    keep_updates: bool = True,
) -> BotLog:
    """Play random legal actions until the series ends (or ``deals`` deals are over);
    ``pause``: the mean seconds a bot waits before each action, as a person thinks;
    ``keep_updates`` False: the log holds no updates (a benchmark's hundreds of bots would
    otherwise fill their process with them, and its garbage collector's pauses would be
    counted as the host's latency)."""
    log = BotLog()
    answered = -1
    sent_at: list[float] = []
    """When the action waiting for its answer was sent (empty: none is)."""
    thinking: set[asyncio.Task[None]] = set()
    seat = connection.seat

    async def act(seq: int, action: str, delay: float) -> None:
        """Send after thinking ``delay`` seconds; the bot reads meanwhile (so the
        connection's heartbeats are answered while it thinks)."""
        if delay > 0:
            await asyncio.sleep(delay)
        sent_at[:] = [clock()]
        await connection.act(seq, action)

    try:
        while True:
            message = await connection.receive()
            if isinstance(message, Refused):
                log.refused.append(message)
                if message.fatal:
                    return log
                continue
            if isinstance(message, DealRecordMessage):
                log.records.append(message)
                continue
            if not isinstance(message, Update):
                continue
            if keep_updates:
                log.updates.append(message)
            if sent_at and message.seq > answered:
                log.latencies.append(clock() - sent_at.pop())
            table, view = message.table, message.view
            if table.stage == "finished" or (deals is not None and len(table.points) >= deals):
                return log
            if message.seq <= answered:
                continue
            if table.stage == "play" and view is not None and view.legal:
                answered = message.seq
                delay = rng.uniform(0, 2 * pause) if pause > 0 else 0.0
                task = asyncio.ensure_future(act(message.seq, rng.choice(view.legal), delay))
                thinking.add(task)
                task.add_done_callback(thinking.discard)
            elif table.stage == "results" and seat in table.waiting_for:
                answered = message.seq
                await connection.ready(message.seq)
            elif table.stage == "cut" and seat in table.waiting_for:
                answered = message.seq
                await connection.cut(message.seq, rng.randint(1, 51))
    finally:
        for task in thinking:
            task.cancel()


async def play_link(link: str, seed: int, deals: int | None = None) -> BotLog:
    """Take the seat of ``link`` and play it to the end (see :func:`play`)."""
    from chinese_ten.net.client import parse_link

    connection = Connection(parse_link(link))
    await connection.open()
    try:
        return await play(connection, random.Random(seed), deals=deals)
    finally:
        await connection.close()


def main(argv: list[str]) -> int:
    """``python -m chinese_ten.net.bot LINK [SEED]``: a bot seat, as a process of its own
    (the tests' and the benchmark's players); prints how many deals' records it received."""
    import sys

    from chinese_ten.net.client import JoinError

    try:
        log = asyncio.run(play_link(argv[0], int(argv[1]) if len(argv) > 1 else 0))
    except JoinError as error:
        print(f"bot: {error}", file=sys.stderr)
        return 1
    print(f"records {len(log.records)} refused {len(log.refused)}", flush=True)
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
