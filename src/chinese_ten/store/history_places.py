"""Where the history's file is, and the folder beside it where games wait that a busy
history could not store yet. Only paths: SQLite is not imported here (the game asks for the
pending folder at start-up, before anything is stored)."""

from pathlib import Path
from typing import Final

FILE_NAME: Final = "history.sqlite"

PENDING_FOLDER: Final = "history-pending"
"""Beside the history: the games whose last finished deal could not be stored yet (the
history was busy, or could not be written), one file a game, each a whole record; every
later store stores them first (:func:`~chinese_ten.store.history_pending.store_pending`), and
removes each file once stored."""


def history_path(folder: Path | None = None) -> Path:
    """The history's file in ``folder`` (None: the data folder)."""
    from chinese_ten.store.saves import data_dir

    return (folder if folder is not None else data_dir()) / FILE_NAME


def pending_folder(folder: Path | None) -> Path:
    """Where the games a busy history could not store yet wait (:data:`PENDING_FOLDER`)."""
    return history_path(folder).with_name(PENDING_FOLDER)
