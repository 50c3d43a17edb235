"""The values the command line's options take, each checked as argparse reads it: a bad one
raises :class:`argparse.ArgumentTypeError`, worded in the reader's language."""

import argparse
from collections.abc import Callable
from typing import NamedTuple

from chinese_ten.engine.errors import PlayerNameError
from chinese_ten.engine.series import MAX_DEALS
from chinese_ten.engine.variant import FEWEST_SEATS, MOST_SEATS
from chinese_ten.lang.i18n import _, ngettext
from chinese_ten.players.levels import (
    LEVELS,
    MAX_REVIEW_SAMPLES,
    MIN_REVIEW_SAMPLES,
    PLAYER_NAMES,
)
from chinese_ten.text.names import check_name, check_names
from chinese_ten.text.wording import seat_default


def whole_number(text: str) -> int:
    """Any whole number (``--seed``), and the first check of every count below."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a whole number").format(text=repr(text))
        ) from None


def positive(text: str) -> int:
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(_("{value} must be at least 1").format(value=value))
    return value


def deal_count(text: str) -> int:
    """A series length: 1 to MAX_DEALS, the most a record can plan."""
    value = positive(text)
    if value > MAX_DEALS:
        raise argparse.ArgumentTypeError(
            ngettext(
                "{value} is more than {most} deal", "{value} is more than {most} deals", MAX_DEALS
            ).format(value=value, most=MAX_DEALS)
        )
    return value


def bots(text: str) -> tuple[str, ...]:
    """A table's worth of computer players for ``simulate``: kinds or levels, comma-separated."""
    names = [n.strip().lower() for n in text.split(",")]
    if not FEWEST_SEATS <= len(names) <= MOST_SEATS:
        raise argparse.ArgumentTypeError(
            _("{text} must name {fewest} to {most} players, such as hard,greedy,greedy").format(
                text=repr(text), fewest=FEWEST_SEATS, most=MOST_SEATS
            )
        )
    for name in names:
        if name not in PLAYER_NAMES and name not in LEVELS:
            known = ", ".join((*PLAYER_NAMES, *LEVELS))
            raise argparse.ArgumentTypeError(
                _("unknown player {name}: choose from {known}").format(name=repr(name), known=known)
            )
    return tuple(names)


class Seated(NamedTuple):
    """``--players``: each seat's name (None for a computer's default name) and level (None
    for a person)."""

    names: tuple[str | None, ...]
    levels: tuple[str | None, ...]


COMPUTER_SEAT = "computer:"
"""How ``--players`` names a computer's seat: ``computer:hard``."""


def players(text: str) -> Seated:
    """``Ana,Ben`` (people), or with computers in their seats: ``Ana,computer:easy,Ben``."""
    entries = text.split(",")
    if not FEWEST_SEATS <= len(entries) <= MOST_SEATS:
        raise argparse.ArgumentTypeError(
            _(
                "{text} must be {fewest} to {most} names separated by commas, such as Ana,Ben"
            ).format(text=repr(text), fewest=FEWEST_SEATS, most=MOST_SEATS)
        )
    levels = tuple(seat_level(entry) for entry in entries)
    if all(level is not None for level in levels):
        raise argparse.ArgumentTypeError(
            _("{text} has no person: at least one seat is a name").format(text=repr(text))
        )
    try:  # computers under their default names, which people's names must differ from
        checked = check_names(
            [
                entry if level is None else seat_default(seat, levels)
                for seat, (entry, level) in enumerate(zip(entries, levels, strict=True))
            ]
        )
    except PlayerNameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    names = tuple(None if level else name for name, level in zip(checked, levels, strict=True))
    return Seated(names, levels)


def seat_level(entry: str) -> str | None:
    """The level of a ``computer:LEVEL`` entry of ``--players``, None for a name."""
    word = entry.strip().lower()
    if not word.startswith(COMPUTER_SEAT):
        return None
    level = word.removeprefix(COMPUTER_SEAT).strip()
    if level not in LEVELS:
        raise argparse.ArgumentTypeError(
            _("{entry}: the computer's level is one of {known}").format(
                entry=repr(entry), known=", ".join(LEVELS)
            )
        )
    return level


def levels(text: str) -> tuple[str, ...]:
    """``--vs``: a level for each computer, comma-separated."""
    chosen = tuple(word.strip().lower() for word in text.split(","))
    if len(chosen) > MOST_SEATS - 1:
        raise argparse.ArgumentTypeError(
            ngettext(
                "{text} names more than {count} computer",
                "{text} names more than {count} computers",
                MOST_SEATS - 1,
            ).format(text=repr(text), count=MOST_SEATS - 1)
        )
    for level in chosen:
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(
                _("unknown level {level}: choose from {known}").format(
                    level=repr(level), known=", ".join(LEVELS)
                )
            )
    return chosen


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a number of seconds").format(text=repr(text))
        ) from None
    if not 0.01 <= value <= 60:
        raise argparse.ArgumentTypeError(
            _("{value} must be between 0.01 and 60 seconds").format(value=value)
        )
    return value


def worlds(text: str) -> int:
    """``review --samples``: the worlds each close option is played in."""
    value = positive(text)
    if not MIN_REVIEW_SAMPLES <= value <= MAX_REVIEW_SAMPLES:
        raise argparse.ArgumentTypeError(
            ngettext(
                "{value} must be between {least} and {most} world",
                "{value} must be between {least} and {most} worlds",
                MAX_REVIEW_SAMPLES,
            ).format(value=value, least=MIN_REVIEW_SAMPLES, most=MAX_REVIEW_SAMPLES)
        )
    return value


def game_id(text: str) -> int:
    value = positive(text)
    if value >= 2**63:
        raise argparse.ArgumentTypeError(_("there is no game {id}").format(id=value))
    return value


def games_up_to(most: int) -> Callable[[str], int]:
    """A count of games, 1 to ``most`` (``history --limit``, ``serve --max-games``)."""

    def games(text: str) -> int:
        value = positive(text)
        if value > most:
            raise argparse.ArgumentTypeError(
                ngettext(
                    "{value} is more than {most} game", "{value} is more than {most} games", most
                ).format(value=value, most=most)
            )
        return value

    return games


def player(text: str) -> str:
    try:
        return check_name(text)
    except PlayerNameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def port(text: str) -> int:
    value = whole_number(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(
            _("{value} is not a port: choose 1 to 65535 (0 for any free port)").format(value=value)
        )
    return value


def minutes(text: str) -> float:
    from chinese_ten.serve.limits import IDLE_MINUTES

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a number of minutes").format(text=repr(text))
        ) from None
    low, high = IDLE_MINUTES
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(
            _("{value} must be between {low:g} and {high:g} minutes").format(
                value=value, low=low, high=high
            )
        )
    return value


def host(text: str) -> str:
    """A host to listen on: an empty one would listen on every address without saying so."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            _("an empty host is no address: give 127.0.0.1, a name, or 0.0.0.0 for every one")
        )
    return text
