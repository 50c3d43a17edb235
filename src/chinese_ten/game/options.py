"""What the player chose on the command line, handed to the app as one value in three parts:
what the game is (a :class:`~chinese_ten.game.table.Table`), how it is shown (:class:`Display`)
and this run of the program (:class:`Session`)."""

from dataclasses import dataclass, field
from pathlib import Path

from chinese_ten.engine.variant import FEWEST_SEATS, MOST_SEATS
from chinese_ten.game.table import Table
from chinese_ten.lang.i18n import _, ngettext


@dataclass(frozen=True, slots=True)
class Display:
    """How the game is drawn: nothing here changes play or what a save holds."""

    ascii: bool = False
    """Letters for suits and plain ASCII borders, for terminals that cannot draw more."""
    symbols: bool = True
    """Suit symbols (``♥``); off when the output encoding cannot show them."""
    four_color: bool = False
    compact: bool = False
    """The compact board at any size (``--compact``); under 80 x 24 it shows anyway."""


TOUCH_VARIABLE = "CHINESE_TEN_TOUCH"
"""Set to ``1`` by ``serve`` for a tab whose page is on a touch screen."""
CJK_VARIABLE = "CHINESE_TEN_CJK"
"""Set to ``0`` by ``serve`` for a tab whose page has no font for Chinese characters."""


@dataclass(frozen=True, slots=True)
class Session:
    """This run of the program: its chance, its save folder, whether it takes up the saved
    game, where it runs and its pace."""

    seed: int | None = None
    resume: bool = False
    save_dir: Path | None = None
    browser: bool = False
    """A browser tab runs the game (``chinese-ten serve``): no server path is shown."""
    touch: bool = False
    """That tab is on a touch screen (its page said so, see :data:`TOUCH_VARIABLE`): the
    controls are tall enough for a finger, and the words say tap, not keys."""
    cjk: bool = True
    """The screen can draw Chinese characters; a browser tab whose page has no font for them
    says so (:data:`CJK_VARIABLE`), and the title shows the game's Chinese name in pinyin."""
    pause: float = 0.6
    """Seconds between a computer's actions, so a person can follow them."""
    guard: float = 0.4
    """Seconds a screen that decides who sees the table next (the hand-over, the cut, the
    results, the continue question) ignores keys after it is drawn: the second press of a
    double tap is not a decision."""


def two_people() -> Table:
    """``play`` alone: two people, deal after deal, their names asked."""
    return Table(typed=(None, None), computer=(None, None), deals_planned=None)


@dataclass(frozen=True, slots=True)
class GameOptions:
    table: Table = field(default_factory=two_people)
    """The game the command line asks for: the seats (a name typed, or None for the seat's
    default name; a person, or the computer at a level), the length and the options of play.
    A save taken up may hold another (see ``GameFlow.table``)."""
    names_given: bool = False
    """``--players`` named the seats; otherwise the start screen asks for the names when
    people share the keyboard (against the computer the default ``You`` plays)."""
    deals_by_seats: bool = False
    """``series`` without ``--deals``: the length follows the table the start screen sets
    (6 deals with 2 or 3 players, 8 with 4, so that every seat deals equally often)."""
    display: Display = field(default_factory=Display)
    session: Session = field(default_factory=Session)

    @property
    def shows_start(self) -> bool:
        """No names given and no opponent chosen for good: the start screen asks who plays.

        ``play`` alone shows it; ``play --vs hard`` in a terminal does not (the command line
        said who plays: you, against the computer). In a browser tab the command is the
        server's, the same for every tab, so its ``--vs`` and ``--seat`` are only the choice
        the start screen offers first."""
        return not self.names_given and (self.table.hot_seat or self.session.browser)


def options_of(holder: object) -> GameOptions:
    """The options ``holder`` (the Textual app) was given; the defaults when it has none (a
    test's own app, a review shown alone)."""
    options = getattr(holder, "options", None)
    return options if isinstance(options, GameOptions) else GameOptions()


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
            ngettext(
                "{names} names leave no seat for a person beside {computers} computer",
                "{names} names leave no seat for a person beside {computers} computers",
                computers,
            ).format(names=seats, computers=computers)
        )
    if seats > MOST_SEATS:
        raise ValueError(
            ngettext(
                "{seats} player: Chinese Ten is for {fewest} to {most} players",
                "{seats} players: Chinese Ten is for {fewest} to {most} players",
                seats,
            ).format(seats=seats, fewest=FEWEST_SEATS, most=MOST_SEATS)
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
