"""The review's values: a judged decision and its reason, a player's summary, a game's
review, and the label a loss earns.

The unit of every figure is points expected at the end of the deal, from what the mover knew
(the red points, and from three players the black aces as they score there:
:func:`~chinese_ten.engine.variant.seat_points`).

Labels (see :data:`THRESHOLDS`): a loss under 1 point is noise or taste and is not marked; 1
to 3 points is an *inaccuracy*, 3 to 8 a *mistake*, 8 or more a *blunder* (about a red ten
thrown away). A label is given only where the loss clears its threshold by
:data:`NOISE_SIGMAS` standard errors; a loss that reaches a worse threshold only within that
margin is *borderline*. Figures (``benchmarks/bench_review.py --calibrate``) are in the README.

A review reads back from the text it writes (:meth:`GameReview.from_text`), or RecordError;
whether it fits a game's record is :func:`chinese_ten.analysis.review_stored.checked_review`'s
question.
"""

import json
from dataclasses import dataclass
from typing import Any, Final

from chinese_ten.engine.actions import Action, format_action, is_flip, parse_action
from chinese_ten.engine.cards import Card, format_card, parse_card
from chinese_ten.engine.errors import ChineseTenError, RecordError
from chinese_ten.engine.variant import SEAT_COUNTS
from chinese_ten.lang.i18n import _

FORMAT: Final = "chinese-ten-review"
VERSION: Final = 5
"""Bumped whenever a judgement would change: stored analyses of another version are redone."""
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
    in nearly all of those worlds (:data:`~chinese_ten.analysis.review_search.CLEAR_TAKER`),
    None when no one seat does (with two players the other player, so always None).
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
    """Why the best option is better, where the figures show a clear reason
    (:func:`~chinese_ten.analysis.review_search.explain`)."""
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


def _whole(value: object) -> int:
    if type(value) is not int:
        raise TypeError("not a whole number")
    return value


def _seat(value: object, seats: int) -> int:
    seat = _whole(value)
    if not 0 <= seat < seats:
        raise ValueError("no such seat")
    return seat
