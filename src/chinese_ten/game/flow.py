"""The flow of a game, without a screen: series, deals, turns, computers, the save and records.

The game screen drives a :class:`GameFlow` and draws what it holds; tests drive it directly.
Whatever a person should be told comes back as :class:`Notice` values (the screen shows them
as toasts), so the flow never imports Textual or Rich.
"""

import random
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from chinese_ten.engine.actions import Action, is_flip
from chinese_ten.engine.chance import draw_lots, random_setup
from chinese_ten.engine.deal import OVER, DealOutcome, DealState, apply_action, outcome, start
from chinese_ten.engine.errors import ChineseTenError, SaveError
from chinese_ten.engine.series import SeriesScore, default_deals
from chinese_ten.engine.view import PlayerView
from chinese_ten.game.options import GameOptions
from chinese_ten.game.table import Table, differences, table_of
from chinese_ten.lang.i18n import _
from chinese_ten.players.base import LaterPlayer, Player
from chinese_ten.players.levels import lone_person
from chinese_ten.store.files import shown, write_atomically, write_new
from chinese_ten.store.history_writer import HistoryWriter
from chinese_ten.store.saves import SaveSlot, claim_slot

if TYPE_CHECKING:  # pydantic is imported on the first save, not at start-up
    from chinese_ten.store.records import GameRecord


@dataclass(frozen=True, slots=True)
class Notice:
    """Something to tell the person at once (a toast on screen)."""

    text: str
    title: str = ""
    error: bool = False
    timeout: float = 6.0
    lasting: bool = False
    """Shown on every screen until a notice that ``ends_lasting`` (a failed save stays said)."""
    ends_lasting: bool = False


@dataclass(frozen=True, slots=True)
class SavedGame:
    """An unfinished game in the data folder that no running game holds."""

    table: Table
    deals_finished: int
    path: Path
    differences: tuple[str, ...] = ()
    """Where the command line asks for another game than this one, one line each."""
    assumed: tuple[str, ...] = ()
    """What had to be assumed about a save of an earlier version."""


@dataclass(frozen=True, slots=True)
class Applied:
    """What one action did, for the screen: the deal's result if it ended, whose turn next."""

    result: DealOutcome | None
    turn_over: bool
    """The action turned over the stock card: the mover's turn is done."""
    notices: list[Notice] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Resume:
    """Whether a saved game was taken up, and what to tell the person either way."""

    resumed: bool
    notices: list[Notice]


class GameFlow:
    """One game: the names, the series score, the deals, each seat's computer and the save."""

    def __init__(self, options: GameOptions) -> None:
        self.asked = options
        """What the command line asked for (a resumed game may be another)."""
        self.options = options
        """The options of the game being played: what was asked, its table what the start
        screen chose or the save held."""
        self.series = SeriesScore(options.table.deals_planned, 0, seats=options.table.seats)
        self.finished: list[DealState] = []
        """Every deal of the series played to its end, in order."""
        self.state: DealState | None = None
        """The deal in play, or the deal just finished (also the last of ``finished``)."""
        self.computers: list[Player | None] = []
        self._seat(options.table)
        self.keyboard = 0
        """In hot-seat, the seat whose person has the keyboard (changes at the hand-over)."""
        self.slot: SaveSlot | None = None
        """The save this game holds (None until held, or when no slot can be used)."""
        self.save_problem: str | None = None
        """Why the last save failed; None once a save succeeds."""
        self._copied_at: tuple[int, int] | None = None
        """The :meth:`progress` at which a whole copy was written elsewhere (a failed save)."""
        self._lots = random.Random(options.session.seed)
        self._found: tuple[GameRecord, list[DealState]] | None = None
        """The save :meth:`find_unfinished` read, kept for :meth:`resume`."""
        self.history_id: int | None = None
        """This game's row in the history (None until stored; after a resume it is found)."""
        self.history = HistoryWriter()
        """Stores the finished deals in the history on a thread of its own."""
        self.history.store_pending(options.session.save_dir)  # a busy history's leftovers
        self.started = datetime.now(UTC)

    def _seat(self, table: Table) -> None:
        """Play at ``table``: its computers take their seats, its options apply."""
        self.options = replace(self.asked, table=table)
        self.computers = [
            None
            if level is None
            else LaterPlayer(level, random.Random(self.asked.session.seed), think=table.think)
            for level in table.computer
        ]

    @property
    def table(self) -> Table:
        """The table of the game being played."""
        return self.options.table

    def _differences(self, saved: Table) -> list[str]:
        """Where the command line asks for another game than ``saved`` (see ``differences``)."""
        return differences(saved, self.asked.table, deals_by_seats=self.asked.deals_by_seats)

    @property
    def seats(self) -> int:
        """How many play: 2, 3 or 4."""
        return self.table.seats

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name as shown now (a default name in the current language)."""
        return self.table.names()

    # ------------------------------------------------------------ the position
    @property
    def deal_in_play(self) -> bool:
        return self.state is not None and self.state.phase != OVER

    @property
    def deal_number(self) -> int:
        """The number of the deal in play, or of the next one to be dealt."""
        return len(self.series.outcomes) + 1

    def viewer(self) -> int:
        """Whose eyes the board is drawn for: the person at the keyboard."""
        seat = lone_person(self.table.computer)
        return self.keyboard if seat is None else seat

    def view(self) -> PlayerView:
        assert self.state is not None
        return PlayerView(self.state, self.viewer())

    def computer_to_move(self) -> Player | None:
        """The computer whose turn it is, or None when a person is to move."""
        if not self.deal_in_play:
            return None
        assert self.state is not None
        return self.computers[self.state.to_move]

    def next_person(self, seat: int) -> int:
        """The first seat from ``seat`` on, in turn order, where a person plays (the one the
        keyboard goes to when the computers between have played)."""
        seats = len(self.computers)
        return next(
            (seat + k) % seats for k in range(seats) if self.computers[(seat + k) % seats] is None
        )

    def pass_keyboard(self) -> None:
        """The person to move now has the keyboard (hot-seat: after the hand-over)."""
        if self.state is not None:
            self.keyboard = self.state.to_move

    def deals(self) -> list[DealState]:
        """Every deal of the series so far: the finished ones, then the one in play."""
        in_play = [self.state] if self.state is not None and self.deal_in_play else []
        return [*self.finished, *in_play]

    # ------------------------------------------------------------ the series
    def start_series(
        self,
        names: tuple[str | None, ...] | None = None,
        computer: tuple[str | None, ...] | None = None,
    ) -> None:
        """A new game between ``names`` (None for a seat's default name; no names: the
        table's as asked), with the computer at ``computer``'s level in its seat (None for a
        person; no levels: the computers asked for, as the start screen chose them): the
        first dealer is drawn by lot."""
        table = self.table
        if names is not None:
            table = replace(table, typed=names)
        if computer is not None:
            table = replace(table, computer=computer)
        if self.asked.deals_by_seats:
            table = replace(table, deals_planned=default_deals(table.seats))
        self._seat(table)
        self.series = self._new_score(table.deals_planned)
        self.history_id, self.started = None, datetime.now(UTC)

    def new_series(self) -> list[Notice]:
        """Another series between the same players, as long as the last one; the finished
        series is archived first (if that fails, the new one must not write over it)."""
        notices: list[Notice] = []
        if self.slot is not None:
            try:
                self.slot.put_away("finished")
            except SaveError as error:
                self.slot.release()
                self.slot = None
                notices += self._save_failed(
                    _("the finished series could not be put away: {error}").format(error=error)
                )
        self.finished = []
        self.state = None
        self.series = self._new_score(self.series.deals_planned)
        self.history_id, self.started = None, datetime.now(UTC)
        return notices

    def _new_score(self, deals_planned: int | None) -> SeriesScore:
        """A series not yet begun: the first dealer drawn by lot among the seats."""
        seats = self.seats
        return SeriesScore(deals_planned, draw_lots(self._lots, seats), seats=seats)

    def deal_rng(self, number: int) -> random.Random:
        """Each deal's shuffle: reproducible from ``--seed``, independent of what came before."""
        seed = self.asked.session.seed
        return random.Random(None if seed is None else f"{seed}:{number}")

    @property
    def dealer(self) -> int:
        """The dealer of the deal in play, or of the next one."""
        if self.deal_in_play:
            assert self.state is not None
            return self.state.setup.dealer
        return self.series.next_dealer

    def deal(self, position: int) -> list[Notice]:
        """Shuffle, cut at ``position`` and deal the next deal; it is saved at once."""
        setup = random_setup(
            self.deal_rng(self.deal_number), self.series.next_dealer, position, self.seats
        )
        self.state = start(setup)
        self.keyboard = self.next_person(self.state.to_move)
        return self.save()

    def apply(self, action: Action) -> Applied:
        """Play one action through the engine, count a finished deal, and save."""
        assert self.state is not None
        self.state = apply_action(self.state, action)
        result = outcome(self.state)
        notices = []
        if result is not None:
            self.series = self.series.add(result)
            self.finished.append(self.state)
            notices = self.remember()
        return Applied(result, is_flip(action), self.save() + notices)

    def remember(self) -> list[Notice]:
        """Hand the finished deals to the history's writer thread and return at once (a store
        may wait seconds for the database); what it has to tell so far comes back here and
        from :meth:`history_notices`."""
        self.history.store(
            self.asked.session.save_dir,
            self.record(full=False),
            computers=self.table.computer,
            started=self.started,
        )
        return self.history_notices()

    def history_notices(self) -> list[Notice]:
        """What storing in the history has to tell since the last call: a broken file moved
        aside, or (once a game flow) that a deal could not be kept. The screen polls it."""
        self.history_id = self.history.game_id(self.started)
        return [
            Notice(said.text, title=_("This deal waits for the history"), error=True, timeout=12)
            if said.pending
            else Notice(
                said.text, title=_("This deal was not kept in the history"), error=True, timeout=12
            )
            if said.failed
            else Notice(said.text, title=_("History"), timeout=12)
            for said in self.history.said()
        ]

    # ------------------------------------------------------------ the save
    def _claim(self, *, resume: bool, newest: bool = True) -> list[Notice]:
        """Hold a slot of the data folder: with ``newest`` the newest save no running game
        holds, else the lowest free slot; say when other windows hold saves. ``resume``: the
        person asked to continue a game."""
        if self.slot is not None:
            return []
        try:
            claim = claim_slot(self.asked.session.save_dir, resume=newest)
        except SaveError as error:
            return self._save_failed(str(error))
        slot = claim.slot
        self.slot = slot
        notices: list[Notice] = []
        if claim.busy and self.asked.session.browser:  # the server's paths are not the person's
            if slot.exists():  # the save this tab holds is offered next: the toast would mislead
                return notices
            notices.append(
                Notice(
                    _("Your saved game is open in another tab, so this one keeps its own."),
                    title=_("Saves held by another tab"),
                    timeout=12,
                )
            )
        elif claim.busy:
            others = ", ".join(shown(path) for path in claim.busy)
            if slot.exists() and resume:
                text = _(
                    "Another Chinese Ten window is playing {others}, so this one continues {path}."
                )
            elif resume:
                text = _(
                    "Another Chinese Ten window is playing {others}, so this one starts a new "
                    "game, saved separately, as {path}."
                )
            else:
                text = _(
                    "Another Chinese Ten window is playing {others}, so this one saves its game "
                    "separately, as {path}."
                )
            notices.append(
                Notice(
                    text.format(others=others, path=shown(slot.path)),
                    title=_("Saves held by another window"),
                    timeout=12,
                )
            )
        elif resume and not slot.exists():
            notices.append(Notice(_("There is no saved game to continue, so a new one begins.")))
        return notices

    def _load(self) -> tuple[tuple["GameRecord", list[DealState]] | None, list[Notice]]:
        """The game saved in the slot held (a save that cannot be read is moved aside)."""
        if self._found is not None:
            return self._found, []
        if self.slot is None or not self.slot.exists():
            return None, []
        try:
            self._found = self.slot.load()
        except ChineseTenError as error:
            notice = Notice(
                str(error), title=_("The save could not be read"), error=True, timeout=12
            )
            return None, [notice]
        return self._found, []

    def find_unfinished(self) -> tuple[SavedGame | None, list[Notice]]:
        """Hold a slot, and say whether it holds an unfinished game no running game holds
        (the person is then asked: continue it, or start a new one)."""
        notices = self._claim(resume=False)
        found, more = self._load()
        notices += more
        if found is None:
            return None, notices
        record, states = found
        score = SeriesScore.of_states(record.deals_planned, states)
        if not states or score.is_over:
            return None, notices
        assert self.slot is not None
        table, assumed = table_of(record, self.asked.table)
        if None not in table.computer:
            return None, [*notices, _nobody_plays()]
        saved = SavedGame(
            table,
            len(score.outcomes),
            self.slot.path,
            differences=tuple(self._differences(table)),
            assumed=tuple(assumed),
        )
        return saved, notices

    def finished_table(self) -> Table | None:
        """The table of the finished series the slot held (after :meth:`find_unfinished`),
        for the start screen to offer again; None if it held no finished series, or one
        nobody at this keyboard played."""
        found = self._found
        if found is None:
            return None
        record, states = found
        score = SeriesScore.of_states(record.deals_planned, states, len(record.players))
        if not states or not score.is_over:
            return None
        table, _assumed = table_of(record, self.asked.table)
        return table if None in table.computer else None

    def resume(self, *, asked: bool = False) -> Resume:
        """Take up the saved game exactly as it was (its players, computers, length and
        options, whatever the command line says), from the newest free save. ``asked``: the
        person saw the differences in the continue question; else they are said here."""
        notices = self._claim(resume=True)
        found, more = self._load()
        notices += more
        if found is None:
            return Resume(False, notices)
        record, states = found
        if not states:
            notices.append(Notice(_("The saved game has no deal yet, so a new one begins.")))
            return Resume(False, notices)
        table, assumed = table_of(record, self.asked.table)
        if None not in table.computer:
            return Resume(False, [*notices, _nobody_plays()])
        set_aside = [] if asked else self._differences(table)
        if set_aside:
            notices.append(
                Notice(
                    "\n".join(set_aside),
                    title=_("The saved game continues as it was saved"),
                    timeout=12,
                )
            )
        if assumed:
            notices.append(
                Notice("\n".join(assumed), title=_("Assumed for an older save"), timeout=12)
            )
        self.take_up(record, states)
        return Resume(True, notices)

    def take_up(self, record: "GameRecord", states: list[DealState]) -> None:
        """Play on from ``record``, replayed as ``states`` (at least one deal): its table, its
        series and its deal in play."""
        table, _assumed = table_of(record, self.asked.table)
        self._seat(table)
        self.series = SeriesScore.of_states(record.deals_planned, states)
        self.finished = [s for s in states if outcome(s) is not None]
        self.state = states[-1]
        self.keyboard = self.next_person(self.state.to_move)

    def hold_fresh_slot(self) -> list[Notice]:
        """Hold a slot for a new game and put away what was saved there: nothing is replaced
        (where an unfinished game went is said; a finished series goes quietly, as after
        :meth:`new_series`)."""
        notices = self._claim(resume=False, newest=False)
        found, self._found = self._found, None
        slot = self.slot
        if slot is None:
            return notices
        over = found is not None and SeriesScore.of_states(found[0].deals_planned, found[1]).is_over
        try:
            kept = slot.put_away("finished" if over else "unfinished")
        except SaveError as error:  # keep the old save: this game does not use the slot
            slot.release()
            self.slot = None
            return notices + self._save_failed(
                _("the saved game could not be put away: {error}").format(error=error)
            )
        if kept is not None and not over:  # a finished series is in the history: no news
            kept_as = (
                _("The game saved before was put aside.")
                if self.asked.session.browser
                else _("The game saved before was kept as {path}")
            )
            notices.append(Notice(kept_as.format(path=shown(kept)), timeout=8))
        return notices

    def save(self) -> list[Notice]:
        """Write the save (after every action); a failure is kept in ``save_problem``."""
        notices: list[Notice] = []
        if self.slot is None:  # no slot yet, or it failed: try again, a save may work now
            notices += self.hold_fresh_slot()
        if self.slot is None:
            return notices
        try:
            kept = self.slot.save(self.record(full=True))
        except SaveError as error:
            return notices + self._save_failed(str(error))
        if kept is not None:
            another = (
                _("A save this tab did not write was found in its place; it was put aside.")
                if self.asked.session.browser
                else _(
                    "{path} held a save this game did not write (another game, or a changed "
                    "file): it was kept as {kept}, and this game is saved in its place."
                )
            )
            notices.append(
                Notice(
                    another.format(path=shown(self.slot.path), kept=shown(kept)),
                    title=_("Another save was kept"),
                    timeout=12,
                )
            )
        if self.save_problem is not None:
            again = (
                _("Saved again.") if self.asked.session.browser else _("Saved again, in {path}.")
            )
            notices.append(
                Notice(
                    again.format(path=shown(self.slot.path)),
                    timeout=5,
                    ends_lasting=True,
                )
            )
        self.save_problem = None
        return notices

    def save_now(self) -> list[Notice]:
        """Save at once (before quitting); a game with nothing dealt yet has nothing to save."""
        return self.save() if self.state is not None or self.finished else []

    def _save_failed(self, problem: str) -> list[Notice]:
        """Keep why the save failed; say it once (not again for the same problem)."""
        said = problem == self.save_problem
        self.save_problem = problem
        return (
            [] if said else [Notice(problem, title=_("Could not save"), error=True, lasting=True)]
        )

    @property
    def unsaved(self) -> str | None:
        """Why this game as it stands is stored nowhere (None: it is saved, or there is none)."""
        if self.save_problem is None or self._copied_at == self.progress():
            return None
        return self.save_problem if self.state is not None or self.finished else None

    def progress(self) -> tuple[int, int]:
        """Deals finished and actions played in the current one: changes with every move."""
        return len(self.finished), len(self.state.actions) if self.state is not None else 0

    def release(self) -> None:
        """Let another game take the save slot (when the program ends)."""
        self.history.wait()  # the last deal stored, within a bound
        if self.slot is not None:
            self.slot.release()

    # ------------------------------------------------------------ records
    def record(self, *, full: bool) -> "GameRecord":
        """The finished deals, and with ``full`` the one being played (hands and stock order)."""
        from chinese_ten.store.records import game_record

        states = self.deals() if full else [*self.finished]
        return game_record(
            self.table.record_names(),
            self.series.deals_planned,
            states,
            seats=self.table.seat_records(),
            settings=self.table.settings_record(),
        )

    def write_record(self, path: Path, *, full: bool, replace: bool = False) -> None:
        """Write the record to ``path``; FileExistsError unless ``replace``, OSError if the
        file cannot be written. A whole copy counts as saved (see :attr:`unsaved`)."""
        from chinese_ten.store.records import record_json

        text = record_json(self.record(full=full))
        if replace:
            write_atomically(path, text)
        else:
            write_new(path, text)
        if full:
            self._copied_at = self.progress()


def _nobody_plays() -> Notice:
    """A save whose every seat is the computer (made by hand, or by another program): there
    is no one to hand the keyboard to, so it is not taken up; a new game puts it away in the
    archive, where it is kept."""
    return Notice(
        _(
            "The saved game has no person at the table (every seat is the computer), so a "
            "new one begins."
        ),
        error=True,
        timeout=12,
    )
