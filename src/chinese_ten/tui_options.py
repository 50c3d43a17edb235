"""What the player chose on the command line, handed to the app as one value."""

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class GameOptions:
    deals_planned: int | None = None
    """``None`` for ``play`` (deal after deal), a number for ``series``."""
    players: tuple[str, str] | None = None
    """Names from ``--players``; ``None``: the seats' default names, asked for on the start
    screen when two people play (against the computer they are ``You`` and ``Computer``)."""
    seed: int | None = None
    resume: bool = False
    ascii: bool = False
    """Letters for suits and plain ASCII borders, for terminals that cannot draw more."""
    symbols: bool = True
    """Suit symbols (``♥``); off when the output encoding cannot show them."""
    four_color: bool = False
    open_scores: bool = False
    """Show both players' red points during the deal (normally hidden until it ends)."""
    computer: tuple[str | None, str | None] = (None, None)
    """Level of the computer in each seat (``None``: a person)."""
    hints: bool = True
    think: float | None = None
    """Seconds the ``hard`` computer may think per decision (``None``: its fixed sample count)."""
    pause: float = 0.6
    """Seconds between a computer's actions, so a person can follow them."""
    save_dir: Path | None = None
    browser: bool = False
    """A browser tab runs the game (``chinese-ten serve``): no server path is shown."""

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
    def person_seat(self) -> int:
        """The seat of the person against the computer (``--seat`` less one); 0 for people."""
        return 1 if self.computer[0] is not None and self.computer[1] is None else 0

    @property
    def hot_seat(self) -> bool:
        """Two people share the keyboard, so hands are hidden between turns."""
        return self.computer == (None, None)


def computer_seats(level: str | None, person_seat: int = 0) -> tuple[str | None, str | None]:
    """Each seat's computer level for one person in ``person_seat`` against the computer at
    ``level`` (None: two people, no computer).

    >>> computer_seats("hard", 1), computer_seats(None, 1)
    (('hard', None), (None, None))
    """
    if level is None:
        return None, None
    return (None, level) if person_seat == 0 else (level, None)
