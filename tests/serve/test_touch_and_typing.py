"""What ``serve`` passes between a tab's page and its game for a touch screen: the page's
``touch`` parameter becomes ``CHINESE_TEN_TOUCH`` (``1`` or ``0``, never the text sent), and the
game's ``typing`` meta packet reaches the page as ``["typing", true|false]``. The same for a
page with no font for Chinese characters: its ``cjk=0`` becomes ``CHINESE_TEN_CJK``."""

import asyncio
import json
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.test_utils import make_mocked_request
from textual_serve.download_manager import DownloadManager

from chinese_ten.game.options import CJK_VARIABLE, TOUCH_VARIABLE
from chinese_ten.serve.games import TabGames
from chinese_ten.serve.server import TabProcess


def game(tmp_path: Path, sent: list[str]) -> TabProcess:
    async def write_str(text: str) -> None:
        sent.append(text)

    async def write_bytes(data: bytes) -> None:
        pass

    async def close() -> None:
        pass

    tabs = TabGames(most=1, idle=60)
    tab = tabs.admit()
    assert tab is not None
    return TabProcess(
        "true",
        tab,
        tabs,
        tmp_path,
        write_bytes=write_bytes,
        write_str=write_str,
        close=close,
        download_manager=DownloadManager(),
    )


@pytest.mark.parametrize(("touch", "variable"), [(True, "1"), (False, "0")])
def test_the_game_is_told_whether_the_page_is_a_touch_screen(
    tmp_path: Path, touch: bool, variable: str
) -> None:
    playing = game(tmp_path, [])
    playing.touch = touch
    assert playing._build_environment()[TOUCH_VARIABLE] == variable


@pytest.mark.parametrize(
    ("query", "variable"),
    # only the page's own word says "no font"; anything else keeps the characters
    [("cjk=0", "0"), ("", "1"), ("cjk=1", "1"), ("cjk=no", "1"), ("cjk=0%0A", "1")],
)
def test_the_game_is_told_whether_the_page_can_draw_chinese(
    tmp_path: Path, query: str, variable: str
) -> None:
    tabs = TabGames(most=1, idle=60)
    tab = tabs.admit()
    assert tab is not None
    playing = TabProcess.of_tab(
        "true",
        tab,
        tabs,
        tmp_path,
        request=make_mocked_request("GET", f"/ws?width=80&height=24&{query}"),
        websocket=web.WebSocketResponse(),
        download_manager=DownloadManager(),
    )
    assert playing._build_environment()[CJK_VARIABLE] == variable


@pytest.mark.parametrize(
    ("packet", "forwarded"),
    [
        ({"type": "typing", "on": True}, ["typing", True]),
        ({"type": "typing", "on": False}, ["typing", False]),
        # anything but true is false, and nothing else of the packet goes on
        ({"type": "typing", "on": "<script>", "more": "x" * 1000}, ["typing", False]),
        ({"type": "typing"}, ["typing", False]),
    ],
)
def test_typing_reaches_the_page_small_and_typed(
    tmp_path: Path, packet: dict[str, object], forwarded: list[object]
) -> None:
    sent: list[str] = []
    asyncio.run(game(tmp_path, sent).on_meta(json.dumps(packet).encode()))
    assert [json.loads(text) for text in sent] == [forwarded]


def test_other_meta_packets_are_textual_serves(tmp_path: Path) -> None:
    sent: list[str] = []
    packet = {"type": "open_url", "url": "/idle", "new_tab": False}
    asyncio.run(game(tmp_path, sent).on_meta(json.dumps(packet).encode()))
    assert [json.loads(text) for text in sent] == [["open_url", {"url": "/idle", "new_tab": False}]]
