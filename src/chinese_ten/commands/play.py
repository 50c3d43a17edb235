"""``chinese-ten play`` and ``chinese-ten series``: start the TUI (imported only here)."""

import sys

from chinese_ten.errors import ChineseTenError, SaveError
from chinese_ten.tui_options import GameOptions


def suit_symbols_supported() -> bool:
    """Whether the output encoding can show ♠♥♦♣ (else the cards use letters)."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "♠♥♦♣╭─╮".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def run_game(options: GameOptions) -> int:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("chinese-ten: play and series need an interactive terminal", file=sys.stderr)
        return 2
    from chinese_ten.tui.app import ChineseTenApp

    app = ChineseTenApp(options)
    app.run()
    if app.game.unsaved is not None:  # said now, after the terminal is restored
        raise SaveError(f"the game was not saved: {app.game.unsaved}")
    if app.return_code not in (None, 0):
        raise ChineseTenError(f"the game stopped with code {app.return_code}")
    return 0
