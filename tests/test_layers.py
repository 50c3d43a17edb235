"""The packages of ``chinese_ten`` are layers, and imports run one way: down.

From the bottom up (a package may import its own modules and any package below it):

1. ``lang`` and ``engine``, side by side: the reader's language (:mod:`~chinese_ten.lang.i18n`'s
   catalogs, numerals, text folded to ASCII and names to their keys; standard library and
   Babel only), and the rules (cards, actions, deals, chance, views, series, the variants,
   sampled worlds; pure). Neither imports the other: the engine says nothing in the reader's
   language (its errors carry data, worded in ``text``; cards as a person reads them are
   ``text.card_names``).
2. ``players``: the computer players, and the one registry of their names and levels
   (``levels``, which the command line reads without loading the engine: ``players/__init__``
   imports nothing), and the standard errors of a mean (``spread``, which the ``hard`` player
   is the first to need).
3. ``text``: what a person reads about names, seats and levels (``wording``, ``marks``), the
   engine's errors worded (``engine_words``), cards as a person reads them (``card_names``)
   and the rules page. Above ``players`` because
   seats are worded by level; below ``store`` because records and saves word their errors.
4. ``store``: files on disk: records, saves, the history.
5. ``game`` and ``analysis``, side by side: a game being played (its table, options, flow and
   turns), and what is worked out from games (the review, ``simulate``, the statistics, the
   worker processes). Neither imports the other.
6. ``net``: the protocol of ``host`` and ``join`` (its messages, the client, a seat's view
   rebuilt from them): above ``game`` because a remote seat's turn draws the game's
   :class:`~chinese_ten.game.turn.Scene`; below ``tui`` and ``serve`` because both sides speak
   it (the join screen in ``tui``, the host server in ``serve``).
7. ``tui`` and ``serve``, side by side: the Textual app, and the web server that runs it in
   browsers as separate processes (a command line, never an import). Neither imports the other.
8. ``cli``: the command line and its commands, on top of everything.

The root ``chinese_ten/__init__.py`` holds only the version (any layer may read it);
``chinese_ten/__main__.py`` runs the command line. Function-level (lazy) imports count as much
as module-level ones, and so does a module named to ``importlib.import_module`` or
``__import__``: a lazy import up a layer is still a dependency, and no two modules import
each other, however indirectly. Every package's
``__init__.py`` is free of imports, so importing a module loads its own package's nothing.
"""

import ast
import functools
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Final, NamedTuple

import pytest

ROOT = "chinese_ten"
SOURCE = Path(__file__).resolve().parents[1] / "src" / ROOT

LAYERS: tuple[tuple[str, ...], ...] = (
    ("lang", "engine"),
    ("players",),
    ("text",),
    ("store",),
    ("game", "analysis"),
    ("net",),
    ("tui", "serve"),
    ("cli",),
)
RANK = {package: rank for rank, peers in enumerate(LAYERS) for package in peers}
BOTTOM, TOP = "<root>", "<main>"
"""The root ``__init__`` (the version: below every layer) and ``__main__`` (above them all)."""


class Import(NamedTuple):
    importer: str
    imported: str
    where: str


def module_name(path: Path, source: Path) -> str:
    parts = [source.name, *path.relative_to(source).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_of(module: str) -> str:
    """``chinese_ten.engine.cards`` -> ``engine``; the root and ``__main__`` apart."""
    parts = module.split(".")
    if len(parts) == 1:
        return BOTTOM
    if parts[1] == "__main__":
        return TOP
    return parts[1]


DYNAMIC = frozenset({"import_module", "__import__"})
"""The functions that import a module named by a string: ``importlib.import_module`` (under
any name it is imported as an attribute of, or bare) and the builtin ``__import__``."""


def _resolved(package: str, level: int, module: str | None) -> str:
    """``module`` imported ``level`` packages up from ``package`` (0: as it is written)."""
    if not level:
        return module or ""
    base = package.split(".")[: len(package.split(".")) - level + 1]
    return ".".join([*base, *([module] if module else [])])


def _dynamic_names(tree: ast.AST, package: str, modules: set[str]) -> Iterator[tuple[str, int]]:
    """Each module a call of :data:`DYNAMIC` in ``tree`` may import, with its line: the
    string it is given (a relative one resolved against ``package``). When one is given
    anything but a string (a name looked up in a table), every string of the module that
    names one of ``modules`` counts, since any of them may be the one."""
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id in DYNAMIC)
            or (isinstance(node.func, ast.Attribute) and node.func.attr in DYNAMIC)
        )
    ]
    for call in calls:
        first = call.args[0] if call.args else None
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            level = len(first.value) - len(first.value.lstrip("."))
            yield _resolved(package, level, first.value[level:] or None), call.lineno
    if any(not (call.args and isinstance(call.args[0], ast.Constant)) for call in calls):
        yield LOOKED_UP, calls[0].lineno
        yield from _named(tree, modules)


LOOKED_UP: Final = "<a name looked up>"
"""Said by :func:`_dynamic_names` where a call is given a looked-up name: the strings of the
modules this one imports may be the name too (a registry kept apart from its caller)."""


def _named(tree: ast.AST, modules: set[str]) -> Iterator[tuple[str, int]]:
    """Each string of ``tree`` that names one of ``modules``, with its line."""
    return (
        (node.value, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in modules
    )


def imports_in(source: Path) -> Iterator[Import]:
    """Every import of ``chinese_ten`` by every module under ``source``, at any depth of the
    module (in functions, classes, ``if TYPE_CHECKING``), relative ones resolved;
    ``from package import module`` names the module; a module named by a string to
    ``importlib.import_module`` or ``__import__`` is imported as well (:func:`_dynamic_names`)."""
    files = sorted(source.rglob("*.py"))
    modules = {module_name(path, source) for path in files}
    trees = {
        module_name(path, source): ast.parse(path.read_text(encoding="utf-8"), str(path))
        for path in files
    }
    for path in files:
        importer = module_name(path, source)
        package = importer if path.name == "__init__.py" else importer.rpartition(".")[0]
        tree = trees[importer]
        found: list[tuple[str, int]] = list(_dynamic_names(tree, package, modules))
        looked_up = [line for name, line in found if name == LOOKED_UP]
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found += [(alias.name, node.lineno) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                module = _resolved(package, node.level, node.module)
                found += [
                    (
                        f"{module}.{alias.name}" if f"{module}.{alias.name}" in modules else module,
                        node.lineno,
                    )
                    for alias in node.names
                ]
        if looked_up:  # a registry this module imports may hold the name looked up
            static = {name for name, _line in found if name in trees}
            found += [(name, looked_up[0]) for m in static for name, _ in _named(trees[m], modules)]
        for name, line in found:
            if name == source.name or name.startswith(source.name + "."):
                yield Import(importer, name, f"{path.relative_to(source.parent)}:{line}")


def violations(imports: Iterable[Import]) -> list[str]:
    """Each import up a layer or across to a peer, and each package without a layer."""
    found = []
    for importer, imported, where in imports:
        low, high = package_of(importer), package_of(imported)
        if low in (high, TOP) or high == BOTTOM:
            continue
        for package in (low, high):
            if package not in RANK and package not in (BOTTOM, TOP):
                found.append(f"{where}: package {package!r} has no layer in LAYERS")
        if low in RANK and high in RANK and RANK[high] >= RANK[low]:
            way = "across to its peer" if RANK[high] == RANK[low] else "up to"
            found.append(f"{where}: {importer} ({low}) imports {way} {imported} ({high})")
        if low == BOTTOM or high == TOP:
            found.append(f"{where}: {importer} imports {imported}")
    return sorted(set(found))


def package_cycles(imports: Iterable[Import]) -> list[list[str]]:
    """The cycles of the graph of packages (an edge for each import between two packages)."""
    return cycles((package_of(i.importer), package_of(i.imported)) for i in imports)


def module_cycles(imports: Iterable[Import]) -> list[list[str]]:
    """The cycles of the graph of modules (an edge for each import, lazy ones too): two
    modules that need each other are one concept in two files, or a third waiting to be
    split out of them."""
    return cycles((i.importer, i.imported) for i in imports)


def cycles(edges: Iterable[tuple[str, str]]) -> list[list[str]]:
    """The cycles of the graph of these edges (an edge from a node to itself is none)."""
    graph: dict[str, set[str]] = {}
    for low, high in edges:
        if low != high:
            graph.setdefault(low, set()).add(high)
    found: list[list[str]] = []
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            found.append([*path[path.index(node) :], node])
            return
        if node in done:
            return
        for after in sorted(graph.get(node, ())):
            visit(after, [*path, node])
        done.add(node)

    for start in sorted(graph):
        visit(start, [])
    return found


@functools.cache
def ours() -> tuple[Import, ...]:
    """The imports of the package itself, walked once for all the tests of this module."""
    return tuple(imports_in(SOURCE))


def test_imports_only_run_down_the_layers() -> None:
    assert violations(ours()) == []


def test_no_cycle_between_packages() -> None:
    assert package_cycles(ours()) == []


def test_no_cycle_between_modules() -> None:
    assert module_cycles(ours()) == []


def test_every_package_has_a_layer() -> None:
    packages = {path.parent.name for path in SOURCE.glob("*/__init__.py")}
    assert packages == set(RANK)


def test_package_inits_import_nothing() -> None:
    """Importing ``chinese_ten.players.levels`` must not load the players (start-up time)."""
    for init in SOURCE.rglob("__init__.py"):
        tree = ast.parse(init.read_text(encoding="utf-8"))
        found = [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]
        assert not found, f"{init} imports"


def test_the_walk_sees_lazy_and_relative_imports() -> None:
    found = {(i.importer, i.imported) for i in ours()}
    # lazy: a command imports what it does inside its run()
    assert ("chinese_ten.cli.commands.replay", "chinese_ten.cli.commands.replay_scores") in found
    # by a string: the players' registry imports only the one asked for
    assert ("chinese_ten.players.base", "chinese_ten.players.random_player") in found
    assert ("chinese_ten.text.card_names", "chinese_ten.lang.i18n") in found


def test_the_engine_imports_no_lang() -> None:
    """The engine is pure: what a person reads is worded above it, in ``text``."""
    found = [i for i in imports_in(SOURCE) if package_of(i.importer) == "engine"]
    assert found, "the walk sees the engine's imports"
    assert [i.where for i in found if package_of(i.imported) == "lang"] == []


@pytest.mark.parametrize(
    ("importer", "imported", "bad"),
    [
        ("chinese_ten.tui.app", "chinese_ten.engine.cards", False),
        ("chinese_ten.engine.cards", "chinese_ten.lang.i18n", True),
        ("chinese_ten.lang.i18n", "chinese_ten.engine.cards", True),
        ("chinese_ten.text.card_names", "chinese_ten.lang.i18n", False),
        ("chinese_ten.cli.main", "chinese_ten", False),
        ("chinese_ten.__main__", "chinese_ten.cli.main", False),
        ("chinese_ten.engine.cards", "chinese_ten.text.wording", True),
        ("chinese_ten.tui.screens.history", "chinese_ten.cli.commands.history", True),
        ("chinese_ten.game.flow", "chinese_ten.analysis.review", True),
        ("chinese_ten.serve.server", "chinese_ten.tui.app", True),
        ("chinese_ten.store.saves", "chinese_ten.newthing.x", True),
        ("chinese_ten", "chinese_ten.engine.cards", True),
        ("chinese_ten.cli.main", "chinese_ten.__main__", True),
    ],
)
def test_the_checker_judges_each_import(importer: str, imported: str, *, bad: bool) -> None:
    assert bool(violations([Import(importer, imported, "here")])) is bad


def test_a_planted_upward_import_fails(tmp_path: Path) -> None:
    """A tree like ours whose engine imports the command line lazily, relative, in a class."""
    source = tmp_path / ROOT
    for package in ("engine", "cli", "lang"):
        (source / package).mkdir(parents=True)
        (source / package / "__init__.py").write_text("")
    (source / "__init__.py").write_text("")
    (source / "lang" / "i18n.py").write_text("")
    (source / "engine" / "deal.py").write_text("")
    (source / "cli" / "main.py").write_text("def main() -> int:\n    return 0\n")
    (source / "engine" / "cards.py").write_text(
        "from chinese_ten.lang import i18n\n\n"
        "def later() -> None:\n    from chinese_ten.cli.main import main\n\n"
        "class Card:\n    from ..cli import main as relative\n"
    )
    found = violations(imports_in(source))
    assert len(found) == 3, found
    assert "across to its peer chinese_ten.lang.i18n" in found[0]
    assert all("engine" in line and "up to chinese_ten.cli.main" in line for line in found[1:])


@pytest.mark.parametrize(
    "planted",
    [
        'importlib.import_module("chinese_ten.cli.main")',
        'import_module("chinese_ten.cli.main")',
        '__import__("chinese_ten.cli.main")',
        'importlib.import_module("..cli.main", __package__)',
        'importlib.import_module(WHERE["cli"])',
        'importlib.import_module(name="chinese_ten.cli.main")',
    ],
)
def test_a_planted_import_by_a_string_fails(tmp_path: Path, planted: str) -> None:
    """The engine imports the command line by naming it to ``import_module`` or
    ``__import__``, lazily, literally or through a table of names."""
    source = tmp_path / ROOT
    for package in ("engine", "cli", "lang"):
        (source / package).mkdir(parents=True)
        (source / package / "__init__.py").write_text("")
    (source / "__init__.py").write_text("")
    (source / "lang" / "i18n.py").write_text("")
    (source / "engine" / "deal.py").write_text("")
    (source / "cli" / "main.py").write_text("def main() -> int:\n    return 0\n")
    cards = source / "engine" / "cards.py"
    cards.write_text(
        "import importlib\nfrom importlib import import_module\n\n"
        'WHERE = {"cli": "chinese_ten.cli.main", "other": "not a module"}\n\n'
        f"def later() -> object:\n    return {planted}\n"
    )
    found = violations(imports_in(source))
    assert found, planted
    assert all("engine" in line and "up to chinese_ten.cli.main" in line for line in found)
    cards.write_text(cards.read_text().replace("cli.main", "engine.deal"))
    assert violations(imports_in(source)) == []  # the same call, within its layer: allowed


def test_a_planted_cycle_is_found() -> None:
    planted = [
        Import("chinese_ten.game.flow", "chinese_ten.analysis.review", "a"),
        Import("chinese_ten.analysis.review", "chinese_ten.game.turn", "b"),
    ]
    assert package_cycles(planted) == [["analysis", "game", "analysis"]]
    assert package_cycles(planted[:1]) == []
    within = [
        Import("chinese_ten.engine.deal", "chinese_ten.engine.series", "a"),
        Import("chinese_ten.engine.series", "chinese_ten.engine.deal", "b"),
    ]
    assert package_cycles(within) == []
    assert module_cycles(within) == [
        ["chinese_ten.engine.deal", "chinese_ten.engine.series", "chinese_ten.engine.deal"]
    ]


PRIVATE_BINDINGS = {"tui/texts.py"}
"""The one module that reaches into a node's bindings: Textual has no public way to describe a
key in another language once its class is built (see its docstring)."""


def private_textual(path: Path) -> list[str]:
    """Where ``path`` uses Textual's private modules or a node's private bindings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("textual"):
            if any(part.startswith("_") for part in node.module.split(".")):
                found.append(f"{path.name}:{node.lineno} from {node.module}")
        elif isinstance(node, ast.Import):
            found += [
                f"{path.name}:{node.lineno} import {alias.name}"
                for alias in node.names
                if alias.name.startswith("textual")
                and any(part.startswith("_") for part in alias.name.split("."))
            ]
        elif isinstance(node, ast.Attribute) and node.attr == "_bindings":
            found.append(f"{path.name}:{node.lineno} ._bindings")
    return found


def test_no_private_textual_api_outside_its_one_place() -> None:
    found = [
        use
        for path in sorted(SOURCE.rglob("*.py"))
        if path.relative_to(SOURCE).as_posix() not in PRIVATE_BINDINGS
        for use in private_textual(path)
    ]
    assert found == []


def test_the_private_api_check_sees_each_kind(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text(
        "from textual._time import get_time\nimport textual.widgets._select\n"
        "def f(node):\n    return node._bindings\n",
        encoding="utf-8",
    )
    assert [use.split(" ", 1)[1] for use in private_textual(planted)] == [
        "from textual._time",
        "import textual.widgets._select",
        "._bindings",
    ]
