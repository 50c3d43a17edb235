"""Shared test set-up: a reproducible Hypothesis profile, a neutral terminal environment,
a marker per folder (layer) and English, unfolded text again after every test."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from chinese_ten.lang import i18n

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=60)
settings.register_profile("dev", deadline=None, max_examples=60)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

for variable in (
    "NO_COLOR",
    "TEXTUAL_THEME",
    "FORCE_COLOR",
    "COLUMNS",
    "LINES",
    "CHINESE_TEN_HOME",
):
    os.environ.pop(variable, None)
os.environ["LANGUAGE"] = "en"  # read first: English whatever the machine's locale (see i18n)

TESTS = Path(__file__).parent
LAYERS = ("engine", "players", "store", "game", "net", "cli", "text", "tui", "serve", "browser")
"""The folders of ``tests``: each test is marked with its folder's name (registered in
``pyproject.toml``), so ``pytest -m "not tui and not browser"`` is the quick inner loop."""


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups (``--dist loadgroup``)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test with its folder; put all the browser tests in one pytest-xdist group
    (``--dist loadgroup``: one worker, one Chromium at a time on a small machine). Every
    other test stands alone (its own folder, app and processes) and goes to whichever worker
    is free, so one long file never keeps the others waiting; a test that shares something
    outside its ``tmp_path`` says so with its own ``xdist_group`` mark."""
    for item in items:
        path = Path(item.path)
        if not path.is_relative_to(TESTS):
            continue  # the doctests of src and README.md
        parts = path.relative_to(TESTS).parts
        layer = parts[0] if len(parts) > 1 and parts[0] in LAYERS else None
        if layer is not None:
            item.add_marker(layer)
        if layer == "browser" and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group("browser"))


@pytest.fixture(autouse=True)
def _own_data_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No test touches the machine's own data folder (its history, saves): each runs with
    ``XDG_DATA_HOME`` in a folder of its own, and so do the processes it starts. A test that
    names ``CHINESE_TEN_HOME`` itself overrides it."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def _english_and_unfolded() -> Iterator[None]:
    """Whatever a test chose (``--lang``, ``--ascii`` or ``ChineseTenApp()`` set them for the
    whole process), the next one starts in English with text drawn as written."""
    yield
    i18n.choose("en")
    i18n.fold_with(None)


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The language of the test (its ``indirect`` parameter), English again afterwards."""
    chosen = i18n.choose(request.param)
    yield chosen
    i18n.choose("en")
    i18n.fold_with(None)
