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

from chinese_ten.lang.i18n import N_, _

TEXTUAL_WORDS = (
    N_("palette"),
    N_("Open the command palette"),
    N_("Quit the app and return to the command prompt."),
)
"""Textual's descriptions of keys it adds itself, so that the catalogs hold them too."""


_ENGLISH: "WeakKeyDictionary[DOMNode, BindingsMap]" = WeakKeyDictionary()
"""Each translated node's bindings as its classes wrote them."""


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
