"""The start screen's light controls on their own: a row of options, a list choice with its
menu, a button; by keys and by mouse, disabled, and with words that look like markup."""

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.pilot import Pilot
from textual.widgets import OptionList

from chinese_ten.tui.widgets.controls import ListChoice, ListMenu, OptionRow, PushButton

OPTIONS = [("a person here", "person"), ("[bold]the computer[/]", "easy"), ("third", "hard")]


class Controls(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("f9", "say('f9')")]

    def action_say(self, what: str) -> None:
        self.said.append(what)

    def __init__(self, *, disabled: bool = False, low: bool = False) -> None:
        super().__init__()
        self.said: list[object] = []
        self._disabled = disabled
        self._low = low

    def compose(self) -> ComposeResult:
        if self._low:  # the choice on the screen's last lines: its list opens above it
            yield OptionRow(["2", "3", "4"], id="count")
            yield PushButton("Start", id="start")
        yield ListChoice(OPTIONS, value="person", id="who", disabled=self._disabled)
        if not self._low:
            yield OptionRow(["2", "3", "4"], id="count", disabled=self._disabled)
            yield PushButton("Start", id="start", disabled=self._disabled)

    def on_option_row_changed(self, event: OptionRow.Changed) -> None:
        self.said.append(("count", event.index))

    def on_list_choice_changed(self, event: ListChoice.Changed) -> None:
        self.said.append(("who", event.value))

    def on_push_button_pressed(self, event: PushButton.Pressed) -> None:
        self.said.append("pressed")


async def _open(pilot: Pilot[None], app: Controls) -> ListChoice:
    """Focus the list choice and open its list with Enter."""
    choice = app.query_one(ListChoice)
    choice.focus()
    await pilot.press("enter")
    await pilot.pause()
    return choice


async def test_the_row_of_options_moves_by_arrows_and_stops_at_either_end() -> None:
    app = Controls()
    async with app.run_test() as pilot:
        row = app.query_one(OptionRow)
        row.focus()
        await pilot.press("left", "right", "down", "right", "right")
        await pilot.pause()
        assert row.index == 2
        assert app.said == [("count", 1), ("count", 2)]  # none at the ends
        row.choose(0, say=False)
        assert row.index == 0 and len(app.said) == 2


async def test_a_click_on_an_option_chooses_it() -> None:
    app = Controls()
    async with app.run_test() as pilot:
        row = app.query_one(OptionRow)
        first, last = row.spans[2]
        assert await pilot.click(row, offset=(last, 0))
        await pilot.pause()
        assert row.index == 2 and row.has_focus and app.said == [("count", 2)]
        assert await pilot.click(row, offset=(row.spans[0][1] + 1, 0))  # between two options
        await pilot.pause()
        assert row.index == 2 and first > row.spans[1][1]


async def test_the_list_opens_chooses_and_closes() -> None:
    app = Controls()
    async with app.run_test(size=(60, 20)) as pilot:
        choice = await _open(pilot, app)
        assert isinstance(app.screen, ListMenu)
        menu = app.screen.query_one(OptionList)
        assert menu.region.y == choice.region.bottom  # under the choice
        assert menu.highlighted == 0
        await pilot.press("down", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, ListMenu) and choice.has_focus
        assert choice.value == "easy" and app.said == [("who", "easy")]
        await pilot.press("space", "escape")  # opened, and closed as it was
        await pilot.pause()
        assert choice.value == "easy" and len(app.said) == 1
        await pilot.click(choice)
        await pilot.pause()
        assert isinstance(app.screen, ListMenu)
        await pilot.click(offset=(50, 15))  # beside the list
        await pilot.pause()
        assert not isinstance(app.screen, ListMenu) and len(app.said) == 1


async def test_a_list_chosen_again_or_set_quietly_says_nothing() -> None:
    app = Controls()
    async with app.run_test() as pilot:
        choice = app.query_one(ListChoice)
        choice.focus()
        await pilot.press("enter", "enter")  # the option already in sight
        await pilot.pause()
        choice.choose("hard")
        await pilot.pause()
        assert choice.value == "hard" and app.said == []


async def test_the_list_opens_above_where_there_is_no_room_below() -> None:
    app = Controls(low=True)
    async with app.run_test(size=(60, 6)) as pilot:
        choice = await _open(pilot, app)
        menu = app.screen.query_one(OptionList)
        assert menu.region.bottom <= choice.region.y, (menu.region, choice.region)


async def test_words_that_look_like_markup_are_shown_as_they_are() -> None:
    app = Controls()
    async with app.run_test(size=(60, 20)) as pilot:
        choice = app.query_one(ListChoice)
        choice.choose("easy")
        await pilot.pause()
        assert "[bold]the computer[/]" in str(choice.render())
        choice.focus()
        await pilot.press("enter")
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        assert "[bold]the computer[/]" in str(menu.get_option_at_index(1).prompt)


async def test_the_button_is_pressed_by_enter_space_and_click() -> None:
    app = Controls()
    async with app.run_test() as pilot:
        button = app.query_one(PushButton)
        button.focus()
        await pilot.press("enter", "space")
        assert await pilot.click(button)
        await pilot.pause()
        assert app.said == ["pressed"] * 3


async def test_disabled_controls_do_nothing() -> None:
    app = Controls(disabled=True)
    async with app.run_test() as pilot:
        await pilot.click(app.query_one(ListChoice))
        await pilot.click(app.query_one(PushButton))
        app.query_one(ListChoice).action_open()
        app.query_one(PushButton).action_press()
        await pilot.pause()
        assert not isinstance(app.screen, ListMenu) and app.said == []


async def test_a_key_the_list_does_not_take_closes_it_and_reaches_the_screen() -> None:
    """Tab moves on from the choice, and an app's key works while the list is open."""
    app = Controls()
    async with app.run_test(size=(60, 20)) as pilot:
        choice = await _open(pilot, app)
        await pilot.press("tab")
        await pilot.pause()
        assert not isinstance(app.screen, ListMenu)
        assert app.query_one(OptionRow).has_focus
        choice.focus()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f9")  # Controls binds it
        await pilot.pause()
        assert not isinstance(app.screen, ListMenu) and app.said == ["f9"]


async def test_a_new_size_closes_the_list_placed_for_the_old_one() -> None:
    app = Controls()
    async with app.run_test(size=(60, 20)) as pilot:
        await _open(pilot, app)
        assert isinstance(app.screen, ListMenu)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not isinstance(app.screen, ListMenu) and app.said == []


async def test_in_ascii_the_open_list_has_an_ascii_frame() -> None:
    app = Controls()
    app.add_class("-ascii")
    async with app.run_test(size=(60, 20)) as pilot:
        await _open(pilot, app)
        menu = app.screen.query_one(OptionList)
        assert menu.styles.border_top[0] == "ascii", menu.styles.border_top
