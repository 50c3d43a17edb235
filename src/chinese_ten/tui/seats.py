"""How a seat's name is drawn: marked when the computer plays it, shortened where room is short.

Names may hold 40 characters, and a line of the board holds two of them beside counts that
must never be cut; so a line is built with names fitted to a budget of cells, tried from the
longest form down (:func:`fit_line`).
"""

from collections.abc import Callable, Iterator
from typing import Protocol

from rich.cells import cell_len
from rich.text import Text

from chinese_ten.players.levels import lone_person
from chinese_ten.text import marks
from chinese_ten.text.marks import marked_name, says_computer
from chinese_ten.text.wording import short_computer_name


class NameOf(Protocol):
    """A seat's name as one form of a line shows it; ``mark`` adds the computer's mark
    (once per line is enough)."""

    def __call__(self, seat: int, mark: bool = True) -> str: ...


SHORTEST = 4
"""Cells a name keeps at the least (with its ellipsis)."""


def fit(name: str, width: int, ellipsis: str) -> str:
    """``name`` in at most ``width`` cells; a cut name ends in ``ellipsis``."""
    if cell_len(name) <= width:
        return name
    room = max(width - cell_len(ellipsis), 1)
    kept = ""
    for char in name:
        if cell_len(kept + char) > room:
            break
        kept += char
    return kept.rstrip() + ellipsis


def computer_mark(name: str, level: str | None, *, short: bool = False) -> str:
    """What follows a name played by the computer at ``level`` (:mod:`chinese_ten.text.marks`):
    `` (computer, hard)``, or `` (computer)`` where room is short; nothing for a person, or
    for a default name (``Computer (hard)``, ``Computer 3 (hard)``) that says it already."""
    if level is None or says_computer(name, level):
        return ""
    return marks.computer_mark(level, short=short)


def you_seat(levels: tuple[str | None, ...]) -> int | None:
    """The seat of the person playing the computer, who is addressed as "you" (None when
    two people share the keyboard: each is named, whatever the names)."""
    return lone_person(levels)


def marked(names: tuple[str, ...], levels: tuple[str | None, ...]) -> tuple[str, ...]:
    """Every name with its computer mark in full (for screens with room to wrap)."""
    return tuple(marked_name(name, level) for name, level in zip(names, levels, strict=True))


def fit_line(
    build: Callable[[NameOf], Text],
    width: int,
    names: tuple[str, ...],
    levels: tuple[str | None, ...],
    ellipsis: str,
) -> Text:
    """The first form of ``build``'s line that fits ``width`` cells: whole names with the
    full mark; then the computer's default names without their level (``Computer`` for
    ``Computer (hard)``, where that tells the seats apart), then names cut (to no fewer
    than 12 cells), then the short mark with names cut down to :data:`SHORTEST`. Only names
    shrink, so counts and points always show."""
    shorter = _without_levels(names, levels)
    text = Text()
    longest = max(cell_len(n) for n in names)
    for k, (short, budget) in enumerate([(False, longest), *_forms(longest)]):
        shown = names if k == 0 else shorter

        def name_of(
            seat: int,
            mark: bool = True,
            short: bool = short,
            budget: int = budget,
            shown: tuple[str, ...] = shown,
        ) -> str:
            suffix = computer_mark(names[seat], levels[seat], short=short) if mark else ""
            return fit(shown[seat], budget, ellipsis) + suffix

        text = build(name_of)
        if text.cell_len <= width:
            break
    return text


def _without_levels(names: tuple[str, ...], levels: tuple[str | None, ...]) -> tuple[str, ...]:
    """``names`` with the computer's default names shortened (:func:`short_computer_name`),
    unless two seats would then read the same (``Computer (easy)`` and ``Computer (hard)``)."""
    shorter = tuple(
        short_computer_name(name, level) or name for name, level in zip(names, levels, strict=True)
    )
    return shorter if len(set(shorter)) == len(shorter) else names


def _forms(longest: int) -> Iterator[tuple[bool, int]]:
    for budget in range(longest, min(12, longest) - 1, -1):
        yield False, budget
    for budget in range(longest, min(SHORTEST, longest) - 1, -1):
        yield True, budget
