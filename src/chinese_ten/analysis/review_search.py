"""Judging one decision: every option played by the ``hard`` search, the best found, the
loss and its reason.

A decision is judged from what the mover knew at that moment: their
:class:`~chinese_ten.engine.view.PlayerView`, never the hidden cards (the fairness rule of the
``hard`` player). The unseen cards are dealt at random as ``hard`` deals them: every other
hand from its model of that player, which reads that player's plays only as far as they have
shown a greedy habit (a random player, a searching one or a person soon leaves it drawing
almost blindly; :func:`chinese_ten.players.hard.sharpness_belief`), one model per opponent
with three or four players. Each legal option is played to the end of the deal in the same
worlds (common random numbers), the mover's later plays by ``hard``'s learned policy, the
other players' greedy. An option's value is the mover's mean final points (the unit of
:mod:`chinese_ten.analysis.review_types`). The mover's result against the base is those
points less the table's base, the same for every option, so the options compare as their results.

Two rounds per decision, and no option is judged on fewer than the first round's worlds:

1. every option is played in the first ``samples // SCREEN`` worlds;
2. the chosen option and every option within :data:`CLOSE_SIGMAS` standard errors of the
   leader (paired over those worlds) are played in the rest of ``samples`` worlds too, so
   the chosen and the best option are both measured on the same worlds; round 2 stops as
   soon as more worlds could not change the chosen option's label (the leading option's
   loss labelled beyond the noise, and no option's lead within
   :data:`~chinese_ten.analysis.review_types.NOISE_SIGMAS` standard errors of the next worse
   threshold): they would only refine a figure the label already stands on.

The best option is the one of round 2 with the highest mean; the loss is its mean minus the
chosen option's (never negative), with the standard error of that paired difference. Options
that scored the same in every world of round 1 and in :data:`_UNIFORM_CHECK` further worlds
with the other hand dealt blindly (two red nines taking the same ace) are one option: a
decision whose options are all alike in every plausible world had no real choice and is not
judged. The blind worlds make sure a model of the other player that does not fit never hides
a real choice.

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

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from chinese_ten.analysis.review_types import (
    LABELS,
    NOISE_SIGMAS,
    THRESHOLDS,
    AnalysisCancelledError,
    Judgement,
    Reason,
    label,
)
from chinese_ten.engine.actions import TRIPLE, Action, capture_code, is_flip
from chinese_ten.engine.cards import Card, rank
from chinese_ten.engine.deal import OVER, PLAY, DealState, advance, legal_actions, start
from chinese_ten.engine.errors import RecordError
from chinese_ten.engine.variant import card_points
from chinese_ten.engine.view import PlayerView
from chinese_ten.engine.worlds import Worlds, uniform_hands, worlds
from chinese_ten.lang.i18n import _
from chinese_ten.players.spread import paired_difference

if TYPE_CHECKING:  # only the hints name a record: the search loads without the records
    from chinese_ten.store.records import GameRecord

SCREEN: Final = 8
"""The first round plays every option in ``1 / SCREEN`` of the worlds: enough to tell the
options that could be best (more costs time on options that are not)."""
CLOSE_SIGMAS: Final = 3.0
"""Standard errors behind the leader an option may be after round 1 and still be measured
in every world (the chosen option always is)."""
_BATCH: Final = 100
"""Worlds between two looks at whether the analysis is cancelled."""
_UNIFORM_CHECK: Final = 50
"""Worlds with the other hand drawn blindly in which every option is also played, only to
tell whether the options differ at all (a real choice)."""
_REASON_WORLDS: Final = 400
"""Worlds of round 2 in which the other player's next turn is followed, for the reason
(:func:`explain`): a multiple of :data:`_BATCH`, so the worlds drawn are the same either way."""


CLEAR_TAKER: Final = 0.9
"""With three or four players, the share of the worlds in which a card left is taken that
one seat must take it in to be named (otherwise "the next players")."""


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
