"""Shared test set-up: a reproducible Hypothesis profile and a neutral terminal environment."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=60)
settings.register_profile("dev", deadline=None, max_examples=60)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

for variable in ("NO_COLOR", "TEXTUAL_THEME", "FORCE_COLOR", "COLUMNS", "LINES"):
    os.environ.pop(variable, None)
os.environ["LANGUAGE"] = "en"  # read first: English whatever the machine's locale (see i18n)
