"""The review screen: a finished game with every card face up, each judged decision marked.

A :class:`~chinese_ten.analysis.review_cursor.ReviewCursor` holds the positions and steps through
them; this screen draws the one it stands on with the board's widgets. With two players
both hands are cards, one above the table and one below; with three or four, the mover's
hand is cards below the table (where its choices are marked) and every other seat is a line
above it (its hand face up, its pile), so four seats fit 80x24. The analysis runs in
a thread worker (which spreads it over worker processes) with a progress bar; the screen can
be stepped through meanwhile, without marks, and Escape cancels it. The summary comes first.
"""

import asyncio
import threading
import time
from pathlib import Path
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import ProgressBar, RichLog, Static
from textual.worker import Worker, get_current_worker

from chinese_ten.analysis.review import analyse
from chinese_ten.analysis.review_cursor import Position, ReviewCursor
from chinese_ten.analysis.review_stored import store_review, stored_review
from chinese_ten.analysis.review_types import (
    NOISE_SIGMAS,
    THRESHOLDS,
    AnalysisCancelledError,
    GameReview,
    Judgement,
    label,
)
from chinese_ten.analysis.review_words import (
    COSTLIEST,
    LABEL_NAMES,
    costliest,
    decision_sentence,
    verdict,
    where,
)
from chinese_ten.engine.actions import (
    TRIPLE,
    Action,
    action_card,
    action_target,
    capture_code,
    is_flip,
    takes,
)
from chinese_ten.engine.cards import Card, is_red, mask_points, rank
from chinese_ten.engine.deal import FLIP_PHASE, DealState, outcome
from chinese_ten.engine.errors import ChineseTenError
from chinese_ten.engine.variant import seat_points
from chinese_ten.game.options import options_of
from chinese_ten.game.table import record_you, shown_names
from chinese_ten.lang.i18n import N_, _, ngettext
from chinese_ten.lang.numerals import decimal, integer, shortest
from chinese_ten.players.levels import REVIEW_SAMPLES
from chinese_ten.store.records import GameRecord
from chinese_ten.text.card_names import display_card
from chinese_ten.tui.cardtext import describe_event
from chinese_ten.tui.texts import translate_bindings
from chinese_ten.tui.widgets.card import CardLook, CardStrip
from chinese_ten.tui.widgets.keybar import KeyBar
from chinese_ten.tui.widgets.line import TextLine


class ReviewScreen(Screen[None]):
    """Summary on top, then the position: both hands, the table, the piles and the log."""

    CSS_PATH = ["cards.tcss", "review.tcss"]  # noqa: RUF012 (Textual's own declaration)

    # Marked here, shown in the language of the moment (translate_bindings). Priority: the
    # log would take these keys to scroll itself.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Previous"), priority=True),
        Binding("right", "step(1)", N_("Next"), priority=True),
        Binding("h", "step(-1)", N_("Previous"), show=False),
        Binding("l", "step(1)", N_("Next"), show=False),
        Binding("home", "jump('home')", N_("Start"), show=False, priority=True),
        Binding("end", "jump('end')", N_("End"), show=False, priority=True),
        Binding("n", "labelled(1)", N_("Next error"), tooltip=N_("The next decision with a label")),
        Binding("p", "labelled(-1)", N_("Previous error"), show=False),
        # Shown where there is room: the key bar's ROOM_PERMITTING (F1's page names it too).
        Binding("pageup", "jump('previous')", N_("Deal back"), priority=True),
        Binding("pagedown", "jump('next')", N_("Deal on"), show=False, priority=True),
        Binding("escape", "leave", N_("Close")),
        Binding(
            "s", "summary", N_("Summary"), tooltip=N_("The verdicts and the costliest decisions")
        ),
        Binding("enter", "board", N_("Step through"), tooltip=N_("Every position of the game")),
        Binding(
            "f", "figures", N_("Figures"), tooltip=N_("The values and the noise behind a verdict")
        ),
        Binding("f1,question_mark", "explain", N_("How it judges"), priority=True),
        *(Binding(str(k), f"costly({k})", show=False) for k in range(1, COSTLIEST + 1)),
    ]

    def __init__(
        self,
        record: GameRecord,
        game_id: int | None = None,
        *,
        samples: int = REVIEW_SAMPLES,
        seed: int = 0,
        jobs: int = 2,
        folder: Path | None = None,
        analyse_now: bool = True,
    ) -> None:
        """``folder``: the history's folder (default: the app's data folder); ``analyse_now``
        False leaves the analysis to :meth:`show_review` (tests)."""
        super().__init__()
        translate_bindings(self)
        self.record = record
        self.game_id = game_id
        self.cursor = ReviewCursor(record)
        self._you = record_you(record)
        """The seat addressed as "you" (the person against the computer), as in the game."""
        self.review: GameReview | None = None
        self.problem: str | None = None
        self._samples, self._seed, self._jobs = samples, seed, jobs
        self._folder = folder
        self._analyse_now = analyse_now
        self._stopped = threading.Event()
        """Set once no analysis runs here: the worker processes are gone."""
        self._stopped.set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._symbols = True
        self._four_color = False
        self._overview = True
        """The summary is shown (the review opens on it); else the position."""
        self._figures = False
        """The values and the noise are shown beside the words."""
        self._costly: list[Judgement] = []
        """The decisions the summary names, in its order (its keys 1 to 5)."""
        self._started = 0.0
        """When the analysis started (time.monotonic), for the time it has left."""

    @property
    def _many(self) -> bool:
        """Three or four players: the other seats are lines, the mover's hand is below."""
        return len(self.record.players) > 2

    def compose(self) -> ComposeResult:
        shown = options_of(self.app).display
        ascii_only = shown.ascii
        self._symbols = shown.symbols and not ascii_only
        self._four_color = shown.four_color
        look = {
            "symbols": self._symbols,
            "four_color": self._four_color,
            "ascii_only": ascii_only,
        }
        with Horizontal(id="review-progress-row"):
            yield ProgressBar(id="review-progress", show_eta=False, show_percentage=False)
            yield TextLine(id="review-progress-text")
        with VerticalScroll(id="review-overview"):
            yield Static(id="review-summary")
        with Vertical(id="review-position"):
            yield from self._position(look)
        yield KeyBar()

    def _position(self, look: dict[str, bool]) -> ComposeResult:
        """The board, the verdict on the move made from the position, and why."""
        with Vertical(id="review-board"):
            if self._many:
                yield Static(id="review-others")
            else:
                with Horizontal(id="review-top", classes="review-hand"):
                    yield CardStrip("pile", **look, id="review-pile-1")
                    yield CardStrip("hand", **look, id="review-hand-1")
            with Horizontal(id="review-table"):
                yield CardStrip("stock", **look, id="review-stock")
                yield CardStrip("turned", **look, id="review-turned")
                yield CardStrip("table", **look, id="review-cards")
            with Horizontal(id="review-bottom", classes="review-hand"):
                yield CardStrip("pile", **look, id="review-pile-0")
                yield CardStrip("hand", **look, id="review-hand-0")
            yield RichLog(id="review-log", wrap=True, markup=False, max_lines=200)
        # Outside the board, which gives way first: the verdict and its reason stay whole.
        yield TextLine(id="review-mark")
        yield Static(id="review-why")

    def on_mount(self) -> None:
        self.query_one("#review-log").border_title = _("Log")
        self._loop = asyncio.get_running_loop()
        self._show_view()
        self._show_summary()
        self.draw()
        if self._analyse_now:
            self._start_analysis()

    # ------------------------------------------------------------ the analysis
    def _start_analysis(self) -> None:
        folder = self._folder
        if folder is None:
            folder = options_of(self.app).session.save_dir
        self._folder = folder
        if self.game_id is not None:
            try:
                stored = stored_review(
                    self.game_id, self.record, samples=self._samples, seed=self._seed, folder=folder
                )
            except ChineseTenError as error:
                self.notify(str(error), severity="error", markup=False)
                stored = None
            if stored is not None:
                self.show_review(stored)
                return
        self._analyse()

    def on_unmount(self) -> None:
        """Stop the analysis and wait (briefly) until its worker processes are ended, so
        none is left computing after the program ends."""
        self._cancel()
        self._stopped.wait(_STOP_WAIT)

    @work(thread=True, exclusive=True, group="review")
    def _analyse(self) -> None:
        worker = get_current_worker()
        self._stopped.clear()
        self._started = time.monotonic()
        try:
            self._analyse_in(worker)
        finally:
            self._stopped.set()

    def _analyse_in(self, worker: Worker[None]) -> None:
        """Runs in the worker's thread; it hands results to the screen without waiting for
        them to be drawn (the screen may be closing, waiting for this thread to end)."""
        loop = self._loop
        assert loop is not None

        def progress(done: int, total: int) -> None:
            loop.call_soon_threadsafe(self._progress, done, total)

        try:
            review = analyse(
                self.record,
                samples=self._samples,
                seed=self._seed,
                jobs=self._jobs,
                progress=progress,
                cancelled=lambda: worker.is_cancelled,
            )
        except AnalysisCancelledError:
            return
        except ChineseTenError as error:
            loop.call_soon_threadsafe(self._failed, str(error))
            return
        loop.call_soon_threadsafe(self._analysed, review)

    def _progress(self, done: int, total: int) -> None:
        """The bar and, beside it, the decisions judged of all and the time left (once a
        decision has been judged, at the pace so far)."""
        if not self.is_mounted:
            return
        self.query_one("#review-progress", ProgressBar).update(total=total, progress=done)
        said = _("{done} of {total} decisions judged").format(done=done, total=total)
        if 0 < done < total:
            left = (time.monotonic() - self._started) / done * (total - done)
            said = ngettext(
                "{judged}, about {seconds} second left",
                "{judged}, about {seconds} seconds left",
                max(1, round(left)),
            ).format(judged=said, seconds=max(1, round(left)))
        self.query_one("#review-progress-text", TextLine).show(Text(said))

    def _failed(self, problem: str) -> None:
        if not self.is_mounted:
            return
        self.problem = problem
        self.notify(problem, severity="error", markup=False)
        self._show_summary()

    def _analysed(self, review: GameReview) -> None:
        if not self.is_mounted:
            return
        self.show_review(review)
        if self.game_id is not None:
            try:
                store_review(self.game_id, review, self._folder)
            except ChineseTenError as error:
                self.notify(
                    _("The analysis was not stored: {problem}").format(problem=error),
                    severity="error",
                    markup=False,
                )

    def show_review(self, review: GameReview) -> None:
        """Mark the decisions with ``review`` and show its summary."""
        self.review = review
        self._show_summary()
        self.draw()
        self.refresh_bindings()  # the keys to the labelled decisions

    def _cancel(self) -> bool:
        """Stop an analysis in progress; whether there was one."""
        running = [w for w in self.workers if w.group == "review" and w.is_running]
        for w in running:
            w.cancel()
        if running and self.is_mounted:
            self.problem = _("Analysis cancelled: the positions can still be stepped through.")
            self._show_summary()
        return bool(running)

    # ------------------------------------------------------------ keys
    def action_step(self, step: int) -> None:
        """A position on or back; from the summary, the position it left (no step)."""
        if self._overview:
            self.action_board()
            return
        self.cursor.move(step)
        self.draw()

    def action_board(self) -> None:
        """From the summary to the position."""
        self._overview = False
        self._show_view()

    def action_summary(self) -> None:
        """Back to the summary."""
        self._overview = True
        self._show_view()

    def action_figures(self) -> None:
        """The values and the noise beside the words, or the words alone again."""
        self._figures = not self._figures
        self._show_summary()
        self.draw()
        self.query_one("#review-mark").refresh(layout=True)

    def action_costly(self, number: int) -> None:
        """The position of the summary's decision ``number`` (1 for the costliest)."""
        if 0 < number <= len(self._costly) and self.cursor.to_judgement(self._costly[number - 1]):
            self.draw()
            self.action_board()

    def _show_view(self) -> None:
        """The summary or the position, and the keys of each."""
        self.set_class(self._overview, "-overview")
        if self._overview:
            self.query_one("#review-overview").focus()
        self.refresh_bindings()

    def action_jump(self, where: str) -> None:
        moves = {
            "home": self.cursor.home,
            "end": self.cursor.end,
            "previous": self.cursor.previous_deal,
            "next": self.cursor.next_deal,
        }
        moves[where]()
        self.draw()
        self.action_board()

    def action_labelled(self, step: int) -> None:
        """The next (or previous) decision the review labels: an inaccuracy or worse."""
        if self.cursor.to_labelled(self.review, step):
            self.draw()
            self.action_board()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Each view's own keys: Enter and the numbers on the summary, the summary's key on
        the position; the keys to the labelled decisions once the analysis has labelled one."""
        review = self.review
        if action == "labelled":
            return review is not None and any(j.label is not None for j in review.judgements)
        if action in {"board", "costly"}:
            return self._overview
        if action == "summary":
            return not self._overview
        if action == "figures":
            return review is not None
        return True

    def action_leave(self) -> None:
        """Escape: stop the analysis if it runs, else close the review."""
        if not self._cancel():
            self.dismiss(None)

    # ------------------------------------------------------------ drawing
    def _show_summary(self) -> None:
        """The summary: each player's verdict in words, then the decisions that cost most,
        each as a sentence (with the figures when they are asked for)."""
        self.query_one("#review-progress-row").display = (
            self.review is None and self.problem is None
        )
        summary = self.query_one("#review-summary", Static)
        review = self.review
        if review is None:
            self._costly = []
            summary.update(Text(self.problem or _("Analysing the decisions…"), style="italic"))
            return
        names = shown_names(self.record)  # in the reader's language
        verdicts = Table.grid(padding=(0, 2))
        verdicts.add_column(no_wrap=True)
        verdicts.add_column(ratio=1)
        for seat, name in enumerate(names):
            verdicts.add_row(
                Text(name, style="bold"), Text(verdict(review.summary(seat), review.deals))
            )
        parts: list[RenderableType] = [verdicts, Text()]
        self._costly = costliest(review, self._you)
        if not self._costly:
            parts.append(Text(_("No decision cost a point or more."), style="bold"))
        else:
            parts.append(Text(_("The decisions that cost most"), style="bold"))
            decisions = Table.grid(padding=(0, 1))
            decisions.add_column(no_wrap=True, justify="right")
            decisions.add_column(ratio=1)  # wrapped under itself: a hanging indent
            for number, judgement in enumerate(self._costly, start=1):
                kind = judgement.label or "inaccuracy"
                said = Text(where(judgement) + "  ")
                said.append(_(LABEL_NAMES[kind]), style="bold " + _LABEL_STYLES[kind])
                said.append("\n" + self._sentence(judgement))
                if self._figures:
                    said.append("\n" + self._figures_of(judgement), style="dim")
                decisions.add_row(Text(str(number), style="bold"), said)
            parts.append(decisions)
            parts.append(Text())
            parts.append(
                Text(
                    ngettext(
                        "1: that decision on the board; Enter: every position of the game.",
                        "1 to {last}: that decision on the board; Enter: every position of "
                        "the game.",
                        len(self._costly),
                    ).format(last=len(self._costly)),
                    style="dim",
                )
            )
        summary.update(Group(*parts))

    def _sentence(self, judgement: Judgement) -> str:
        """The decision in words, its first letter a capital where it is no name."""
        said = decision_sentence(
            judgement,
            shown_names(self.record),
            lambda card: display_card(card, symbols=self._symbols),
            you=self._you,
        )
        return said[:1].upper() + said[1:] if judgement.seat == self._you else said

    def _figures_of(self, judgement: Judgement) -> str:
        """The values behind a verdict: the best option's and the chosen one's, the loss and
        its noise (``exact`` where every way the unseen cards lie was counted)."""
        best, chosen = round(judgement.best_value, 1), round(judgement.chosen_value, 1)
        figures = {
            "action": self._words(judgement.best),
            "best": decimal(best, 1),
            "chosen": decimal(chosen, 1),
            "loss": decimal(best - chosen, 1),
        }
        if judgement.exact:
            said = _("best {action} ({best} against {chosen}, -{loss}, exact)").format(**figures)
        else:
            said = _("best {action} ({best} against {chosen}, -{loss} ± {se})").format(
                se=decimal(judgement.loss_se, 1), **figures
            )
        reached = label(judgement.loss)
        if judgement.borderline and reached is not None:
            said += "  " + _("(borderline {label})").format(label=_(LABEL_NAMES[reached]))
        return said

    def draw(self) -> None:
        """Draw the position the cursor stands on."""
        position = self.cursor.position
        state = position.state
        judgement = position.judgement(self.review)
        action = position.action
        best = judgement.best if judgement is not None and judgement.best != action else None
        mover = state.to_move
        names = shown_names(self.record)  # default names in the reader's language

        def hand_looks(seat: int) -> list[CardLook]:
            def mark(card: Card) -> str:
                if seat != mover or state.phase == FLIP_PHASE:
                    return ""
                if action is not None and card == action_card(action):
                    return "selected"
                return "choice" if best is not None and card == action_card(best) else ""

            return [CardLook(c, mark=mark(c)) for c in state.hands[seat]]

        def table_mark(card: Card) -> str:
            # What was played is heavy (its card and what it took), the best option double:
            # a turned card with two targets must not show the chosen and the best alike.
            if action is not None and takes(action, card, state.triple):
                return "selected"
            if best is not None and takes(best, card, state.triple):
                return "choice"
            return "triple" if rank(card) == state.triple else ""

        # With three or four, the strip below is the mover's and the others are lines.
        shown = (0, 1) if not self._many else (mover,)
        for strip, holder in enumerate(shown):
            self.query_one(f"#review-hand-{strip}", CardStrip).show(hand_looks(holder), len(names))
            self.query_one(f"#review-pile-{strip}", CardStrip).show(
                [CardLook(None, face_up=False, count=state.piles[holder].bit_count())]
            )
        flipping = state.phase == FLIP_PHASE
        stock = state.stock_count - (1 if flipping else 0)
        self.query_one("#review-stock", CardStrip).show(
            [CardLook(None, face_up=False, count=stock)]
        )
        turned = state.flip_card
        self.query_one("#review-turned", CardStrip).show(  # none turned: an empty place
            [] if turned is None else [CardLook(turned, mark="turned")], len(names)
        )
        self.query_one("#review-cards", CardStrip).show(
            [CardLook(c, mark=table_mark(c)) for c in state.table], len(names)
        )
        if self._many:
            self._show_others(state, names)
            points = seat_points(state.piles[mover], len(names))
            self.query_one("#review-bottom").border_title = Text(
                ngettext(
                    "{name}: hand, pile {count} ({points} point)",
                    "{name}: hand, pile {count} ({points} points)",
                    points,
                ).format(name=names[mover], count=state.piles[mover].bit_count(), points=points)
            )
        else:
            for seat, place in ((1, "#review-top"), (0, "#review-bottom")):
                points = mask_points(state.piles[seat])
                self.query_one(place).border_title = Text(
                    ngettext(
                        "{name}: hand, pile {count} ({points} red point)",
                        "{name}: hand, pile {count} ({points} red points)",
                        points,
                    ).format(name=names[seat], count=state.piles[seat].bit_count(), points=points)
                )
        self.query_one("#review-table").border_title = self._status(position)
        mark = self.query_one("#review-mark", TextLine)
        mark.show(self._mark(position, judgement))
        if self._figures:  # one to three lines: its height follows
            mark.refresh(layout=True)
        self._show_why(position, judgement)
        self._write_log(position)

    def _show_others(self, state: DealState, names: tuple[str, ...]) -> None:
        """A line for each seat but the mover's, in the order they play after it: name, hand
        face up, pile and its points at this table."""
        seats = len(names)
        text = Text()
        for step in range(1, seats):
            seat = (state.to_move + step) % seats
            if step > 1:
                text.append("\n")
            text.append(names[seat], style="bold")
            text.append("  ")
            for card in state.hands[seat]:
                face = display_card(card, symbols=self._symbols)
                text.append(face, style="bold red" if is_red(card) else "")
                text.append(" ")
            points = seat_points(state.piles[seat], seats)
            text.append(
                " "
                + ngettext(
                    "pile {count} ({points} point)", "pile {count} ({points} points)", points
                ).format(count=state.piles[seat].bit_count(), points=points),
                style="dim",
            )
        others = self.query_one("#review-others", Static)
        others.update(text)
        others.border_title = _("The other seats")

    def _status(self, position: Position) -> Text:
        """The table's title: where the cursor stands (the keys are in the key bar)."""
        cursor = self.cursor
        text = Text(_("Table"))
        text.append(
            "  ·  " + _("Deal {deal} of {deals}").format(deal=position.deal, deals=cursor.deals)
        )
        text.append(
            "  ·  "
            + _("position {at} of {count}").format(at=cursor.at + 1, count=len(cursor.positions))
        )
        if position.action is not None:
            text.append("  ·  " + _("turn {turn}").format(turn=position.turn))
        return text

    def _mark(self, position: Position, judgement: Judgement | None) -> Text:
        names = shown_names(self.record)  # default names in the reader's language
        action = position.action
        state = position.state
        if action is None:
            result = outcome(state)
            points = result.points if result is not None else (0,) * len(names)
            if self._many:
                return Text(
                    _("End of deal {deal}: {scores}.").format(
                        deal=position.deal,
                        scores=", ".join(
                            f"{name} {p}" for name, p in zip(names, points, strict=True)
                        ),
                    ),
                    style="bold",
                )
            return Text(
                _("End of deal {deal}: {first} {first_points}, {second} {second_points}.").format(
                    deal=position.deal,
                    first=names[0],
                    first_points=points[0],
                    second=names[1],
                    second_points=points[1],
                ),
                style="bold",
            )
        mover = names[state.to_move]
        text = Text(
            _("{name}: {action}").format(name=mover, action=self._words(action)), style="bold"
        )
        if judgement is None:
            if self.review is not None:
                text.append("  ·  " + _("no real choice"), style="dim")
            return text
        best_shown, chosen_shown = round(judgement.best_value, 1), round(judgement.chosen_value, 1)
        if judgement.best == action or best_shown <= chosen_shown:
            best = _("best ({value})").format(value=decimal(chosen_shown, 1))
            text.append("  ·  " + (best if self._figures else _("the best move")), style="green")
            return text
        kind = judgement.label
        if kind is None:  # under a point, or not clearly more: no label
            text.append("  ·  " + _("close to the best"), style="green")
        else:
            text.append("  ·  ")
            text.append(_(LABEL_NAMES[kind]), style="bold " + _LABEL_STYLES[kind])
        if self._figures:
            text.append("\n" + self._figures_of(judgement), style="dim")
        return text

    def _show_why(self, position: Position, judgement: Judgement | None) -> None:
        """The decision in words under the verdict (what the best option would have kept,
        and why); with the figures, why a small loss has no label. Hidden where there is
        nothing to say."""
        why = self.query_one("#review-why", Static)
        said = None
        if judgement is not None and judgement.best != position.action:
            if label(judgement.loss) is not None:  # a point or more, clearly or not
                said = self._sentence(judgement)
            elif self._figures and round(judgement.best_value, 1) > round(
                judgement.chosen_value, 1
            ):  # figures shown, and under a point: say why no label
                said = _(
                    "No label: a loss under {least} point is within the noise of the estimate "
                    "or a matter of taste."
                ).format(least=shortest(THRESHOLDS[0]))
        why.display = said is not None
        if said is not None:
            why.update(Text(said, style="italic"))

    def action_explain(self) -> None:
        """F1: what the review measures and how it labels, and this analysis's budget."""
        samples = self.review.samples if self.review is not None else self._samples
        self.app.push_screen(ReviewHelpScreen(samples, len(self.record.players)))

    def _words(self, action: Action) -> str:
        """``play 8♦ taking 2♥``, in the language and the cards' letters of the screen."""
        card = display_card(action_card(action), symbols=self._symbols)
        target = action_target(action)
        if capture_code(action) == TRIPLE:
            phrase = (
                _("turn over {card} taking the layout triple")
                if is_flip(action)
                else _("play {card} taking the layout triple")
            )
        elif target is not None:
            phrase = (
                _("turn over {card} taking {target}")
                if is_flip(action)
                else _("play {card} taking {target}")
            )
            return phrase.format(card=card, target=display_card(target, symbols=self._symbols))
        else:
            phrase = _("turn over {card}") if is_flip(action) else _("play {card}")
        return phrase.format(card=card)

    def _write_log(self, position: Position) -> None:
        log = self.query_one("#review-log", RichLog)
        log.clear()
        names = shown_names(self.record)  # default names in the reader's language
        dealer = position.state.setup.dealer
        header = (
            _("Deal {number}: you deal.")
            if dealer == self._you
            else _("Deal {number}: {name} deals.")
        )
        log.write(Text(header.format(number=position.deal, name=names[dealer]), style="bold"))
        for event in position.events():
            log.write(
                describe_event(
                    event,
                    names,
                    symbols=self._symbols,
                    four_color=self._four_color,
                    you=self._you,
                )
            )


class ReviewHelpScreen(ModalScreen[None]):
    """What the review's numbers mean: the unit, the noise, the labels and their thresholds."""

    DEFAULT_CSS = """
    ReviewHelpScreen { align: center middle; }
    #review-help { width: 76; max-width: 100%; height: auto; max-height: 100%;
                   padding: 1 2; border: thick $primary; background: $surface; }
    #review-help-text { height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,question_mark,q", "close", _("Back")),
    ]

    def __init__(self, samples: int = REVIEW_SAMPLES, seats: int = 2) -> None:
        super().__init__()
        self.samples = samples
        self.seats = seats

    def compose(self) -> ComposeResult:
        # Longer than 24 rows in French and Portuguese: it scrolls (arrows, Page Down).
        with VerticalScroll(id="review-help"):
            yield Static(Text(review_explained(self.samples, self.seats)), id="review-help-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#review-help").focus()

    def action_close(self) -> None:
        self.dismiss(None)


def review_explained(samples: int = REVIEW_SAMPLES, seats: int = 2) -> str:
    """The review's F1 page, in the screen's language, for an analysis of ``samples`` worlds
    of a game of ``seats`` players (from three, a paragraph says what changes)."""
    inaccuracy, mistake, blunder = THRESHOLDS
    page = _(
        "How the review judges a decision\n\n"
        "Only decisions with a real choice are judged, from what the mover knew then: "
        "their hand and everything public, never the hidden cards. The unseen cards are "
        "dealt at random many times, the other hand as the hard player reads it from the "
        "other player's plays (as far as they show a pattern: plays that show none say "
        "nothing), and every option is played to the end of the deal in the same worlds.\n\n"
        "The unit is the red points the mover can expect to hold at the end of the deal. "
        "The loss is the best option's value minus the chosen one's, with its standard "
        "error (±): the noise of the estimate.\n\n"
        "Labels: inaccuracy from {inaccuracy} point lost, mistake from {mistake}, "
        "blunder from {blunder}, given only when the loss clears the threshold by "
        "{sigmas} standard errors; a loss that reaches a threshold within the noise is "
        "marked borderline. No real choice: the options ended with the same points in "
        "every world tried, whether the other hand was read from the play or dealt "
        "blindly.\n\n"
        "Why: where the figures show a plain reason, a line under the verdict gives it: the "
        "best option takes more red points now, or the move played leaves more to the other "
        "player's next turn (often one rich card, with the share of worlds in which they "
        "take it)."
    ).format(
        inaccuracy=shortest(inaccuracy),
        mistake=shortest(mistake),
        blunder=shortest(blunder),
        sigmas=shortest(NOISE_SIGMAS),
    )
    before = page.split("\n\n")
    last = ngettext(
        "This analysis: {samples} world a decision. Esc closes this page.",
        "This analysis: {samples} worlds a decision. Esc closes this page.",
        samples,
    ).format(samples=integer(samples))
    keys = _(
        "Keys: the summary (s) gives each player's verdict and the decisions that cost most, "
        "and 1 to 5 show one of them on the board; Enter, ← and → step through the "
        "positions; n and p go to the next and the previous decision with a label; Page Up "
        "and Page Down to the deal before and the deal after; Home and End to the first and "
        "the last position; f shows the figures beside the words: the values, the loss and "
        "its ±."
    )
    if seats == 2:
        return "\n\n".join([*before, keys, last])
    if len(before) == len(_PARAGRAPHS_FOR_TWO):  # the page as written: its paragraphs in place
        before[_PARAGRAPHS_FOR_TWO.index("unit")] = _(
            "The unit is the points the mover's pile can expect to score at the end of the "
            "deal: at this table the black aces score as well as the red cards. The loss is "
            "the best option's value minus the chosen one's, with its standard error (±): the "
            "noise of the estimate."
        )
        before[_PARAGRAPHS_FOR_TWO.index("why")] = _(
            "Why: where the figures show a plain reason, a line under the verdict gives it: the "
            "best option takes more points now, or the move played leaves more to the other "
            "players' turns before the mover plays again (often one rich card, with the share "
            "of worlds in which one of them takes it)."
        )
    many = _(
        "With three or four players every other hand is dealt, each read from that "
        "player's own plays; the value is the points the mover's pile scores at this table "
        "(the black aces too), and a card or points left go to the other players' turns "
        "before the mover plays again, naming the player who takes the card when one nearly "
        "always does."
    )
    return "\n\n".join([*before, many, keys, last])


_PARAGRAPHS_FOR_TWO = ("title", "worlds", "unit", "labels", "why")
"""The paragraphs of the review's page before its last one: with three or four players the
unit and the reason speak of points, not red points (the black aces score too)."""


_STOP_WAIT = 3.0
"""Seconds the screen waits, when it closes, for a cancelled analysis to stop its workers
(it looks every tenth of a second)."""
_LABEL_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "red"}
