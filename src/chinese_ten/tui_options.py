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
    def asks_names(self) -> bool:
        """Two people and no names given: the start screen asks for them."""
        return self.players is None and self.hot_seat

    @property
    def hot_seat(self) -> bool:
        """Two people share the keyboard, so hands are hidden between turns."""
        return self.computer == (None, None)
