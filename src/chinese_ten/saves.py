"""The autosave slot: one game record in the user data folder, never silently lost.

A new game never overwrites an unfinished one (the old save is archived first) and a save
that cannot be read is moved aside with a message, so whatever a player saved survives.
"""

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from chinese_ten.errors import RecordError

if TYPE_CHECKING:  # pydantic is imported on the first save, not at start-up
    from chinese_ten.deal import DealState
    from chinese_ten.records import GameRecord

HOME_VARIABLE = "CHINESE_TEN_HOME"
"""Overrides the data folder (tests, portable installs)."""


def data_dir() -> Path:
    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override)
    from platformdirs import user_data_path

    return user_data_path("chinese-ten", appauthor=False)


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")


class SaveSlot:
    """``current.json`` in a folder, with ``archive/`` beside it for games put away."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else data_dir()
        self.path = self.folder / "current.json"

    def exists(self) -> bool:
        return self.path.exists()

    def save(self, record: "GameRecord") -> None:
        from chinese_ten.records import record_json, write_atomically

        write_atomically(self.path, record_json(record))

    def load(self) -> tuple["GameRecord", list["DealState"]]:
        """The saved game; a save that cannot be read is moved aside and RecordError raised."""
        from chinese_ten.records import load_and_replay

        try:
            return load_and_replay(self.path)
        except RecordError as error:
            if not self.path.exists():
                raise
            kept = self.archive("corrupt")
            raise RecordError(f"{error} (the file was kept as {kept})") from None

    def archive(self, reason: str) -> Path:
        """Move the current save into ``archive/`` and return its new path."""
        target = self.folder / "archive" / f"{_stamp()}-{reason}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(self.path, target)
        return target
