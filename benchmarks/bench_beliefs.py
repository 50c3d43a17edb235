"""How well the beliefs about the other hand fit the hand really held, against several players.

Run: ``uv run python benchmarks/bench_beliefs.py [--deals 40] [--search-deals 12] [--draws 2000]``.

``greedy`` watches each opponent for ``--deals`` seeded deals (``--search-deals`` for the
searching opponents, which are slow), one seat and then the other. At each of greedy's plays
every unseen card gets the probability that it is in the other hand under three beliefs: the
uniform draw (exact), the old model (the sharp greedy model alone: :func:`old_drawer`) and the
shipped model (``believed_hands``, which learns how sharp to be); the old model's from
``--draws`` hands drawn by the same race, the shipped one's as the mixture it is: the uniform
model's share exactly, each other model's from ``--draws`` hands (smoothed by half a hand, so a
card never drawn scores about ``log(0.5 / draws)`` instead of minus infinity: the old model's
figures are flattered).

Per opponent it prints the mean log score per unseen card (log of the probability given to
what was true: held or not; higher is better; the uniform draw's is the baseline), the share of
decisions where a card really held got under 2%, and the shipped model's mean difference from
the uniform draw per card ± its standard error.

Opponents: ``random``, ``greedy``, ``hard`` (the shipped search, itself drawing from the shipped
model), ``blind`` (the same search drawing the other hand uniformly: a search without
inference), and two the model was not tuned on: ``policy`` (the learned policy ``hard``
assumes for itself in its playouts) and ``sloppy``, defined only here: greedy two times in
three, a random legal card otherwise, a rough picture of a person.
"""

import argparse
import math
import random
from collections.abc import Callable, Sequence

from chinese_ten.engine.actions import Action
from chinese_ten.engine.cards import Card
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import OVER, PLAY, advance, card_options, legal_actions, start
from chinese_ten.engine.view import PlayerView
from chinese_ten.engine.worlds import HandDrawer
from chinese_ten.players.base import Player
from chinese_ten.players.greedy import GreedyPlayer, greedy_choice, greedy_score
from chinese_ten.players.hard import (
    SHARPNESSES,
    TIE_PENALTY,
    HardPlayer,
    believed_hands,
    lowest_first_chance,
    scored_plays,
    sharpness_belief,
)
from chinese_ten.players.policy import PolicyPlayer
from chinese_ten.players.random_player import RandomPlayer

OLD_SHARPNESS = 0.5
"""The sharpness of the model shipped before this one learned its own."""
LOW = 0.02
"""A card really held that gets less than this is all but ruled out."""


class SloppyGreedy:
    """Greedy two times in three, otherwise a random legal action."""

    name = "sloppy"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if self._rng.random() < 1 / 3:
            return self._rng.choice(legal)
        return greedy_choice(legal, view.layout)


class BlindHard(HardPlayer):
    """``hard`` drawing the other hand uniformly."""

    def hand_drawer(self, view: PlayerView) -> HandDrawer:
        return believed_hands(view, belief=[1.0] + [0.0] * (len(SHARPNESSES) - 1))


OPPONENTS: dict[str, Callable[[random.Random], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "hard": HardPlayer,
    "blind": BlindHard,
    "policy": lambda rng: PolicyPlayer(),
    "sloppy": SloppyGreedy,
}
SEARCHES = ("hard", "blind")


def old_drawer(view: PlayerView) -> HandDrawer:
    """The old model: each card loses 0.5 of log-weight per red point it would have gained
    over the other player's choice (ties read as the shipped model reads them), drawn by the
    same race."""
    layout = view.layout
    plays = scored_plays(view)
    chance = lowest_first_chance(plays, layout)
    cards = list(view.unseen())
    scales = []
    for card in cards:
        regret = ties = 0
        for table, triple, chosen, played in plays:
            options = card_options(card, table, triple, False)
            best = max(greedy_score(o, layout) for o in options)
            regret += max(0, best - chosen)
            ties += best == chosen and card < played
        tie_factor = chance * math.exp(-TIE_PENALTY * ties) + 1 - chance
        scales.append(math.exp(OLD_SHARPNESS * regret - math.log(tie_factor)))
    size = view.opponent_hand_count

    def draw(rng: random.Random, count: int) -> list[tuple[Card, ...]]:
        hands = []
        for _ in range(count):
            keys = [math.log(1.0 - rng.random()) * scale for scale in scales]
            top = sorted(range(len(cards)), key=keys.__getitem__, reverse=True)[:size]
            hands.append(tuple(cards[i] for i in top))
        return hands

    return draw


def held_chances(drawer: HandDrawer, cards: Sequence[Card], draws: int) -> list[float]:
    """Each card's share of ``draws`` hands drawn, smoothed by half a hand."""
    counts = dict.fromkeys(cards, 0)
    for hand in drawer(random.Random(0), draws):
        for c in hand:
            counts[c] += 1
    return [(counts[c] + 0.5) / (draws + 1) for c in cards]


def believed_chances(view: PlayerView, cards: Sequence[Card], draws: int) -> list[float]:
    """Each card's chance of being held under the shipped beliefs: the uniform model's share
    exactly, each other model's from ``draws`` hands, mixed by how far each fits."""
    share = view.opponent_hand_count / len(cards)
    belief = sharpness_belief(view)
    chances = [belief[0] * share] * len(cards)
    for k in range(1, len(SHARPNESSES)):
        if belief[k] > 1e-6:
            only = [1.0 if j == k else 0.0 for j in range(len(SHARPNESSES))]
            drawn = held_chances(believed_hands(view, belief=only), cards, draws)
            chances = [p + belief[k] * q for p, q in zip(chances, drawn, strict=True)]
    return chances


class Tally:
    """Log scores and low-chance decisions for one belief."""

    def __init__(self) -> None:
        self.score = 0.0
        self.cards = 0
        self.decisions = 0
        self.low = 0

        self.per_decision: list[tuple[float, int]] = []
        """Each decision's log score summed over its cards, and their number."""

    def add(self, chances: Sequence[float], held: Sequence[bool]) -> None:
        score = sum(math.log(p if h else 1.0 - p) for p, h in zip(chances, held, strict=True))
        self.score += score
        self.per_decision.append((score, len(held)))
        self.cards += len(held)
        self.decisions += 1
        self.low += any(p < LOW for p, h in zip(chances, held, strict=True) if h)

    def row(self) -> str:
        return f"{self.score / self.cards:+.4f}  {100 * self.low / self.decisions:5.1f}%"

    def against(self, base: "Tally") -> str:
        """The mean difference per card from ``base`` ± its standard error (decisions are
        the independent units: a ratio estimate over them)."""
        diffs = [a - b for (a, _), (b, _) in zip(self.per_decision, base.per_decision, strict=True)]
        counts = [n for _, n in self.per_decision]
        ratio = sum(diffs) / sum(counts)
        n = len(diffs)
        spread = sum((d - ratio * c) ** 2 for d, c in zip(diffs, counts, strict=True)) / (n - 1)
        return f"{ratio:+.4f} ± {math.sqrt(n * spread) / sum(counts):.4f}"


def watch(opponent: str, seeds: range, draws: int) -> tuple[Tally, Tally, Tally]:
    """Greedy against ``opponent`` on each seed, from both seats: the three beliefs' tallies
    at greedy's plays."""
    uniform, old, new = Tally(), Tally(), Tally()
    for seed in seeds:
        for seat in (0, 1):
            other = OPPONENTS[opponent](random.Random(seed * 2 + seat))
            me = GreedyPlayer(random.Random(0))
            state = start(random_setup(random.Random(seed), seed % 2))
            while state.phase != OVER:
                legal = legal_actions(state)
                view = PlayerView(state, state.to_move)
                if state.to_move == seat and state.phase == PLAY:
                    cards = view.unseen()
                    really = set(state.hands[1 - seat])
                    held = [c in really for c in cards]
                    share = view.opponent_hand_count / len(cards)
                    uniform.add([share] * len(cards), held)
                    old.add(held_chances(old_drawer(view), cards, draws), held)
                    new.add(believed_chances(view, cards, draws), held)
                player = me if state.to_move == seat else other
                action = legal[0] if len(legal) == 1 else player.choose(view, legal)
                state = advance(state, action)
    return uniform, old, new


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--search-deals", type=int, default=12)
    parser.add_argument("--seed", type=int, default=3000, help="first deal's seed")
    parser.add_argument("--draws", type=int, default=2000)
    parser.add_argument("--opponents", default=",".join(OPPONENTS))
    args = parser.parse_args()
    print(
        f"{'opponent':>8}  {'uniform':>15}  {'old':>15}  {'new':>15}   deals   new - uniform a card"
    )
    for name in args.opponents.split(","):
        deals = args.search_deals if name in SEARCHES else args.deals
        tallies = watch(name, range(args.seed, args.seed + deals), args.draws)
        uniform, _, new = tallies
        print(
            f"{name:>8}  " + "  ".join(t.row() for t in tallies) + f"   {deals:5}   "
            f"{new.against(uniform)}",
            flush=True,
        )


if __name__ == "__main__":
    main()
