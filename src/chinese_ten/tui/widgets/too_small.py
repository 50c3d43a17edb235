"""The smallest terminal the board needs, and the message shown instead below it.

The stylesheet swaps the board for :data:`TOO_SMALL` by the app's breakpoint classes
(``-narrow``, ``-short``); the screens' keys ask :func:`too_small`, so nothing hidden can be
played. The two agree on :data:`MIN_SIZE` (a test holds the breakpoints to it).
"""

from textual.app import App

from chinese_ten.i18n import N_

MIN_SIZE = (80, 24)
"""Columns and rows below which the board (and the hand-over) is hidden."""

TOO_SMALL = N_("The board needs a terminal of at least 80 x 24.\nPlease enlarge this window.")
"""Translated where it is shown (``_(TOO_SMALL)``)."""


def too_small(app: App[object]) -> bool:
    """The terminal is below :data:`MIN_SIZE`: the board is hidden, its keys must not act."""
    width, height = app.size
    return width < MIN_SIZE[0] or height < MIN_SIZE[1]
