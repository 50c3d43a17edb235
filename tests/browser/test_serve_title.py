"""The start screen's title in a browser (``serve``): the game's Chinese name where the page
can draw it, its pinyin where no font of the browser has the characters (they were blank)."""

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from chinese_ten import CHINESE_NAME, PINYIN
from tests.serve_tabs import CHROMIUM, Served, Tab

pytestmark = pytest.mark.browser

if not CHROMIUM.exists():
    pytest.skip(
        "no Chromium at /usr/bin/chromium (install Debian's chromium package; .ci/run does)",
        allow_module_level=True,
    )

HAS_CHINESE = f"""(() => {{
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text, x, y, ...rest) {{
    if (![...{CHINESE_NAME!r}].some(shown => String(text).includes(shown)))
      return fillText.call(this, text, x, y, ...rest);
    const size = parseFloat(this.font) || 16;
    this.fillRect(x, y, size * 0.8, size * 0.8);
  }};
}})();"""
"""A browser with a font for the Chinese name: each of its characters drawn as a filled
square (a shape of its own, as a Chinese font draws it)."""

NO_CHINESE = f"""(() => {{
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {{
    const shown = String(text).replace(/[{CHINESE_NAME}]/gu, "\\u0378");
    return fillText.call(this, shown, ...rest);
  }};
}})();"""
"""A browser with no font for the Chinese name, on any machine: its characters drawn as a
code point that no font has."""


def chinese_font_here() -> bool:
    """Whether this machine has a font for the Chinese name (fontconfig's answer)."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return False
    code = f":charset={ord(CHINESE_NAME[0]):x}"
    found = subprocess.run([fc_list, code], check=False, capture_output=True, text=True)
    return bool(found.stdout.strip())


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Served]:
    served = Served(tmp_path)
    yield served
    served.stop()


def title(chromium: Any, server: Served, script: str | None) -> tuple[str, dict[str, list[str]]]:
    """The start screen's title line in a new browser (with ``script`` run in each page
    first), and the query of the game's websocket."""
    context = chromium.new_context()
    if script is not None:
        context.add_init_script(script)
    try:
        tab = Tab(context, server.url)
        tab.wait_for("Chinese Ten ·")
        line = tab.screen.display[tab.find("Chinese Ten ·")[1]].strip("│ ")  # in its frame
        assert len(tab.sockets) == 1, tab.sockets
        return line, parse_qs(urlparse(tab.sockets[0]).query)
    finally:
        context.close()


def test_a_browser_that_can_draw_the_chinese_name_shows_it(chromium: Any, server: Served) -> None:
    line, query = title(chromium, server, HAS_CHINESE)
    assert line == f"Chinese Ten · {CHINESE_NAME}"
    assert "cjk" not in query


def test_a_browser_without_a_font_for_it_shows_the_pinyin(chromium: Any, server: Served) -> None:
    line, query = title(chromium, server, NO_CHINESE)
    assert line == f"Chinese Ten · {PINYIN}"
    assert query["cjk"] == ["0"]


@pytest.mark.skipif(chinese_font_here(), reason="this machine has a font for the Chinese name")
def test_the_pinyin_on_a_machine_with_no_chinese_font(chromium: Any, server: Served) -> None:
    """Debian's chromium with no Chinese font installed (as here): nothing stubbed."""
    line, query = title(chromium, server, None)
    assert line == f"Chinese Ten · {PINYIN}"
    assert query["cjk"] == ["0"]
