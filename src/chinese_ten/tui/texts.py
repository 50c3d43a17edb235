"""Texts the TUI shows that were written before the language was chosen: key descriptions
(``BINDINGS`` are class attributes, built at import) and Textual's own words.

Each node's bindings are a copy of its class's, made when the node is built;
:func:`translate_bindings` replaces that copy's descriptions and tooltips by their
translations, so the footer, the key bar and the keys panel read the language whenever the
classes were built. :func:`bind` adds a key that depends on the language (yes is o in French).

This module is the one place that reaches into a node's bindings (``DOMNode._bindings``):
Textual offers no public way to change a binding's description once its class is built
(``App.bind`` is the app's alone, and documented as possibly private).
"""

from dataclasses import replace
from weakref import WeakKeyDictionary

from rich.text import Text
from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode
from textual.keys import format_key

from chinese_ten.lang import i18n
from chinese_ten.lang.i18n import N_, _

TEXTUAL_WORDS = (
    N_("palette"),
    N_("Open the command palette"),
    N_("Quit the app and return to the command prompt."),
    # The screens' and the app's (the keys panel lists them: palette, Keys)
    N_("Focus Next"),
    N_("Focus Previous"),
    N_("Copy selected text"),
    # ScrollableContainer's (VerticalScroll, RichLog, the rules page)
    N_("Scroll Up"),
    N_("Scroll Down"),
    N_("Scroll Left"),
    N_("Scroll Right"),
    N_("Scroll Home"),
    N_("Scroll End"),
    N_("Page Up"),
    N_("Page Down"),
    N_("Page Left"),
    N_("Page Right"),
    # Button's (the dialogs')
    N_("Press button"),
    # OptionList's (a seat's open list, the command palette's)
    N_("Up"),
    N_("Down"),
    N_("First"),
    N_("Last"),
    N_("Select"),
    # DataTable's (the history)
    N_("Cursor up"),
    N_("Cursor down"),
    N_("Cursor left"),
    N_("Cursor right"),
    N_("Top"),
    N_("Bottom"),
    N_("Home"),
    N_("End"),
    N_("Page up"),
    N_("Page down"),
    # Input's (the names on the start screen, the file dialogs, the palette's search)
    N_("Input"),
    N_("Move cursor left"),
    N_("Move cursor left and select"),
    N_("Move cursor left a word"),
    N_("Move cursor left a word and select"),
    N_("Move cursor right or accept the completion suggestion"),
    N_("Move cursor right and select"),
    N_("Move cursor right a word"),
    N_("Move cursor right a word and select"),
    N_("Delete character left"),
    N_("Delete character right"),
    N_("Delete left to start of word"),
    N_("Delete right to start of word"),
    N_("Delete all to the left"),
    N_("Delete all to the right"),
    N_("Go to start"),
    N_("Go to end"),
    N_("Select line start"),
    N_("Select line end"),
    N_("Select all"),
    N_("Submit"),
    N_("Paste text from the clipboard"),
    N_("Cut selected text"),
    # TextArea's
    N_("Cursor line start"),
    N_("Cursor line end"),
    N_("Cursor page up"),
    N_("Cursor page down"),
    N_("Cursor word left"),
    N_("Cursor word right"),
    N_("Cursor up select"),
    N_("Cursor down select"),
    N_("Cursor left select"),
    N_("Cursor right select"),
    N_("Cursor line start select"),
    N_("Cursor line end select"),
    N_("Cursor left word select"),
    N_("Cursor right word select"),
    N_("Select line"),
    N_("Delete line"),
    N_("Delete to line start"),
    N_("Delete to line end"),
    N_("Copy"),
    N_("Cut"),
    N_("Paste"),
    N_("Undo"),
    N_("Redo"),
    # The command palette's
    N_("Exit the command palette"),
    N_("Next command"),
    N_("Previous command"),
    N_("Next page"),
    N_("Previous page"),
    N_("Go to top"),
    N_("Go to bottom"),
)
"""Textual's descriptions of keys it adds itself or its widgets bind (and the keys panel's
group title of Input's), so that the catalogs hold them too: :func:`translate_shown` shows
them in the language wherever those widgets are."""

KEY_NAMES = {
    # TRANSLATORS: key names as the key bar and the keys panel show them, as a keyboard of
    # the language labels the key (short: the key bar at 80 columns holds several).
    "space": N_("space"),
    "escape": N_("esc"),
    "pageup": N_("pgup"),
    "pagedown": N_("pgdn"),
    "home": N_("home"),
    "end": N_("end"),
    "tab": N_("tab"),
    "delete": N_("del"),
    "insert": N_("ins"),
}
"""The keys Textual shows by an English word, and their names in the language."""

MODIFIER_NAMES = {
    # TRANSLATORS: a modifier key, in "shift+tab" (Ctrl is shown as ^, as in ^q).
    "shift": N_("shift"),
}


_ENGLISH: "WeakKeyDictionary[DOMNode, BindingsMap]" = WeakKeyDictionary()
"""Each translated node's bindings as its classes wrote them."""
_SHOWN_IN: "WeakKeyDictionary[DOMNode, str]" = WeakKeyDictionary()
"""The language each node's keys were last translated into."""


def _translated(text: str) -> str:
    return _(text) if text else text  # the empty msgid is the catalog's header


def translate_bindings(node: DOMNode) -> None:
    """Show ``node``'s keys in the current language, from the English ones it was built with
    (kept, so that the keys can be translated again into another language)."""
    english = _ENGLISH.get(node)
    if english is None:
        english = _ENGLISH[node] = node._bindings.copy()
    translated = english.copy()
    translated.key_to_bindings = {
        key: [_translate(binding) for binding in bindings]
        for key, bindings in english.key_to_bindings.items()
    }
    node._bindings = translated
    _SHOWN_IN[node] = i18n.current()


def key_shown(modifiers: list[str], key: str, ascii_name: str | None = None) -> str:
    """A key as the key bar and the keys panel show it, in the language: ``Espace`` and
    ``Échap`` in French, ``^q`` for Ctrl+Q; ``ascii_name``: the key's name on an ASCII
    screen (a message too: ``enter``, ``up``), where Textual shows a symbol."""
    if ascii_name is not None:
        name = _(ascii_name)
    elif key in KEY_NAMES:
        name = _(KEY_NAMES[key])
    else:
        name = format_key(key)
    shown = [_(MODIFIER_NAMES[m]) if m in MODIFIER_NAMES else m for m in modifiers if m != "ctrl"]
    if "ctrl" in modifiers:
        name = f"^{name}"
    return "+".join([*shown, name])


def translate_shown(node: DOMNode) -> bool:
    """Show the keys of ``node`` and its ancestors in the current language, each node once
    per language (Textual's own widgets, such as an Input or a scrolling log, bind keys in
    English; the keys panel lists them for the focused widget and those around it). The
    Input's group title in that panel too. Whether any node changed."""
    language = i18n.current()
    changed = False
    for each in node.ancestors_with_self:
        if _SHOWN_IN.get(each) == language:
            continue
        _SHOWN_IN[each] = language
        translate_bindings(each)
        title = type(each).BINDING_GROUP_TITLE
        if title:
            each.BINDING_GROUP_TITLE = _(title)
        changed = True
    return changed


def bind(node: DOMNode, keys: str, action: str, description: str) -> None:
    """Bind ``keys`` (comma-separated) to ``action`` on this node alone, described by the
    English ``description`` (call :func:`translate_bindings` after)."""
    node._bindings.bind(keys, action, description)


def _translate(binding: Binding) -> Binding:
    return replace(
        binding,
        description=_translated(binding.description),
        tooltip=_translated(binding.tooltip),
    )


def styled(template: str, **parts: str | Text) -> Text:
    """``template`` (a translated sentence) with its ``{placeholders}`` filled by ``parts``,
    each keeping its own style (a card stays red inside a sentence). Only named fields are
    read, and a part is never parsed: names and cards are data, not markup or format."""
    text = Text()
    rest = template
    while rest:
        start = rest.find("{")
        end = rest.find("}", start)
        if start < 0 or end < 0:
            text.append(rest)
            break
        text.append(rest[:start])
        field = rest[start + 1 : end]
        part = parts.get(field)
        if part is None:
            text.append(rest[start : end + 1])
        elif isinstance(part, Text):
            text.append_text(part)
        else:
            text.append(part)
        rest = rest[end + 1 :]
    return text
