"""A game's variant as one value: the standard variants' facts, and the scorer read from them."""

import random

import pytest

from chinese_ten.engine.cards import (
    ACE_OF_CLUBS,
    ACE_OF_SPADES,
    DECK,
    POINTS,
    cards_of_mask,
    mask_points,
    parse_card,
)
from chinese_ten.engine.chance import random_setup
from chinese_ten.engine.deal import LAYOUT_SIZE, STOCK_SIZE, DealOutcome
from chinese_ten.engine.series import default_deals
from chinese_ten.engine.variant import (
    FEWEST_SEATS,
    MOST_POINTS,
    MOST_SEATS,
    SEAT_COUNTS,
    VARIANTS,
    Variant,
    card_points,
    seat_points,
    variant,
)


def test_the_standard_variants() -> None:
    assert SEAT_COUNTS == (2, 3, 4) and (FEWEST_SEATS, MOST_SEATS) == (2, 4)
    facts = {
        n: (v.hand_size, v.black_aces, v.pack_points, v.base, v.default_deals)
        for n, v in VARIANTS.items()
    }
    assert facts == {
        2: (12, (), 210, 105, 6),
        3: (8, ((ACE_OF_SPADES, 30),), 240, 80, 6),
        4: (6, ((ACE_OF_SPADES, 30), (ACE_OF_CLUBS, 40)), 280, 70, 8),
    }
    assert MOST_POINTS == 280
    assert [variant(n).result_bounds for n in SEAT_COUNTS] == [(-105, 105), (-80, 160), (-70, 210)]


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_a_variant_deals_the_whole_pack_and_shares_it_evenly(seats: int) -> None:
    table = variant(seats)
    assert table.seats == seats
    assert seats * table.hand_size + LAYOUT_SIZE + STOCK_SIZE == len(DECK)
    assert table.base * seats == table.pack_points == sum(table.points)
    assert default_deals(seats) % seats == 0  # every seat deals equally often
    setup = random_setup(random.Random(seats), 0, seats=seats)
    assert [len(hand) for hand in setup.hands] == [table.hand_size] * seats


def test_a_variant_is_one_frozen_value() -> None:
    table = variant(3)
    with pytest.raises(AttributeError):
        table.base = 100  # type: ignore[misc]
    again = Variant(seats=3, hand_size=8, black_aces=((ACE_OF_SPADES, 30),), default_deals=6)
    assert again == table and hash(again) == hash(table)
    assert again != Variant(seats=3, hand_size=8, black_aces=(), default_deals=6)


def test_a_variant_s_points_are_the_red_points_and_its_black_aces() -> None:
    for table in VARIANTS.values():
        extra = dict(table.black_aces)
        assert all(table.points[c] == POINTS[c] + extra.get(c, 0) for c in DECK)
        assert all(card_points(c, table.seats) == table.points[c] for c in DECK)
    made = Variant(seats=2, hand_size=12, black_aces=((parse_card("KS"), 6),), default_deals=6)
    assert (made.pack_points, made.base, made.points[parse_card("KS")]) == (216, 108, 6)
    with pytest.raises(ValueError, match="215 points cannot be shared evenly by 2 seats"):
        Variant(seats=2, hand_size=12, black_aces=((parse_card("KS"), 5),), default_deals=6)


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_the_scorer_adds_the_variant_s_points(seats: int) -> None:
    rng = random.Random(seats)
    points = variant(seats).points
    for _ in range(300):
        mask = rng.getrandbits(52)
        assert seat_points(mask, seats) == sum(points[c] for c in cards_of_mask(mask))
    every = (1 << 52) - 1
    assert seat_points(every, seats) == variant(seats).pack_points
    assert seat_points(0, seats) == 0
    assert mask_points(every) == variant(2).pack_points  # two seats score the red cards only


def test_a_deal_s_results_are_measured_from_the_variant_s_base() -> None:
    for seats in SEAT_COUNTS:
        base = variant(seats).base
        even = DealOutcome.of_points((base,) * seats)
        assert even.results == (0,) * seats and even.winner is None
