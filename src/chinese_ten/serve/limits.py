"""The limits ``chinese-ten serve`` and ``host`` offer on their command lines, apart from the
servers so that parsing any command (``simulate`` too) does not load the saves and the
servers' bookkeeping."""

from typing import Final

from chinese_ten.store.slots import MAX_SLOTS

MOST_GAMES: Final = MAX_SLOTS
"""Each game holds a save slot, so no more can run at once."""
DEFAULT_GAMES: Final = 4
DEFAULT_IDLE_MINUTES: Final = 30.0
IDLE_MINUTES: Final = (0.05, 24 * 60.0)
"""The idle time a person may choose, in minutes: from 3 seconds (tests) to a day."""
MOST_TABLES: Final = 500
"""Tables one ``chinese-ten host`` may open (``--tables``)."""
