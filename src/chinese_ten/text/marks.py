"""The computer's mark: how a seat the computer plays is marked after its name, everywhere
(the board, the dialogs and the ``history`` command): ``Ben (computer, hard)``, or
``Ben (computer)`` where room is short. A person's name, and a default name of the computer
(``Computer (hard)``, ``Computer 3 (hard)``), which says it already, have none."""

from chinese_ten.lang.i18n import _
from chinese_ten.text.wording import computer_name, level_name


def computer_mark(level: str | None, *, short: bool = False) -> str:
    """What follows the name of a seat the computer plays at ``level``:
    `` (computer, hard)``, or `` (computer)`` where room is short; nothing for a person
    (``None``).

    >>> computer_mark("hard"), computer_mark("hard", short=True), computer_mark(None)
    (' (computer, hard)', ' (computer)', '')
    """
    if level is None:
        return ""
    if short:
        return _(" (computer)")
    return _(" (computer, {level})").format(level=level_name(level))


def says_computer(name: str, level: str) -> bool:
    """Whether ``name`` is a default name of the computer at ``level`` in the current
    language (``Computer (hard)``, or ``Computer 3 (hard)`` beside a twin)."""
    return name in {computer_name(level, number=k) for k in range(5)}


def marked_name(
    name: str, level: str | None, *, says_it: bool | None = None, short: bool = False
) -> str:
    """``name`` followed by its computer mark, unless the name says it already: ``says_it``
    when the caller knows (a default name kept as such), else :func:`says_computer`.

    >>> marked_name("Ben", "easy"), marked_name("Computer (easy)", "easy"), marked_name("Ana", None)
    ('Ben (computer, easy)', 'Computer (easy)', 'Ana')
    """
    if level is None:
        return name
    if says_it is None:
        says_it = says_computer(name, level)
    return name if says_it else name + computer_mark(level, short=short)
