"""The game's flow driven directly, without Textual: series, deals, computers, saves, resume."""

from pathlib import Path

from chinese_ten.engine.deal import OVER, legal_actions
from chinese_ten.game.flow import GameFlow
from chinese_ten.game.options import GameOptions
from chinese_ten.store.records import load_and_replay


def _options(folder: Path, **kwargs: object) -> GameOptions:
    base: dict[str, object] = {"players": ("Ana", "Ben"), "seed": 3, "save_dir": folder}
    base.update(kwargs)
    return GameOptions(**base)  # type: ignore[arg-type]


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
    (notice,) = later.hold_fresh_slot()
    assert "kept as" in notice.text
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


def test_a_finished_series_is_kept_as_finished_when_a_new_game_takes_its_save(
    tmp_path: Path,
) -> None:
    flow = _new(tmp_path, deals_planned=1)
    _play_deal(flow)
    assert flow.series.is_over
    flow.release()
    after = GameFlow(_options(tmp_path, deals_planned=1))
    saved, _ = after.find_unfinished()
    assert saved is None  # over: nothing to continue, no question
    (notice,) = after.hold_fresh_slot()
    assert "kept as" in notice.text
    assert len(list((tmp_path / "archive").glob("*-finished.json"))) == 1
    assert not list((tmp_path / "archive").glob("*-unfinished.json"))
    after.release()
