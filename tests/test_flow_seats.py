"""The game's flow at tables of three and four: seats, default names, computers, the deal
passing round, the save and resume (a save is the whole game at any table size)."""

from pathlib import Path

from chinese_ten.engine.deal import legal_actions
from chinese_ten.game.flow import GameFlow
from chinese_ten.game.options import GameOptions
from chinese_ten.lang.i18n import choose
from chinese_ten.store.records import load_and_replay


def _flow(folder: Path, computer: tuple[str | None, ...], **kwargs: object) -> GameFlow:
    options = GameOptions(computer=computer, seed=5, save_dir=folder, **kwargs)  # type: ignore[arg-type]
    flow = GameFlow(options)
    assert flow.find_unfinished() == (None, [])
    assert flow.hold_fresh_slot() == []
    flow.start_series()
    return flow


def _play(flow: GameFlow) -> list[str]:
    """Play one deal: every computer chooses from its view, each person the first action;
    what the flow had to say."""
    said: list[str] = []
    assert flow.deal(17) == []
    while flow.deal_in_play:
        assert flow.state is not None
        assert flow.computers[flow.viewer()] is None  # the board is never a computer's view
        legal = legal_actions(flow.state)
        player = flow.computer_to_move()
        action = legal[-1] if player is None else player.choose(flow.view(), legal)
        said += [notice.text for notice in flow.apply(action).notices]
    return said


def test_one_person_against_two_computers_is_always_shown_their_own_hand(tmp_path: Path) -> None:
    flow = _flow(tmp_path, ("random", None, "random"))
    assert flow.seats == 3 and flow.options.hot_seat is False
    assert flow.names == ("Computer 1 (random)", "You", "Computer 3 (random)")
    assert flow.deal(9) == []
    assert flow.state is not None and [len(h) for h in flow.state.hands] == [8, 8, 8]
    while flow.deal_in_play:
        assert flow.viewer() == 1
        assert flow.view().hand == flow.state.hands[1]
        legal = legal_actions(flow.state)
        player = flow.computer_to_move()
        assert (player is None) == (flow.state.to_move == 1)
        flow.apply(legal[0] if player is None else player.choose(flow.view(), legal))
    assert len(flow.series.outcomes) == 1 and sum(flow.series.totals) == 0
    flow.release()


def test_four_people_default_to_player_one_to_four_and_share_the_keyboard(
    tmp_path: Path,
) -> None:
    flow = _flow(tmp_path, (None,) * 4)
    assert flow.options.hot_seat and flow.series.deals_planned is None
    assert flow.names == ("Player 1", "Player 2", "Player 3", "Player 4")
    choose("fr")
    try:
        assert flow.names[2] == "Joueur 3"
    finally:
        choose("en")
    flow.deal(30)
    assert flow.state is not None
    flow.pass_keyboard()
    assert flow.viewer() == flow.state.to_move
    flow.release()


def test_the_deal_passes_to_the_next_seat_and_a_resumed_game_is_the_same_table(
    tmp_path: Path,
) -> None:
    levels = ("greedy", None, None)
    flow = _flow(tmp_path, levels, players=("Ana", "Ben", "Cy"), deals_planned=4)
    first = flow.series.next_dealer
    assert _play(flow) == []  # stored in the history like any game
    assert flow.dealer == (first + 1) % 3
    assert _play(flow) == []
    flow.deal(12)
    flow.release()
    record, states = load_and_replay(tmp_path / "current.json")
    assert record.players == ("Ana", "Ben", "Cy") and len(states) == 3
    again = GameFlow(GameOptions(save_dir=tmp_path))
    saved, _ = again.find_unfinished()
    assert saved is not None and saved.deals_finished == 2
    assert again.resume(asked=True).resumed
    assert again.table.computer == levels and again.names == ("Ana", "Ben", "Cy")
    assert again.series.seats == 3 and again.series.next_dealer == (first + 2) % 3
    assert again.state == flow.state
    again.release()


def test_a_series_without_a_length_lets_every_seat_deal_equally_often(tmp_path: Path) -> None:
    from chinese_ten.cli.main import build_parser
    from chinese_ten.game.table import differences

    asked = GameOptions(deals_planned=6, deals_by_seats=True, save_dir=tmp_path)
    flow = GameFlow(asked)
    flow.start_series(None, (None, "easy", "easy", "easy"))  # the start screen chose four
    assert flow.series.deals_planned == 8 and flow.table.deals_planned == 8
    flow.start_series(None, (None, "easy", "easy"))
    assert flow.series.deals_planned == 6
    assert differences(flow.table, asked) == []  # `series` alone asks for no length
    told = GameOptions(deals_planned=3, save_dir=tmp_path)  # `series --deals 3`
    assert differences(flow.table, told) == ["length: saved 6 deals, asked 3 deals"]
    assert build_parser().parse_args(["series", "--vs", "easy,easy,easy"]).deals is None
