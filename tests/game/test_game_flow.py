"""The game's flow driven directly, without Textual: series, deals, computers, saves, resume,
at tables of two, three and four (seats, default names, the deal passing round)."""

import json
from pathlib import Path

from chinese_ten.engine.deal import OVER, DealState, legal_actions
from chinese_ten.game.flow import GameFlow
from chinese_ten.game.options import GameOptions
from chinese_ten.lang.i18n import choose
from chinese_ten.store.records import load_and_replay
from tests.options_helpers import game_options


def _options(folder: Path, **kwargs: object) -> GameOptions:
    base: dict[str, object] = {"players": ("Ana", "Ben"), "seed": 3, "save_dir": folder}
    base.update(kwargs)
    return game_options(**base)


def _new(folder: Path, **kwargs: object) -> GameFlow:
    flow = GameFlow(_options(folder, **kwargs))
    saved, notices = flow.find_unfinished()
    assert saved is None and notices == []
    assert flow.hold_fresh_slot() == []
    flow.start_series(("Ana", "Ben"))
    return flow


def _play_deal(flow: GameFlow, cut: int = 20, *, stop_after: int | None = None) -> None:
    """Deal and play the first legal action until the deal ends (or ``stop_after`` actions)."""
    assert flow.deal(cut) == []
    played = 0
    while flow.deal_in_play and (stop_after is None or played < stop_after):
        assert flow.state is not None
        applied = flow.apply(legal_actions(flow.state)[0])
        assert applied.notices == []
        played += 1
        assert (applied.result is not None) == (flow.state.phase == OVER)


def test_a_whole_series_is_played_saved_and_followed_by_one_as_long(tmp_path: Path) -> None:
    flow = _new(tmp_path, deals_planned=2)
    first_dealer = flow.series.next_dealer
    _play_deal(flow)
    assert flow.deal_number == 2 and flow.dealer == 1 - first_dealer
    _play_deal(flow, 30)
    assert flow.series.is_over and len(flow.finished) == 2
    assert sum(flow.series.totals) == 0
    record, states = load_and_replay(tmp_path / "current.json")
    assert states == flow.finished and record.deals_planned == 2
    assert flow.new_series() == []
    assert flow.series.deals_planned == 2 and not flow.series.outcomes and flow.state is None
    assert len(list((tmp_path / "archive").glob("*-finished.json"))) == 1
    flow.release()


def test_the_deals_repeat_from_the_seed(tmp_path: Path) -> None:
    one, two = _new(tmp_path / "a"), _new(tmp_path / "b")
    _play_deal(one, stop_after=5)
    _play_deal(two, stop_after=5)
    assert one.state == two.state
    other = _new(tmp_path / "c", seed=4)
    _play_deal(other, stop_after=5)
    assert other.state is not None and one.state is not None
    assert other.state.setup != one.state.setup


def test_a_computer_seat_is_asked_only_on_its_turn(tmp_path: Path) -> None:
    flow = _new(tmp_path, computer=(None, "random"))
    flow.deal(20)
    moves = 0
    while flow.deal_in_play:
        state = flow.state
        assert state is not None
        player = flow.computer_to_move()
        assert (player is None) == (state.to_move == 0)
        assert flow.viewer() == 0  # the board is always drawn for the person
        legal = legal_actions(state)
        action = legal[0] if player is None else player.choose(flow.view(), legal)
        flow.apply(action)
        moves += 1
    assert moves == 48 and flow.computer_to_move() is None


def test_hot_seat_keyboard_changes_only_when_passed(tmp_path: Path) -> None:
    flow = _new(tmp_path)
    flow.deal(20)
    assert flow.state is not None
    mover = flow.state.to_move
    assert flow.viewer() == mover
    flow.apply(legal_actions(flow.state)[0])
    applied = flow.apply(legal_actions(flow.state)[0])  # the turn-over ends the turn
    assert applied.turn_over and flow.state.to_move == 1 - mover
    assert flow.viewer() == mover  # the mover still looks at the board
    flow.pass_keyboard()
    assert flow.viewer() == 1 - mover


def test_resume_takes_up_the_saved_deal_and_unfinished_game_is_found(tmp_path: Path) -> None:
    flow = _new(tmp_path, deals_planned=3)
    _play_deal(flow)
    _play_deal(flow, stop_after=7)
    flow.release()
    later = GameFlow(_options(tmp_path, players=None))
    saved, _ = later.find_unfinished()
    assert saved is not None and saved.table.names() == ("Ana", "Ben")
    assert (saved.deals_finished, saved.table.deals_planned) == (1, 3)
    assert saved.path == tmp_path / "current.json"
    result = later.resume()
    assert result.resumed and result.notices == []
    assert later.state == flow.state and later.finished == flow.finished
    assert later.series == flow.series and later.names == ("Ana", "Ben")
    assert [s.setup for s in later.deals()] == [s.setup for s in flow.deals()]


def test_a_finished_series_is_not_offered_and_a_new_game_keeps_it(tmp_path: Path) -> None:
    flow = _new(tmp_path, deals_planned=1)
    _play_deal(flow)
    flow.release()
    later = GameFlow(_options(tmp_path))
    saved, _ = later.find_unfinished()
    assert saved is None
    assert later.hold_fresh_slot() == []  # kept quietly: the history has the series
    assert not (tmp_path / "current.json").exists()
    assert len(list((tmp_path / "archive").glob("*.json"))) == 1


def test_a_corrupt_save_is_said_and_moved_aside(tmp_path: Path) -> None:
    (tmp_path / "current.json").write_text('{"format": "chinese-ten", "ver')
    flow = GameFlow(_options(tmp_path))
    saved, notices = flow.find_unfinished()
    assert saved is None
    (notice,) = notices
    assert notice.error and "could not be read" in notice.title
    assert len(list((tmp_path / "archive").glob("*-corrupt.json"))) == 1
    flow.release()
    result = GameFlow(_options(tmp_path, resume=True)).resume()
    assert not result.resumed
    assert "no saved game" in result.notices[0].text


def test_a_failed_save_is_said_once_and_kept_until_a_copy(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("in the way")
    flow = GameFlow(_options(tmp_path / "file" / "data"))
    saved, notices = flow.find_unfinished()
    assert saved is None and notices[0].error
    flow.start_series(("Ana", "Ben"))
    assert flow.deal(20) == []  # the same problem is not said again
    assert flow.unsaved is not None and "file/data" in flow.unsaved
    assert flow.state is not None
    assert flow.apply(legal_actions(flow.state)[0]).notices == []
    copy = tmp_path / "copy.json"
    flow.write_record(copy, full=True)
    assert flow.unsaved is None  # the copy holds the game as it stands
    _, states = load_and_replay(copy)
    assert states[-1] == flow.state
    flow.apply(legal_actions(flow.state)[0])
    assert flow.unsaved is not None  # a move after the copy is stored nowhere


def test_the_fair_record_leaves_out_the_deal_in_play(tmp_path: Path) -> None:
    flow = _new(tmp_path)
    _play_deal(flow)
    _play_deal(flow, stop_after=3)
    assert len(flow.record(full=False).deals) == 1
    assert len(flow.record(full=True).deals) == 2
    target = tmp_path / "out.json"
    target.write_text("mine")
    try:
        flow.write_record(target, full=False)
    except FileExistsError:
        pass
    else:
        raise AssertionError("an existing file was replaced without asking")
    assert target.read_text() == "mine"
    flow.write_record(target, full=False, replace=True)
    assert len(load_and_replay(target)[1]) == 1


def test_a_finished_series_is_kept_as_finished_quietly_when_a_new_game_takes_its_save(
    tmp_path: Path,
) -> None:
    flow = _new(tmp_path, deals_planned=1)
    _play_deal(flow)
    assert flow.series.is_over
    flow.release()
    after = GameFlow(_options(tmp_path, deals_planned=1))
    saved, _ = after.find_unfinished()
    assert saved is None  # over: nothing to continue, no question
    assert after.hold_fresh_slot() == []  # nothing to tell: the history has the series
    assert len(list((tmp_path / "archive").glob("*-finished.json"))) == 1
    assert not list((tmp_path / "archive").glob("*-unfinished.json"))
    after.release()


# The game's flow at tables of three and four: seats, default names, computers, the deal
# passing round, the save and resume (a save is the whole game at any table size).


def _flow(folder: Path, computer: tuple[str | None, ...], **kwargs: object) -> GameFlow:
    options = game_options(computer=computer, seed=5, save_dir=folder, **kwargs)
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
    assert flow.seats == 3 and flow.table.hot_seat is False
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
    assert flow.table.hot_seat and flow.series.deals_planned is None
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
    again = GameFlow(game_options(save_dir=tmp_path))
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

    asked = game_options(deals_planned=6, deals_by_seats=True, save_dir=tmp_path)
    flow = GameFlow(asked)
    flow.start_series(None, (None, "easy", "easy", "easy"))  # the start screen chose four
    assert flow.series.deals_planned == 8 and flow.table.deals_planned == 8
    flow.start_series(None, (None, "easy", "easy"))
    assert flow.series.deals_planned == 6
    assert differences(flow.table, asked.table, deals_by_seats=True) == []  # any length
    told = game_options(deals_planned=3, save_dir=tmp_path)  # `series --deals 3`
    assert differences(flow.table, told.table) == ["length: saved 6 deals, asked 3 deals"]
    assert build_parser().parse_args(["series", "--vs", "easy,easy,easy"]).deals is None


def _computers_only(folder: Path) -> None:
    """A save of an unfinished game against the computer, rewritten so that every seat is
    the computer (as a save made by hand or by another program may be)."""
    flow = _new(folder, computer=(None, "random"), deals_planned=3)
    _play_deal(flow)
    _play_deal(flow, stop_after=7)
    flow.release()
    save = folder / "current.json"
    document = json.loads(save.read_text())
    document["seats"] = [dict(seat, computer="hard") for seat in document["seats"]]
    save.write_text(json.dumps(document))


def test_a_save_whose_every_seat_is_the_computer_is_refused_in_one_notice(
    tmp_path: Path,
) -> None:
    _computers_only(tmp_path)
    for asked in (False, True):
        later = GameFlow(_options(tmp_path, players=None))
        saved, notices = later.find_unfinished()
        assert saved is None and len(notices) == 1 and "no person at the table" in notices[0].text
        result = later.resume(asked=asked)
        assert not result.resumed and len(result.notices) == 1
        assert "no person at the table" in result.notices[0].text
        later.release()
    fresh = GameFlow(_options(tmp_path, players=None))
    fresh.find_unfinished()
    put_away = fresh.hold_fresh_slot()  # the new game keeps it in the archive
    assert len(put_away) == 1 and not (tmp_path / "current.json").exists()
    assert len(list((tmp_path / "archive").glob("*-unfinished.json"))) == 1
    fresh.release()


def test_a_save_against_the_computer_is_taken_up(tmp_path: Path) -> None:
    flow = _new(tmp_path, computer=(None, "random"), deals_planned=3)
    _play_deal(flow)
    _play_deal(flow, stop_after=7)
    flow.release()
    later = GameFlow(_options(tmp_path, players=None))
    saved, _ = later.find_unfinished()
    assert saved is not None and saved.table.computer == (None, "random")
    assert later.resume().resumed and later.keyboard == 0
    later.release()


def _finished_deal(seed: int, dealer: int, seats: int = 2) -> DealState:
    import random

    from chinese_ten.engine.chance import random_setup
    from chinese_ten.engine.deal import apply_action, outcome, start

    state = start(random_setup(random.Random(seed), dealer, 20, seats=seats))
    while outcome(state) is None:
        state = apply_action(state, legal_actions(state)[0])
    return state


def _save(
    folder: Path,
    players: tuple[str | None, ...],
    computer: tuple[str | None, ...],
    planned: int | None,
    deals: int,
) -> None:
    from chinese_ten.game.table import Table
    from chinese_ten.store.records import game_record
    from chinese_ten.store.saves import SaveSlot

    table = Table(players, computer, planned)
    states = [_finished_deal(k, k % len(players), len(players)) for k in range(deals)]
    record = game_record(
        table.record_names(),
        planned,
        states,
        seats=table.seat_records(),
        settings=table.settings_record(),
    )
    SaveSlot(folder).save(record)


def test_a_finished_series_in_the_slot_gives_its_table_to_offer(tmp_path: Path) -> None:
    _save(tmp_path, ("Ana", None, "Cy"), (None, "hard", None), 2, 2)
    flow = GameFlow(_options(tmp_path, players=None))
    assert flow.find_unfinished() == (None, [])  # nothing to continue
    table = flow.finished_table()
    assert table is not None
    assert table.typed == ("Ana", None, "Cy") and table.computer == (None, "hard", None)


def test_no_table_is_offered_from_an_unfinished_game_nor_one_of_computers(
    tmp_path: Path,
) -> None:
    _save(tmp_path / "open", ("Ana", "Ben"), (None, None), None, 3)  # deal after deal
    _save(tmp_path / "short", ("Ana", "Ben"), (None, None), 4, 2)  # 2 of 4 deals
    _save(tmp_path / "bots", (None, None), ("easy", "hard"), 1, 1)  # nobody at the keyboard
    for folder in ("open", "short", "bots"):
        flow = GameFlow(_options(tmp_path / folder, players=None))
        flow.find_unfinished()
        assert flow.finished_table() is None, folder
    assert GameFlow(_options(tmp_path / "empty", players=None)).finished_table() is None


def test_a_save_replaced_while_playing_is_kept_and_said(tmp_path: Path) -> None:
    other = _new(tmp_path / "other", seed=5)
    _play_deal(other, stop_after=3)
    other.release()
    flow = _new(tmp_path)
    _play_deal(flow, stop_after=3)
    theirs = (tmp_path / "other" / "current.json").read_bytes()
    (tmp_path / "current.json").write_bytes(theirs)  # another game copied over this one's save
    assert flow.state is not None
    applied = flow.apply(legal_actions(flow.state)[0])
    (notice,) = applied.notices
    assert notice.title == "Another save was kept" and "current.json" in notice.text
    (kept,) = (tmp_path / "archive").glob("*-replaced.json")
    assert kept.read_bytes() == theirs and str(kept) in notice.text
    assert load_and_replay(tmp_path / "current.json")[0].players == ("Ana", "Ben")
    assert flow.apply(legal_actions(flow.state)[0]).notices == []
    flow.release()
