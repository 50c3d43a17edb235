"""How many save slots a data folder has, apart from the saves themselves so that parsing a
command line (``serve --games``) does not load them."""

from typing import Final

MAX_SLOTS: Final = 16
"""Games that can run at once on one data folder, each with its own save."""
