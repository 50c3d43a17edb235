"""The join screen against a host on loopback: the board of one seat, driven by the network."""

from pathlib import Path

import pytest

from chinese_ten.net.protocol import Ready
from chinese_ten.net.remote import RemoteTurn
from chinese_ten.tui.join import JoinApp
from chinese_ten.tui.screens.dialogs import HandScreen
from chinese_ten.tui.screens.join import status_text
from tests.net.host_helpers import hosting, new_table, seated
from tests.options_helpers import game_options
from tests.tui_helpers import screen_text


async def settle(condition: "object", pilot: "object") -> None:
    for _ in range(300):
        if condition():  # type: ignore[operator]
            return
        await pilot.pause(0.02)  # type: ignore[attr-defined]
    raise AssertionError("never happened")


async def test_a_joined_seat_plays_with_the_keys_and_sees_only_its_cards(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, None), deals=1)
    state = table.authority.flow.state
    assert state is not None
    mover = state.to_move
    async with hosting(table) as (_host, base):
        other = await seated(table, base, 1 - mover)
        me = await seated(table, base, mover)
        app = JoinApp(me, game_options())
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.join_screen
            await settle(lambda: screen.turn.stage == "select", pilot)
            assert status_text(screen.turn) == "Your turn."
            view = screen.turn.view
            assert view is not None and len(view.hand) == len(state.hands[mover])
            seq = table.authority.seq
            await pilot.press("enter")
            if screen.turn.stage == "target":
                await pilot.press("enter")
            await settle(lambda: table.authority.seq > seq, pilot)
            await settle(lambda: screen.turn.stage == "flip", pilot)
            await pilot.press("space")
            if screen.turn.stage == "flip-target":
                await pilot.press("enter")
            await settle(lambda: screen.turn.stage == "computer", pilot)
            name = table.authority.flow.names[1 - mover]
            assert status_text(screen.turn) == f"Waiting for {name}."
            await other.close()
            await settle(lambda: "is away" in status_text(screen.turn), pilot)
            assert (
                status_text(screen.turn) == f"Waiting for {name}. {name} is away: the table waits."
            )
        await me.close()


def test_the_status_line_before_the_first_update() -> None:
    assert status_text(RemoteTurn()) == "Waiting for the host…"


async def test_a_fatal_refusal_ends_the_app_with_its_reason(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, None), deals=1)
    async with hosting(table) as (_host, base):
        me = await seated(table, base, 0)
        app = JoinApp(me, game_options())
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(lambda: app.join_screen.turn.update is not None, pilot)
            again = await seated(table, base, 0)  # the same link elsewhere takes the seat
            await settle(lambda: app.join_screen.ended is not None, pilot)
        assert app.ended is not None and "another connection" in app.ended
        await again.close()
        await me.close()


async def test_the_deals_record_goes_into_the_players_own_history(
    tmp_path: Path, monkeypatch: "object"
) -> None:
    """At a deal's end the host sends its record; the joined player's history keeps it."""
    import random

    from chinese_ten.engine.deal import legal_actions
    from chinese_ten.store.history import read_history
    from chinese_ten.tui.screens.results import ResultsScreen

    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path / "ben"))  # type: ignore[attr-defined]
    table = new_table(tmp_path, (None, None), deals=1)
    rng = random.Random(3)
    while table.authority.stage == "play":
        assert table.authority.flow.state is not None
        table.authority._play(rng.choice(legal_actions(table.authority.flow.state)))
    async with hosting(table) as (_host, base):
        me = await seated(table, base, 1)  # the deal is over: the record comes at once
        app = JoinApp(me, game_options())
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.join_screen
            await settle(lambda: screen.turn.stage == "results", pilot)
            assert status_text(screen.turn) == "The series is over."
            # joined after the deal's end: the update came first, the record after it
            await settle(lambda: isinstance(app.screen, ResultsScreen), pilot)
        await me.close()
    app.join_screen.history.wait()
    with read_history(tmp_path / "ben") as history:
        games = history.games()
    assert len(games) == 1
    with read_history(tmp_path / "ben") as history:
        record = history.record(games[0].id)
    assert record.deals[0].hands == table.authority.flow.finished[0].setup.hands


def test_names_from_the_network_reach_the_screen_with_their_controls_visible() -> None:
    from chinese_ten.net.protocol import TableState, Update

    hostile = "\x1b]2;pwned\x07Ben"
    turn = RemoteTurn(seat=0)
    turn.receive(
        Update(
            seq=0,
            table=TableState(
                names=("Ana", hostile),
                levels=(None, None),
                present=(True, False),
                deals_planned=None,
                first_dealer=0,
                points=(),
                stage="play",
                waiting_for=(1,),
                hints=True,
                open_scores=False,
            ),
            view=None,
        )
    )
    assert "\x1b" not in status_text(turn) and "\x07" not in status_text(turn)
    assert all("\x1b" not in name for name in turn.scene().names)
    assert "Ben" in status_text(turn)


async def test_only_the_hosts_seat_has_the_computer_key(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, None, None), deals=None)
    async with hosting(table) as (_host, base):
        for seat, shown in ((0, True), (1, False)):
            me = await seated(table, base, seat)
            app = JoinApp(me, game_options())
            async with app.run_test(size=(120, 40)) as pilot:
                screen = app.join_screen
                await settle(lambda s=screen: s.turn.update is not None, pilot)
                assert screen.check_action("computer", ()) is shown
                if shown:
                    await pilot.press("c")  # seats 1 and 2 are away: the computer takes them
                    await settle(lambda a=app: isinstance(a.screen, HandScreen), pilot)
                    await pilot.press("enter")  # normal, the level offered first
                    await settle(
                        lambda: table.authority.handed == {1: "normal", 2: "normal"}, pilot
                    )
            await me.close()


async def test_the_host_chooses_the_level_and_gives_the_seats_back(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, None, None), deals=None)
    async with hosting(table) as (_host, base):
        me = await seated(table, base, 0)
        app = JoinApp(me, game_options())
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.join_screen
            await settle(lambda: screen.turn.update is not None, pilot)
            await pilot.press("c")
            await settle(lambda: isinstance(app.screen, HandScreen), pilot)
            assert "Give them back" not in screen_text(app)  # nothing handed yet
            await pilot.press("3")  # hard
            await settle(lambda: table.authority.handed == {1: "hard", 2: "hard"}, pilot)
            assert table.authority.flow.computers[1] is not None
            await pilot.press("c")
            await settle(lambda: isinstance(app.screen, HandScreen), pilot)
            await pilot.press("1")  # the seats handed change level: easy
            await settle(lambda: table.authority.handed == {1: "easy", 2: "easy"}, pilot)
            await pilot.press("c")
            await settle(lambda: isinstance(app.screen, HandScreen), pilot)
            await pilot.press("escape")  # changes nothing
            await settle(lambda: app.screen is screen, pilot)
            assert table.authority.handed == {1: "easy", 2: "easy"}
            await pilot.press("c")
            await settle(lambda: isinstance(app.screen, HandScreen), pilot)
            await pilot.press("0")  # back to their people
            await settle(lambda: table.authority.handed == {}, pilot)
            assert (
                table.authority.flow.computers[1] is None
                and table.authority.flow.computers[2] is None
            )
        await me.close()


async def test_a_joined_seat_that_is_not_the_hosts_opens_no_level_dialog(tmp_path: Path) -> None:
    table = new_table(tmp_path, (None, None, None), deals=None)
    async with hosting(table) as (_host, base):
        me = await seated(table, base, 1)
        app = JoinApp(me, game_options())
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.join_screen
            await settle(lambda: screen.turn.update is not None, pilot)
            await pilot.press("c")
            await pilot.pause()
            assert app.screen is screen and table.authority.handed == {}
            seq = table.authority.seq
            await me.hand(2, "hard")  # sent by hand all the same: refused, nothing changes
            await pilot.pause(0.2)
            assert table.authority.handed == {} and table.authority.seq == seq
        await me.close()


def test_after_a_deal_the_board_asks_nothing_the_status_line_says_enter(tmp_path: Path) -> None:
    import random

    from chinese_ten.engine.deal import legal_actions

    table = new_table(tmp_path, (None, None), deals=2)
    rng = random.Random(4)
    while table.authority.stage == "play":
        assert table.authority.flow.state is not None
        table.authority._play(rng.choice(legal_actions(table.authority.flow.state)))
    turn = RemoteTurn(seat=0)
    turn.receive(table.authority.update_for(0))
    assert turn.stage == "results"
    assert turn.scene().stage == "idle"
    assert status_text(turn).startswith(
        "The deal is over: Enter when you are ready for the next one. Player 1 is away"
    )


async def test_the_hint_key_points_at_the_hard_players_choice_for_this_seat(
    tmp_path: Path,
) -> None:
    import random

    from chinese_ten.engine.deal import legal_actions
    from chinese_ten.engine.view import PlayerView
    from chinese_ten.players.base import make_player

    table = new_table(tmp_path, (None, None), deals=1)
    state = table.authority.flow.state
    assert state is not None
    mover = state.to_move
    expected = make_player("hard", random.Random(state.stock_pos)).choose(
        PlayerView(state, mover), legal_actions(state)
    )
    async with hosting(table) as (_host, base):
        me = await seated(table, base, mover)
        app = JoinApp(me, game_options())
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.join_screen
            await settle(lambda: screen.turn.stage == "select", pilot)
            await pilot.press("t")
            await settle(lambda: screen.turn.hint is not None, pilot)
            assert screen.turn.hint == expected  # the same choice as on the real view
            assert table.authority.flow.state is state  # a hint plays nothing
        await me.close()


async def test_no_hint_key_at_a_table_without_hints(tmp_path: Path) -> None:
    options = game_options(computer=(None, None), deals_planned=1, seed=7, hints=False)
    from chinese_ten.serve.host_table import HostTable

    table = HostTable.new("tbl1", options, tmp_path / "tbl1")
    assert table.authority.flow.state is not None
    async with hosting(table) as (_host, base):
        me = await seated(table, base, table.authority.flow.state.to_move)
        app = JoinApp(me, game_options())
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.join_screen
            await settle(lambda: screen.turn.stage == "select", pilot)
            assert screen.check_action("hint", ()) is False
            await pilot.press("t")
            assert screen.turn.hint is None and not screen.turn.thinking
        await me.close()


async def test_a_lost_connection_is_taken_up_again_by_itself(tmp_path: Path) -> None:
    """The host's network goes away and comes back on the same port: the joined seat says
    so, tries again, and is back in its seat where it was."""
    from chinese_ten.serve.host import Host, listen

    table = new_table(tmp_path, (None, None), deals=1)
    host = Host({table.table_id: table})
    runner, port = await listen(host, "127.0.0.1", 0)
    base = f"http://127.0.0.1:{port}"
    me = await seated(table, base, 0)
    app = JoinApp(me, game_options())
    app.join_screen.retry = 0.05
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.join_screen
            await settle(lambda: screen.turn.update is not None, pilot)
            hand = screen.turn.view.hand if screen.turn.view is not None else ()
            await host.close_all()  # the host goes away
            await runner.cleanup()
            await settle(lambda: screen.turn.lost, pilot)
            assert status_text(screen.turn).startswith("The connection to the host was lost")
            runner, _port = await listen(host, "127.0.0.1", port)  # back
            await settle(lambda: not screen.turn.lost and 0 in table.sockets, pilot)
            assert screen.ended is None
            assert screen.turn.view is not None and screen.turn.view.hand == hand
    finally:
        await app.join_screen.connection.close()
        await runner.cleanup()


async def test_the_log_follows_a_whole_deal_from_the_network(tmp_path: Path) -> None:
    import random

    from chinese_ten.engine.deal import legal_actions
    from chinese_ten.engine.view import PlayerView
    from chinese_ten.game.turn import DealBegins, DealEnds, Happened

    table = new_table(tmp_path, (None, None), deals=1)
    rng = random.Random(9)
    async with hosting(table) as (_host, base):
        me = await seated(table, base, 0)
        app = JoinApp(me, game_options())
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.join_screen
            await settle(lambda: screen.turn.update is not None, pilot)
            while table.authority.stage == "play":
                assert table.authority.flow.state is not None
                table.authority._play(rng.choice(legal_actions(table.authority.flow.state)))
                await table.tell(record=table.authority.deal_over)
            await settle(lambda: screen.turn.stage == "results", pilot)
            entries = screen.log_entries
        await me.close()
    deal = table.authority.flow.finished[0]
    events = PlayerView(deal, 0).events()
    assert isinstance(entries[0], DealBegins) and entries[0].number == 1
    assert [e.event for e in entries if isinstance(e, Happened)] == events
    assert (
        isinstance(entries[-1], DealEnds) and entries[-1].outcome == PlayerView(deal, 0).outcome()
    )
    assert sum(isinstance(e, DealEnds) for e in entries) == 1


async def test_a_narrow_window_gets_the_compact_board(tmp_path: Path) -> None:
    from chinese_ten.tui.widgets.compact_board import CompactBoard

    table = new_table(tmp_path, (None, None, None, None), deals=1)
    async with hosting(table) as (_host, base):
        me = await seated(table, base, 2)
        app = JoinApp(me, game_options())
        async with app.run_test(size=(60, 30)) as pilot:
            screen = app.join_screen
            await settle(lambda: screen.turn.view is not None, pilot)
            await pilot.pause()
            assert screen.has_class("-compact")
            drawn = screen.query_one(CompactBoard).scene
            assert drawn.view is not None and drawn.view.seat == 2
            assert len(drawn.view.hand) == 6
        await me.close()


def _play_out(table: "object", seed: int) -> None:
    """The deal in play played to its end at random (the host's own hands)."""
    import random

    from chinese_ten.engine.deal import legal_actions
    from chinese_ten.serve.host_table import HostTable

    assert isinstance(table, HostTable)
    rng = random.Random(seed)
    while table.authority.stage == "play":
        assert table.authority.flow.state is not None
        table.authority._play(rng.choice(legal_actions(table.authority.flow.state)))


async def test_a_deals_end_shows_the_results_screen_and_enter_says_ready(
    tmp_path: Path, monkeypatch: "object"
) -> None:
    """The results screen of a local game, built from the record the host sent: the deal's
    red cards and points and the series so far; Enter tells the host this seat is ready, and
    the screen goes when the next deal is dealt."""
    from chinese_ten.tui.screens.results import ResultsScreen

    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path / "ana"))  # type: ignore[attr-defined]
    table = new_table(tmp_path, (None, None), deals=2)
    async with hosting(table) as (_host, base):
        me = await seated(table, base, 0)
        app = JoinApp(me, game_options(guard=0.0))
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.join_screen
            await settle(lambda: screen.turn.update is not None, pilot)
            _play_out(table, 5)
            await table.tell(record=table.authority.deal_over)
            await settle(lambda: isinstance(app.screen, ResultsScreen), pilot)
            results = app.screen
            assert isinstance(results, ResultsScreen)
            finished = table.authority.flow.finished[0]
            assert results.deal.piles == finished.piles
            assert results.deal.setup.hands == finished.setup.hands  # every card public now
            assert results.series.totals == table.authority.flow.series.totals
            assert results.you == 0 and results.joined
            assert results.check_action("next", ()) is True
            await pilot.press("enter")
            waiting = "Waiting for Player 2 to be ready. Player 2 is away: the table waits."
            await settle(lambda: status_text(screen.turn) == waiting, pilot)
            assert table.authority.ready == {0} and app.screen is screen
            assert await table.receive(1, Ready(seq=table.authority.seq)) is None
            await settle(lambda: screen.turn.stage in ("select", "computer"), pilot)
            assert app.screen is screen and len(table.authority.flow.finished) == 1
        await me.close()


async def test_the_series_end_shows_the_standing_and_offers_no_new_game(
    tmp_path: Path, monkeypatch: "object"
) -> None:
    from chinese_ten.tui.screens.results import ResultsScreen
    from chinese_ten.tui.widgets.keybar import KeyBar

    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path / "cy"))  # type: ignore[attr-defined]
    table = new_table(tmp_path, (None, None, "easy"), deals=1)
    async with hosting(table) as (_host, base):
        me = await seated(table, base, 1)
        app = JoinApp(me, game_options(guard=0.0))
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(lambda: app.join_screen.turn.update is not None, pilot)
            _play_out(table, 6)
            await table.tell(record=table.authority.deal_over)
            await settle(lambda: isinstance(app.screen, ResultsScreen), pilot)
            results = app.screen
            assert isinstance(results, ResultsScreen) and results.series.is_over
            for action in ("next", "new", "new_table"):
                assert results.check_action(action, ()) is False
            verdict = str(results.query_one("#verdict").render())
            assert "Standing: 1." in verdict and "q: quit" in verdict
            assert "new series" not in verdict
            await pilot.press("enter", "n", "g")
            assert app.screen is results and table.authority.stage == "finished"
            assert results.query_one(KeyBar) is not None
        await me.close()


async def test_a_record_that_disagrees_with_the_table_shows_no_results(
    tmp_path: Path, monkeypatch: "object"
) -> None:
    """A host sending another game's record (or one that cannot be read): no results screen
    of a deal that was not played, one notice, and the board stays."""
    from chinese_ten.net.protocol import DealRecordMessage
    from chinese_ten.tui.screens.results import ResultsScreen

    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path / "ben"))  # type: ignore[attr-defined]
    other = new_table(tmp_path / "other", (None, None), deals=1, seed=8)
    _play_out(other, 1)
    table = new_table(tmp_path, (None, None), deals=1)
    monkeypatch.setattr(table.authority, "record_message", other.authority.record_message)  # type: ignore[attr-defined]
    async with hosting(table) as (_host, base):
        me = await seated(table, base, 0)
        app = JoinApp(me, game_options(guard=0.0))
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.join_screen
            screen._keep(DealRecordMessage(deals=1, record="{not a record"))
            assert screen._finished is None
            _play_out(table, 2)
            await table.tell(record=table.authority.deal_over)
            await settle(lambda: screen._results_seen == 1, pilot)
            await pilot.pause()
            assert not isinstance(app.screen, ResultsScreen)
            assert screen.turn.stage == "results"
            assert status_text(screen.turn) == "The series is over."
        await me.close()


async def test_the_log_says_the_pack_was_cut_at_random_never_that_this_seat_cut(
    tmp_path: Path,
) -> None:
    """The host cuts every pack at random: the cutter's log says so, names no one as having
    cut, and the other seats' logs say for whom it was cut."""
    from chinese_ten.engine.chance import cutter_of

    table = new_table(tmp_path, (None, None, None), deals=1)
    state = table.authority.flow.state
    assert state is not None
    dealer, cutter = state.setup.dealer, cutter_of(state.setup.dealer, 3)
    other = next(s for s in range(3) if s not in (dealer, cutter))
    names = table.authority.flow.names
    expected = {
        cutter: f"Deal 1: {names[dealer]} deals; the pack was cut at random for you.",
        dealer: f"Deal 1: you deal; the pack was cut at random for {names[cutter]}.",
        other: f"Deal 1: {names[dealer]} deals; the pack was cut at random for {names[cutter]}.",
    }
    async with hosting(table) as (_host, base):
        for seat, line in expected.items():
            me = await seated(table, base, seat)
            app = JoinApp(me, game_options())
            async with app.run_test(size=(120, 40)) as pilot:
                screen = app.join_screen
                await settle(lambda s=screen: s.turn.view is not None, pilot)
                await pilot.pause()
                log = screen.query_one("#log")
                written = [strip.text for strip in log.lines]  # type: ignore[attr-defined]
                assert line in written
                assert not any("you cut" in text for text in written)
            await me.close()


async def test_the_cutting_seat_gets_the_cut_screen_and_its_cut_deals(
    tmp_path: Path, monkeypatch: "object"
) -> None:
    """The results seen by every person, the seat that cuts next gets the cut screen of a
    local game; its cut deals the next deal there, and its log says it cut there."""
    from chinese_ten.tui.screens.cut import CutScreen
    from chinese_ten.tui.screens.results import ResultsScreen

    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path / "home"))  # type: ignore[attr-defined]
    table = new_table(tmp_path, (None, None), deals=2)
    _play_out(table, 8)
    cutter = table.authority.cutter
    other = 1 - cutter
    async with hosting(table) as (_host, base):
        idle = await seated(table, base, other)
        me = await seated(table, base, cutter)
        app = JoinApp(me, game_options(guard=0.0))
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.join_screen
            await settle(lambda: isinstance(app.screen, ResultsScreen), pilot)
            await pilot.press("enter")
            await settle(lambda: table.authority.ready == {cutter}, pilot)
            assert not isinstance(app.screen, CutScreen)  # the other is not ready yet
            await idle.ready(table.authority.seq)
            await settle(lambda: isinstance(app.screen, CutScreen), pilot)
            assert table.authority.stage == "cut" and table.authority.waiting_for() == (cutter,)
            cut = app.screen
            assert isinstance(cut, CutScreen)
            await pilot.press("right", "right", "right")
            position = cut.position
            await pilot.press("enter")
            await settle(lambda: table.authority.stage == "play", pilot)
            assert table.authority.cut is not None and table.authority.cut.position == position
            assert not table.authority.cut.at_random and table.authority.cut.seat == cutter
            await settle(lambda: app.screen is screen and screen.turn.view is not None, pilot)
            await settle(lambda: len(screen.log_entries) > 0 and screen._written > 0, pilot)
            dealer = table.authority.flow.names[1 - cutter]
            written = [strip.text for strip in screen.query_one("#log").lines]  # type: ignore[attr-defined]
            assert f"Deal 2: {dealer} deals; you cut at {position}." in written
        await idle.close()
        await me.close()


async def test_the_other_seat_waits_for_the_cut_and_its_screen_goes_if_it_is_not_its_cut(
    tmp_path: Path,
) -> None:
    """The seat that does not cut sees who the table waits on, and no cut screen."""
    table = new_table(tmp_path, (None, None), deals=2)
    _play_out(table, 8)
    cutter = table.authority.cutter
    async with hosting(table) as (_host, base):
        cutting = await seated(table, base, cutter)
        me = await seated(table, base, 1 - cutter)
        app = JoinApp(me, game_options(guard=0.0))
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.join_screen
            await settle(lambda: screen.turn.update is not None, pilot)
            for seat in (0, 1):
                await table.receive(seat, Ready(seq=table.authority.seq))
            name = table.authority.flow.names[cutter]
            waiting = f"Waiting for {name} to cut the pack."
            await settle(lambda: status_text(screen.turn) == waiting, pilot)
            assert screen._cut is None
            await cutting.cut(table.authority.seq, 30)
            await settle(lambda: screen.turn.stage in ("select", "computer"), pilot)
        await cutting.close()
        await me.close()


def test_a_deal_whose_cut_the_update_does_not_say_names_no_cutter() -> None:
    """A deal taken up by a restarted host (its cut not kept): the log says who deals, and
    neither that this seat cut nor that the pack was cut at random."""
    from chinese_ten.game.turn import DealBegins
    from chinese_ten.tui.log_lines import LogWords

    words = LogWords(("Ana", "Ben"), 1, symbols=False, four_color=False)
    unknown = words.line(DealBegins(2, 0, 1, None, "unknown"))
    assert unknown is not None and unknown.plain == "Deal 2: Ana deals."
    mine = words.line(DealBegins(3, 1, 0, None, "unknown"))
    assert mine is not None and mine.plain == "Deal 3: you deal."
    cut = words.line(DealBegins(2, 0, 1, 9, "cutter"))
    assert cut is not None and cut.plain == "Deal 2: Ana deals; you cut at 9."


@pytest.mark.parametrize(
    ("driver", "variable", "tapped"),
    [("textual.drivers.web_driver:WebDriver", "1", True), ("", "1", False), (None, "0", False)],
)
async def test_a_browser_tab_on_a_touch_screen_gets_buttons_in_words(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    driver: str | None,
    variable: str,
    tapped: bool,
) -> None:
    """The host's tab client reads the page's touch word as ``play`` does: only under the web
    driver, and then its keys are buttons in words, three lines high."""
    from chinese_ten.cli.commands.play import in_this_tab
    from chinese_ten.game.options import TOUCH_VARIABLE
    from chinese_ten.tui.widgets.keybar import KeyBar

    if driver is None:
        monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    else:
        monkeypatch.setenv("TEXTUAL_DRIVER", driver)
    monkeypatch.setenv(TOUCH_VARIABLE, variable)
    options = in_this_tab(game_options())
    assert options.session.touch is tapped
    table = new_table(tmp_path, (None, None), deals=1)
    async with hosting(table) as (_host, base):
        me = await seated(table, base, 1)
        app = JoinApp(me, options)
        async with app.run_test(size=(46, 45)) as pilot:
            screen = app.join_screen
            await settle(lambda: screen.turn.view is not None, pilot)
            await pilot.pause()
            bar = screen.query_one(KeyBar)
            words = " ".join(screen_text(app).splitlines()[-bar.size.height :]).split()
            assert ("^p" in words) is not tapped  # a key's name beside its words
            assert ("Menu" in words) is tapped
            if tapped:
                assert bar.size.height >= 3
        await me.close()


@pytest.mark.parametrize("size", [(46, 44), (110, 21)])
async def test_a_phone_sized_window_shows_the_hand_the_table_and_the_stock(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """A phone's browser upright (46x44) and turned (110x21): the compact board is in sight,
    with this seat's hand, the table's cards and the stock, as ``play`` draws them."""
    from chinese_ten.text.card_names import display_card
    from chinese_ten.tui.widgets.board import Board
    from chinese_ten.tui.widgets.compact_board import CompactBoard

    table = new_table(tmp_path, (None, None), deals=1)
    state = table.authority.flow.state
    assert state is not None
    async with hosting(table) as (_host, base):
        me = await seated(table, base, state.to_move)
        app = JoinApp(me, game_options())
        async with app.run_test(size=size) as pilot:
            screen = app.join_screen
            await settle(lambda: screen.turn.stage == "select", pilot)
            await pilot.pause()
            assert screen.query_one(CompactBoard).display
            assert not screen.query_one(Board).display
            text = screen_text(app)
            view = screen.turn.view
            assert view is not None
            lines = text.splitlines()
            hand_row = next(k for k, line in enumerate(lines) if line.startswith("Your hand"))
            below = "\n".join(lines[hand_row : hand_row + 5])
            assert all(display_card(card) in below for card in view.hand[:5])
            table_row = next(k for k, line in enumerate(lines) if line.startswith("Table"))
            assert f"Stock {view.stock_count}" in lines[table_row]
            laid = "\n".join(lines[table_row:hand_row])
            assert all(display_card(card) in laid for card in view.table)
        await me.close()


async def test_without_a_results_screen_enter_on_the_board_says_ready_once(
    tmp_path: Path, monkeypatch: "object"
) -> None:
    """A record that cannot be read shows no results screen: the board's Enter (the key bar's
    Next deal) tells the host this seat is ready, and a double Enter says it once."""
    monkeypatch.setenv("CHINESE_TEN_HOME", str(tmp_path / "ana"))  # type: ignore[attr-defined]
    other = new_table(tmp_path / "other", (None, None), deals=1, seed=8)
    _play_out(other, 1)
    table = new_table(tmp_path, (None, None), deals=2)
    monkeypatch.setattr(table.authority, "record_message", other.authority.record_message)  # type: ignore[attr-defined]
    async with hosting(table) as (_host, base):
        me = await seated(table, base, 0)
        said: list[int] = []
        real = me.ready

        def ready(seq: int) -> "object":
            said.append(seq)
            return real(seq)

        monkeypatch.setattr(me, "ready", ready)  # type: ignore[attr-defined]
        app = JoinApp(me, game_options(guard=0.0))
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.join_screen
            await settle(lambda: screen.turn.update is not None, pilot)
            assert not screen.check_action("ready", ())  # in play: nothing to say
            _play_out(table, 2)
            await table.tell(record=table.authority.deal_over)
            await settle(lambda: screen._results_seen == 1, pilot)
            assert app.screen is screen and screen.check_action("ready", ())
            assert "Next deal" in screen_text(app)
            await pilot.press("enter", "enter")
            await settle(lambda: table.authority.ready == {0}, pilot)
            assert len(said) == 1
            # said: the host's update waits for Ben alone
            await settle(lambda: not screen.check_action("ready", ()), pilot)
            assert screen.turn.waiting_for() == (1,)
            await pilot.press("enter")
            assert len(said) == 1 and table.authority.ready == {0}
        await me.close()
