"""The floors and their arrows: engine <- renders <- bot <- {cogs, web, console} <- program, never upward
nor sideways between the faces (an import, one under ``TYPE_CHECKING``, or a module named in a string
for ``importlib``), no import cycle on any floor, engine/ pure rules, the Discord layer's features
sharing only through its kit, and bot/ and the faces naming no game: what they need of one comes
through the contracts (:class:`engine.core.contract.Game`, :class:`renders.api.Drawings`).
``docs/architecture.md`` draws it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BANNED_IN_ENGINE = {"discord", "asyncio", "sqlite3", "aiosqlite", "PIL", "random", "time", "datetime"}
BANNED_IN_RENDERS = {"discord", "asyncio", "sqlite3", "aiosqlite", "bot", "cogs"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_engine_imports_no_io_or_ui() -> None:
    for path in (ROOT / "engine").rglob("*.py"):
        bad = _imports(path) & BANNED_IN_ENGINE
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_renders_import_no_discord_or_storage() -> None:
    for path in (ROOT / "renders").rglob("*.py"):
        bad = _imports(path) & BANNED_IN_RENDERS
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def _module_graph(packages: tuple[str, ...]) -> dict[str, set[str]]:
    """Module -> the modules of ``packages`` it imports, imports inside functions included (a lazy import
    only hides a cycle). Imports under ``if TYPE_CHECKING:`` are left out: they never run, and a helper's
    annotation naming the bot's client class is not a dependency. ``from package import module`` counts
    as the module."""
    files = {}
    for package in packages:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        deps: set[str] = set()
        for node in _runtime_nodes(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                deps.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                submodules = {f"{node.module}.{alias.name}" for alias in node.names} & files.keys()
                deps.update(submodules or {node.module})
        graph[name] = {dep for dep in deps if dep in files and dep != name}
    return graph


TYPE_CHECKING_TESTS = {"TYPE_CHECKING", "typing.TYPE_CHECKING"}


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of ``tree`` except those under an ``if TYPE_CHECKING:``."""
    out: list[ast.AST] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        out.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and ast.unparse(child.test) in TYPE_CHECKING_TESTS:
                stack.extend(child.orelse)
            else:
                stack.append(child)
    return out


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle in ``graph`` (its modules in order, the first repeated at the end), or None."""
    done: set[str] = set()

    def visit(name: str, trail: list[str]) -> list[str] | None:
        if name in trail:
            return [*trail[trail.index(name) :], name]
        if name in done:
            return None
        for dep in sorted(graph[name]):
            found = visit(dep, [*trail, name])
            if found:
                return found
        done.add(name)
        return None

    for name in sorted(graph):
        found = visit(name, [])
        if found:
            return found
    return None


def test_no_floor_has_an_import_cycle() -> None:
    cycle = _cycle(_module_graph(FLOORS))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


LEVELS: tuple[tuple[str, ...], ...] = (
    ("engine",),
    ("renders",),
    ("bot",),
    ("cogs", "web", "console"),
    ("program",),
)
"""From the bottom up: a floor imports only from its own and those below it. The three faces, Discord
(``cogs``), the web pages (``web``) and the terminal (``console``), stand side by side on the same floors
and never name each other; ``program`` (the ``bricabot`` command line) composes them all."""
FLOORS = tuple(floor for level in LEVELS for floor in level)
MODULE_NAME = re.compile(rf"^({'|'.join(FLOORS)})(\.\w+)*$")
IMPORTERS = {"import_module", "__import__"}


def _named_modules(path: Path) -> set[str]:
    """Every module ``path`` names: its imports (wherever they sit, ``TYPE_CHECKING`` included), string
    constants that are dotted module paths (what an extension loader is given), any string given to
    ``import_module`` (a floor's bare name too: elsewhere a word such as "web" is a command's name), and
    the literal head of an f-string given to ``import_module`` (``f"renders.{kind}"``)."""
    names: set[str] = set()
    tree = ast.parse(path.read_text("utf-8"))
    imported = {
        id(node.args[0])
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and node.args
        and (getattr(node.func, "id", None) or getattr(node.func, "attr", None)) in IMPORTERS
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and MODULE_NAME.match(node.value)
            and ("." in node.value or id(node) in imported)
        ):
            names.add(node.value)
        elif isinstance(node, ast.JoinedStr) and node.values:
            head = node.values[0]
            if isinstance(head, ast.Constant) and isinstance(head.value, str):
                names.add(head.value.rstrip("."))
    return {name for name in names if MODULE_NAME.match(name)}


def _sources(floor: str) -> list[Path]:
    return sorted((ROOT / floor).rglob("*.py"))


def _level(floor: str) -> int:
    return next(number for number, level in enumerate(LEVELS) if floor in level)


@pytest.mark.parametrize("floor", FLOORS)
def test_no_arrow_runs_up_or_sideways(floor: str) -> None:
    barred = {other for other in FLOORS if other != floor and _level(other) >= _level(floor)}
    for path in _sources(floor):
        wrong = sorted(name for name in _named_modules(path) if name.split(".")[0] in barred)
        assert not wrong, f"{path.relative_to(ROOT)} names {wrong}, a floor above {floor}/ or beside it"


def test_the_arrow_check_sees_strings_and_type_only_imports(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text(
        "import importlib\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from cogs.client import X\n"
        'importlib.import_module("cogs.game")\nimportlib.import_module(f"renders.{kind}")\n'
        'importlib.import_module("web")\nname = "program"\n'
    )
    assert _named_modules(source) == {"cogs.client", "cogs.game", "renders", "web"}


FEATURE_SHARED = "kit"
"""The Discord layer's package every feature may import; a feature imports no other feature."""


def _feature_imports() -> list[tuple[Path, str, str]]:
    """``(module, its feature, a feature it names)`` for each name a module of ``cogs/<feature>/``
    gives of another feature of the Discord layer (the kit included for the kit's own modules)."""
    found = []
    for path in _sources("cogs"):
        parts = path.relative_to(ROOT / "cogs").parts
        if len(parts) < 2:
            continue  # the layer's top (the client, /game, the routes) composes the features
        feature = parts[0]
        allowed = {feature} if feature == FEATURE_SHARED else {feature, FEATURE_SHARED}
        for name in _named_modules(path):
            pieces = name.split(".")
            if pieces[0] == "cogs" and (len(pieces) < 2 or pieces[1] not in allowed):
                found.append((path, feature, name))
    return found


def test_discord_features_share_only_through_the_kit() -> None:
    """Each feature (``cogs/lobby/``, ``cogs/board/``...) imports its own modules and ``cogs/kit/``;
    what two features both need lives in the kit, and what leads from one to another is routed by the
    layer's top (``cogs/routes.py``, ``cogs/game.py``)."""
    assert [(str(path.relative_to(ROOT)), name) for path, _, name in _feature_imports()] == []


GAME_PACKAGES = sorted(
    path.parent.name for path in (ROOT / "engine").glob("*/__init__.py") if path.parent.name != "core"
)
"""The games' own packages: ``engine/<game>/`` and ``renders/<game>/``."""


def _code_strings(tree: ast.AST) -> list[str]:
    """The string constants of ``tree`` that are code, not docstrings."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


@pytest.mark.parametrize("floor", ["bot", "cogs", "web", "console", "program"])
def test_bot_and_the_faces_name_no_game(floor: str) -> None:
    """No import of a game's package and no table keyed by a game's name: what the service and the
    faces need of a game comes through the contracts, so adding a game touches none of them."""
    assert GAME_PACKAGES, "no game found in engine/"
    for path in _sources(floor):
        where = path.relative_to(ROOT)
        imported = {name for name in _named_modules(path) if name.split(".")[0] in {"engine", "renders"}}
        games = sorted(name for name in imported if len(name.split(".")) > 1 and name.split(".")[1] in GAME_PACKAGES)
        assert not games, f"{where} imports {games}, a game's own package"
        for text in _code_strings(ast.parse(path.read_text("utf-8"))):
            named = [game for game in GAME_PACKAGES if re.search(rf"(?<![\w/]){game}(?![\w/])", text)]
            assert not named, f"{where} names the game {named[0]!r} in {text!r}"


def test_the_cycle_check_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
