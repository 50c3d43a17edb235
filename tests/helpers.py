"""Building positions for rule tests from card notation, and random deals for invariants."""

import random

from chinese_ten.engine.actions import Action, parse_action
from chinese_ten.engine.chance import draw_lots, random_setup
from chinese_ten.engine.deal import OVER, DealSetup, DealState, apply_action, legal_actions, start


def position(table: str, hand: str, stock: str, other: str = "", *, dealer: int = 1) -> DealState:
    """A small deal (not a full pack) where seat ``1 - dealer`` moves first with ``hand``."""
    mover = 1 - dealer
    hands = (hand, other) if mover == 0 else (other, hand)
    return start(DealSetup.from_text(dealer, hands, table, stock), check=False)


def act(state: DealState, *texts: str) -> DealState:
    for text in texts:
        state = apply_action(state, parse_action(text))
    return state


def texts(actions: list[Action]) -> list[str]:
    from chinese_ten.engine.actions import format_action

    return [format_action(a) for a in actions]


def random_deal(seed: int, seats: int = 2) -> list[DealState]:
    """Every state of a deal dealt and played by random legal choices from ``seed``."""
    rng = random.Random(seed)
    state = start(random_setup(rng, dealer=draw_lots(rng, seats), seats=seats))
    states = [state]
    while state.phase != OVER:
        state = apply_action(state, rng.choice(legal_actions(state)))
        states.append(state)
    return states
