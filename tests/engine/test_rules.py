"""One test per rule of the rules brief."""

import pytest

from chinese_ten.engine.actions import parse_action
from chinese_ten.engine.cards import parse_card
from chinese_ten.engine.deal import (
    FLIP_PHASE,
    OVER,
    PLAY,
    DealOutcome,
    DealSetup,
    DealState,
    apply_action,
    legal_actions,
    outcome,
    pile_points,
    start,
)
from chinese_ten.engine.errors import IllegalActionError
from tests.helpers import act, position, texts


def test_worked_example_of_the_rules() -> None:
    state = position("2H 6C JD 9S", hand="8C", stock="4D")
    state = act(state, "play 8C taking 2H")
    assert state.phase == FLIP_PHASE
    state = act(state, "flip 4D taking 6C")
    assert sorted(state.table) == sorted(parse_card(c) for c in ("JD", "9S"))
    assert pile_points(state) == (6, 0)


def test_capture_is_compulsory() -> None:
    state = position("2H 6C", hand="8C 3S", stock="KD")
    assert texts(legal_actions(state)) == ["play 3S", "play 8C taking 2H"]
    with pytest.raises(IllegalActionError, match="capture is compulsory"):
        act(state, "play 8C")


def test_player_chooses_among_several_targets_for_the_played_card() -> None:
    state = position("2H 2C 9S", hand="8D", stock="KD")
    assert texts(legal_actions(state)) == ["play 8D taking 2H", "play 8D taking 2C"]
    after = act(state, "play 8D taking 2C")
    assert parse_card("2H") in after.table and parse_card("2C") not in after.table


def test_player_chooses_among_several_targets_for_the_turned_card() -> None:
    state = act(position("QS QH 5C", hand="3D", stock="QD"), "play 3D")
    assert texts(legal_actions(state)) == ["flip QD taking QS", "flip QD taking QH"]
    after = act(state, "flip QD taking QH")
    assert after.table == tuple(sorted(parse_card(c) for c in ("QS", "5C", "3D")))
    with pytest.raises(IllegalActionError, match="can only take QS, QH"):
        act(state, "flip QD taking 5C")


def test_no_sums_of_several_table_cards() -> None:
    state = position("3S 5C", hand="2D", stock="KD")
    assert texts(legal_actions(state)) == ["play 2D"]


def test_court_cards_and_tens_take_the_same_rank_only() -> None:
    state = position("QS JS TS 9S KC", hand="KD TD", stock="2S 3S")
    assert texts(legal_actions(state)) == ["play TD taking TS", "play KD taking KC"]


def test_an_uncapturing_card_stays_on_the_table() -> None:
    state = act(position("KS", hand="4D", stock="7C"), "play 4D")
    assert parse_card("4D") in state.table


def test_turned_card_resolves_against_the_table_after_the_play() -> None:
    # 4D lands on the table, so the turned 6S takes it (it could take nothing before).
    state = act(position("KS", hand="4D", stock="6S"), "play 4D")
    assert texts(legal_actions(state)) == ["flip 6S taking 4D"]
    # and 8C took the only 2, so the turned 8S finds nothing left.
    state = act(position("2H KS", hand="8C", stock="8S"), "play 8C taking 2H")
    assert texts(legal_actions(state)) == ["flip 8S"]


def test_turn_order_play_then_flip_then_the_other_player() -> None:
    state = position("KS", hand="4D", other="5C", stock="7C 7D", dealer=1)
    assert state.to_move == 0 and state.phase == PLAY
    with pytest.raises(IllegalActionError, match="must play a card from the hand first"):
        act(state, "flip 7C")
    state = act(state, "play 4D")
    with pytest.raises(IllegalActionError, match="must now turn over the stock card"):
        act(state, "play 4D")
    state = act(state, "flip 7C")
    assert state.to_move == 1 and state.phase == PLAY
    state = act(state, "play 5C", "flip 7D")
    assert state.phase == OVER and legal_actions(state) == []


def test_layout_triple_taken_by_the_fourth_card_from_a_hand() -> None:
    state = position("KS KH KD 4C", hand="KC 6D", stock="2S")
    assert state.triple == parse_card("KS") >> 2
    assert "play KC taking the layout triple" in texts(legal_actions(state))
    state = act(state, "play KC taking the layout triple")
    assert state.table == (parse_card("4C"),)
    assert state.piles[0].bit_count() == 4 and pile_points(state) == (20, 0)
    assert state.triple == -1


def test_layout_triple_taken_by_the_fourth_card_from_the_stock() -> None:
    state = position("5S 5H 5D 9C", hand="AD", other="3C", stock="5C 2S", dealer=1)
    state = act(state, "play AD taking 9C")
    assert texts(legal_actions(state)) == ["flip 5C taking the layout triple"]
    state = act(state, "flip 5C taking the layout triple")
    assert state.table == () and state.piles[0].bit_count() == 6


def test_layout_triple_taken_by_the_other_player() -> None:
    state = position("JS JH JD 9C", hand="3C", other="JC", stock="2S 4S", dealer=1)
    state = act(state, "play 3C", "flip 2S", "play JC taking the layout triple")
    assert state.piles[1].bit_count() == 4


def test_only_special_ranks_form_a_layout_triple() -> None:
    state = position("7S 7H 7D 9C", hand="3C", stock="2S")
    assert state.triple == -1
    assert texts(legal_actions(state)) == [
        "play 3C taking 7S",
        "play 3C taking 7H",
        "play 3C taking 7D",
    ]


def test_four_of_a_kind_in_the_layout_goes_to_the_dealer() -> None:
    for dealer in (0, 1):
        state = position("QS QH QD QC", hand="3C", stock="2S", dealer=dealer)
        assert state.table == ()
        assert state.piles[dealer].bit_count() == 4 and state.piles[1 - dealer] == 0
        assert pile_points(state)[dealer] == 20


def test_non_special_four_of_a_kind_is_played_normally() -> None:
    state = position("4S 4H 4D 4C", hand="6C", stock="2S")
    assert state.table and len(legal_actions(state)) == 4


def test_nondealer_moves_first() -> None:
    assert position("KS", hand="4D", stock="7C", dealer=0).to_move == 1
    assert position("KS", hand="4D", stock="7C", dealer=1).to_move == 0


def test_illegal_actions_name_the_action_and_the_reason() -> None:
    state = position("2H", hand="8C", stock="4D")
    with pytest.raises(IllegalActionError, match=r"^play 9C is illegal: 9C is not in the hand"):
        act(state, "play 9C")
    with pytest.raises(IllegalActionError, match="can only take 2H"):
        act(state, "play 8C taking 4D")
    with pytest.raises(IllegalActionError, match="not a well-formed action"):
        apply_action(state, 1 << 20)
    with pytest.raises(IllegalActionError, match=r"^action 1180591620717411303424 is illegal"):
        apply_action(state, 2**70)  # its low bits spell "play AS": not named as that
    done = act(position("KS", hand="4D", stock="7C"), "play 4D", "flip 7C")
    with pytest.raises(IllegalActionError, match="the deal is over"):
        act(done, "play 4D")


def _outcome_holding(cards: str) -> DealOutcome:
    """The outcome when seat 0's pile is ``cards`` and seat 1's is the rest of the pack."""
    mine = sum(1 << parse_card(c) for c in cards.split())
    rest = ((1 << 52) - 1) ^ mine
    state = DealState(
        DealSetup(0, ((), ()), (), ()), 0, OVER, ((), ()), 0, 0, (mine, rest), -1, None
    )
    result = outcome(state)
    assert result is not None
    return result


def test_results_are_points_minus_105_and_opposite() -> None:
    result = _outcome_holding("AH AD KH KD QH QD JH JD")
    assert result.points == (100, 110)  # 20 + 20 + 6 * 10
    assert result.results == (-5, 5) and result.winner == 1


def test_exactly_105_is_a_tie() -> None:
    result = _outcome_holding("AH AD KH KD QH QD JH JD 5H")  # 20+20+6*10+5
    assert result.points == (105, 105)
    assert result.results == (0, 0) and result.winner is None


def test_outcome_is_none_until_the_deal_ends() -> None:
    state = position("KS", hand="4D", stock="7C")
    assert outcome(state) is None
    assert outcome(act(state, "play 4D", "flip 7C")) is not None


def test_a_full_deal_checks_its_pack() -> None:
    from chinese_ten.engine.errors import RecordError

    with pytest.raises(RecordError, match="hand of seat 0 has 1 cards"):
        start(DealSetup.from_text(0, ("AS", "2S"), "3S", "4S"))


def _full_setup() -> DealSetup:
    import random

    from chinese_ten.engine.chance import random_setup

    return random_setup(random.Random(5), 0)


@pytest.mark.parametrize("card", [99, 52, -1, True, "AS", None])
def test_a_checked_deal_refuses_what_is_not_a_card(card: object) -> None:
    from chinese_ten.engine.errors import RecordError

    setup = _full_setup()
    start(setup)  # the friendly case: a full pack passes
    bad = DealSetup(setup.dealer, setup.hands, (card, *setup.layout[1:]), setup.stock)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="is not a card: cards are the numbers 0 to 51"):
        start(bad, check=True)
    with pytest.raises(RecordError, match="dealer must be seat 0 or 1"):
        DealSetup(True, setup.hands, setup.layout, setup.stock).check()


@pytest.mark.parametrize("action", ["play 8C taking 2H", None, 1.0, True, False, [8]])
def test_apply_action_names_an_action_of_the_wrong_type(action: object) -> None:
    state = position("2H", hand="8C", stock="4D")
    assert legal_actions(state) == [parse_action("play 8C taking 2H")]
    with pytest.raises(
        TypeError, match=f"^apply_action: action must be an int .*{type(action).__name__}"
    ):
        apply_action(state, action)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="apply_action: state must be a DealState, not str"):
        apply_action("state", parse_action("play 8C taking 2H"))  # type: ignore[arg-type]


def test_apply_leaves_the_old_state_untouched() -> None:
    state = position("2H 6C JD 9S", hand="8C", stock="4D")
    before = tuple(state)
    after = apply_action(state, parse_action("play 8C taking 2H"))
    assert tuple(state) == before and after != state
