"""What ``simulate`` skips to be fast, and that skipping it changes no choice: players that
read the legal actions only get no view, and a run that draws no bar loads no progress bar
and no process pool."""

import random
import subprocess
import sys
from collections.abc import Sequence
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chinese_ten.analysis import simulate as simulate_module
from chinese_ten.analysis.simulate import SeriesPlay, play_deal, series_setups, simulate
from chinese_ten.engine.actions import Action
from chinese_ten.engine.deal import DealState, outcome
from chinese_ten.engine.series import SeriesScore
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.base import Player, make_player
from chinese_ten.players.random_player import RandomPlayer


class _ViewOnly:
    """A player as the table sees one: ``choose`` with a view, nothing else."""

    def __init__(self, player: Player) -> None:
        self.name = player.name
        self._player = player

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return self._player.choose(view, legal)


class _CountedView(PlayerView):
    """Views ``play_deal`` builds, each checked to be the mover's own."""

    built: ClassVar[list[int]] = []

    def __init__(self, state: DealState, seat: int) -> None:
        assert seat == state.to_move
        _CountedView.built.append(seat)
        super().__init__(state, seat)


@pytest.fixture
def counted_views(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    _CountedView.built = []
    monkeypatch.setattr(simulate_module, "PlayerView", _CountedView)
    return _CountedView.built


def _randoms(seed: int, seats: int) -> list[Player]:
    return [RandomPlayer(random.Random(seed * seats + seat)) for seat in range(seats)]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_players_get_no_view(counted_views: list[int], seats: int) -> None:
    for setup in series_setups(random.Random(seats), 3, seats=seats):
        assert outcome(play_deal(setup, _randoms(1, seats))) is not None
    assert counted_views == []


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_player_that_reads_its_view_still_gets_its_own(
    counted_views: list[int], seats: int
) -> None:
    """One greedy player at the table: every decision is made from the mover's view."""
    players = [make_player("greedy", random.Random(0)), *_randoms(2, seats)[1:]]
    for setup in series_setups(random.Random(seats), 3, seats=seats):
        play_deal(setup, players)
    assert 0 in counted_views and set(counted_views) == set(range(seats))


@given(st.integers(0, 2**48), st.sampled_from([2, 3, 4]))
def test_choosing_among_the_legal_actions_is_the_choice_a_view_gets(seed: int, seats: int) -> None:
    """The same draws make the same choices with or without a view, so results stay put."""
    (setup,) = series_setups(random.Random(seed), 1, seats=seats)
    among = play_deal(setup, _randoms(seed, seats))
    viewed = play_deal(setup, [_ViewOnly(p) for p in _randoms(seed, seats)])
    assert among.actions == viewed.actions and among == viewed


@given(
    st.integers(0, 2**32), st.sampled_from([("random", "random"), ("greedy", "random", "random")])
)
def test_a_series_score_is_its_deals_added_in_order(seed: int, names: tuple[str, ...]) -> None:
    plays: list[SeriesPlay] = []
    simulate(1, 3, names, seed, on_series=plays.append)
    (play,) = plays
    added = SeriesScore(3, play.states[0].setup.dealer, seats=len(names))
    for state in play.states:
        result = outcome(state)
        assert result is not None
        added = added.add(result)
    assert play.score == added and play.score.is_over


def _modules_after_simulate(*args: str) -> set[str]:
    probe = (
        "import sys\nfrom chinese_ten.cli.main import main\n"
        f"main(['simulate', '--games', '3', '--deals', '1', *{args!r}])\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    return set(done.stderr.split())


@pytest.mark.parametrize("args", [(), ("--json",), ("--players", "random,greedy,random")])
def test_a_run_without_a_bar_or_workers_loads_neither(args: tuple[str, ...]) -> None:
    modules = _modules_after_simulate(*args)
    assert "chinese_ten.analysis.simulate" in modules and "rich.console" in modules
    assert "rich.progress" not in modules and "multiprocessing.pool" not in modules
    assert "chinese_ten.serve.games" not in modules and "chinese_ten.store.saves" not in modules


def test_workers_still_load_the_pool() -> None:
    assert "multiprocessing.pool" in _modules_after_simulate("--jobs", "2")
