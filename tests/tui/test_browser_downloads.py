"""The app as a browser tab runs it (``app.is_web``): an export and a copy of the save go
to the browser as downloads, nothing is written on the server."""

import io
from pathlib import Path

import pytest


@pytest.fixture
def downloads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, object]]:
    """The app runs as in a browser tab (``app.is_web``), in ``tmp_path``: what it hands to
    the browser (the text and its file name) is kept here instead."""
    from textual.app import App

    delivered: list[tuple[str, object]] = []

    def deliver_text(self: App[None], file: io.StringIO, **options: object) -> str:
        delivered.append((file.getvalue(), options.get("save_filename")))
        return "key"

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(App, "is_web", property(lambda self: True))
    monkeypatch.setattr(App, "deliver_text", deliver_text)
    return delivered


async def test_export_in_a_browser_downloads_the_record(
    tmp_path: Path, downloads: list[tuple[str, object]]
) -> None:
    """Under the web driver (``app.is_web``) export hands the record to the browser."""
    from chinese_ten.store.records import parse_record
    from chinese_ten.tui.app import ChineseTenApp
    from tests.tui.test_app_saves import _save
    from tests.tui_helpers import deal_states, options, play_until_results

    _save(tmp_path, [deal_states(6, 0)[-2]])
    app = ChineseTenApp(options(tmp_path, resume=True))
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        await play_until_results(pilot)
        app.game.action_export()
        await pilot.pause()
    ((text, name),) = downloads
    assert name == "chinese-ten-game.json"
    assert parse_record(text).players == ("Ana", "Ben")
    assert not list(tmp_path.glob("chinese-ten-game*.json"))  # nothing written on the server


async def test_a_copy_after_a_failed_save_downloads_in_a_browser(
    tmp_path: Path, downloads: list[tuple[str, object]]
) -> None:
    """The server's disk failed: "Save a copy" hands the whole game to the browser instead
    of asking for a path on the server."""
    from chinese_ten.store.records import load_and_replay
    from chinese_ten.tui.app import ChineseTenApp
    from tests.tui.test_app_saves import _broken_folder
    from tests.tui_helpers import options, step

    app = ChineseTenApp(options(_broken_folder(tmp_path)))
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        for _ in range(4):
            await step(pilot)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        state = app.game.flow.state
    ((text, name),) = downloads
    assert name == "chinese-ten-save.json"
    copy = tmp_path / "downloaded.json"
    copy.write_text(text)
    _, states = load_and_replay(copy)
    assert states[-1] == state  # the deal in play, whole
    assert not list(tmp_path.glob("chinese-ten-save*.json"))  # nothing written on the server
