"""The language a person reads: chosen once at start-up, then every message goes through it.

The choice is ``--lang`` on the command line, else the environment as gettext reads it (the
first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set, whose entries such
as ``fr_FR.UTF-8`` or ``pt:en`` are tried in order), else English. The catalogs are compiled
``.mo`` files in the package (``chinese_ten/locale/<lang>/LC_MESSAGES/chinese_ten.mo``), read
with the standard library's :mod:`gettext`; argparse's own words are bound to the same catalog.

Messages built at import time are marked with :func:`N_` and translated where they are shown.
A catalog that cannot be read (damaged, empty, a folder in its place) leaves its language in
English, said once on stderr: a broken installation still plays. So does a translation
whose placeholders (``{path}``, ``%(message)s``) or controls differ from its English
message's: that message is shown in English, and the catalog's count of them said once on
stderr. :func:`catalog` is the one place catalogs are read: the server's per-browser pages
and the default names the history recognises in every language go through it too.
Only the standard library is imported here: the engine may use this module.
"""

import argparse
import errno
import gettext
import io
import os
import re
import string
import struct
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Final

LANGUAGES: Final = ("en", "fr", "pt")
"""English (the messages in the code), French, Portuguese (European, as the rules seed)."""
DEFAULT: Final = "en"
DOMAIN: Final = "chinese_ten"
LOCALE_DIR: Final = Path(__file__).resolve().parents[1] / "locale"
"""``chinese_ten/locale``: beside the package's modules, one level above this one."""
ENVIRONMENT: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Read in this order, as gettext does: the first one set decides."""
_OPTION: Final = "--lang"
MAX_CATALOG_BYTES: Final = 4 * 2**20
"""The largest catalog read, far above the size of ours: a bound on what a damaged one costs."""

_current = DEFAULT
_catalog: gettext.NullTranslations = gettext.NullTranslations()
_fold: Callable[[str], str] | None = None
_catalogs: dict[tuple[Path, str], gettext.NullTranslations] = {}
"""Each catalog as read once (English for one that cannot be read), by folder and language."""
_ENGLISH: Final = gettext.NullTranslations()
"""English: one value, so what is cached by catalog (the default names) is found again."""


def _language_of(entry: str) -> str | None:
    """``fr`` for ``fr``, ``fr_FR``, ``fr_FR.UTF-8`` or ``fr@euro``; ``en`` for ``C``/``POSIX``."""
    code = entry.split(".", 1)[0].split("@", 1)[0].split("_", 1)[0].split("-", 1)[0].lower()
    if code in ("c", "posix"):
        return DEFAULT
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for (English when it names none of ours).

    >>> from_environment({"LANG": "fr_FR.UTF-8"}), from_environment({"LANGUAGE": "de:pt_BR"})
    ('fr', 'pt')
    >>> from_environment({"LANGUAGE": "", "LC_ALL": "C", "LANG": "fr_FR.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        value = env.get(variable)
        if value:
            for entry in value.split(":"):
                language = _language_of(entry)
                if language is not None:
                    return language
            return DEFAULT
    return DEFAULT


def from_arguments(argv: Sequence[str]) -> str | None:
    """The value given to ``--lang`` (or an abbreviation argparse accepts), before ``--``;
    None if there is none. Read before the parser is built, since its help is translated."""
    chosen = None
    for k, arg in enumerate(argv):
        if arg == "--":
            break
        option, equals, value = arg.partition("=")
        if len(option) >= 3 and _OPTION.startswith(option):
            if equals:
                chosen = value
            elif k + 1 < len(argv):
                chosen = argv[k + 1]
    return chosen


def choose(language: str | None = None) -> str:
    """Use ``language`` (else the environment's) from now on; returns the one chosen.
    A name not in :data:`LANGUAGES` falls back to the environment (the parser reports it)."""
    global _current, _catalog  # noqa: PLW0603 (one language per process, set at start-up)
    if language not in LANGUAGES:
        language = from_environment()
    _current = language
    _catalog = catalog(language)
    argparse._ = _catalog.gettext  # type: ignore[attr-defined]  # its words, at call time
    argparse.ngettext = _catalog.ngettext  # type: ignore[attr-defined]
    return language


def current() -> str:
    """The language in use: one of :data:`LANGUAGES`."""
    return _current


def fold_with(fold: Callable[[str], str] | None) -> None:
    """Pass every message through ``fold`` from now on (None: as written). ``--ascii``
    promises ASCII screens, so the TUI folds ``Règles`` to ``Regles`` and ``…`` to ``...``
    before the message's placeholders are filled (a name is never folded)."""
    global _fold  # noqa: PLW0603 (one way of drawing per process, like the language)
    _fold = fold


def folded(text: str) -> str:
    """``text`` as the screen or output in use can show it (see :func:`fold_with`): for text
    made outside the catalogs, such as a number written with a no-break space."""
    return text if _fold is None else _fold(text)


def _(message: str) -> str:
    """``message`` in the current language."""
    text = _catalog.gettext(message)
    return text if _fold is None else _fold(text)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` in the current language (French 0 is singular)."""
    text = _catalog.ngettext(singular, plural, count)
    return text if _fold is None else _fold(text)


def every_translation(message: str) -> frozenset[str]:
    """``message`` as each language says it: for words a record may hold in any of them.

    >>> sorted(every_translation("You"))
    ['Jogador', 'Vous', 'You']
    """
    return frozenset({message} | {catalog(code).gettext(message) for code in LANGUAGES})


def every_catalog() -> tuple[gettext.NullTranslations, ...]:
    """The catalog of each of :data:`LANGUAGES`, in that order (see :func:`catalog`)."""
    return tuple(catalog(code) for code in LANGUAGES)


def catalog(language: str) -> gettext.NullTranslations:
    """The messages of ``language``, read once; English when its catalog cannot be read (or
    ``language`` is not one of ours), said once on stderr. Not folded (see :func:`fold_with`):
    for text made for another reader than this process's screen, such as a browser's page."""
    if language not in LANGUAGES or language == DEFAULT:
        return _ENGLISH
    found = _catalogs.get((LOCALE_DIR, language))
    if found is None:
        path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        found = _catalogs[LOCALE_DIR, language] = _read_catalog(language, path)
    return found


def _read_catalog(language: str, path: Path) -> gettext.NullTranslations:
    """The catalog at ``path``, or English and one line on stderr saying why not. gettext
    raises OSError for a bad header, struct.error for a short file, ValueError (and its
    UnicodeDecodeError) or LookupError for damaged entries."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_CATALOG_BYTES + 1)
        if len(data) > MAX_CATALOG_BYTES:
            raise OSError(errno.EFBIG, os.strerror(errno.EFBIG))
        translations = gettext.GNUTranslations(io.BytesIO(data))
        misfits = _drop_misfits(translations, _plurals(data))
    except (OSError, ValueError, LookupError, struct.error) as error:
        reason = error.strerror if isinstance(error, OSError) else None
        line = _(
            "chinese-ten: cannot read the {language} messages ({path}: {reason}); "
            "using English (reinstalling chinese-ten repairs this)"
        ).format(language=language, path=_shown(path), reason=reason or _("damaged"))
        print(line, file=sys.stderr)
        return gettext.NullTranslations()
    if misfits:
        line = ngettext(
            "chinese-ten: {count} {language} message does not match its English original "
            "({path}); it is shown in English (reinstalling chinese-ten repairs this)",
            "chinese-ten: {count} {language} messages do not match their English originals "
            "({path}); they are shown in English (reinstalling chinese-ten repairs this)",
            misfits,
        ).format(count=misfits, language=language, path=_shown(path))
        print(line, file=sys.stderr)
    return translations


def _shown(path: Path) -> str:
    """``path`` of a catalog as the installation names it (``locale/fr/...``)."""
    return path.relative_to(LOCALE_DIR.parent).as_posix()


_FORMATTER: Final = string.Formatter()
"""Reads a format string as ``str.format`` does (it holds no state)."""


def _fields(text: str) -> frozenset[tuple[str, str, str]] | None:
    """The placeholders of a message, as ``str.format`` reads them (name, conversion, format
    spec); None when it cannot be read as a format string at all."""
    if "{" not in text and "}" not in text:
        return frozenset()
    try:
        return frozenset(
            (name, conversion or "", spec or "")
            for _literal, name, spec, conversion in _FORMATTER.parse(text)
            if name is not None
        )
    except ValueError:
        return None


_PERCENT: Final = re.compile(
    r"%(?:\((?P<key>[^()]*)\))?(?P<spec>[#0 +-]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?"
    r"[diouxXeEfFgGcrsa%])"
)
"""A conversion of ``%`` formatting (``printf`` style, as argparse's messages are written):
``%(key)`` names its value, the rest is its flags, width, precision and type."""

Percents = tuple[frozenset[tuple[str, str]], tuple[str, ...]]
"""The conversions of a ``%`` message: the named ones (name, spec), the positional specs."""


def _percents(text: str) -> Percents | None:
    """The conversions of ``text`` as the ``%`` operator reads them; None when a ``%`` starts
    none (``text % values`` would raise) or named and positional ones are mixed.

    >>> named, positional = _percents("%(prog)s: error: %(message)s 100%%")
    >>> sorted(named), positional
    ([('message', 's'), ('prog', 's')], ())
    >>> _percents("expected %s of %d"), _percents("at 100%"), _percents("95% of deals")
    ((frozenset(), ('s', 'd')), None, (frozenset(), (' o',)))
    """
    named: set[tuple[str, str]] = set()
    positional: list[str] = []
    at = text.find("%")
    while at >= 0:
        match = _PERCENT.match(text, at)
        if match is None:
            return None
        if match["spec"] != "%":
            if match["key"] is None:
                positional.append(match["spec"])
            else:
                named.add((match["key"], match["spec"]))
        at = text.find("%", match.end())
    if named and positional:
        return None
    return frozenset(named), tuple(positional)


def _percent_fits(text: str, english: Sequence[str], *, plural: bool) -> bool:
    """Whether a translation can be formatted with ``%`` where its English ``english`` (one
    message, or a plural's two forms) is: the same named conversions (a plural's form may
    leave some out, as a mapping allows) and exactly the same positional ones, in order.
    A message is formatted with ``%`` when its English holds a conversion, none with a space
    flag (``95% of`` reads as one), and no ``{}`` field; the others never meet ``%``."""
    if not any("%" in form for form in english):
        return True
    shapes = [shape for form in english if (shape := _percents(form)) is not None]
    if len(shapes) < len(english) or any(_fields(form) for form in english):
        return True
    named = frozenset().union(*(shape[0] for shape in shapes))
    positional = shapes[-1][1]
    specs = [spec for _key, spec in named] + [spec for shape in shapes for spec in shape[1]]
    if not specs or any(" " in spec for spec in specs):
        return True
    mine = _percents(text)
    if mine is None:
        return False
    return mine[1] == positional and (mine[0] <= named if plural else mine[0] == named)


def _plurals(data: bytes) -> dict[str, str]:
    """The plural English message of each plural entry of a ``.mo`` file, by its singular
    (gettext keeps only the singular)."""
    order = "<" if data[:4] == struct.pack("<I", 0x950412DE) else ">"
    count, originals = struct.unpack(f"{order}4x4xII", data[:16])
    found: dict[str, str] = {}
    table = data[originals : originals + 8 * count]
    if len(table) < 8 * count:
        raise struct.error("the table of originals is cut short")
    for length, offset in struct.iter_unpack(f"{order}II", table):
        singular, nul, plural = data[offset : offset + length].partition(b"\0")
        if nul:
            found[singular.decode("utf-8", "replace")] = plural.decode("utf-8", "replace")
    return found


def _fits(
    fields: frozenset[tuple[str, str, str]] | None,
    english: frozenset[tuple[str, str, str]] | None,
    *,
    plural: bool,
) -> bool:
    if fields is None or english is None:
        return False
    return fields <= english if plural else fields == english


def _guarded(text: str) -> set[str]:
    """The characters of ``text`` that could reach a terminal as more than text: control
    characters (ESC, BEL...) and the brackets of Rich markup."""
    return set(_GUARDED.findall(text))


_GUARDED: Final = re.compile("[][\x00-\x1f\x7f-\x9f]")
"""A markup bracket or a control character (Unicode's category Cc is exactly these)."""


def _drop_misfits(translations: gettext.GNUTranslations, plurals: Mapping[str, str]) -> int:
    """Leave out every translation whose placeholders differ from its English message's (one
    that names ``{pbth}`` or ``%(msg)s`` where the code fills ``{path}`` or ``%(message)s``
    would raise KeyError where it is shown, one that drops ``{path}`` would hide it): that
    message is then shown in English, the others as translated. A plural's forms may use any
    placeholder of either English form (French says "un" where English says "{count}"),
    except a positional ``%s``, which the code fills whatever the form. So is one holding a
    control character or a markup bracket its English message does not hold (``[/]`` in a
    header is a MarkupError, ESC a terminal command). Returns how many were left out."""
    entries: dict[object, str] = translations._catalog  # type: ignore[attr-defined]
    misfits = set()
    for key, text in entries.items():
        message = key[0] if isinstance(key, tuple) else key
        plural = isinstance(key, tuple)
        if not isinstance(message, str) or not message:
            continue  # the header
        english = _fields(message)
        if plural:
            english_plural = _fields(plurals.get(message, message))
            english = (
                None if english is None or english_plural is None else english | english_plural
            )
            forms: tuple[str, ...] = (message, plurals.get(message, message))
        else:
            forms = (message,)
        # (most messages hold no % and no guarded character: those tests are skipped)
        fits = _fits(_fields(text), english, plural=plural) and (
            ("%" not in message and not plural) or _percent_fits(text, forms, plural=plural)
        )
        if not fits or (
            _GUARDED.search(text) is not None and not _guarded(text) <= _guarded("".join(forms))
        ):
            misfits.add(message)
    for key in [k for k in entries if (k[0] if isinstance(k, tuple) else k) in misfits]:
        del entries[key]
    return len(misfits)


def N_(message: str) -> str:  # noqa: N802 (the name the extractor knows)
    """Mark a message built at import time; :func:`_` translates it where it is shown."""
    return message
