"""The smallest terminal the board needs, and the message shown instead below it.

The stylesheet swaps the board for :func:`too_small_text` by the app's breakpoint classes
(``-narrow``, ``-short``); the screens' keys ask :func:`too_small`, so nothing hidden can be
played. The two agree on :data:`MIN_SIZE` (a test holds the breakpoints to it).
"""

from textual.app import App

from chinese_ten.i18n import N_, _

MIN_SIZE = (80, 24)
"""Columns and rows below which the board (and the hand-over) is hidden."""

TOO_SMALL = N_("The board needs a terminal of at least 80 x 24.\nPlease enlarge this window.")
TOO_SMALL_IN_BROWSER = N_(
    "The board needs room for 80 x 24 characters.\nWiden the window or zoom out (Ctrl and -)."
)
"""In a browser tab (``chinese-ten serve``) there is no terminal to enlarge."""


def too_small_text(app: App[object]) -> str:
    """What the board says instead of itself, in the language, for a terminal or a browser."""
    return _(TOO_SMALL_IN_BROWSER if app.is_web else TOO_SMALL)


def too_small(app: App[object]) -> bool:
    """The terminal is below :data:`MIN_SIZE`: the board is hidden, its keys must not act."""
    width, height = app.size
    return width < MIN_SIZE[0] or height < MIN_SIZE[1]
