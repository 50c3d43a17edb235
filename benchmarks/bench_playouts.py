"""Playouts a second, where the search spends its time: the int playouts of
:mod:`chinese_ten.players.playout` from the first position of seeded deals, at 2, 3 and 4 seats.

Run: ``nice -n 10 uv run python benchmarks/bench_playouts.py [--deals N] [--rounds R]
[--before FILE]``. ``learned`` is what the search plays for every option in every world (the
searching seat by the learned policy, the others greedy); ``greedy`` is every seat greedy.
With ``--before`` (a copy of ``players/playout.py`` from another commit) the two modules are
timed alternately, round by round, and every figure is the median of its rounds: on a shared
machine the load changes between runs more than a code change does, so only figures taken
side by side compare. Both modules must score every deal the same (checked).
"""

import argparse
import importlib.util
import random
import statistics
import time
from collections.abc import Callable
from types import ModuleType

from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import DealState, start
from chinese_ten.players import playout

Playout = Callable[[DealState, int], int]


def _module(path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location("playout_before", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _rate(run: Playout, states: list[DealState]) -> float:
    t0 = time.process_time()
    for k, state in enumerate(states):
        run(state, k % len(state.hands))
    return len(states) / (time.process_time() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--before", default=None, help="an older players/playout.py")
    args = parser.parse_args()
    modules = [("after", playout)]
    if args.before is not None:
        modules.insert(0, ("before", _module(args.before)))
    for seats in (2, 3, 4):
        rng = random.Random(seats)
        states = [
            start(random_setup(rng, k % seats, seats=seats), check=False) for k in range(args.deals)
        ]
        for kind in ("learned", "greedy"):
            runs: list[Playout] = [getattr(m, f"{kind}_points") for _, m in modules]
            scored = [[run(s, 0) for s in states[:300]] for run in runs]
            assert all(s == scored[0] for s in scored), "the modules score differently"
            rates: list[list[float]] = [[] for _ in runs]
            for _ in range(args.rounds):
                for rate, run in zip(rates, runs, strict=True):
                    rate.append(_rate(run, states))
            shown = ", ".join(
                f"{label} {statistics.median(r):8,.0f}/s"
                for (label, _), r in zip(modules, rates, strict=True)
            )
            print(f"{seats} seats, {kind} playouts (processor time): {shown}", flush=True)


if __name__ == "__main__":
    main()
