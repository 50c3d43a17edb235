"""What the browser tests share: one headless Chromium for each test module."""

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import sync_playwright

from tests.serve_tabs import CHROMIUM, CHROMIUM_ARGS


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()
