"""Many tables in one ``chinese-ten host`` process, played by bots over loopback.

Run: ``nice -n 10 uv run python benchmarks/bench_host.py [--tables 200] [--seats 4] [--deals 1]``.

It starts ``chinese-ten host --no-seat --tables N`` as a process of its own (its data folder a
temporary one), reads the links it prints, and plays every seat with a bot
(:mod:`chinese_ten.net.bot`: random legal actions) as a websocket client in this process,
all tables at once. It prints:

- the action-to-update latency: from a bot sending its action to the update that answers it
  arriving (median, 99th percentile, worst), over every action of every table;
- the host's memory: its resident size with the tables open before anyone joins, after the
  deals, and per table (the resident size of a host with one table taken off, divided by the
  other tables).

The bots keep no updates and their process collects no garbage while they play, so that
what is measured is the host. Every action is saved by the host as it is played (an atomic
write with fsync), as a real table's would be; the bots share the machine with the host, so
the figures are an upper bound of what the host alone costs.
"""

import argparse
import asyncio
import gc
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from chinese_ten.net.bot import BotLog, play
from chinese_ten.net.client import Connection, parse_link


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User and system time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_host(
    home: Path, tables: int, seats: int, deals: int
) -> tuple[subprocess.Popen[str], list[list[str]]]:
    players = ",".join(f"P{k}" for k in range(seats))
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "chinese_ten",
            "host",
            "--no-seat",
            "--port",
            "0",
            "--tables",
            str(tables),
            "--players",
            players,
            "--deals",
            str(deals),
        ],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "CHINESE_TEN_HOME": str(home)},
    )
    assert process.stdout is not None
    links: list[list[str]] = []
    while len(links) < tables or len(links[-1]) < seats:
        line = process.stdout.readline()
        if not line:
            raise SystemExit("the host ended early")
        if line.startswith("Table "):
            links.append([])
        elif line.startswith("  "):
            links[-1].append(line.split(": ", 1)[1].strip())
    return process, links


async def play_all(links: list[list[str]], pause: float) -> tuple[list[BotLog], float]:
    connections = [Connection(parse_link(link)) for table in links for link in table]
    await asyncio.gather(*(c.open() for c in connections))
    # The bots' own collector would pause all of them at once, and its pauses would be
    # counted as the host's latency (hundreds of ms, growing as the deals go on): it is off
    # while they play (this process lives a minute or two, its memory bounded by the deals).
    gc.disable()
    started = time.perf_counter()
    played = await asyncio.gather(
        *(
            play(c, random.Random(k), pause=pause, keep_updates=False)
            for k, c in enumerate(connections)
        ),
        return_exceptions=True,
    )
    logs = [log for log in played if isinstance(log, BotLog)]
    for problem in {str(p) for p in played if not isinstance(p, BotLog)}:
        print(f"a bot stopped: {problem}")
    took = time.perf_counter() - started
    await asyncio.gather(*(c.close() for c in connections))
    return list(logs), took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument(
        "--pause",
        type=float,
        default=0.0,
        help="mean seconds a bot thinks before each action (0: all at once, a flood)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        one, _links = start_host(home / "one", 1, args.seats, args.deals)
        single = resident_kib(one.pid)
        one.terminate()
        one.wait()
        host, links = start_host(home / "many", args.tables, args.seats, args.deals)
        before = resident_kib(host.pid)
        cpu_before = cpu_seconds(host.pid)
        bots_before = resource.getrusage(resource.RUSAGE_SELF)
        logs, took = asyncio.run(play_all(links, args.pause))
        bots_after = resource.getrusage(resource.RUSAGE_SELF)
        after = resident_kib(host.pid)
        cpu = cpu_seconds(host.pid) - cpu_before
        host.terminate()
        host.wait()
    latencies = sorted(x * 1000 for log in logs for x in log.latencies)
    records = sum(1 for log in logs if log.records)

    def centile(share: float) -> float:
        return latencies[min(len(latencies) - 1, int(len(latencies) * share))]

    p99 = centile(0.99)
    print(
        f"tables {args.tables} of {args.seats}, {args.deals} deal(s) each, pause {args.pause} s: "
        f"{len(latencies)} actions in {took:.1f} s"
    )
    print(f"every seat got its records: {records == len(logs)} ({records}/{len(logs)})")
    print(
        f"action-to-update latency: median {statistics.median(latencies):.1f} ms, "
        f"p90 {centile(0.9):.1f} ms, p99 {p99:.1f} ms, worst {latencies[-1]:.1f} ms"
    )
    load = os.getloadavg()[0]
    print(
        f"host CPU: {cpu * 1000 / len(latencies):.2f} ms per action "
        f"(load average {load:.1f} on {os.cpu_count()} CPUs)"
    )
    bots_cpu = (bots_after.ru_utime + bots_after.ru_stime) - (
        bots_before.ru_utime + bots_before.ru_stime
    )
    print(
        f"bots' CPU (this process, all seats): {bots_cpu * 1000 / len(latencies):.2f} ms per action"
    )
    per_table = (after - single) / max(args.tables - 1, 1)
    print(
        f"host memory: one table {single / 1024:.1f} MiB; "
        f"{args.tables} tables {before / 1024:.1f} MiB before play, {after / 1024:.1f} MiB "
        f"after; {per_table:.0f} KiB per table after play"
    )


if __name__ == "__main__":
    main()
