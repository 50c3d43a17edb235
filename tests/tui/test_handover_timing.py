"""A double Enter at the end of a hot-seat turn never shows the next person's hand.

The case: Ben turns over the stock card, the prompt says "Enter passes the keyboard to Ana", and
Enter is pressed twice 0.1 s apart: the second Enter must not go past the "Pass the keyboard to
Ana" screen to Ana's hand, in front of Ben. The real program runs in a pseudo-terminal here
(Pilot waits for each key to be handled, so it cannot press two keys as fast as a finger does);
its screen is read through pyte. The one fixed pause, 0.1 s between the two Enters, is the
subject of the test; every other wait is for text on screen, bounded.
"""

import json
import os
import re
import sys
import time
from pathlib import Path

import pytest

from chinese_ten.tui.frames import DRAW_DELAY
from tests.pty_helpers import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

DOUBLE_TAP = 0.1
"""Seconds between the two Enters: a quick double press, as a finger makes one (0.1-0.2 s;
0 sends both in one write, as ``tmux send-keys Enter Enter`` does)."""
GUARD = 0.4
"""The product's guard (``GameOptions.guard``): a hand-over ignores keys this long."""
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_text(card: str) -> str:
    """A saved card (``TD``) as the board writes it (``10♦``)."""
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUITS[card[1]]


def hand(home: Path, name: str) -> list[str]:
    """``name``'s hand at the start of the deal, as the board writes its cards."""
    saved = json.loads((home / "current.json").read_text())
    seat = saved["players"].index(name)
    return [card_text(card) for card in saved["deals"][-1]["hands"][seat]]


def shown(text: str, cards: list[str]) -> list[str]:
    """Which of ``cards`` are on screen (a card's text stands between box sides or spaces)."""
    return [card for card in cards if re.search(rf"(?<![0-9A-Z]){re.escape(card)}", text)]


@pytest.mark.parametrize(
    ("players", "mover", "after", "gap"),
    [
        ("Ana,Ben", "Ben", "Ana", DOUBLE_TAP),
        ("Ana,Ben,Cy", "Ben", "Cy", DOUBLE_TAP),
        ("Ana,Ben", "Ben", "Ana", 0.0),
        ("Ana,Ben", "Ben", "Ana", 0.2),
    ],
    ids=["two", "three", "two-at-once", "two-0.2s"],
)
def test_a_double_enter_after_a_turn_stops_at_the_hand_over(
    tmp_path: Path, players: str, mover: str, after: str, gap: float
) -> None:
    game = Terminal(["play", "--players", players, "--seed", "3"], tmp_path, size=(100, 30))
    try:
        assert game.wait_for("cut the pack"), game.text
        # The cut and the first hand-over are guarded too: pressed again until they answer.
        assert game.press(b"\r", f"Pass the keyboard to {mover}", guarded=True), game.text
        assert game.press(b"\r", f"{mover}'s hand", guarded=True), game.text
        # the first card, no capture (the board too waits a moment after the hand-over)
        assert game.press(b"1", f"{mover}: play", guarded=True), game.text
        assert game.press(b"\r", "to turn over the top card"), game.text
        assert game.press(b" ", "Enter passes the keyboard to"), game.text
        assert f"Enter passes the keyboard to {after}." in game.text, game.text
        secret = hand(tmp_path, after)
        assert not shown(game.text, secret), game.text  # the board shows the mover's hand

        if gap:
            game.write(b"\r")
            time.sleep(gap)
            game.write(b"\r")
        else:
            game.write(b"\r\r")
        double_tapped = time.monotonic()
        assert game.wait_for(f"Pass the keyboard to {after}"), game.text
        # Whatever the second Enter did, it has done it once the screen stops changing.
        assert not game.wait_for(f"{after}'s hand", limit=1.0), game.text
        text = game.text
        assert f"Pass the keyboard to {after}" in text and f"{after}, press Enter" in text, text
        assert not shown(text, secret), text
        assert "Table" not in text and "'s hand" not in text, text

        # Past the guard, one Enter is enough: the next person's own board.
        time.sleep(max(0.0, GUARD + 0.1 - (time.monotonic() - double_tapped)))
        game.write(b"\r")
        assert game.wait_for(f"{after}'s hand"), game.text
        assert game.wait_for(secret[-1]), game.text
        assert shown(game.text, secret) == secret, game.text
    finally:
        game.end()


def test_a_double_enter_at_a_hand_over_in_sight_shows_the_hand_and_plays_nothing(
    tmp_path: Path,
) -> None:
    game = Terminal(["play", "--players", "Ana,Ben", "--seed", "3"], tmp_path, size=(100, 30))
    try:
        assert game.wait_for("cut the pack"), game.text
        assert game.press(b"\r", "Pass the keyboard to Ben", guarded=True), game.text
        assert game.settle(), game.text  # Ben has read it: past the guard
        game.write(b"\r\r")
        assert game.wait_for("Ben's hand"), game.text
        game.settle()
        assert "Ben played" not in game.text, game.text
        assert "Ben: play" in game.text, game.text
    finally:
        game.end()


SLOW_DRAWING = 0.6
"""Seconds the app stays busy after each frame (``tui.frames.DRAW_DELAY``): longer than the
guard, as on a machine so loaded that drawing the board takes longer than the guard."""


@pytest.mark.parametrize("keys", [b"\r\r", b"\x1b\r\r"], ids=["enter-enter", "esc-enter-enter"])
def test_a_double_enter_at_a_hand_over_on_a_slow_machine_plays_nothing_unseen(
    tmp_path: Path, keys: bytes
) -> None:
    """Both Enters arrive in one write while every frame takes longer than the guard to be
    drawn: the second was pressed before Ben's hand was on the terminal, so it is no move,
    however late the app handles it. The board takes keys once the hand has been in sight
    for the guard's time."""
    environment = {**os.environ, DRAW_DELAY: str(SLOW_DRAWING)}
    game = Terminal(
        ["play", "--players", "Ana,Ben", "--seed", "3"],
        tmp_path,
        size=(80, 24),
        environment=environment,
    )
    try:
        assert game.wait_for("cut the pack"), game.text
        assert game.press(b"\r", "Pass the keyboard to Ben", guarded=True), game.text
        assert game.settle(quiet=SLOW_DRAWING + GUARD), game.text  # Ben has read it
        game.write(keys)
        assert game.wait_for("Ben's hand"), game.text
        assert game.settle(quiet=2 * SLOW_DRAWING + GUARD), game.text
        text = game.text
        assert "Ben played" not in text and "to turn over" not in text, text
        assert "Ben: play" in text, text
        # In sight for the guard's time, the board takes Ben's keys.
        assert game.press(b"1", "Ben: play", guarded=True), game.text
        assert game.press(b"\r", "to turn over the top card", guarded=True), game.text
    finally:
        game.end()
