"""What defines a game, which a save must bring back exactly: who sits in each seat (a name
typed, or the seat's default name; a person, or the computer at a level), the planned length
and the options that change play (hints, open scores, the computer's thinking time).

A :class:`Table` is built from the command line (``GameOptions.table``) or read from a save
(:func:`table_of`); :func:`differences` says, in words, where the command line asks for
another game than the one saved, so the person chooses one of the two and never a mix.
No Textual, Rich or pydantic here: the game flow uses it before the first save.
"""

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from chinese_ten.lang.folding import name_key
from chinese_ten.lang.i18n import _, ngettext
from chinese_ten.lang.numerals import shortest
from chinese_ten.players.levels import LEVELS, lone_person
from chinese_ten.text.marks import marked_name
from chinese_ten.text.wording import english_default, is_default, is_you, seat_default, versus

if TYPE_CHECKING:  # pydantic is imported on the first save, not at start-up
    from chinese_ten.store.records import GameRecord, SeatRecord, SettingsRecord


@dataclass(frozen=True, slots=True)
class Table:
    """Who sits where, how long the game is, and the options that change it."""

    typed: tuple[str | None, ...]
    """Each seat's name as typed; None for the seat's default name (shown in the language)."""
    computer: tuple[str | None, ...]
    """The level of the computer in each seat; None for a person. One entry per seat."""
    deals_planned: int | None
    hints: bool = True
    open_scores: bool = False
    think: float | None = None

    @property
    def seats(self) -> int:
        """How many play: 2, 3 or 4."""
        return len(self.computer)

    @property
    def hot_seat(self) -> bool:
        """People share the keyboard, so hands are hidden between their turns."""
        return sum(level is None for level in self.computer) > 1

    @property
    def person_seat(self) -> int:
        """The seat of the one person against the computer; 0 when several people play."""
        seat = lone_person(self.computer)
        return 0 if seat is None else seat

    @property
    def vs(self) -> str | None:
        """The level of the first computer at the table; None for people only."""
        return next((level for level in self.computer if level is not None), None)

    def names(self) -> tuple[str, ...]:
        """Every seat's name as shown now: a default name in the current language."""
        return tuple(
            typed if typed is not None else seat_default(seat, self.computer)
            for seat, typed in enumerate(self.typed)
        )

    def record_names(self) -> tuple[str, ...]:
        """Every name as records and the history write them: a default name in English."""
        return tuple(
            typed if typed is not None else english_default(seat, self.computer)
            for seat, typed in enumerate(self.typed)
        )

    def recognised(self, names: tuple[str, ...]) -> "Table":
        """The table with the names of a save of an earlier version in the seats: a name that
        is the seat's default name in any of our languages is taken for the default."""
        return replace(
            self,
            typed=tuple(
                None if is_default(name, seat, self.computer) else name
                for seat, name in enumerate(names)
            ),
        )

    def seat_records(self) -> tuple["SeatRecord", ...]:
        from chinese_ten.store.records import SeatRecord

        return tuple(
            SeatRecord.model_validate({"computer": level, "default_name": typed is None})
            for typed, level in zip(self.typed, self.computer, strict=True)
        )

    def settings_record(self) -> "SettingsRecord":
        from chinese_ten.store.records import SettingsRecord

        return SettingsRecord(hints=self.hints, open_scores=self.open_scores, think=self.think)

    def opponents(self) -> str:
        """``Ana v Computer (hard)``: who plays whom, each seat marked as the computer's
        (``Ana v Ben v Computer 3 (hard)`` at a larger table)."""
        return versus([self._seat_words(seat, name) for seat, name in enumerate(self.names())])

    def _seat_words(self, seat: int, name: str) -> str:
        """A person's name, or "Computer (hard)" that says it already, or the name typed for
        a computer with its mark."""
        return marked_name(name, self.computer[seat], says_it=self.typed[seat] is None)

    def length(self) -> str:
        """``6 deals`` or ``deal after deal``."""
        if self.deals_planned is None:
            return _("deal after deal")
        return ngettext("{count} deal", "{count} deals", self.deals_planned).format(
            count=self.deals_planned
        )


def table_of(record: "GameRecord", asked: Table) -> tuple[Table, list[str]]:
    """The table a save or record was played at, and what had to be assumed about it: a
    record of an earlier version says neither who sits where nor its options. Then a seat
    whose name is the computer's default name (in any of our languages) is the computer at
    that level, every other seat a person, and the options are those asked for now."""
    assumed: list[str] = []
    names = record.players
    computer: tuple[str | None, ...]
    if record.seats is not None:
        computer = tuple(seat.computer for seat in record.seats)
        default = tuple(seat.default_name for seat in record.seats)
    else:  # earlier versions had two seats
        computer = tuple(_computer_named(name, seat, len(names)) for seat, name in enumerate(names))
        default = (False,) * len(names)
    table = Table(
        typed=(None,) * len(names),
        computer=computer,
        deals_planned=record.deals_planned,
        hints=asked.hints,
        open_scores=asked.open_scores,
        think=asked.think,
    )
    if record.seats is None:
        table = table.recognised(names)
    else:
        typed = tuple(
            None if is_default_seat else name
            for name, is_default_seat in zip(names, default, strict=True)
        )
        table = replace(table, typed=typed)
    if record.settings is not None:
        settings = record.settings
        table = replace(
            table, hints=settings.hints, open_scores=settings.open_scores, think=settings.think
        )
    if record.seats is None:
        assumed.append(
            _(
                "an earlier version kept only the names: taken as {opponents}, with the "
                "options given now"
            ).format(opponents=table.opponents())
        )
    elif record.settings is None:
        assumed.append(_("its options are not in the save: the ones given now are used"))
    return table, assumed


def shown_names(record: "GameRecord") -> tuple[str, ...]:
    """A record's names as a reader sees them: a seat's default name in the reader's language
    (records write it in English), every other name as written."""
    if record.seats is None:
        return tuple(record.players)
    levels = [s.computer for s in record.seats]
    return tuple(
        seat_default(seat, levels) if s.default_name else name
        for seat, (name, s) in enumerate(zip(record.players, record.seats, strict=True))
    )


def record_you(record: "GameRecord") -> int | None:
    """The seat a record's reader is addressed in as "you" (``You deal``, not ``You deals``):
    as in the game, the one person at a table the computer plays; in a record that says no
    person (an older one, or one of computer players), the seat named with a default "You"
    of any language. None when no seat, or more than one, is "you".

    >>> from chinese_ten.store.records import GameRecord
    >>> record_you(GameRecord(format="chinese-ten", version=1, players=("Vous", "Ana"),
    ...                       deals_planned=1, deals=()))
    0
    """
    if record.seats is not None:
        levels = [s.computer for s in record.seats]
        if any(level is None for level in levels):
            return lone_person(levels)
    named = [seat for seat, name in enumerate(record.players) if is_you(name)]
    return named[0] if len(named) == 1 else None


def _computer_named(name: str, seat: int, seats: int) -> str | None:
    """The level whose default computer name ``name`` is, in any language, at a table of
    ``seats`` with one computer; None if none."""
    for level in LEVELS:
        levels: list[str | None] = [None] * seats
        levels[seat] = level
        if is_default(name, seat, levels):
            return level
    return None


def differences(saved: Table, asked: Table, *, deals_by_seats: bool = False) -> list[str]:
    """Where the command line asks for another game (``asked``) than ``saved``, one line each
    (empty when it asks for nothing ``saved`` is not: ``play`` alone asks for no particular
    game). ``deals_by_seats``: ``series`` without ``--deals``, which takes any length."""
    lines: list[str] = []
    typed = any(name is not None for name in asked.typed)
    seats_asked = typed or any(level is not None for level in asked.computer)
    names_differ = typed and _keys(asked.names()) != _keys(saved.names())
    if seats_asked and (asked.computer != saved.computer or names_differ):
        lines.append(_line(_("players"), saved.opponents(), asked.opponents()))
    length_asked = asked.deals_planned is not None and not (
        deals_by_seats and saved.deals_planned is not None
    )
    if length_asked and asked.deals_planned != saved.deals_planned:
        lines.append(_line(_("length"), saved.length(), asked.length()))
    if not asked.hints and saved.hints:
        lines.append(_line(_("hints"), _("on"), _("off")))
    if asked.open_scores and not saved.open_scores:
        lines.append(_line(_("open scores"), _("off"), _("on")))
    if asked.think is not None and asked.think != saved.think:
        lines.append(_line(_("thinking time"), _seconds(saved.think), _seconds(asked.think)))
    return lines


def _keys(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(name_key(name) for name in names)


def _line(what: str, saved: str, asked: str) -> str:
    return _("{what}: saved {saved}, asked {asked}").format(what=what, saved=saved, asked=asked)


def _seconds(think: float | None) -> str:
    if think is None:
        return _("a fixed search")
    return _("{seconds} s a move").format(seconds=shortest(think))
