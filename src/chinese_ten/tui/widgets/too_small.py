"""The sizes the boards need, and the message shown instead below the smallest.

From :data:`MIN_SIZE` up the full board shows; under it, down to :data:`COMPACT_SIZE`, the
compact one (and with ``--compact`` at any size). Below that the stylesheet swaps the board
for :func:`too_small_text` by the app's breakpoint classes (``-narrow``, ``-short``); the
screens' keys ask :func:`too_small`, so nothing hidden can be played. The breakpoints and
these sizes agree (a test holds them to it).
"""

from textual.app import App

from chinese_ten.game.options import options_of
from chinese_ten.lang.i18n import N_, _

MIN_SIZE = (80, 24)
"""Columns and rows the full board needs; below them the compact board shows."""

COMPACT_SIZE = (40, 20)
"""Columns and rows below which the board (and the hand-over) is hidden. Two players fit
here; four need 44 x 22 (a test holds both)."""

TOO_SMALL = N_("The board needs a terminal of at least 40 x 20.\nPlease enlarge this window.")
TOO_SMALL_IN_BROWSER = N_(
    "The board needs room for 40 x 20 characters.\nWiden the window or zoom out (Ctrl and -)."
)
"""In a browser tab (``chinese-ten serve``) there is no terminal to enlarge."""


def too_small_text(app: App[object]) -> str:
    """What the board says instead of itself, in the language, for a terminal or a browser."""
    return _(TOO_SMALL_IN_BROWSER if app.is_web else TOO_SMALL)


def too_small(app: App[object]) -> bool:
    """The terminal is below :data:`COMPACT_SIZE`: the board is hidden, its keys must not act."""
    width, height = app.size
    return width < COMPACT_SIZE[0] or height < COMPACT_SIZE[1]


def compact(app: App[object]) -> bool:
    """The compact board shows: asked for (``--compact``), or the window is under
    :data:`MIN_SIZE`."""
    width, height = app.size
    return options_of(app).display.compact or width < MIN_SIZE[0] or height < MIN_SIZE[1]


def touch(app: App[object]) -> bool:
    """The game is played on a touch screen (a browser tab's page said so): controls a finger
    can hit, and words that say tap rather than name keys."""
    return options_of(app).session.touch


def tall_keys(app: App[object]) -> bool:
    """The key bar's keys are three lines high: on the compact board in a browser (a finger
    needs 40 CSS pixels, about three lines), where there are rows to spare, or on a touch
    screen at any size."""
    return touch(app) or (compact(app) and (app.is_web or app.size.height >= 30))
