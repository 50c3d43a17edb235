"""Game review: every decision that had a real choice, judged by the ``hard`` search.

A decision is judged from what the mover knew at that moment: their
:class:`~chinese_ten.engine.view.PlayerView`, never the hidden cards (the fairness rule of the
``hard`` player). The unseen cards are dealt at random as ``hard`` deals them: every other
hand from its model of that player, which reads that player's plays only as far as they have
shown a greedy habit (a random player, a searching one or a person soon leaves it drawing
almost blindly; :func:`chinese_ten.players.hard.sharpness_belief`), one model per opponent
with three or four players. Each legal option is played to the end of the deal in the same
worlds (common random numbers), the mover's later plays by ``hard``'s learned policy, the
other players' greedy. An option's value is the mover's mean final points: the unit of every
figure here is points expected at the end of the deal, from what the mover knew (the red
points, and from three players the black aces as they score there:
:func:`~chinese_ten.engine.variant.seat_points`). The mover's result against the base is those
points less the table's base, the same for every option, so the options compare as their results.

Two rounds per decision, and no option is judged on fewer than the first round's worlds:

1. every option is played in the first ``samples // SCREEN`` worlds (200 by default);
2. the chosen option and every option within :data:`CLOSE_SIGMAS` standard errors of the
   leader (paired over those worlds) are played in the rest of ``samples`` worlds too, so
   the chosen and the best option are both measured on the same worlds; round 2 stops as
   soon as more worlds could no longer change the chosen option's label (the leading
   option's loss labelled beyond the noise, and no option's lead within
   :data:`NOISE_SIGMAS` standard errors of the next worse threshold): they would only
   refine a figure the label already stands on.

The best option is the one of round 2 with the highest mean; the loss is its mean minus the
chosen option's (never negative), with the standard error of that paired difference. Options
that scored the same in every world of round 1 and in :data:`_UNIFORM_CHECK` further worlds
with the other hand dealt blindly (two red nines taking the same ace) are one option: a
decision whose options are all alike in every plausible world had no real choice and is not
judged. The blind worlds make sure a model of the other player that does not fit never hides
a real choice.

Labels (see :data:`THRESHOLDS`): a loss under 1 point is noise or taste and is not marked; 1
to 3 points is an *inaccuracy*, 3 to 8 a *mistake*, 8 or more a *blunder* (about a red ten
thrown away). A label is given only where the loss clears its threshold by
:data:`NOISE_SIGMAS` standard errors; a loss that reaches a worse threshold only within that
margin is *borderline*. Figures (``benchmarks/bench_review.py --calibrate``) are in the README.

Why the best option is better (:func:`explain`), where the figures show a plain reason: it
takes more points now, or the option played leaves more for the other players' turns before
the mover plays again (with two players the other player's next turn; followed in the first
:data:`_REASON_WORLDS` worlds of round 2), often one rich table card, and with three or four
players who takes it, where one seat nearly always does.

Where few cards are unseen (:data:`~chinese_ten.players.exact.EXACT_UNSEEN`), a decision is
judged exactly instead: every way the unseen cards can lie, weighed by ``hard``'s models, the
stock's order as chance, the mover's later choices the best from what it will know then and
the others greedy (:mod:`chinese_ten.players.exact`). Such a verdict is marked ``exact``: its
loss has no standard error (none in the JSON, no ± on screen), and its reason can only be
what the best option takes now.

Each decision's worlds come from its own seed, made of (seed, deal, turn, action of the
turn), so a seeded analysis repeats exactly, whatever the number of worker processes.
"""

import contextlib
import json
import math
import random
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from chinese_ten.engine.actions import (
    TRIPLE,
    Action,
    capture_code,
    format_action,
    is_flip,
    parse_action,
)
from chinese_ten.engine.cards import Card, format_card, parse_card, rank
from chinese_ten.engine.deal import OVER, PLAY, DealState, advance, legal_actions, start
from chinese_ten.engine.errors import ChineseTenError, RecordError
from chinese_ten.engine.variant import (
    FEWEST_SEATS,
    MOST_POINTS,
    MOST_SEATS,
    SEAT_COUNTS,
    card_points,
)
from chinese_ten.engine.view import PlayerView
from chinese_ten.engine.worlds import Worlds, uniform_hands, worlds
from chinese_ten.lang.i18n import _, ngettext
from chinese_ten.players.levels import MAX_REVIEW_SAMPLES, MIN_REVIEW_SAMPLES, REVIEW_SAMPLES
from chinese_ten.players.spread import paired_difference

if TYPE_CHECKING:  # the command line reads the constants here without loading these
    from chinese_ten.store.records import GameRecord

FORMAT: Final = "chinese-ten-review"
VERSION: Final = 5
"""Bumped whenever a judgement would change: stored analyses of another version are redone."""
SCREEN: Final = 8
"""The first round plays every option in ``1 / SCREEN`` of the worlds: enough to tell the
options that could be best (more costs time on options that are not: a play decision has
about seven)."""
CLOSE_SIGMAS: Final = 3.0
"""Standard errors behind the leader an option may be after round 1 and still be measured
in every world (the chosen option always is)."""
LABELS: Final = ("inaccuracy", "mistake", "blunder")
THRESHOLDS: Final = (1.0, 3.0, 8.0)
"""The least loss (red points) of each label; below the first, a decision is not marked."""


class AnalysisCancelledError(ChineseTenError):
    """The analysis was stopped before its end (Escape in the review screen)."""


NOISE_SIGMAS: Final = 2.0
"""Standard errors by which a loss must clear a label's threshold to earn the label."""


def label(loss: float, se: float = 0.0) -> str | None:
    """The name of a loss of this size, or None for one too small to mark: the worst label
    whose threshold the loss clears by :data:`NOISE_SIGMAS` standard errors ``se``.

    >>> label(0.4), label(1.0), label(5.2), label(12), label(3.5, 0.5)
    (None, 'inaccuracy', 'mistake', 'blunder', 'inaccuracy')
    """
    named = None
    for name, least in zip(LABELS, THRESHOLDS, strict=True):
        if loss - NOISE_SIGMAS * se >= least:
            named = name
    return named


@dataclass(frozen=True, slots=True)
class Reason:
    """Why the best option beats the one played, in figures of the judgement's own worlds.

    ``kind`` is ``"takes"`` (the best option captures more red points now: ``best`` and
    ``chosen`` are those points) or ``"leaves"`` (the option played leaves more for the other
    players' turns before the mover plays again, with two players the other player's next
    turn: ``best`` and ``chosen`` are the points they are expected to bank on them after each
    option). ``card``, for ``"leaves"``, is the table card most behind the difference, and
    ``best_share`` and ``chosen_share`` the shares of worlds in which one of them takes it
    after each option. ``taker``, with three or four players, is the seat that takes the card
    in nearly all of those worlds (:data:`CLEAR_TAKER`), None when no one seat does (with
    two players the other player, so always None).
    """

    kind: str
    best: float
    chosen: float
    card: Card | None = None
    best_share: float = 0.0
    chosen_share: float = 0.0
    taker: int | None = None

    def as_json(self, digits: int | None = 3) -> dict[str, Any]:
        """``taker`` only where there is one (a table of three or four)."""
        shown: dict[str, Any] = {
            "kind": self.kind,
            "best": _rounded(self.best, digits),
            "chosen": _rounded(self.chosen, digits),
            "card": None if self.card is None else format_card(self.card),
            "best_share": _rounded(self.best_share, digits),
            "chosen_share": _rounded(self.chosen_share, digits),
        }
        if self.taker is not None:
            shown["taker"] = self.taker
        return shown

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Reason":
        """Read :meth:`as_json`; ValueError, KeyError or TypeError when it is not that."""
        if data["kind"] not in REASONS:
            raise ValueError("not a reason")
        card, taker = data["card"], data.get("taker")
        return cls(
            kind=data["kind"],
            best=float(data["best"]),
            chosen=float(data["chosen"]),
            card=None if card is None else parse_card(str(card)),
            best_share=float(data["best_share"]),
            chosen_share=float(data["chosen_share"]),
            taker=None if taker is None else _whole(taker),
        )


REASONS: Final = ("takes", "leaves")
CLEAR_TAKER: Final = 0.9
"""With three or four players, the share of the worlds in which a card left is taken that
one seat must take it in to be named (otherwise "the next players")."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """One judged decision: what the mover chose, the best option, their values, the loss."""

    deal: int
    """1 for the first deal of the game."""
    turn: int
    """1 for the first turn of the deal (a turn is a played card and a turned card)."""
    seat: int
    chosen: Action
    best: Action
    chosen_value: float
    best_value: float
    loss_se: float
    """Standard error of the loss (paired over the worlds both options were played in)."""
    reason: Reason | None = None
    """Why the best option is better, where the figures show a clear reason (:func:`explain`)."""
    exact: bool = False
    """Whether the values are exact (few cards were unseen: every way they can lie was
    counted, :mod:`chinese_ten.players.exact`); an exact loss has no error (``loss_se`` 0)."""

    @property
    def loss(self) -> float:
        return self.best_value - self.chosen_value

    @property
    def label(self) -> str | None:
        """The label the loss earns beyond the noise of its estimate."""
        return label(self.loss, self.loss_se)

    @property
    def borderline(self) -> bool:
        """Whether the loss reaches a worse label's threshold, but not clearly (within
        :data:`NOISE_SIGMAS` standard errors)."""
        return label(self.loss) != self.label

    @property
    def key(self) -> tuple[int, int, int]:
        """(deal, turn, 0 for the played card or 1 for the turned card)."""
        return (self.deal, self.turn, 1 if is_flip(self.chosen) else 0)

    def as_json(self, players: tuple[str, ...], digits: int | None = 3) -> dict[str, Any]:
        """Values rounded to ``digits`` (None: exact, for the stored analysis)."""
        return {
            "deal": self.deal,
            "turn": self.turn,
            "seat": self.seat,
            "player": players[self.seat],
            "chosen": format_action(self.chosen),
            "best": format_action(self.best),
            "chosen_value": _rounded(self.chosen_value, digits),
            "best_value": _rounded(self.best_value, digits),
            "loss": _rounded(self.loss, digits),
            "loss_se": None if self.exact else _rounded(self.loss_se, digits),
            "exact": self.exact,
            "label": self.label,
            "borderline": self.borderline,
            "reason": None if self.reason is None else self.reason.as_json(digits),
        }


def _rounded(value: float, digits: int | None) -> float:
    return value if digits is None else round(value, digits)


@dataclass(frozen=True, slots=True)
class Summary:
    """One player's judged decisions over a deal or the game."""

    decisions: int
    points_lost: float
    labels: dict[str, int]
    borderline: int
    """Decisions whose loss reached a worse label only within the noise."""

    @property
    def mean_loss(self) -> float:
        """Points lost per judged decision (0 with none)."""
        return self.points_lost / self.decisions if self.decisions else 0.0

    def as_json(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            "points_lost": round(self.points_lost, 3),
            "mean_loss": round(self.mean_loss, 3),
            "labels": self.labels,
            "borderline": self.borderline,
        }


@dataclass(frozen=True, slots=True)
class GameReview:
    """The judged decisions of a game's finished deals, and the budget they were judged at."""

    players: tuple[str, ...]
    """Every seat's name, 2 to 4 of them."""
    deals: int
    """Finished deals reviewed (an unfinished last deal is left out)."""
    samples: int
    seed: int
    judgements: tuple[Judgement, ...]

    def summary(self, seat: int, deal: int | None = None) -> Summary:
        """``seat``'s decisions over the game, or over deal number ``deal``."""
        mine = [j for j in self.judgements if j.seat == seat and (deal is None or j.deal == deal)]
        counts = dict.fromkeys(LABELS, 0)
        for j in mine:
            if j.label is not None:
                counts[j.label] += 1
        return Summary(
            len(mine), sum(j.loss for j in mine), counts, sum(j.borderline for j in mine)
        )

    def judgement(self, deal: int, turn: int, second: bool) -> Judgement | None:
        """The judgement of an action, if it had a real choice."""
        return self._index().get((deal, turn, 1 if second else 0))

    def _index(self) -> dict[tuple[int, int, int], Judgement]:
        return {j.key: j for j in self.judgements}

    def as_json(self, digits: int | None = 3) -> dict[str, Any]:
        """The ``review --json`` document, values rounded to ``digits`` (None: exact, as the
        history database stores it)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "samples": self.samples,
            "seed": self.seed,
            "players": list(self.players),
            "deals_reviewed": self.deals,
            "thresholds": dict(zip(LABELS, THRESHOLDS, strict=True)),
            "noise_sigmas": NOISE_SIGMAS,
            "decisions": [j.as_json(self.players, digits) for j in self.judgements],
            "summary": [
                {
                    "seat": seat,
                    "player": self.players[seat],
                    **self.summary(seat).as_json(),
                    "deals": [
                        {"deal": d, **self.summary(seat, d).as_json()}
                        for d in range(1, self.deals + 1)
                    ],
                }
                for seat in range(len(self.players))
            ],
        }

    def to_text(self) -> str:
        return json.dumps(self.as_json(digits=None))

    @classmethod
    def from_text(cls, text: str) -> "GameReview":
        """Read what :meth:`to_text` wrote; RecordError when it is not that (a damaged store)."""
        try:
            data = json.loads(text)
            if data["format"] != FORMAT or data["version"] != VERSION:
                raise ValueError("another format")
            players = tuple(str(name) for name in data["players"])
            if len(players) not in SEAT_COUNTS:
                raise ValueError("not a table")
            judgements = tuple(
                Judgement(
                    deal=_whole(d["deal"]),
                    turn=_whole(d["turn"]),
                    seat=_seat(d["seat"], len(players)),
                    chosen=parse_action(d["chosen"]),
                    best=parse_action(d["best"]),
                    chosen_value=float(d["chosen_value"]),
                    best_value=float(d["best_value"]),
                    loss_se=0.0 if d["exact"] is True else float(d["loss_se"]),
                    reason=None if d["reason"] is None else Reason.from_json(d["reason"]),
                    exact=_exact(d["exact"]),
                )
                for d in data["decisions"]
            )
            for judgement in judgements:  # the seat named as taking a card left: another's
                taker = None if judgement.reason is None else judgement.reason.taker
                if taker is not None and _seat(taker, len(players)) == judgement.seat:
                    raise ValueError("the mover takes what it leaves")
            return cls(
                players=players,
                deals=_whole(data["deals_reviewed"]),
                samples=_whole(data["samples"]),
                seed=_whole(data["seed"]),
                judgements=judgements,
            )
        except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError):
            raise RecordError(_("the stored analysis cannot be read")) from None


def _exact(value: object) -> bool:
    if type(value) is not bool:
        raise TypeError("not true or false")
    return value


_MOST_POINTS: Final = float(MOST_POINTS)
"""No value, loss or reason figure of a decision is beyond the points of the whole pack."""


def _figure(value: float, low: float = -_MOST_POINTS, high: float = _MOST_POINTS) -> bool:
    return math.isfinite(value) and low <= value <= high


def _fits_reason(reason: Reason | None) -> bool:
    return reason is None or (
        _figure(reason.best)
        and _figure(reason.chosen)
        and _figure(reason.best_share, 0.0, 1.0)
        and _figure(reason.chosen_share, 0.0, 1.0)
    )


def checked_review(
    review: GameReview, record: "GameRecord", *, samples: int, seed: int
) -> GameReview:
    """``review`` if it can be the analysis of ``record`` at this budget and seed, else
    RecordError: the same players, budget and finished deals, each judgement at one of the
    record's decisions (the mover's seat, the action played there, a best option legal
    there) with finite figures within the pack's points, and every decision with a real
    choice judged. A stored analysis is read from a
    file: it is checked like any input before a verdict of it is shown."""
    finals = finished_deals(record)
    positions = {
        (d.deal, d.turn, 1 if is_flip(d.chosen) else 0): d
        for d in decisions(finals, samples=samples, seed=seed)
    }
    fits = (
        review.players == reviewable(record)
        and review.deals == len(finals)
        and (review.samples, review.seed) == (samples, seed)
        and len({j.key for j in review.judgements}) == len(review.judgements)
    )
    for judgement in review.judgements if fits else ():
        decision = positions.get(judgement.key)
        if not (
            decision is not None
            and judgement.seat == decision.state.to_move
            and judgement.chosen == decision.chosen
            and judgement.best in legal_actions(decision.state)
            and _figure(judgement.chosen_value)
            and _figure(judgement.best_value)
            and _figure(judgement.loss, 0.0)
            and _figure(judgement.loss_se, 0.0)
            and _fits_reason(judgement.reason)
        ):
            fits = False
            break
    judged = {j.key for j in review.judgements}
    if fits and not all(_no_real_choice(d) for k, d in positions.items() if k not in judged):
        fits = False  # a judgement left out: the review would show fewer decisions than were
    if not fits:
        raise RecordError(_("the stored analysis cannot be read"))
    return review


def _no_real_choice(decision: "Decision") -> bool:
    """Whether the review leaves ``decision`` unjudged: no plausible world tells its options
    apart (:func:`judge` says None), as with twins or, with few cards unseen, options worth
    exactly the same; every other decision is judged."""
    return judge(decision) is None


def _whole(value: object) -> int:
    if type(value) is not int:
        raise TypeError("not a whole number")
    return value


def _seat(value: object, seats: int) -> int:
    seat = _whole(value)
    if not 0 <= seat < seats:
        raise ValueError("no such seat")
    return seat


def analysis_key(samples: int, seed: int, seats: int = 2) -> str:
    """The history database's key for an analysis at this budget and seed, by this version,
    of a game of ``seats`` players (two: the key analyses have always had)."""
    table = "" if seats == 2 else f"-seats{seats}"
    return f"review-v{VERSION}{table}-samples{samples}-seed{seed}"


@dataclass(frozen=True, slots=True)
class Decision:
    """A position where the mover had more than one legal action, and what they did."""

    deal: int
    turn: int
    state: DealState
    chosen: Action
    seed: int
    samples: int


def decisions(finals: Sequence[DealState], *, samples: int, seed: int) -> list[Decision]:
    """Every decision with more than one legal action in these finished deals."""
    found = []
    for number, final in enumerate(finals, start=1):
        state = start(final.setup, check=False)
        for index, action in enumerate(final.actions):
            if len(legal_actions(state)) > 1:
                found.append(Decision(number, index // 2 + 1, state, action, seed, samples))
            state = advance(state, action)
    return found


def finished_deals(record: "GameRecord") -> list[DealState]:
    """The final states of the record's finished deals (an unfinished last one left out);
    RecordError when it does not replay or no deal is finished: there is nothing to review."""
    from chinese_ten.store.records import replay

    finished = [s for s in replay(record) if s.phase == OVER]
    if not finished:
        raise RecordError(_("no deal of this game is finished: there is nothing to review"))
    return finished


def decision_rng(seed: int, deal: int, turn: int, second: bool) -> random.Random:
    """The worlds of one decision: from the seed and where the decision is, nothing else
    (string seeds are hashed with SHA-512, the same in every process)."""
    return random.Random(f"review/{seed}/{deal}/{turn}/{int(second)}")


@dataclass(slots=True)
class NextTurn:
    """What the other players bank on their turns after one option, before the mover plays
    again (with two players, the other player's next turn), world by world."""

    points: list[int]
    """Points they capture on those turns (their played cards, their turned cards and what
    they take), one entry a world."""
    takers: dict[tuple[Card, int], int]
    """How many worlds each table card was taken in by each seat: (card, seat) to a count."""

    def taken(self) -> dict[Card, int]:
        """How many worlds one of them took each table card in."""
        times: dict[Card, int] = {}
        for (card, _seat), count in self.takers.items():
            times[card] = times.get(card, 0) + count
        return times


def world_sources(view: PlayerView) -> tuple[Worlds, Worlds]:
    """The worlds a decision is judged in, and the blind ones that check it had a real choice
    (both dealt by :func:`chinese_ten.engine.worlds.worlds`).

    The first deals the other hands as ``hard`` does: with two players the other hand from
    its model of that player (:func:`~chinese_ten.players.hard.believed_hands`), with three
    or four every other seat's hand from that seat's own model
    (:func:`~chinese_ten.players.hard.believed_seat_hands`). The second deals them blindly.
    Either deals all of a batch's hands first, then shuffles each world's stock.
    """
    from chinese_ten.players.hard import SHARPNESSES, believed_hands, believed_seat_hands

    if view.seats == 2:
        uniform = [1.0] + [0.0] * (len(SHARPNESSES) - 1)
        return (
            worlds(view, draw_other=believed_hands(view)),
            worlds(view, draw_other=believed_hands(view, belief=uniform)),
        )
    return worlds(view, believed_seat_hands(view)), worlds(view, uniform_hands(view))


def option_values(
    view: PlayerView,
    legal: Sequence[Action],
    chosen: Action,
    rng: random.Random,
    *,
    samples: int,
    stop: Callable[[], bool] = lambda: False,
) -> tuple[list[float], list[int], list[list[int]], dict[int, NextTurn]] | None:
    """Each option's mean final points for the mover, the options measured in all
    ``samples`` worlds (the chosen one and those close to the leader), each option's points
    world by world, and for each measured option the other players' turns before the mover's
    next (:func:`next_turn`) in the first :data:`_REASON_WORLDS` worlds of round 2; None when
    no plausible world tells the options apart (no real choice).

    The worlds are drawn from ``hard``'s beliefs about the other hands
    (:func:`world_sources`); whether the options differ at all is also asked of
    :data:`_UNIFORM_CHECK` worlds of every option with the other hands drawn blindly, so that
    a model of another player that does not fit can never hide a real choice. Reads only
    ``view``: the mover's hand, what is public, and nothing hidden. ``stop`` is asked every
    :data:`_BATCH` worlds (AnalysisCancelledError once it says True).
    """
    from chinese_ten.players.playout import learned_points

    seat = view.seat
    believed, blind = world_sources(view)
    points: list[list[int]] = [[] for _ in legal]

    def play(
        options: Sequence[int],
        count: int,
        worlds: Worlds,
        into: list[list[int]],
        next_turns: dict[int, NextTurn] | None = None,
        *,
        settled: Callable[[], bool] = lambda: False,
    ) -> bool:
        """Play ``options`` in ``count`` worlds, a batch at a time; True when ``settled``
        says so after a batch (the rest is not played)."""
        for begin in range(0, count, _BATCH):
            if stop():
                raise AnalysisCancelledError(_("the analysis was cancelled"))
            for world in worlds(rng, min(_BATCH, count - begin)):
                for i in options:
                    after = advance(world, legal[i])
                    if next_turns is not None:
                        after, banked, taken = next_turn(after, seat)
                        record = next_turns[i]
                        record.points.append(banked)
                        for key in taken:
                            record.takers[key] = record.takers.get(key, 0) + 1
                    into[i].append(learned_points(after, seat))
            if settled():
                return True
        return False

    everything = range(len(legal))
    check: list[list[int]] = [[] for _ in legal]
    play(everything, _UNIFORM_CHECK, blind, check)
    first = max(1, samples // SCREEN)
    play(everything, first, believed, points)
    twin_of: dict[tuple[int, ...], int] = {}
    distinct = [
        twin_of.setdefault((*p, *c), i) == i
        for i, (p, c) in enumerate(zip(points, check, strict=True))
    ]
    if sum(distinct) < 2:
        return None
    chosen_index = legal.index(chosen)
    twin = [twin_of[(*p, *c)] for p, c in zip(points, check, strict=True)]
    leader = max(everything, key=lambda i: sum(points[i]))
    close = [
        i
        for i in everything
        if distinct[i] and (i == twin[chosen_index] or _close(points[leader], points[i]))
    ]
    next_turns = {i: NextTurn([], {}) for i in close}

    reference = twin[chosen_index]
    others = [i for i in close if i != reference]

    def unlabelled() -> bool:
        return _label_settled(points, others, reference, labelled=False)

    def settled() -> bool:
        return _label_settled(points, others, reference)

    # A labelled loss is settled only once its reason's worlds are played (fewer would
    # stop on the luck of the first ones too often); an unlabelled one at any batch.
    followed = min(_REASON_WORLDS, samples - first)
    if not unlabelled() and not play(
        close, followed, believed, points, next_turns, settled=unlabelled
    ):
        play(close, samples - first - followed, believed, points, settled=settled)
    for i in everything:  # a twin takes its first twin's worlds
        points[i] = points[twin[i]]
    means = [sum(p) / len(p) for p in points]
    measured = sorted({*close, chosen_index})
    return means, measured, points, {i: next_turns[twin[i]] for i in measured}


def _label_settled(
    points: list[list[int]], others: Sequence[int], chosen: int, *, labelled: bool = True
) -> bool:
    """Whether more worlds could no longer change the label of ``chosen``: the option of
    ``others`` that leads it most has a label (or none) beyond the noise, and no option's lead
    over it, paired world by world, can reach the next worse threshold within
    :data:`NOISE_SIGMAS` standard errors (more worlds would only refine a figure the label
    already stands on). ``labelled`` False: only a decision without a label is settled."""
    leads = [paired_difference(points[i], points[chosen]) for i in others]
    if not leads:
        return True
    lead, error = max(leads)
    named = label(lead, error)
    if named is not None and not labelled:
        return False
    worse = THRESHOLDS[LABELS.index(named) + 1 :] if named is not None else THRESHOLDS
    if not worse:
        return True  # a blunder beyond the noise: none is worse
    return all(mean + NOISE_SIGMAS * spread < worse[0] for mean, spread in leads)


def next_turn(state: DealState, seat: int) -> tuple[DealState, int, list[tuple[Card, int]]]:
    """Play on from ``state`` (just after an option of ``seat``'s) as the playouts do, every
    turned card and the other players greedy, to ``seat``'s next play or the end of the deal:
    that position, the points the other players banked on the way, and the table cards they
    took, each with the seat that took it.
    :func:`~chinese_ten.players.playout.learned_points` from the position returned is what
    it would have been from ``state``."""
    from chinese_ten.players.greedy import greedy_choice, greedy_score

    layout, seats = state.setup.layout, len(state.hands)
    banked = 0
    taken: list[tuple[Card, int]] = []
    while state.phase != OVER and not (state.phase == PLAY and state.to_move == seat):
        legal = legal_actions(state)
        action = greedy_choice(legal, layout, seats)
        code = capture_code(action)
        mover = state.to_move
        if mover != seat and code:
            banked += greedy_score(action, layout, seats)
            if code == TRIPLE:
                taken.extend((c, mover) for c in state.table if rank(c) == state.triple)
            else:
                taken.append((code - 1, mover))
        state = advance(state, action)
    return state, banked, taken


def captured_points(action: Action, layout: Sequence[Card], seats: int = 2) -> int:
    """The points ``action`` banks now at a table of ``seats``: its card and what it takes
    (0 if it takes nothing)."""
    from chinese_ten.players.greedy import greedy_score

    return greedy_score(action, layout, seats) if capture_code(action) else 0


def explain(
    loss: float,
    best_now: int,
    chosen_now: int,
    best_next: NextTurn,
    chosen_next: NextTurn,
    *,
    seats: int = 2,
) -> Reason | None:
    """The plain reason the best option is better, or None when the figures show none.

    Only a loss of at least the first label's threshold is explained, and by a figure that
    makes at least half of it and at least a point, from the judgement's own worlds:

    - ``takes``: what the best option banks now over the option played (``*_now``, exact);
    - ``leaves`` a card: the table card whose points (at this table of ``seats``) the other
      players take before the mover plays again (with two, the other player's next turn)
      more often after the option played than after the best (``*_next``: the same worlds),
      the share of worlds times its points clear of :data:`NOISE_SIGMAS` standard errors;
      with three or four players, the seat that takes it, where one does (:data:`CLEAR_TAKER`);
    - ``leaves`` more: the points the other players bank on those turns, after the option
      played over after the best, clear of the noise the same way.

    The largest of these is given; a card is named rather than the total when it makes as
    much.
    """
    least = THRESHOLDS[0]
    if loss < least:
        return None
    enough = max(least, loss / 2)
    found: list[tuple[float, Reason]] = []
    takes = best_now - chosen_now
    if takes >= enough:
        found.append((takes, Reason("takes", best_now, chosen_now)))
    worlds = min(len(best_next.points), len(chosen_next.points))
    if worlds < 2:
        return max(found, key=lambda f: f[0])[1] if found else None
    best_mean = sum(best_next.points) / worlds
    chosen_mean = sum(chosen_next.points) / worlds
    gives = chosen_mean - best_mean
    spread = paired_difference(chosen_next.points, best_next.points)[1]
    if gives >= enough and gives > NOISE_SIGMAS * spread:
        found.append((gives, Reason("leaves", best_mean, chosen_mean)))
    chosen_taken, best_taken = chosen_next.taken(), best_next.taken()
    for card in sorted(set(chosen_taken) | set(best_taken)):
        after_chosen = chosen_taken.get(card, 0) / worlds
        after_best = best_taken.get(card, 0) / worlds
        worth = card_points(card, seats)
        weight = (after_chosen - after_best) * worth
        noise = worth * math.sqrt(
            (after_chosen * (1 - after_chosen) + after_best * (1 - after_best)) / worlds
        )
        if weight >= enough and weight > NOISE_SIGMAS * noise:
            taker = _taker(chosen_next, card, chosen_taken[card]) if seats > 2 else None
            reason = Reason("leaves", best_mean, chosen_mean, card, after_best, after_chosen, taker)
            found.append((weight + 1e-9, reason))  # a card is plainer than a total
    if not found:
        return None
    return max(found, key=lambda f: f[0])[1]


def _taker(turns: NextTurn, card: Card, times: int) -> int | None:
    """The seat that takes ``card`` in at least :data:`CLEAR_TAKER` of the ``times`` worlds it
    is taken in, or None."""
    for (taken, seat), count in sorted(turns.takers.items()):
        if taken == card and count >= CLEAR_TAKER * times:
            return seat
    return None


def _close(leader: list[int], other: list[int]) -> bool:
    """Whether ``other`` is within :data:`CLOSE_SIGMAS` standard errors of ``leader``,
    paired world by world."""
    if len(leader) < 2:
        return True
    mean, error = paired_difference(leader, other)
    return mean <= CLOSE_SIGMAS * error


def judge(decision: Decision, stop: Callable[[], bool] = lambda: False) -> Judgement | None:
    """Judge one decision from the mover's view (a worker process runs this)."""
    state = decision.state
    view = PlayerView(state, state.to_move)
    legal = legal_actions(state)
    second = is_flip(decision.chosen)
    from chinese_ten.players.exact import exact_applies

    if exact_applies(view):
        return _judge_exactly(decision, view, legal)
    rng = decision_rng(decision.seed, decision.deal, decision.turn, second)
    found = option_values(view, legal, decision.chosen, rng, samples=decision.samples, stop=stop)
    if found is None:
        return None
    means, measured, points, next_turns = found
    chosen = legal.index(decision.chosen)
    best = max(measured, key=lambda i: (means[i], i == chosen))
    if means[best] <= means[chosen]:
        best = chosen
    loss_se = paired_difference(points[best], points[chosen])[1]
    turns = (next_turns[best], next_turns[chosen])
    return _judgement(
        decision, view, legal, means, (best, chosen), loss_se=loss_se, next_turns=turns
    )


def _judge_exactly(decision: Decision, view: PlayerView, legal: list[Action]) -> Judgement | None:
    """Judge a decision with few cards unseen by its exact values (every way the unseen cards
    can lie, weighted as ``hard`` weighs them: :func:`chinese_ten.players.hard.exact_weights`);
    None when every option is worth the same (no real choice). Its reason can only be what
    the best option takes now: no worlds are drawn to follow the next turns."""
    from chinese_ten.players.exact import exact_values
    from chinese_ten.players.hard import exact_weights

    values = exact_values(view, legal, exact_weights(view))
    if max(values) - min(values) < EXACT_TIE:
        return None
    chosen = legal.index(decision.chosen)
    best = max(range(len(legal)), key=lambda i: (values[i], i == chosen))
    if values[best] <= values[chosen] + EXACT_TIE:
        best = chosen
    nothing = NextTurn([], {})
    return _judgement(
        decision, view, legal, values, (best, chosen), loss_se=None, next_turns=(nothing, nothing)
    )


def _judgement(
    decision: Decision,
    view: PlayerView,
    legal: list[Action],
    values: list[float],
    best_and_chosen: tuple[int, int],
    *,
    loss_se: float | None,
    next_turns: tuple[NextTurn, NextTurn],
) -> Judgement:
    """The judgement of ``decision`` from its options' values, exact where there is no
    ``loss_se``, and what followed the best and the chosen option in the next turns."""
    best, chosen = best_and_chosen
    layout, seats = decision.state.setup.layout, view.seats
    return Judgement(
        deal=decision.deal,
        turn=decision.turn,
        seat=view.seat,
        chosen=decision.chosen,
        best=legal[best],
        chosen_value=values[chosen],
        best_value=values[best],
        loss_se=0.0 if loss_se is None else loss_se,
        reason=explain(
            values[best] - values[chosen],
            captured_points(legal[best], layout, seats),
            captured_points(legal[chosen], layout, seats),
            *next_turns,
            seats=seats,
        ),
        exact=loss_se is None,
    )


EXACT_TIE: Final = 1e-9
"""Exact values closer than this are equal (sums of the same terms in another order)."""


def reviewable(record: "GameRecord") -> tuple[str, ...]:
    """The names of a game the review can judge: two, three or four players; RecordError for
    any other table (one clear line at every way in; a record read from a file cannot hold
    one, but a record built in code can)."""
    if len(record.players) not in SEAT_COUNTS:
        raise RecordError(
            _("the review judges games of {fewest} to {most} players; this one has {count}").format(
                fewest=FEWEST_SEATS, most=MOST_SEATS, count=len(record.players)
            )
        )
    return tuple(record.players)


def analyse(
    record: "GameRecord",
    *,
    samples: int = REVIEW_SAMPLES,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> GameReview:
    """Judge every decision of the record's finished deals.

    ``progress(done, total)`` is called after each decision; ``cancelled()`` is asked several
    times a second: once it says True, the workers are stopped and AnalysisCancelledError
    raised.
    ``jobs`` worker processes (capped by the usable CPUs) give exactly what one gives.
    """
    if not MIN_REVIEW_SAMPLES <= samples <= MAX_REVIEW_SAMPLES:
        raise ChineseTenError(
            ngettext(
                "the budget must be {least} to {most} world, not {samples}",
                "the budget must be {least} to {most} worlds, not {samples}",
                MAX_REVIEW_SAMPLES,
            ).format(least=MIN_REVIEW_SAMPLES, most=MAX_REVIEW_SAMPLES, samples=samples)
        )
    players = reviewable(record)
    finals = finished_deals(record)
    found = decisions(finals, samples=samples, seed=seed)
    from chinese_ten.analysis.workers import usable_jobs

    judged: list[Judgement] = []
    stop = cancelled if cancelled is not None else lambda: False
    with contextlib.closing(_run(found, usable_jobs(jobs, len(found)), stop)) as results:
        for done, result in enumerate(results, start=1):
            if result is not None:
                judged.append(result)
            if progress is not None:
                progress(done, len(found))
    return GameReview(
        players=players,
        deals=len(finals),
        samples=samples,
        seed=seed,
        judgements=tuple(judged),
    )


_BATCH: Final = 100
"""Worlds between two looks at whether the analysis is cancelled (a few ms of work)."""
_UNIFORM_CHECK: Final = 50
"""Worlds with the other hand drawn blindly in which every option is also played, only to
tell whether the options differ at all (a real choice)."""
_REASON_WORLDS: Final = 400
"""Worlds of round 2 in which the other player's next turn is followed, for the reason
(:func:`explain`): a multiple of :data:`_BATCH`, so the worlds drawn are the same either way."""
_LOOK_AHEAD: Final = 4
"""Decisions handed to the pool per worker before the oldest result is awaited."""


def _run(
    tasks: list[Decision], workers: int, stop: Callable[[], bool]
) -> Generator[Judgement | None, None, None]:
    """Judgements in task order (:func:`chinese_ten.analysis.workers.ordered_results`); like
    simulate's pool, workers ignore SIGINT, and leaving the generator early (``stop``)
    terminates them."""
    if workers <= 1:
        for task in tasks:
            yield judge(task, stop)
        return
    from chinese_ten.analysis.workers import ordered_results

    def waiting() -> None:
        if stop():
            raise AnalysisCancelledError(_("the analysis was cancelled"))

    yield from ordered_results(judge, tasks, workers, _LOOK_AHEAD, waiting)


def stored_review(
    game_id: int, record: "GameRecord", *, samples: int, seed: int, folder: Path | None
) -> GameReview | None:
    """The analysis of history game ``game_id`` (whose record is ``record``) at this budget,
    if one was stored, reads back and fits the record (:func:`checked_review`; any other is
    done again); HistoryError when the history cannot be read. The history is only read."""
    from chinese_ten.store.history import read_history

    with read_history(folder) as history:
        text = history.analysis(game_id, analysis_key(samples, seed, len(record.players)))
    if text is None:
        return None
    try:
        review = GameReview.from_text(text)
        return checked_review(review, record, samples=samples, seed=seed)
    except RecordError:
        return None


def store_review(game_id: int, review: GameReview, folder: Path | None) -> None:
    """Keep the analysis of history game ``game_id``, so it is done once: only in a history
    file that is there and can be written (none is created, nothing is moved aside; on a
    read-only place nothing is kept and nothing said). HistoryError when writing fails."""
    from chinese_ten.store.history import open_existing_history

    history = open_existing_history(folder)
    if history is None:
        return
    with history:
        key = analysis_key(review.samples, review.seed, len(review.players))
        history.store_analysis(game_id, key, review.to_text())
