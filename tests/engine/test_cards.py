import pytest
from hypothesis import given
from hypothesis import strategies as st

from chinese_ten.engine.cards import (
    DECK,
    POINTS,
    captures,
    cards_of_mask,
    format_card,
    mask_points,
    parse_card,
    red_points,
)
from chinese_ten.engine.errors import NotationError
from chinese_ten.text.card_names import display_card


def test_notation_round_trips_every_card() -> None:
    assert [parse_card(format_card(c)) for c in DECK] == list(DECK)
    assert len({format_card(c) for c in DECK}) == 52


@pytest.mark.parametrize(
    ("text", "expected"), [("10H", "TH"), ("th", "TH"), (" qd ", "QD"), ("10s", "TS")]
)
def test_input_accepts_ten_and_lower_case(text: str, expected: str) -> None:
    assert format_card(parse_card(text)) == expected


@pytest.mark.parametrize("text", ["", "1H", "11H", "TX", "HT", "AH7", "10", "ZZ"])
def test_bad_notation_is_a_clear_error(text: str) -> None:
    with pytest.raises(NotationError, match="is not a card"):
        parse_card(text)


def test_scoring_table() -> None:
    table = {
        "AH": 20, "AD": 20, "2H": 2, "5D": 5, "8H": 8, "9D": 10, "TH": 10, "JD": 10,
        "QH": 10, "KD": 10, "AS": 0, "TC": 0, "KS": 0, "2C": 0,
    }  # fmt: skip
    assert {k: red_points(parse_card(k)) for k in table} == table


def test_pack_totals_210_points() -> None:
    assert sum(POINTS) == 210


@given(st.integers(min_value=0, max_value=(1 << 52) - 1))
def test_the_points_of_a_card_set_are_the_sum_of_its_cards(mask: int) -> None:
    assert mask_points(mask) == sum(POINTS[c] for c in cards_of_mask(mask))


def test_pairs_make_ten_and_faces_match_rank() -> None:
    c = parse_card
    assert captures(c("AS"), c("9H")) and captures(c("5C"), c("5D")) and captures(c("3D"), c("7S"))
    assert captures(c("KS"), c("KH")) and captures(c("TS"), c("TD"))
    assert not captures(c("KS"), c("QH"))
    assert not captures(c("TS"), c("JH"))
    assert not captures(c("4S"), c("4H"))


def test_display_uses_symbols_or_letters() -> None:
    assert display_card(parse_card("TH")) == "10♥"
    assert display_card(parse_card("TH"), symbols=False) == "10H"
