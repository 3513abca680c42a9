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
