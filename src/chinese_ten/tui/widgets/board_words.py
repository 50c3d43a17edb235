"""The words of a board, whichever draws them: the status line, the banner that asks the
player to move, and the labels of seats and piles (:class:`~.board.Board` in boxes,
:class:`~.compact_board.CompactBoard` in tokens). Both boards read the same
:class:`Scene`, so both say the same thing."""

from collections.abc import Callable

from rich.text import Text

from chinese_ten.engine.actions import (
    TRIPLE,
    Action,
    action_card,
    action_target,
    capture_code,
    is_flip,
)
from chinese_ten.engine.cards import Card
from chinese_ten.engine.deal import OVER
from chinese_ten.engine.variant import seat_points
from chinese_ten.engine.view import Event, PlayerView
from chinese_ten.game.turn import Scene
from chinese_ten.lang.i18n import _, ngettext
from chinese_ten.text.wording import signed
from chinese_ten.tui.cardtext import card_list, describe_event
from chinese_ten.tui.glyphs import Glyphs
from chinese_ten.tui.seats import NameOf, fit_line
from chinese_ten.tui.texts import styled
from chinese_ten.tui.widgets.too_small import touch


class BoardWords:
    """The texts of a board from its :attr:`scene`; a board says how much room it has."""

    totals_in_status: bool = True
    """With two players the status line holds both totals (else each is beside its seat)."""
    scene: Scene
    _glyphs: Glyphs
    _symbols: bool
    _four_color: bool

    def _room(self, selector: str, beside: int = 0) -> int:
        raise NotImplementedError

    def _touch(self) -> bool:
        """The board is on a touch screen (its widget's app says so): the words say tap."""
        app = getattr(self, "app", None)
        return app is not None and touch(app)

    def _hand_title(
        self, view: PlayerView, faces_visible: bool, *, with_extras: bool = True
    ) -> Callable[[NameOf], Text]:
        """The line over the viewer's hand: whose, hidden or not, the pile, and (with more
        than two) the series total, and the open points (unless not ``with_extras``)."""
        scene = self.scene
        me = view.seat
        counts = view.pile_counts
        if me == scene.you:
            title = (
                _("Your hand · pile {count}")
                if faces_visible
                else _("Your hand (hidden) · pile {count}")
            )
        else:
            title = (
                _("{name}'s hand · pile {count}")
                if faces_visible
                else _("{name}'s hand (hidden) · pile {count}")
            )
        total = ""
        if with_extras and (view.seats > 2 or not self.totals_in_status):
            total = f" {self._glyphs.sep} " + _("total {total}").format(
                total=signed(scene.series.totals[me])
            )
        points = self._open_points(view) if with_extras else ("",) * view.seats

        def hand_title(name: NameOf) -> Text:
            return Text(title.format(name=name(me), count=counts[me]) + total + points[me])

        return hand_title

    def _cards(self, cards: list[Card] | tuple[Card, ...]) -> Text:
        return card_list(cards, symbols=self._symbols, four_color=self._four_color)

    def _describe(self, event: Event) -> Text:
        scene = self.scene
        return describe_event(
            event,
            scene.names,
            symbols=self._symbols,
            four_color=self._four_color,
            you=scene.you,
        )

    def _open_points(self, view: PlayerView) -> tuple[str, ...]:
        """With ``--open-scores``, each pile's points, for the labels beside the piles (red
        points with two players; with more the black aces that score count too)."""
        if not self.scene.open_scores:
            return ("",) * view.seats
        sep = self._glyphs.sep
        shown = []
        for pile in view.piles:
            points = seat_points(pile, view.seats)
            words = (
                ngettext("{count} red point", "{count} red points", points)
                if view.seats == 2
                else ngettext("{count} point", "{count} points", points)
            )
            shown.append(f" {sep} " + words.format(count=points))
        return tuple(shown)

    def _fit(self, build: Callable[[NameOf], Text], width: int) -> Text:
        """The longest form of a line with names that fits ``width`` cells."""
        scene = self.scene
        return fit_line(build, width, scene.names, scene.levels, self._glyphs.ellipsis)

    def _series_line(self, name: NameOf) -> Text:
        series, view = self.scene.series, self.scene.view
        done = len(series.outcomes)
        planned = series.deals_planned
        number = max(done + (1 if view is not None and view.phase != OVER else 0), 1)
        deal = (
            _("Deal {number} of {planned}").format(number=number, planned=planned)
            if planned
            else _("Deal {number}").format(number=number)
        )
        text = Text(deal, style="bold")
        totals = series.totals
        if (
            len(totals) == 2 and self.totals_in_status
        ):  # with more, each seat's total is beside its cards
            first, second = totals
            text.append(f"  {self._glyphs.sep}  ")
            text.append(
                _("totals {first} {first_total}, {second} {second_total}").format(
                    first=name(0),
                    first_total=signed(first),
                    second=name(1),
                    second_total=signed(second),
                )
            )
        return text

    def _series_text(self) -> Text:
        return self._fit(self._series_line, self._room("#status", 2))

    def _status_text(self, view: PlayerView) -> Text:
        sep = self._glyphs.sep

        def build(name: NameOf) -> Text:
            text = self._series_line(name)
            text.append(f"  {sep}  ")
            text.append(_("dealer {name}").format(name=name(view.dealer, False)))
            return text

        return self._fit(build, self._room("#status", 2))

    def _banner_text(self, view: PlayerView) -> Text:
        scene = self.scene
        if scene.stage in ("select", "target", "flip", "flip-target"):
            if scene.thinking:
                return Text(_("Thinking…"), style="italic")
            if scene.hint is not None:
                hint = Text(_("Hint:") + " ", style="bold")
                return hint.append_text(self._hint_text(scene.hint))
        return self._fit(
            lambda name: self._banner_line(view, name(view.to_move)), self._room("#banner", 2)
        )

    def _banner_line(self, view: PlayerView, name: str) -> Text:
        """What the player to move is asked; the person playing the computer is told "your
        turn", anyone else is named (whatever the name)."""
        scene = self.scene
        stage = scene.stage
        if stage == "computer":
            return Text(_("{name} is thinking…").format(name=name), style="italic")
        if stage == "handover":
            return Text(_("Pass the keyboard to {name}.").format(name=name), style="italic")
        if stage == "over":  # the last turn is the log's last line, beside the board
            over = (
                _("The deal is over: tap Results.")
                if self._touch()
                else _("The deal is over: Enter shows the results.")
            )
            return Text(over, style="bold")
        you = view.to_move == scene.you
        who = _("Your turn") if you else name
        arrows = self._glyphs.arrows
        if stage == "select":
            options = scene.options
            if not options:
                return Text(_("{who}: choose a card to play.").format(who=who))
            code = capture_code(options[0])
            targets = [t for t in (action_target(a) for a in options) if t is not None]
            if code == TRIPLE:
                template = _("{who}: play {card} and take the layout triple?")
            elif code == 0:
                template = _("{who}: play {card}? It takes nothing and stays on the table.")
            elif len(options) > 1:
                template = _("{who}: play {card} and take {targets} (you choose)?")
            else:
                template = _("{who}: play {card} and take {targets}?")
            return styled(
                template,
                who=who,
                card=self._cards([action_card(options[0])]),
                targets=self._cards_or(targets),
            )
        if stage == "target" and self._touch():
            return Text(_("{who}: tap the card to take (Back to choose another).").format(who=who))
        if stage == "target":
            return Text(
                _("{who}: choose the card to take ({arrows}, Enter; Esc to go back).").format(
                    who=who, arrows=arrows
                )
            )
        if stage == "flip" and self._touch():
            return Text(_("{who}: tap the stock to turn over the top card.").format(who=who))
        if stage == "flip":
            return Text(
                _("{who}: press Space (or click the stock) to turn over the top card.").format(
                    who=who
                )
            )
        if stage == "turned":
            events = view.events()
            return styled(
                _("{event}. Tap Pass the keyboard: {name} plays next.")
                if self._touch()
                else _("{event}. Enter passes the keyboard to {name}."),
                event=self._describe(events[-1]) if events else Text(""),
                name=scene.names[scene.next_person],
            )
        if stage == "flip-target" and self._touch():
            template = (
                _("You turned over {card}: tap the card it takes.")
                if you
                else _("{name} turned over {card}: tap the card it takes.")
            )
            flipped = [view.flip_card] if view.flip_card is not None else []
            return styled(template, name=name, card=self._cards(flipped))
        if stage == "flip-target":
            template = (
                _("You turned over {card}: choose the card it takes ({arrows}, Enter).")
                if you
                else _("{name} turned over {card}: choose the card it takes ({arrows}, Enter).")
            )
            flipped = [view.flip_card] if view.flip_card is not None else []
            return styled(template, name=name, card=self._cards(flipped), arrows=arrows)
        return Text("")

    def _last_turn(self) -> list[Text]:
        """The last turn in words, for the table's title, a part an event: what was taken
        (it went into a pile, out of sight), then what is new on the table (its cards
        framed); none if nothing happened since the viewer last played."""
        scene = self.scene
        parts: list[Text] = []
        events = self._turn_events()
        if not events:
            return parts
        for event in (e for e in events if e.captured):
            assert event.card is not None
            parts.append(
                styled(
                    _("you took {cards} with {card}")
                    if event.seat == scene.you
                    else _("{name} took {cards} with {card}"),
                    name=scene.names[event.seat],
                    cards=self._cards(event.captured),
                    card=self._cards([event.card]),
                )
            )
        table = scene.view.table if scene.view is not None else ()
        on_table = [e.card for e in events if e.card is not None and e.card in table]
        if on_table:
            parts.append(styled(_("new on the table: {cards}"), cards=self._cards(on_table)))
        return parts

    def _turn_events(self) -> list[Event]:
        """The events of the last turn (:attr:`Scene.recent`); while they are all the
        viewer's own (the card they turned over, nobody else having moved since), the
        viewer's play before it too, so that the title tells their whole turn."""
        scene = self.scene
        recent = list(scene.recent)
        view = scene.view
        if view is None or not recent or any(e.seat != view.seat for e in recent):
            return recent
        moves = [e for e in view.events() if e.kind != "four"]
        first = len(moves) - len(recent)
        if first > 0 and moves[first - 1].seat == view.seat and moves[first - 1].kind == "play":
            recent.insert(0, moves[first - 1])
        return recent

    def _table_title(self, width: int) -> Text:
        """``Table``, and the last turn after it, within ``width``: the parts that fit whole,
        the first ones first, and an ellipsis for the rest; only when not even the first part
        fits is it cut, so a card is never cut in two while a whole part could stand."""
        parts = self._last_turn()
        sep, ellipsis = f" {self._glyphs.sep} ", self._glyphs.ellipsis
        title = Text(_("Table"))
        for kept in range(len(parts), 0, -1):
            events = Text(sep).join(parts[:kept])
            if kept < len(parts):
                events.append(sep + ellipsis)
            title = Text(_("Table") + sep)
            title.append_text(styled(_("Last turn: {events}"), events=events))
            if title.cell_len <= width:
                return title
        if title.cell_len > width:
            title.truncate(max(width - len(ellipsis), 1))
            title.append(ellipsis)
        return title

    def _cards_or(self, cards: list[Card]) -> Text:
        """``A♠ or A♣``, ``A♠, A♣ or A♦``: one of them, as a choice reads."""
        shown = [self._cards([card]) for card in cards]
        if len(shown) < 2:
            return shown[0] if shown else Text()
        return styled(_("{cards} or {card}"), cards=Text(", ").join(shown[:-1]), card=shown[-1])

    def _hint_text(self, action: Action) -> Text:
        """The hint in words: the card to play or turn over and what it takes."""
        target = action_target(action)
        triple = capture_code(action) == TRIPLE
        card = self._cards([action_card(action)])
        taken = self._cards([target]) if target is not None else Text()
        if is_flip(action) and self.scene.stage == "flip-target" and capture_code(action):
            # the card is turned already: say what it takes
            template = (
                _("take {target} with the turned {card}")
                if target is not None
                else _("take the layout triple with the turned {card}")
            )
        elif is_flip(action):
            template = (
                _("turn over the stock card taking {target}")
                if target is not None
                else _("turn over the stock card taking the layout triple")
                if triple
                else _("turn over the stock card")
            )
        else:
            template = (
                _("play {card} taking {target}")
                if target is not None
                else _("play {card} taking the layout triple")
                if triple
                else _("play {card}")
            )
        return styled(template, card=card, target=taken)
