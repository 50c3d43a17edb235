"""One exception family for everything the engine and its edges reject."""


class ChineseTenError(ValueError):
    """Root of every error chinese-ten raises on purpose."""


class NotationError(ChineseTenError):
    """Text that is not a card or an action in our notation."""


class IllegalActionError(ChineseTenError):
    """A well-formed action that the rules do not allow in this position."""


class RecordError(ChineseTenError):
    """A game record that cannot be read, or that does not replay legally."""


class PlayerNameError(ChineseTenError):
    """A player name that breaks the one rule for names (see :mod:`chinese_ten.names`)."""


class WriteError(ChineseTenError):
    """A file or folder chinese-ten cannot write; the message names the path and what to do."""


class SaveError(WriteError):
    """The autosave cannot be held, written or archived; the message says where and what to do."""


class OutputError(ChineseTenError):
    """Standard output cannot be written (a full disk, an I/O error); the message says why."""


class OutputClosedError(OutputError):
    """Standard output's reader has gone (``| head``): nothing more to say, and nowhere."""
