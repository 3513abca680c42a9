"""The design card: engine/ is pure rules; renders/ never imports the engine's state types."""

from __future__ import annotations

import ast
from pathlib import Path

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


def test_bot_and_cogs_have_no_import_cycles() -> None:
    cycle = _cycle(_module_graph(("bot", "cogs")))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_cycle_check_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
