"""Variants of ``hard`` that differ from the previous one only late in a deal, against it, on
duplicate deals with every seat in turn: the same figures as ``bench_versus.py``, for a
fraction of the work.

Run: ``nice -n 10 uv run python benchmarks/bench_branch.py --seats 2 [--deals N] [--seed S]
[--variants hard,deep] [--jobs J]``.

``bench_versus.py --players hard,previous`` plays every deal once with ``hard`` in each seat
and the previous ``hard`` (``previous_hard.py``) in the others, each player seeded by its seat.
A variant that solves exactly from some number of unseen cards on plays exactly as the previous
player until its first such decision (the same search, drawing the same random numbers), so
each of those games is the game the previous player plays in every seat, up to that decision.
Here that game is played once; at each seat's first exact decision it branches, the variant
taking that seat (its random numbers where the previous player's were) and playing the rest
of the deal. The variant's lead in the rotation where it holds that seat is its result in the
branch less the seat's result in the unbranched game (which sums to 0 over the seats), so the
mean of those differences over the seats is exactly ``bench_versus.py``'s figure for the deal
(a check: its first deals print the same).

With ``--against greedy`` the other seats are ``greedy``: each rotation is its own game (the
previous player in one seat), branched the same way, so the figure is the variant's lead over
the previous player when both face ``greedy`` (paired, deal by deal).

Variants: ``hard`` (the shipped level), ``deep`` (``bench_versus.DEEP_UNSEEN``).
"""

import argparse
import copy
import random
import sys

from bench_versus import DeepHard
from previous_hard import PreviousHardPlayer

from chinese_ten.analysis.workers import worker_pool
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import (
    OVER,
    DealSetup,
    DealState,
    advance,
    legal_actions,
    outcome,
    start,
)
from chinese_ten.engine.view import PlayerView
from chinese_ten.players.base import Player, make_player
from chinese_ten.players.hard import HardPlayer
from chinese_ten.players.spread import Z_95, mean_and_error

VARIANTS: dict[str, type[HardPlayer]] = {"hard": HardPlayer, "deep": DeepHard}


def _play_on(state: DealState, players: list[Player]) -> DealState:
    while state.phase != OVER:
        legal = legal_actions(state)
        mover = state.to_move
        action = (
            legal[0] if len(legal) == 1 else players[mover].choose(PlayerView(state, mover), legal)
        )
        state = advance(state, action)
    return state


def _branched(
    setup: DealSetup, players: list[Player], seats_searched: list[int], names: tuple[str, ...]
) -> dict[str, float]:
    """Each variant's points over the previous player's, summed over ``seats_searched``: the
    game played once by ``players``, branched at each of those seats' first exact decision
    with the variant taking the seat."""
    probes = {name: VARIANTS[name](random.Random(0)) for name in names}
    snaps: dict[tuple[str, int], tuple[DealState, list[Player]]] = {}
    state = start(setup)
    while state.phase != OVER:
        legal = legal_actions(state)
        mover = state.to_move
        if len(legal) == 1:
            action = legal[0]
        else:
            view = PlayerView(state, mover)
            if mover in seats_searched:
                for name, probe in probes.items():
                    if (name, mover) not in snaps and probe.is_exact(view):
                        snaps[name, mover] = (state, copy.deepcopy(players))
            action = players[mover].choose(view, legal)
        state = advance(state, action)
    base = outcome(state)
    assert base is not None
    leads = dict.fromkeys(names, 0.0)
    for (name, seat), (snap, snap_players) in snaps.items():
        previous = snap_players[seat]
        assert isinstance(previous, HardPlayer)
        variant = VARIANTS[name](random.Random(0))
        variant._rng = previous._rng  # the random numbers the seat would have drawn
        snap_players[seat] = variant
        end = outcome(_play_on(snap, snap_players))
        assert end is not None
        leads[name] += end.results[seat] - base.results[seat]
    return leads


def branches(task: tuple[int, int, tuple[str, ...], str]) -> dict[str, float]:
    """Each variant's mean lead over the previous player across the seats of deal ``seed``:
    against the previous player in the other seats, or against ``greedy`` there."""
    seed, seats, names, against = task
    setup = random_setup(random.Random(seed), seed % seats, seats=seats)
    if against == "previous":
        players: list[Player] = [
            PreviousHardPlayer(random.Random(seed * 97 + s)) for s in range(seats)
        ]
        leads = _branched(setup, players, list(range(seats)), names)
    else:
        leads = dict.fromkeys(names, 0.0)
        for seat in range(seats):
            players = [
                PreviousHardPlayer(random.Random(seed * 97 + s))
                if s == seat
                else make_player(against, random.Random(seed * 97 + s))
                for s in range(seats)
            ]
            for name, lead in _branched(setup, players, [seat], names).items():
                leads[name] += lead
    return {name: lead / seats for name, lead in leads.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seats", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=20000, help="first deal's seed")
    parser.add_argument("--variants", default="hard,deep")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--against", default="previous", help="who holds the other seats: previous or greedy"
    )
    args = parser.parse_args()
    names = tuple(args.variants.split(","))
    tasks = [(s, args.seats, names, args.against) for s in range(args.seed, args.seed + args.deals)]
    found: dict[str, list[float]] = {name: [] for name in names}
    with worker_pool(args.jobs) as pool:
        for task, leads in zip(tasks, pool.imap(branches, tasks), strict=True):
            for name in names:
                found[name].append(leads[name])
            shown = " ".join(f"{name} {leads[name]:+.2f}" for name in names)
            print(f"{task[0]} {shown}", file=sys.stderr, flush=True)
    for name in names:
        mean, error = mean_and_error(found[name])
        moved = sum(x != 0 for x in found[name])
        print(
            f"{name} v previous, others {args.against}, {args.seats} seats: "
            f"{mean:+.3f} ± {Z_95 * error:.3f} a deal "
            f"(95%, {len(found[name])} deals x {args.seats} rotations; {moved} deals differ)"
        )


if __name__ == "__main__":
    main()
