"""The game flow keeps every game in the history as each deal ends, resumed games included."""

from pathlib import Path

from chinese_ten.deal import legal_actions
from chinese_ten.game_flow import GameFlow, Notice
from chinese_ten.history import FILE_NAME, open_history
from chinese_ten.tui_options import GameOptions


def _flow(folder: Path, **kwargs: object) -> GameFlow:
    base: dict[str, object] = {"players": ("Ana", "Ben"), "seed": 3, "save_dir": folder}
    base.update(kwargs)
    flow = GameFlow(GameOptions(**base))  # type: ignore[arg-type]
    flow.hold_fresh_slot()
    flow.start_series(("Ana", "Ben"))
    return flow


def _play(flow: GameFlow, *, stop_after: int | None = None) -> list[Notice]:
    """Deal and play the first legal action to the end (or ``stop_after`` actions); the
    notices."""
    texts = flow.deal(20)
    played = 0
    while flow.deal_in_play and (stop_after is None or played < stop_after):
        assert flow.state is not None
        applied = flow.apply(legal_actions(flow.state)[0])
        texts += applied.notices
        played += 1
    return texts


def test_each_finished_deal_updates_one_row(tmp_path: Path) -> None:
    flow = _flow(tmp_path, deals_planned=2, computer=(None, "easy"))
    _play(flow, stop_after=10)
    with open_history(tmp_path) as history:
        assert history.games() == []  # nothing until a deal ends
    while flow.deal_in_play:
        assert flow.state is not None
        flow.apply(legal_actions(flow.state)[0])
    with open_history(tmp_path) as history:
        (row,) = history.games()
    assert row.deals_played == 1 and row.computers == (None, "easy")
    assert flow.history_id == row.id
    assert _play(flow) == []
    with open_history(tmp_path) as history:
        (row,) = history.games()
        assert row.deals_played == 2 and row.over
        assert row.totals == flow.series.totals
        assert history.record(row.id) == flow.record(full=True)
    flow.new_series()
    _play(flow)
    with open_history(tmp_path) as history:
        assert [r.deals_played for r in history.games()] == [1, 2]
    flow.release()


def test_a_resumed_game_updates_its_row(tmp_path: Path) -> None:
    flow = _flow(tmp_path, deals_planned=3)
    _play(flow)
    _play(flow, stop_after=7)
    flow.release()
    again = GameFlow(GameOptions(players=None, save_dir=tmp_path, deals_planned=3))
    assert again.resume().resumed
    while again.deal_in_play:
        assert again.state is not None
        again.apply(legal_actions(again.state)[0])
    with open_history(tmp_path) as history:
        (row,) = history.games()
    assert row.deals_played == 2
    again.release()


def test_a_history_that_cannot_be_written_is_said_and_play_goes_on(tmp_path: Path) -> None:
    flow = _flow(tmp_path, deals_planned=2)
    (tmp_path / FILE_NAME).mkdir()  # the database's place is taken by a folder
    notices = _play(flow)
    assert flow.series.outcomes and flow.save_problem is None
    (notice,) = notices
    assert notice.error and FILE_NAME in notice.text
    flow.release()


def test_a_broken_history_is_moved_aside_and_said(tmp_path: Path) -> None:
    flow = _flow(tmp_path, deals_planned=2)
    (tmp_path / FILE_NAME).write_bytes(b"junk" * 1000)
    (notice,) = _play(flow)
    assert not notice.error and "broken-1" in notice.text
    assert (tmp_path / f"{FILE_NAME}.broken-1").read_bytes() == b"junk" * 1000
    with open_history(tmp_path) as history:
        assert len(history.games()) == 1
    flow.release()
