"""Shared test set-up: a reproducible Hypothesis profile and a neutral terminal environment."""

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from chinese_ten.lang import i18n

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=60)
settings.register_profile("dev", deadline=None, max_examples=60)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

for variable in ("NO_COLOR", "TEXTUAL_THEME", "FORCE_COLOR", "COLUMNS", "LINES"):
    os.environ.pop(variable, None)
os.environ["LANGUAGE"] = "en"  # read first: English whatever the machine's locale (see i18n)


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The language of the test (its ``indirect`` parameter), English again afterwards."""
    chosen = i18n.choose(request.param)
    yield chosen
    i18n.choose("en")
    i18n.fold_with(None)
