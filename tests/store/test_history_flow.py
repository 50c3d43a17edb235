"""The game flow keeps every game in the history as each deal ends, resumed games included;
the store happens on the writer's thread, so a busy database never holds the game up."""

import sqlite3
from pathlib import Path

import pytest

from chinese_ten.engine.deal import legal_actions
from chinese_ten.game.flow import GameFlow, Notice
from chinese_ten.store.history import open_history, read_history
from chinese_ten.store.history_places import FILE_NAME, PENDING_FOLDER
from tests.options_helpers import game_options


def _flow(folder: Path, **kwargs: object) -> GameFlow:
    base: dict[str, object] = {"players": ("Ana", "Ben"), "seed": 3, "save_dir": folder}
    base.update(kwargs)
    flow = GameFlow(game_options(**base))
    flow.hold_fresh_slot()
    flow.start_series(("Ana", "Ben"))
    return flow


def _play(flow: GameFlow, *, stop_after: int | None = None) -> list[Notice]:
    """Deal and play the first legal action to the end (or ``stop_after`` actions), then let
    the writer store; the notices."""
    texts = flow.deal(20)
    played = 0
    while flow.deal_in_play and (stop_after is None or played < stop_after):
        assert flow.state is not None
        applied = flow.apply(legal_actions(flow.state)[0])
        texts += applied.notices
        played += 1
    assert flow.history.wait()
    return texts + flow.history_notices()


def _finish(flow: GameFlow) -> None:
    while flow.deal_in_play:
        assert flow.state is not None
        flow.apply(legal_actions(flow.state)[0])


def test_each_finished_deal_updates_one_row(tmp_path: Path) -> None:
    flow = _flow(tmp_path, deals_planned=2, computer=(None, "easy"))
    _play(flow, stop_after=10)
    with open_history(tmp_path) as history:
        assert history.games() == []  # nothing until a deal ends
    _finish(flow)
    assert flow.history.wait()
    assert flow.history_notices() == []
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
    again = GameFlow(game_options(players=None, save_dir=tmp_path, deals_planned=3))
    assert again.resume().resumed
    _finish(again)
    assert again.history.wait()
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


def test_a_second_failure_is_not_said_again(tmp_path: Path) -> None:
    flow = _flow(tmp_path, deals_planned=3)
    (tmp_path / FILE_NAME).mkdir()
    first = _play(flow)
    assert [n.title for n in first] == ["This deal waits for the history"]
    assert _play(flow) == []  # the same story: said once
    flow.release()


def test_a_busy_history_does_not_hold_the_game_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program holds the database: the deal's end returns while the store waits;
    the store goes through once the database is free, and quitting waits for it."""
    monkeypatch.setattr("chinese_ten.store.history_schema.BUSY_TIMEOUT_MS", 60_000)
    with open_history(tmp_path):
        pass  # the file exists, in WAL mode
    flow = _flow(tmp_path, deals_planned=2)
    holder = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        flow.deal(20)
        _finish(flow)
        assert flow.series.outcomes  # the deal ended and was counted
        assert not flow.history.wait(timeout=0.2)  # its store still waits for the database
        assert flow.history_notices() == [] and flow.history_id is None
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    flow.release()  # waits (within a bound) for the last deal to be stored
    assert flow.history.wait(timeout=0)
    with open_history(tmp_path) as history:
        (row,) = history.games()
    assert row.deals_played == 1 and flow.history_notices() == []
    assert flow.history_id == row.id


def test_many_deals_waiting_store_the_newest_record_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("chinese_ten.store.history_schema.BUSY_TIMEOUT_MS", 60_000)
    with open_history(tmp_path):
        pass
    flow = _flow(tmp_path, deals_planned=3)
    holder = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        for _deal in range(3):
            flow.deal(20)
            _finish(flow)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert flow.history.wait()
    with open_history(tmp_path) as history:
        (row,) = history.games()
        assert row.deals_played == 3 and history.record(row.id) == flow.record(full=True)
    flow.release()


def test_an_unexpected_failure_in_the_writer_is_said_and_it_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    flow = _flow(tmp_path, deals_planned=2)
    monkeypatch.setattr("chinese_ten.store.history_pending.keep", broken)
    (notice,) = _play(flow)
    assert notice.error and notice.text == "boom"
    monkeypatch.undo()
    assert _play(flow) == []  # the writer still works: the next deal stores both
    with open_history(tmp_path) as history:
        (row,) = history.games()
    assert row.deals_played == 2
    flow.release()


def _locked(folder: Path) -> sqlite3.Connection:
    """Another program's connection holding the history in an exclusive transaction."""
    holder = sqlite3.connect(folder / FILE_NAME, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    return holder


@pytest.mark.parametrize("later", ["next run", "this run"])
def test_the_last_deal_of_a_series_ended_while_the_history_is_locked_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, later: str
) -> None:
    monkeypatch.setattr("chinese_ten.store.history_schema.BUSY_TIMEOUT_MS", 100)
    with open_history(tmp_path):
        pass  # the file exists, in WAL mode
    flow = _flow(tmp_path, deals_planned=1)
    holder = _locked(tmp_path)
    try:
        (notice,) = _play(flow)  # the whole series: its one deal
        assert flow.series.is_over
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert notice.title == "This deal waits for the history" and notice.error
    assert "is busy" in notice.text and PENDING_FOLDER in notice.text
    assert notice.text.count("\n") == 0
    (pending,) = (tmp_path / PENDING_FOLDER).iterdir()
    with read_history(tmp_path) as history:
        assert history.games() == []
    if later == "this run":
        flow.new_series()
        assert _play(flow) == []
        flow.release()
        expected = [1, 1]
    else:
        flow.release()
        again = GameFlow(game_options(players=None, save_dir=tmp_path))
        assert again.history.wait()
        again.release()
        expected = [1]
    with read_history(tmp_path) as history:
        rows = history.games()
    assert sorted(r.deals_played for r in rows) == expected and all(r.over for r in rows)
    assert not pending.exists()


def test_a_pending_game_already_stored_whole_is_not_stored_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("chinese_ten.store.history_schema.BUSY_TIMEOUT_MS", 100)
    with open_history(tmp_path):
        pass
    flow = _flow(tmp_path, deals_planned=1)
    holder = _locked(tmp_path)
    try:
        _play(flow)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    flow.release()
    (pending,) = (tmp_path / PENDING_FOLDER).iterdir()
    kept = pending.read_bytes()
    for _time in range(2):  # the second time, as if another program had left it again
        pending.write_bytes(kept)
        assert GameFlow(game_options(players=None, save_dir=tmp_path)).history.wait()
        assert not pending.exists()
    with read_history(tmp_path) as history:
        (row,) = history.games()
    assert row.deals_played == 1


@pytest.mark.parametrize("content", [b"{", b'{"format": "chinese-ten-pending"}', b"[" * 100_000])
def test_a_pending_file_that_cannot_be_read_is_left_alone(tmp_path: Path, content: bytes) -> None:
    (tmp_path / PENDING_FOLDER).mkdir()
    odd = tmp_path / PENDING_FOLDER / "game-1.json"
    odd.write_bytes(content)
    flow = _flow(tmp_path, deals_planned=1)
    assert _play(flow) == []
    flow.release()
    assert odd.read_bytes() == content
    with read_history(tmp_path) as history:
        assert len(history.games()) == 1


def test_a_free_history_leaves_no_pending_file(tmp_path: Path) -> None:
    flow = _flow(tmp_path, deals_planned=1)
    assert _play(flow) == []
    flow.release()
    assert not (tmp_path / PENDING_FOLDER).exists()


_PENDING_FIELDS = {"started": "2026-01-01T00:00:00+00:00", "ended": "2026-01-01T00:05:00+00:00"}


@pytest.mark.parametrize(
    "odd",
    [
        {"started": "0001-01-01T00:00:00+14:00"},
        {"ended": "9999-12-31T23:59:59-14:00"},
        {"started": "2026-01-01T00:00:00"},
        {"ended": 12},
        {"computers": "hard"},
        {"computers": [None, "hard", "hard", "hard"]},
        {"computers": [None, "evil"]},
        {"computers": [None, 3]},
    ],
)
def test_a_pending_file_with_odd_fields_is_left_alone_and_blocks_nothing(
    tmp_path: Path, odd: dict[str, object]
) -> None:
    import json

    from chinese_ten.store.history_pending import PENDING_FORMAT
    from tests.history_helpers import played

    record = json.loads(played(2, seed=9, names=("Pia", "Quinn")).model_dump_json())
    document = {"format": PENDING_FORMAT, "record": record, "computers": [None, "hard"]}
    document |= _PENDING_FIELDS | odd
    (tmp_path / PENDING_FOLDER).mkdir()
    pending = tmp_path / PENDING_FOLDER / "game-1.json"
    pending.write_text(json.dumps(document))
    flow = _flow(tmp_path, deals_planned=1)
    assert _play(flow) == []  # this game is stored, nothing said
    flow.release()
    assert json.loads(pending.read_text()) == document
    with read_history(tmp_path) as history:
        (row,) = history.games()
        assert history.damage == []
    assert row.players == ("Ana", "Ben")


def test_a_pending_folder_that_is_a_symbolic_link_is_not_written_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deal the busy history cannot take would land in the folder the link names."""
    monkeypatch.setattr("chinese_ten.store.history_schema.BUSY_TIMEOUT_MS", 100)
    with open_history(tmp_path):
        pass
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / PENDING_FOLDER).symlink_to(elsewhere)
    flow = _flow(tmp_path, deals_planned=1)
    holder = _locked(tmp_path)
    try:
        (notice,) = _play(flow)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    flow.release()
    assert list(elsewhere.iterdir()) == []
    assert notice.error and "is busy" in notice.text and PENDING_FOLDER not in notice.text


def test_a_pending_game_that_does_not_replay_is_left_alone_and_blocks_nothing(
    tmp_path: Path,
) -> None:
    import json

    from chinese_ten.store.history_pending import PENDING_FORMAT
    from tests.history_helpers import played

    record = json.loads(played(2, seed=3, names=("Cy", "Di")).model_dump_json())
    deal = record["deals"][0]
    deal["turns"][0]["play"] = deal["hands"][0][0]  # a card the first to play does not hold
    document = {"format": PENDING_FORMAT, "record": record, "computers": [None, None]}
    document |= _PENDING_FIELDS
    (tmp_path / PENDING_FOLDER).mkdir()
    pending = tmp_path / PENDING_FOLDER / "game-1.json"
    pending.write_text(json.dumps(document))
    for _deal in range(2):  # every later deal is stored too
        flow = _flow(tmp_path, deals_planned=1)
        assert _play(flow) == []  # this game is stored, the other game's fault not said
        flow.release()
    assert json.loads(pending.read_text()) == document
    with read_history(tmp_path) as history:
        rows = history.games()
    assert [row.players for row in rows] == [("Ana", "Ben")] * 2


def test_a_pending_copy_of_deals_its_row_has_grown_past_is_dropped(tmp_path: Path) -> None:
    """Another program on the same folder (or a crash between store and unlink) leaves the
    first deals of a game pending after its row has grown past them."""
    from datetime import UTC, datetime

    from chinese_ten.store.history_columns import canonical
    from chinese_ten.store.history_pending import keep_pending, store_pending
    from chinese_ten.store.records import game_record
    from tests.history_helpers import played

    whole = played(3, planned=3)
    states = canonical(whole)[1]
    started = datetime(2026, 1, 1, tzinfo=UTC)
    with open_history(tmp_path) as history:
        grown = history.store(whole, computers=[None, None], started=started, ended=None)
    pending = keep_pending(
        tmp_path, game_record(whole.players, 3, states[:2]), [None, None], started
    )
    with open_history(tmp_path) as history:
        store_pending(history, tmp_path)
        rows = history.games()
    assert [(row.id, row.deals_played) for row in rows] == [(grown, 3)]
    assert not pending.exists()


def test_a_pending_game_of_other_deals_is_still_stored(tmp_path: Path) -> None:
    """A stored game of the same players that does not begin with the pending deals."""
    from datetime import UTC, datetime

    from chinese_ten.store.history_pending import keep_pending, store_pending
    from tests.history_helpers import played

    started = datetime(2026, 1, 1, tzinfo=UTC)
    with open_history(tmp_path) as history:
        history.store(played(3, planned=3), computers=[None, None], started=started, ended=None)
    pending = keep_pending(tmp_path, played(2, planned=3, seed=11), [None, None], started)
    with open_history(tmp_path) as history:
        store_pending(history, tmp_path)
        rows = history.games()
    assert sorted(row.deals_played for row in rows) == [2, 3]
    assert not pending.exists()


def test_a_pending_game_is_looked_for_under_the_write_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two programs waiting on one lock cannot both find the game missing and store it."""
    from datetime import UTC, datetime

    from chinese_ten.store.history import History
    from chinese_ten.store.history_pending import keep_pending, store_pending
    from tests.history_helpers import played

    with open_history(tmp_path):
        pass
    looked = History._held
    writes: list[str] = []

    def held_while_another_writes(history: History, *args: object) -> bool:
        other = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None, timeout=0)
        try:
            other.execute("BEGIN IMMEDIATE")
            other.execute("ROLLBACK")
            writes.append("written")
        except sqlite3.OperationalError as error:
            writes.append(str(error))
        finally:
            other.close()
        return looked(history, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(History, "_held", held_while_another_writes)
    started = datetime(2026, 1, 1, tzinfo=UTC)
    keep_pending(tmp_path, played(2), [None, None], started)
    with open_history(tmp_path) as history:
        store_pending(history, tmp_path)
        (row,) = history.games()
    assert writes == ["database is locked"]
    assert row.deals_played == 2
