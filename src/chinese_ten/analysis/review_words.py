"""The review in plain words: a player's verdict, the decisions that cost most, and each
decision as a sentence with its reason, in the reader's language.

The figures behind them (values, losses, standard errors) are
:mod:`chinese_ten.analysis.review_types`'s; this module only words them.
"""

from collections.abc import Callable, Sequence
from typing import Any, Final

from chinese_ten.analysis.review_types import GameReview, Judgement, Reason, Summary
from chinese_ten.engine.actions import TRIPLE, Action, action_card, action_target, capture_code
from chinese_ten.engine.actions import is_flip as is_flip_action
from chinese_ten.engine.cards import Card, format_card
from chinese_ten.lang.i18n import N_, _, ngettext
from chinese_ten.lang.numerals import decimal

LABEL_NAMES: Final = {
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}
VERDICTS: Final = (
    (0.25, N_("Very accurate play")),
    (0.75, N_("Good play")),
    (1.5, N_("Uneven play")),
    (float("inf"), N_("Costly play")),
)
"""A player's verdict by the points lost per judged decision: under 0.25, under 0.75, under
1.5, and more (what each computer level loses is in the README's review section)."""
COSTLIEST: Final = 5
"""The decisions the summary names at most: the labelled ones that cost most."""

CardText = Callable[[Card], str]


def verdict(summary: Summary, deals: int) -> str:
    """One player's game in a line: the verdict in words, what was given away, the labels."""
    if not summary.decisions:
        return _("No decision with a real choice.")
    words = next(_(w) for most, w in VERDICTS if summary.mean_loss < most)
    counts = [
        label_count(kind, summary.labels[kind]) for kind in LABEL_NAMES if summary.labels[kind]
    ]
    given = ngettext(
        "{verdict}: about {lost} points given away in {deals} deal",
        "{verdict}: about {lost} points given away in {deals} deals",
        deals,
    ).format(verdict=words, lost=decimal(summary.points_lost, 0), deals=deals)
    if not counts:
        return _("{given}, no slip of a point or more.").format(given=given)
    return _("{given} ({counts}).").format(given=given, counts=", ".join(counts))


def label_count(kind: str, count: int) -> str:
    """``2 mistakes``: a whole phrase per label, so each language can agree it."""
    forms = {
        "inaccuracy": ngettext("{count} inaccuracy", "{count} inaccuracies", count),
        "mistake": ngettext("{count} mistake", "{count} mistakes", count),
        "blunder": ngettext("{count} blunder", "{count} blunders", count),
    }
    return forms[kind].format(count=count)


def costliest(review: GameReview, seat: int | None = None) -> list[Judgement]:
    """The labelled decisions that cost most (at most :data:`COSTLIEST`), the largest loss
    first, then in the game's order; only ``seat``'s when given."""
    labelled = [
        j for j in review.judgements if j.label is not None and (seat is None or j.seat == seat)
    ]
    labelled.sort(key=lambda j: (-j.loss, j.key))
    return labelled[:COSTLIEST]


def move_words(action: Action, card_text: CardText = format_card) -> str:
    """What a move did, as a phrase: ``8♦ taking 2♥``, ``8♦`` when it takes nothing."""
    card = card_text(action_card(action))
    if capture_code(action) == TRIPLE:
        return _("{card} taking the layout triple").format(card=card)
    target = action_target(action)
    if target is None:
        return card
    return _("{card} taking {target}").format(card=card, target=card_text(target))


def decision_sentence(
    judgement: Judgement,
    names: Sequence[str],
    card_text: CardText = format_card,
    *,
    you: int | None = None,
) -> str:
    """The decision in a sentence: what the mover did, what the best option would have kept,
    and why where the figures show it ("you" for the seat ``you``)."""
    chosen, best = move_words(judgement.chosen, card_text), move_words(judgement.best, card_text)
    gain = decimal(judgement.loss, 1)
    flip = is_flip_action(judgement.chosen)
    if judgement.seat == you:
        said = (
            _("you turned over {chosen}; {best} would have kept about {gain} more points")
            if flip
            else _("you played {chosen}; {best} would have kept about {gain} more points")
        )
    else:
        said = (
            _("{name} turned over {chosen}; {best} would have kept about {gain} more points")
            if flip
            else _("{name} played {chosen}; {best} would have kept about {gain} more points")
        )
    sentence = said.format(name=names[judgement.seat], chosen=chosen, best=best, gain=gain)
    if judgement.reason is None:
        return _("{sentence}.").format(sentence=sentence)
    because = reason_words(judgement.reason, names, judgement.seat, card_text, you=you)
    return _("{sentence}, because {reason}.").format(sentence=sentence, reason=because)


def where(judgement: Judgement) -> str:
    """``Deal 2, turn 5``: where the decision was."""
    return _("Deal {deal}, turn {turn}").format(deal=judgement.deal, turn=judgement.turn)


def reason_words(
    reason: Reason,
    names: Sequence[str],
    seat: int,
    card_text: CardText = format_card,
    *,
    you: int | None = None,
) -> str:
    """Why the best option is better, as a clause ("it takes 20 red points at once, against
    0"), for the mover in ``seat`` of the players ``names``; the player in seat ``you``
    (against the computer) is addressed: "you take it", never "You takes it"."""
    many = len(names) > 2
    if reason.kind == "takes":
        template = (
            _("it takes {best} points at once, against {chosen}")
            if many
            else _("it takes {best} red points at once, against {chosen}")
        )
        return template.format(best=round(reason.best), chosen=round(reason.chosen))
    shares = {
        "chosen": round(100 * reason.chosen_share),
        "best": round(100 * reason.best_share),
    }
    if many:
        return _many_reason_words(reason, names, card_text, you, shares)
    other = names[1 - seat]
    by_you = you == 1 - seat
    if reason.card is not None:
        template = (
            _(
                "the move played leaves {card} to you, and you take it on the next turn "
                "{chosen}% of the time (against {best}%)"
            )
            if by_you
            else _(
                "the move played leaves {card} to {other}, who takes it on the next turn "
                "{chosen}% of the time (against {best}%)"
            )
        )
        return template.format(card=card_text(reason.card), other=other, **shares)
    template = (
        _(
            "after the move played you take about {chosen} red points on the next turn "
            "(against {best})"
        )
        if by_you
        else _(
            "after the move played {other} takes about {chosen} red points on the next turn "
            "(against {best})"
        )
    )
    return template.format(
        other=other, chosen=decimal(reason.chosen, 1), best=decimal(reason.best, 1)
    )


def _many_reason_words(
    reason: Reason,
    names: Sequence[str],
    card_text: CardText,
    you: int | None,
    shares: dict[str, int],
) -> str:
    """:func:`reason_words` with three or four players: the card goes to the seat that takes
    it where one does, else to the next players, before the mover plays again."""
    if reason.card is None:
        return _(
            "after the move played the next players take about {chosen} points before the "
            "mover plays again (against {best})"
        ).format(chosen=decimal(reason.chosen, 1), best=decimal(reason.best, 1))
    card = card_text(reason.card)
    if reason.taker is None:
        return _(
            "the move played leaves {card} to the next players, one of whom takes it before "
            "the mover plays again {chosen}% of the time (against {best}%)"
        ).format(card=card, **shares)
    if reason.taker == you:
        return _(
            "the move played leaves {card} to you, and you take it before the mover plays "
            "again {chosen}% of the time (against {best}%)"
        ).format(card=card, **shares)
    return _(
        "the move played leaves {card} to {taker}, who takes it before the mover plays "
        "again {chosen}% of the time (against {best}%)"
    ).format(card=card, taker=names[reason.taker], **shares)


def review_json(review: GameReview) -> dict[str, Any]:
    """The review as ``review --json`` prints it: :meth:`GameReview.as_json` with each
    decision's ``why``, its sentence (None where nothing was lost)."""
    shown = review.as_json()
    for decision, judgement in zip(shown["decisions"], review.judgements, strict=True):
        lost = round(judgement.loss, 1) > 0
        decision["why"] = decision_sentence(judgement, review.players) if lost else None
    return shown
