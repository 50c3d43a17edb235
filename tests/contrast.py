"""WCAG contrast of what the screen draws: colours as the terminal gets them (Textual's ANSI
colours turned into the theme's true colours), and the ratio of two colours."""

from collections.abc import Iterator

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from textual.app import App
from textual.color import Color
from textual.geometry import Region
from textual.strip import Strip


def luminance(color: Color) -> float:
    """WCAG 2 relative luminance of an opaque colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b)


def contrast(first: Color, second: Color) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _color(color: RichColor | None, app: App[object], *, foreground: bool) -> Color:
    if color is None or color.is_default:
        theme = app.current_theme
        default = theme.foreground if foreground else theme.background
        assert default is not None
        return Color.parse(default)
    triplet = color.get_truecolor(app.ansi_theme, foreground=foreground)
    return Color(triplet.red, triplet.green, triplet.blue)


def cells(app: App[object], region: Region) -> Iterator[tuple[str, Color, Color, Style]]:
    """Each drawn cell of ``region`` on the screen: its character, foreground and background
    as the terminal shows them (dim text blended half way to its background), and its style."""
    update = app.screen._compositor.render_full_update()
    lines: list[Strip] = [Strip.join(strips) for strips in update.strips]  # type: ignore[arg-type]
    for y in range(region.y, region.bottom):
        x = 0
        for segment in lines[y]:
            assert isinstance(segment, Segment)
            style = segment.style or Style()
            for char in segment.text:
                if region.x <= x < region.right:
                    fg = _color(style.color, app, foreground=True)
                    bg = _color(style.bgcolor, app, foreground=False)
                    if style.reverse:
                        fg, bg = bg, fg
                    if style.dim:
                        fg = bg.blend(fg, 0.5)
                    yield char, fg, bg, style
                x += 1
