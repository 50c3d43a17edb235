"""What the player chose on the command line, handed to the app as one value."""

from dataclasses import dataclass
from pathlib import Path

from chinese_ten.lang.i18n import _
from chinese_ten.players.levels import lone_person


@dataclass(frozen=True, slots=True)
class GameOptions:
    deals_planned: int | None = None
    """``None`` for ``play`` (deal after deal), a number for ``series``."""
    deals_by_seats: bool = False
    """``series`` without ``--deals``: the length follows the table the start screen sets
    (6 deals with 2 or 3 players, 8 with 4, so that every seat deals equally often)."""
    players: tuple[str | None, ...] | None = None
    """Names from ``--players``, one per seat (None: the seat's default name, as a computer
    seated there has); ``None``: every seat's default name, asked for on the start screen
    when people share the keyboard (against the computer ``You``)."""
    seed: int | None = None
    resume: bool = False
    ascii: bool = False
    """Letters for suits and plain ASCII borders, for terminals that cannot draw more."""
    symbols: bool = True
    """Suit symbols (``♥``); off when the output encoding cannot show them."""
    four_color: bool = False
    open_scores: bool = False
    """Show both players' red points during the deal (normally hidden until it ends)."""
    computer: tuple[str | None, ...] = (None, None)
    """Level of the computer in each seat (``None``: a person); as many entries as seats."""
    hints: bool = True
    think: float | None = None
    """Seconds the ``hard`` computer may think per decision (``None``: its fixed sample count)."""
    pause: float = 0.6
    """Seconds between a computer's actions, so a person can follow them."""
    guard: float = 0.4
    """Seconds a screen that decides who sees the table next (the hand-over, the cut, the
    results, the continue question) ignores keys after it is drawn: the second press of a
    double tap is not a decision."""
    save_dir: Path | None = None
    browser: bool = False
    """A browser tab runs the game (``chinese-ten serve``): no server path is shown."""
    compact: bool = False
    """The compact board at any size (``--compact``); under 80 x 24 it shows anyway."""

    @property
    def shows_start(self) -> bool:
        """No names given and no opponent chosen for good: the start screen asks who plays.

        ``play`` alone shows it; ``play --vs hard`` in a terminal does not (the command line
        said who plays: you, against the computer). In a browser tab the command is the
        server's, the same for every tab, so its ``--vs`` and ``--seat`` are only the choice
        the start screen offers first."""
        return self.players is None and (self.hot_seat or self.browser)

    @property
    def vs(self) -> str | None:
        """The level of the computer asked for (``--vs``); None for two people."""
        return next((level for level in self.computer if level is not None), None)

    @property
    def seats(self) -> int:
        """How many play: 2, 3 or 4."""
        return len(self.computer)

    @property
    def person_seat(self) -> int:
        """The seat of the one person against the computer (``--seat`` less one); 0 when
        several people play."""
        seat = lone_person(self.computer)
        return 0 if seat is None else seat

    @property
    def hot_seat(self) -> bool:
        """People share the keyboard, so hands are hidden between their turns."""
        return sum(level is None for level in self.computer) > 1


def table_levels(
    levels: tuple[str, ...] | None, names: tuple[str | None, ...] | None, seat: int | None
) -> tuple[str | None, ...]:
    """Each seat's computer level from the command line: ``--vs`` lists a level per computer,
    ``--players`` names every seat (people and computers, as with two), ``--seat`` is the one
    person's seat (from 1). Without names the table is one person and the computers, or two
    people; several people sit first and the computers after them.

    >>> table_levels(("hard", "hard"), None, None), table_levels(("hard", "hard"), None, 2)
    ((None, 'hard', 'hard'), ('hard', None, 'hard'))
    >>> table_levels(("easy",), ("Ana", "Ben", "Cy"), None)
    (None, None, 'easy')

    Raises ``ValueError`` with the reason, in words, for a table that cannot be.
    """
    computers = len(levels or ())
    seats = len(names) if names is not None else (computers + 1 if computers else 2)
    if computers >= seats:
        raise ValueError(
            _("{names} names leave no seat for a person beside {computers} computers").format(
                names=seats, computers=computers
            )
        )
    if seats > 4:
        raise ValueError(
            _("{seats} players: Chinese Ten is for 2 to 4 players").format(seats=seats)
        )
    people = seats - computers
    if seat is not None and people > 1:
        raise ValueError(_("--seat chooses the seat of the one person against the computer"))
    if seat is not None and not 1 <= seat <= seats:
        raise ValueError(
            _("--seat {seat}: the seats are 1 to {seats}").format(seat=seat, seats=seats)
        )
    if levels is None or not levels:
        return (None,) * seats
    if people == 1:
        person = 0 if seat is None else seat - 1
        rest = iter(levels)
        return tuple(None if k == person else next(rest) for k in range(seats))
    return (None,) * people + levels
