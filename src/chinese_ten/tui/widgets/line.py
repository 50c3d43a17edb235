"""A one-line text widget that repaints without asking for a new layout."""

from rich.text import Text
from textual.widget import Widget


class TextLine(Widget):
    """Fixed height in CSS; :meth:`show` only repaints, which keeps key presses cheap."""

    DEFAULT_CSS = """
    TextLine { height: 1; }
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = Text("")

    def show(self, text: Text) -> None:
        if text != self.text:
            self.text = text
            self.refresh()

    def render(self) -> Text:
        return self.text
