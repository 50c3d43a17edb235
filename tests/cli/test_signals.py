"""Closing the terminal, SIGHUP, SIGTERM and SIGINT end the real game on every screen.

Each game runs in its own session with the pseudo-terminal as its controlling terminal, so
closing the master side hangs the terminal up as closing a window does (the kernel then sends
SIGHUP and SIGCONT: exit code 129 shows the SIGHUP arrived). Time limits here bound the waiting
only; they measure nothing.
"""

import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import pytest

from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import DealState, apply_action, legal_actions, outcome, start
from chinese_ten.store.records import load_and_replay
from chinese_ten.store.saves import SaveSlot
from chinese_ten.tui.signal_exit import RESTORE_SEQUENCE, SIGNALS, SignalExit, exit_code
from tests.pty_helpers import Terminal
from tests.tui_helpers import current_record

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals and ptys")

EXIT_LIMIT = 20.0
"""Seconds a test waits for the process to end: generous; the watchdog ends it within 1.25 s."""


class Step(NamedTuple):
    keys: bytes
    needle: bytes
    guarded: bool = False
    """The keys go to a screen that ignores keys a moment after it is drawn (the cut, a
    hand-over): they go once it is still, and again until the needle shows."""


@dataclass(frozen=True)
class Screen:
    """How to reach one screen, and what the save must hold there."""

    args: tuple[str, ...]
    steps: tuple[Step, ...]
    """Keys to send and text to wait for; the first keys are empty."""
    actions: int | None
    """Actions of the last deal in the save (``None``: no save yet)."""
    finished: bool = False


PLAY = ("play", "--players", "Ana,Ben", "--seed", "4")
SCREENS = {
    "start": Screen(("play",), (Step(b"", b"Seat 1"),), None),
    "cut": Screen(PLAY, (Step(b"", b"cut the pack"),), None),
    "hand-over": Screen(
        PLAY, (Step(b"", b"cut the pack"), Step(b"\r", b"Pass the keyboard", True)), 0
    ),
    "turn": Screen(
        PLAY,
        (
            Step(b"", b"cut the pack"),
            Step(b"\r", b"Pass the keyboard", True),
            Step(b"\r", b": play ", True),  # the banner
            Step(b"\r", b"to turn over"),  # the first card is played: the banner asks for Space
        ),
        1,
    ),
}
DIRECT = {
    "start": signal.SIGINT,
    "cut": signal.SIGHUP,
    "hand-over": signal.SIGTERM,
    "turn": signal.SIGINT,
    "results": signal.SIGTERM,
}
"""The signal each screen also gets sent directly, so all three are tried."""


def _before_the_last_action() -> DealState:
    """A deal one stock turn from its end, where that turn has a single legal action."""
    for seed in range(100):
        state = start(random_setup(random.Random(seed), 0, 26))
        while outcome(state) is None:
            legal = legal_actions(state)
            after = apply_action(state, legal[0])
            if outcome(after) is not None and len(legal) == 1:
                return state
            state = after
    raise AssertionError("no deal ends with a forced last action")


def _results_screen(home: Path) -> Screen:
    state = _before_the_last_action()
    SaveSlot(home).save(current_record(("Ana", "Ben"), None, [state]))
    return Screen(
        ("play", "--resume"),
        (
            Step(b"", b"Pass the keyboard"),
            Step(b"\r", b"to turn over", True),
            Step(b" ", b"shows the results"),  # the last turn stays in sight
            Step(b"\r", b"Next deal"),
        ),
        len(state.actions) + 1,
        finished=True,
    )


@dataclass
class Game:
    screen: Screen
    terminal: Terminal

    @property
    def process(self) -> "subprocess.Popen[bytes]":
        return self.terminal.process

    def reach(self) -> None:
        """Press the keys that lead to the screen, waiting for each step's text on screen."""
        terminal = self.terminal
        for keys, needle, guarded in self.screen.steps:
            text = needle.decode()
            if not keys:
                assert terminal.wait_for(text), terminal.text
                continue
            if not guarded:
                terminal.settle()  # the screen that drew the last needle is done drawing
            assert terminal.press(keys, text, guarded=guarded), terminal.text

    def close_terminal(self) -> None:
        self.terminal.close_terminal()

    def output_until_exit(self) -> bytes:
        """Everything the game writes until it ends (reading keeps its writes flowing)."""
        seen = b""
        end = time.monotonic() + EXIT_LIMIT
        while time.monotonic() < end:
            chunk = self.terminal.read_until(b"\x00never\x00", limit=0.3)
            seen += chunk
            if self.process.poll() is not None and not chunk:
                break
        return seen


Launch = Callable[[Screen, Path], Game]


@pytest.fixture
def launch() -> Iterator[Launch]:
    games: list[Game] = []

    def run(screen: Screen, home: Path) -> Game:
        game = Game(screen, Terminal(screen.args, home, controlling=True))
        games.append(game)
        return game

    yield run
    for game in games:
        game.terminal.end()


def _ends(game: Game, signum: int) -> None:
    """The game ended with 128 + ``signum`` and left no process in its session's group."""
    assert game.process.wait(timeout=EXIT_LIMIT) == exit_code(signum)
    with pytest.raises(ProcessLookupError):
        os.killpg(game.process.pid, 0)


def _check_save(home: Path, screen: Screen) -> None:
    path = home / "current.json"
    if screen.actions is None:
        assert not path.exists()
        return
    record, states = load_and_replay(path)
    assert record.players == ("Ana", "Ben")
    assert len(states) == 1
    assert len(states[0].actions) == screen.actions
    assert (outcome(states[0]) is not None) == screen.finished


def _screen(name: str, home: Path) -> Screen:
    return _results_screen(home) if name == "results" else SCREENS[name]


@pytest.mark.parametrize("name", [*SCREENS, "results"])
def test_closing_the_terminal_or_a_signal_ends_the_game_after_saving(
    name: str, tmp_path: Path, launch: Launch
) -> None:
    """Two rounds per screen, started together: the terminal closes; a signal comes while
    the terminal is still there."""
    homes = (tmp_path / "closed", tmp_path / "signalled")
    for home in homes:
        home.mkdir()
    closed, signalled = (launch(_screen(name, home), home) for home in homes)

    closed.reach()
    closed.close_terminal()
    _ends(closed, signal.SIGHUP)
    _check_save(homes[0], closed.screen)

    signalled.reach()
    signum = DIRECT[name]
    signalled.process.send_signal(signum)
    output = signalled.output_until_exit()
    _ends(signalled, signum)
    _check_save(homes[1], signalled.screen)
    assert b"\x1b[?1049l" in output  # back on the main screen: the terminal is restored
    assert b"Traceback" not in output


def test_more_signals_during_the_shutdown_neither_hang_nor_print_a_traceback(
    tmp_path: Path, launch: Launch
) -> None:
    screen = SCREENS["turn"]
    game = launch(screen, tmp_path)
    game.reach()
    sent = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGTERM, signal.SIGINT)
    for signum in sent:
        game.process.send_signal(signum)
    output = game.output_until_exit()
    code = game.process.wait(timeout=EXIT_LIMIT)
    assert code in {exit_code(s) for s in sent}  # whichever the process took first
    _ends(game, code - 128)
    _check_save(tmp_path, screen)
    assert b"Traceback" not in output
    assert b"Error" not in output


# ---------------------------------------------------------------- SignalExit in this process
@pytest.fixture(autouse=True)
def _handlers_kept() -> Iterator[None]:
    """A signal leaves SignalExit's handlers in place (the process is ending): undo that."""
    kept = {s: signal.getsignal(s) for s in (*SIGNALS, signal.SIGCONT)}
    yield
    for signum, handler in kept.items():
        signal.signal(signum, handler)


class _Ended:
    def __init__(self) -> None:
        self.codes: list[int] = []
        self.done = threading.Event()

    def __call__(self, code: int) -> None:
        self.codes.append(code)
        self.done.set()


def test_signal_exit_asks_once_then_restores_the_terminal_and_ends() -> None:
    ended = _Ended()
    asked: list[None] = []
    read_end, write_end = os.pipe()  # stands for the terminal's output
    terminal = (read_end, write_end)
    guard = SignalExit(lambda: asked.append(None), grace=0.05, end=ended, terminal=terminal)
    with guard:
        os.kill(os.getpid(), signal.SIGTERM)
        os.kill(os.getpid(), signal.SIGINT)  # a second signal is ignored
        assert ended.done.wait(EXIT_LIMIT)
    assert asked == [None]  # once, for the first signal
    assert guard.code == ended.codes[0] == 143
    assert signal.getsignal(signal.SIGCONT) == signal.SIG_DFL
    assert os.read(read_end, 1000) == RESTORE_SEQUENCE
    assert signal.getsignal(signal.SIGTERM) != signal.SIG_DFL  # still ours: ignoring repeats
    os.close(read_end)
    os.close(write_end)


def test_signal_exit_leaves_the_terminal_alone_once_the_app_has_restored_it() -> None:
    ended = _Ended()
    read_end, write_end = os.pipe()
    guard = SignalExit(lambda: None, grace=0.2, end=ended, terminal=(read_end, write_end))
    with guard:
        os.kill(os.getpid(), signal.SIGHUP)
    assert ended.done.wait(EXIT_LIMIT)
    assert ended.codes == [129]
    os.set_blocking(read_end, False)
    with pytest.raises(BlockingIOError):
        os.read(read_end, 1000)  # nothing written: the app had restored the terminal
    os.close(read_end)
    os.close(write_end)


def test_signal_exit_without_a_signal_puts_the_handlers_back() -> None:
    ended = _Ended()
    before = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)}
    with SignalExit(lambda: None, grace=0.0, end=ended) as guard:
        assert signal.getsignal(signal.SIGTERM) != before[signal.SIGTERM]
    assert {s: signal.getsignal(s) for s in before} == before
    assert guard.code is None
    assert not ended.done.wait(0.2)  # the watchdog went away without ending anything


# ------------------------------------------------- Ctrl+C, a key in Textual (not a signal)
