"""A person's double tap at every hand-over, measured in tmux: how often a key acts on a hand
before its owner has seen it.

    uv run python benchmarks/handover_tmux.py --tries 100

plays ``chinese-ten play --players Ana,Ben`` in a detached tmux session of 80 x 24 and, at
each "Pass the keyboard to …" screen, waits over a second (the person reads it), then sends
Enter Enter in one ``tmux send-keys`` call (both keys within a few milliseconds). It then
reads the board: the second Enter must have done nothing (the prompt still asks for a card).
Between hand-overs it plays on with Enter and Space, slowly enough for every guard. Load the
machine beside it to measure on a busy one, for instance eight busy loops for ten minutes:
``timeout 600 sh -c 'for i in 1 2 3 4 5 6 7 8; do (while :; do :; done) & done; wait'``.
"""

import argparse
import os
import re
import subprocess
import tempfile
import time
from pathlib import Path

SESSION = "chinese-ten-handover"
ACTED = (
    "to turn over the top card",
    "choose the card to take",
    "Enter passes the keyboard",
)
"""Prompts that show a key acted on the board after the hand-over (a card played or chosen)."""


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=False).stdout


def screen() -> str:
    return tmux("capture-pane", "-p", "-t", SESSION)


def wait_for(text: str, limit: float = 30.0) -> bool:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if text in screen():
            return True
        time.sleep(0.05)
    return False


def still(quiet: float = 0.8, limit: float = 20.0) -> str:
    """The screen once it has not changed for ``quiet`` seconds (or after ``limit``)."""
    end = time.monotonic() + limit
    last, since = screen(), time.monotonic()
    while time.monotonic() < end and time.monotonic() - since < quiet:
        time.sleep(0.05)
        now = screen()
        if now != last:
            last, since = now, time.monotonic()
    return last


def start(command: str, seed: int) -> None:
    home = tempfile.mkdtemp(prefix="chinese-ten-handover-")
    tmux("kill-session", "-t", SESSION)
    shell = f"CHINESE_TEN_HOME={home} {command} play --players Ana,Ben --seed {seed}; sleep 600"
    tmux("new-session", "-d", "-s", SESSION, "-x", "80", "-y", "24", shell)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=100, help="hand-overs to try")
    parser.add_argument("--command", default="chinese-ten", help="the program to run")
    parser.add_argument("--log", type=Path, help="also write each try's line here")
    args = parser.parse_args()

    def say(line: str) -> None:
        print(line, flush=True)
        if args.log is not None:
            with args.log.open("a") as log:
                log.write(line + "\n")

    tries = acted = seed = idle = 0
    start(args.command, seed)
    while tries < args.tries:
        shown = still()
        found = re.search(r"Pass the keyboard to (\S+)", shown)
        if found is not None and "press Enter when you are ready" in shown:
            who = found.group(1)
            time.sleep(1.2)  # in sight for over a second
            tmux("send-keys", "-t", SESSION, "Enter", "Enter")
            wait_for(f"{who}'s hand")
            board = still(quiet=1.5)
            tries += 1
            idle = 0
            prompt = f"{who}: play" in board or f"{who}: choose a card" in board
            wrong = any(text in board for text in ACTED) or not prompt
            acted += wrong
            load = os.getloadavg()[0]
            verdict = "ACTED UNSEEN" if wrong else "ok"
            say(f"try {tries}: {verdict} ({acted}/{tries}) load {load:.1f}")
            if wrong:
                say(board)
            continue
        idle += 1
        if idle > 40:  # lost: a fresh game
            seed, idle = seed + 1, 0
            start(args.command, seed)
            continue
        key = "Space" if "to turn over the top card" in shown else "Enter"
        tmux("send-keys", "-t", SESSION, key)
    say(f"{acted} of {tries} hand-overs acted on a hand unseen")
    tmux("kill-session", "-t", SESSION)


if __name__ == "__main__":
    main()
