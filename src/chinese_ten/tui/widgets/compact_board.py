"""The compact board: the same scene as :class:`~.board.Board`, in a window under 80x24 (a
split pane, a phone in a browser) or with ``--compact``.

Cards are short tokens (``10♥`` over its points) instead of boxes, every other seat is one
line, the prompt wraps under the hand and the last events fill what room is left. It is one
widget drawn as one text, like a card strip: a click is mapped back to the card under it and
goes up as the same :class:`~.card.CardStrip.Clicked` message, so the game screen does not
know which board was touched.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Span, Text
from textual import events
from textual.widget import Widget

from chinese_ten.engine.cards import Card, is_red, rank
from chinese_ten.engine.deal import OVER
from chinese_ten.engine.variant import card_points, seat_points
from chinese_ten.engine.view import PlayerView
from chinese_ten.game.turn import BLANK, Scene
from chinese_ten.lang.i18n import _, ngettext
from chinese_ten.text.card_names import display_card
from chinese_ten.text.wording import signed
from chinese_ten.tui.cardtext import card_style
from chinese_ten.tui.glyphs import Glyphs
from chinese_ten.tui.seats import NameOf, computer_mark
from chinese_ten.tui.widgets.board_words import BoardWords
from chinese_ten.tui.widgets.card import MARKS, CardStrip
from chinese_ten.tui.widgets.too_small import touch

TOKEN = 5
"""Cells of a card token: its mark's brackets around ``10♥`` (the longest face)."""

BRACKETS = {
    "": "  ",
    "selected": "[]",
    "target": "<>",
    "choice": "<>",
    "triple": "~~",
    "turned": "{}",
    "last": "()",
}
"""Emphasis by shape as well as colour, as the boxes' frames do: the chosen card in square
brackets, the cards it may take in angle brackets, the card turned over in braces, a card of
the last turn (on the table since the viewer last played) in parentheses."""


@dataclass(frozen=True, slots=True)
class Token:
    """One card place: a face (``card``) or a back (None), and its emphasis."""

    card: Card | None
    mark: str = ""


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a card lies on the drawing, for clicks: a line, its columns, zone and index."""

    line: int
    start: int
    end: int
    zone: str
    index: int


class CompactBoard(BoardWords, Widget):
    """Status, the other seats, the table with the stock, the hand, the prompt, the events."""

    totals_in_status = False

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "compact--status",
        "compact--prompt",
        "compact--label",
        "compact--back",
        "compact--red",
        "compact--prompt-red",
        "compact--log",
        *(f"compact--{mark}" for mark in MARKS),
    }

    # The colours of the card strips' marks (tests/tui/test_contrast.py measures those).
    DEFAULT_CSS = """
    CompactBoard { height: 1fr; }
    CompactBoard > .compact--status { background: $panel; text-style: bold; }
    CompactBoard > .compact--prompt { background: $primary 20%; text-style: bold; }
    CompactBoard > .compact--label { color: $text-primary; text-style: bold; }
    CompactBoard > .compact--back { color: $primary; }
    CompactBoard > .compact--red { color: #ff5c7a; text-style: bold; }
    CompactBoard > .compact--prompt-red { color: #ff5c7a; text-style: bold; }
    CompactBoard > .compact--log { color: $text-muted; }
    CompactBoard > .compact--selected { color: #ffc473; text-style: bold; }
    CompactBoard > .compact--target { color: #57a5e2; text-style: bold; }
    CompactBoard > .compact--choice { color: #57a5e2; }
    CompactBoard > .compact--triple { color: #c79bff; }
    CompactBoard > .compact--turned { color: #8ad4a1; text-style: bold; }
    """

    def __init__(
        self, *, glyphs: Glyphs, symbols: bool, four_color: bool, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self._glyphs = glyphs
        self._symbols = symbols
        self._four_color = four_color
        self.scene = BLANK
        self.spots: list[Spot] = []
        """Every card drawn, for clicks (and for tests that tap them)."""
        self.overflow = 0
        """Lines of cards or the prompt that did not fit at the last drawing (a test holds
        it to none at the sizes the board is made for)."""
        self.paints = 0
        """How many times it was drawn: a frame written after a paint shows what it drew."""

    def draw(self, scene: Scene) -> None:
        """Draw ``scene`` (only when shown: the screen draws the board that is in sight)."""
        self.scene = scene
        self.refresh()

    def _room(self, selector: str, beside: int = 0) -> int:
        """The board's width; the prompt wraps, so names in it may take two lines."""
        width = self.content_size.width or self.app.size.width
        return 2 * (width - 2) if selector == "#banner" else width

    # ------------------------------------------------------------------ drawing
    def render(self) -> Text:
        self.paints += 1
        width, height = self.content_size.width or self.app.size.width, self.content_size.height
        lines = self._lines(max(width, 20), max(height, 1))
        text = Text(no_wrap=True, overflow="crop")
        for k, line in enumerate(lines[: max(height, 1)]):
            if k:
                text.append("\n")
            text.append_text(line)
        return text

    def _style(self, name: str) -> Style:
        """A component's style, a translucent background (the prompt's) laid over the
        board's own: the terminal has no translucency, it would show the colour at full."""
        style = self.get_component_rich_style(f"compact--{name}", partial=True)
        background = self.get_component_styles(f"compact--{name}").background
        if 0 < background.a < 1:
            solid = self.background_colors[1] + background
            style += Style(bgcolor=solid.rich_color)
        return style

    def _bar(self, line: Text, width: int, style: str) -> Text:
        """A line filled to ``width`` on a background (the status line, the prompt)."""
        line = line.copy()
        line.truncate(width - 1, overflow="ellipsis")
        padded = Text(" ")
        padded.append_text(line)
        padded.append(" " * max(width - padded.cell_len, 0))
        padded.stylize(self._style(style))
        return padded

    def _lines(self, width: int, height: int) -> list[Text]:
        """The board's lines, fitted to ``height``: first the points under the cards go, then
        the prompt's second and third lines, and the events fill what is left."""
        self.spots = []
        view = self.scene.view
        if view is None:
            return [self._bar(self._series_text(), width, "status")]
        status = [self._bar(self._status_text(view), width, "status")]
        others = [self._seat_line(view, seat, width) for seat in self._others(view)]
        prompt = self._prompt(view, width)
        first = len(status) + len(others)
        body: list[Text] = []
        if touch(self.app):  # each card and the stock three lines high for a finger
            body = self._cards_part(view, width, first, with_points=True, spaced=True)
        if not body or first + len(body) + len(prompt) > height:
            self.spots = []
            body = self._cards_part(view, width, first, with_points=True)
        if first + len(body) + len(prompt) > height:
            self.spots = []
            body = self._cards_part(view, width, first, with_points=False)
        while len(prompt) > 1 and first + len(body) + len(prompt) > height:
            prompt.pop()
        lines = [*status, *others, *body, *prompt]
        self.overflow = max(len(lines) - height, 0)
        room = height - len(lines)
        if room > 0:
            lines += self._events(view, width, room)
        return lines

    def _others(self, view: PlayerView) -> list[int]:
        return [(view.seat + k) % view.seats for k in range(1, view.seats)]

    def _seat_line(self, view: PlayerView, seat: int, width: int) -> Text:
        """One line for another seat: the turn mark, its name, cards in hand and pile, its
        total and the open points (the status line names the dealer). The words shorten
        before the names, the names before any number; the total keeps its word (a bare
        number at the end of the line says nothing)."""
        glyphs, sep = self._glyphs, f" {self._glyphs.sep} "
        in_play = view.phase != OVER
        turn = ("> " if glyphs.ascii else "▶ ") if in_play and seat == view.to_move else "  "
        in_hand, pile = view.hand_counts[seat], view.pile_counts[seat]
        total = signed(self.scene.series.totals[seat])
        points = self.scene.open_scores
        scored = seat_points(view.piles[seat], view.seats) if points else 0
        counts = [
            ngettext("{count} in hand", "{count} in hand", in_hand).format(count=in_hand),
            _("pile {count}").format(count=pile),
        ]
        short_points = ngettext("{count} pt", "{count} pts", scored).format(count=scored)
        in_words = _("total {total}").format(total=total)
        forms: list[list[str]] = [
            [*counts, in_words],
            [*counts, in_words],
            [f"{in_hand}{glyphs.sep}{pile}", in_words],
        ]
        if points:
            forms[0].append(self._open_points(view)[seat].strip(f" {glyphs.sep}"))
            for parts in forms[1:]:
                parts.append(short_points)

        def form(parts: list[str]) -> Callable[[NameOf], Text]:
            return lambda name: Text(turn + sep.join([name(seat), *parts]))

        line = self._first_fit([form(parts) for parts in forms], width)
        if turn.strip():
            line.stylize("bold", 0, len(turn))
        return line

    def _cards_part(
        self, view: PlayerView, width: int, first: int, *, with_points: bool, spaced: bool = False
    ) -> list[Text]:
        """The table's heading with the stock and the turned card, the table, the hand's
        heading, the hand. ``first``: the line this part starts on (for the clicks);
        ``spaced``: a blank line on each side of the table's heading and under each row of
        cards, answering to a tap on what it borders (a target three lines high)."""
        scene = self.scene
        stage = scene.stage
        faces_visible = scene.face_up
        lines: list[Text] = []
        if spaced:
            lines.append(Text())
        heading_line = first + len(lines)
        lines.append(self._table_heading(view, width, heading_line))
        if spaced:
            lines.append(Text())
            for spot in [spot for spot in self.spots if spot.line == heading_line]:
                for line in (heading_line - 1, heading_line + 1):
                    self.spots.append(Spot(line, spot.start, spot.end, spot.zone, spot.index))
        table = [Token(card, self._table_mark(view, card)) for card in view.table]
        lines += self._strip(
            table,
            "table",
            width,
            first + len(lines),
            with_points=with_points,
            seats=view.seats,
            spaced=spaced,
        )
        heading = self._hand_heading(view, faces_visible, width)
        heading.stylize(self._style("label"))
        lines.append(heading)
        marks = stage in ("select", "target")
        hand = [
            Token(
                card if faces_visible else None,
                "selected" if marks and k == scene.cursor else "",
            )
            for k, card in enumerate(view.hand)
        ]
        lines += self._strip(
            hand,
            "hand",
            width,
            first + len(lines),
            with_points=with_points and faces_visible,
            seats=view.seats,
            spaced=spaced,
        )
        return lines

    def _hand_heading(self, view: PlayerView, faces_visible: bool, width: int) -> Text:
        """The full board's title over the hand where it fits; else shorter words: the
        points as a number, then the name and the pile alone (the total keeps its word)."""
        me, sep = view.seat, f" {self._glyphs.sep} "
        total = _("total {total}").format(total=signed(self.scene.series.totals[me]))
        scored = seat_points(view.piles[me], view.seats)
        tail = [total]
        if self.scene.open_scores:
            tail.append(ngettext("{count} pt", "{count} pts", scored).format(count=scored))
        pile = _("pile {count}").format(count=view.pile_counts[me])
        titled = self._hand_title(view, faces_visible, with_extras=False)
        forms: list[Callable[[NameOf], Text]] = [
            self._hand_title(view, faces_visible),
            lambda name: titled(name) + Text(sep + sep.join(tail)),
            lambda name: Text(sep.join([name(me), pile, *tail])),
        ]
        return self._first_fit(forms, width)

    def _first_fit(self, forms: list[Callable[[NameOf], Text]], width: int) -> Text:
        """The first form that fits ``width`` with whole names; else the first that fits
        with names shortened; else the last, cut."""
        names, levels = self.scene.names, self.scene.levels

        def whole(seat: int, mark: bool = True) -> str:
            return names[seat] + (computer_mark(names[seat], levels[seat]) if mark else "")

        for form in forms:
            if (line := form(whole)).cell_len <= width:
                return line
        line = Text()
        for form in forms:
            if (line := self._fit(form, width)).cell_len <= width:
                return line
        line.truncate(width, overflow="ellipsis")
        return line

    def _table_heading(self, view: PlayerView, width: int, line: int) -> Text:
        """``Table`` on the left; on the right the stock's count and the card turned over,
        both things to tap (the stock to turn, the turned card to take or go on)."""
        scene, stage = self.scene, self.scene.stage
        stock_count = view.stock_count - (1 if stage == "flip-target" else 0)
        turned = (
            view.flip_card
            if stage == "flip-target"
            else scene.turned_apart
            if stage == "turned"
            else None
        )
        stock = Text(" " + _("Stock") + f" {stock_count} ")
        if stage == "flip":
            stock = Text("<" + _("Stock") + f" {stock_count}>")
            stock.stylize(self._style("target"))
        right = stock.copy()
        turned_token = self._token(Token(turned, "turned")) if turned is not None else None
        if turned_token is not None:
            right.append(" ")
            right.append_text(turned_token)
        label = Text(_("Table"))
        label.stylize(self._style("label"))
        gap = max(width - label.cell_len - right.cell_len, 1)
        heading = label + Text(" " * gap) + right
        start = label.cell_len + gap
        self.spots.append(Spot(line, start, start + stock.cell_len, "stock", 0))
        if turned_token is not None:
            at = start + stock.cell_len + 1
            self.spots.append(Spot(line, at, at + TOKEN, "turned", 0))
        return heading

    def _table_mark(self, view: PlayerView, card: Card) -> str:
        """The same marks as the board's table: the card just turned, the target chosen,
        the targets to choose among, the chosen card's targets, the layout triple."""
        scene = self.scene
        stage = scene.stage
        chosen = scene.choices[scene.choice] if scene.choices else None
        options = scene.options if stage == "select" else ()

        if stage == "turned" and card == scene.just_turned:
            return "turned"
        if chosen is not None and scene.takes(chosen, card):
            return "selected"
        if any(scene.takes(a, card) for a in scene.choices):
            return "choice"
        if any(scene.takes(a, card) for a in options):
            return "target"
        if card in scene.recent_on_table():
            return "last"
        return "triple" if rank(card) == view.triple else ""

    def _token(self, token: Token) -> Text:
        """``[10♥]``: the face (or a back) between its mark's brackets, in its colours."""
        opening, closing = BRACKETS[token.mark][0], BRACKETS[token.mark][1]
        if token.card is None:
            face = Text(self._glyphs.back, style=self._style("back"))
        else:
            shown = display_card(token.card, symbols=self._symbols)
            style: Style | str = card_style(token.card, four_color=self._four_color)
            if is_red(token.card) and not self._four_color:
                style = self._style("red")
            face = Text(shown.center(TOKEN - 2), style=style)
        text = Text(opening)
        text.append_text(face)
        text.append(closing)
        if token.mark:
            text.stylize(self._style(token.mark), 0, 1)
            text.stylize(self._style(token.mark), TOKEN - 1, TOKEN)
        return text

    def _strip(
        self,
        tokens: Sequence[Token],
        zone: str,
        width: int,
        line: int,
        *,
        with_points: bool,
        seats: int,
        spaced: bool = False,
    ) -> list[Text]:
        """Tokens in rows that wrap at ``width``, each row with the points under its cards
        when ``with_points`` (``+10``, blank for none), and a blank line when ``spaced``
        (each line answering to a tap on its card); one empty row for no cards."""
        per_row = max((width + 1) // (TOKEN + 1), 1)
        rows = [tokens[k : k + per_row] for k in range(0, len(tokens), per_row)] or [[]]
        lines: list[Text] = []
        for row_number, row in enumerate(rows):
            faces, points = Text(), Text()
            for k, token in enumerate(row):
                if k:
                    faces.append(" ")
                    points.append(" ")
                self.spots.append(
                    Spot(
                        line + len(lines),
                        faces.cell_len,
                        faces.cell_len + TOKEN,
                        zone,
                        row_number * per_row + k,
                    )
                )
                below = (1 if with_points else 0) + (1 if spaced else 0)
                for extra in range(1, below + 1):  # the lines under a card answer to a tap too
                    self.spots.append(
                        Spot(
                            line + len(lines) + extra,
                            faces.cell_len,
                            faces.cell_len + TOKEN,
                            zone,
                            row_number * per_row + k,
                        )
                    )
                faces.append_text(self._token(token))
                scored = card_points(token.card, seats) if token.card is not None else 0
                points.append((f"+{scored}" if scored else "").center(TOKEN), style="bold")
            lines.append(faces)
            if with_points:
                lines.append(points)
            if spaced:
                lines.append(Text())
        return lines

    def _prompt(self, view: PlayerView, width: int) -> list[Text]:
        """The banner's question, wrapped onto three lines at most."""
        banner = self._reddened(self._banner_text(view), self._style("prompt-red"))
        wrapped = banner.wrap(self.app.console, width - 2)
        shown = list(wrapped)[:3] or [Text("")]
        return [self._bar(line, width, "prompt") for line in shown]

    @staticmethod
    def _reddened(text: Text, red: Style) -> Text:
        """``text`` with its red card names in ``red``: the terminal's red is not legible on
        every background (the prompt's bar)."""
        shown = text.copy()
        spans = []
        for span in shown.spans:
            style = span.style if isinstance(span.style, Style) else Style.parse(span.style)
            is_red = style.color is not None and style.color.name == "red"
            spans.append(Span(span.start, span.end, style + red) if is_red else span)
        shown.spans = spans
        return shown

    def _events(self, view: PlayerView, width: int, room: int) -> list[Text]:
        """The last events of the deal, the newest last, one line each; those of the last
        turn (since the viewer last played) marked ``▸`` and bright."""
        lines: list[Text] = []
        events = view.events()
        first_recent = len(events) - len(self.scene.recent)
        marker = "> " if self._glyphs.ascii else "▸ "
        for number, event in enumerate(events[-room:], start=max(len(events) - room, 0)):
            recent = number >= first_recent
            line = Text(marker) + self._describe(event) if recent else self._describe(event)
            if line.cell_len > width:
                line.truncate(max(width - len(self._glyphs.ellipsis), 1))
                line.append(self._glyphs.ellipsis)
            line.stylize_before(
                self._style("last" if recent else "log")
            )  # a red card keeps its colour
            lines.append(line)
        return lines

    # ------------------------------------------------------------------ clicks
    def on_click(self, event: events.Click) -> None:
        spot = self.spot_at(event.x, event.y)
        if spot is not None:
            event.stop()
            self.post_message(CardStrip.Clicked(spot.zone, spot.index, event.time))

    def spot_at(self, x: int, y: int) -> Spot | None:
        """The card drawn at column ``x`` of line ``y``, if any."""
        for spot in self.spots:
            if spot.line == y and spot.start <= x < spot.end:
                return spot
        return None
