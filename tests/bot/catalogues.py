"""A database's schema read back from its own catalogue, in the logical terms of :mod:`bot.store.ddl`,
so that SQLite's, PostgreSQL's and the declared schema can be compared with ``==``."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import asyncpg  # type: ignore[import-untyped]

from bot.store.ddl import AddColumn, Index, Table, Type
from bot.store.schema import MIGRATIONS

ColumnShape = tuple[str, str, bool, str | None]
"""A column's name, logical type (:class:`Type`'s value, or ``integer`` where only that is known),
whether it may be NULL, and its default."""

IndexShape = tuple[str, tuple[str, ...], bool, str | None]
"""An index's name, columns, uniqueness and partial condition."""


@dataclass(frozen=True)
class Shape:
    """A table as a catalogue shows it. A key column counts as NOT NULL: both databases keep it from
    being NULL, though SQLite's catalogue only says so when the column was declared NOT NULL."""

    columns: tuple[ColumnShape, ...]
    key: tuple[str, ...]
    indexes: frozenset[IndexShape]


Schema = dict[str, Shape]


def coarse(schema: Schema) -> Schema:
    """``schema`` with its integer types as one, the most SQLite's catalogue tells (its INTEGER is 64 bits)."""
    integers = {Type.ID.value, Type.INT.value, Type.BIGINT.value}
    return {
        name: Shape(
            tuple((c, "integer" if t in integers else t, n, d) for c, t, n, d in shape.columns),
            shape.key,
            shape.indexes,
        )
        for name, shape in schema.items()
    }


def _condition(where: str | None) -> str | None:
    """A partial index's condition without parentheses (PostgreSQL adds its own) or extra spaces."""
    return None if where is None else " ".join(where.replace("(", " ").replace(")", " ").split())


def declared() -> Schema:
    """The schema the migrations declare, folded from their tables, added columns and indexes."""
    columns: dict[str, list[ColumnShape]] = {}
    keys: dict[str, tuple[str, ...]] = {}
    indexes: dict[str, set[IndexShape]] = {}
    for migration in MIGRATIONS:
        for step in migration:
            if isinstance(step, Table):
                keys[step.name], indexes[step.name] = step.key, set()
                added = [(step.name, column) for column in step.columns]
            elif isinstance(step, AddColumn):
                added = [(step.table, step.column)]
            else:
                added = []
                if isinstance(step, Index):
                    indexes[step.table].add((step.name, step.columns, False, _condition(step.where)))
            for table, column in added:
                nullable = column.null and column.name not in keys[table]
                columns.setdefault(table, []).append((column.name, column.type.value, nullable, column.default))
    return {name: Shape(tuple(columns[name]), keys[name], frozenset(indexes[name])) for name in keys}


def sqlite_schema(path: Path) -> Schema:
    """The schema of the SQLite file at ``path``, from ``PRAGMA table_info`` and ``index_list``."""
    schema: Schema = {}
    with sqlite3.connect(path) as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            info = db.execute(f"PRAGMA table_info({table})").fetchall()
            key = tuple(name for _, name, *_rest, pk in sorted(info, key=lambda r: r[5]) if pk)
            columns = tuple(
                (name, kind.lower(), not notnull and name not in key, default)
                for _, name, kind, notnull, default, _ in info
            )
            found: set[IndexShape] = set()
            for _, name, unique, origin, _partial in db.execute(f"PRAGMA index_list({table})"):
                if origin == "pk":
                    continue
                on = tuple(r[2] for r in sorted(db.execute(f"PRAGMA index_info({name})")))
                (sql,) = db.execute("SELECT sql FROM sqlite_master WHERE name = ?", (name,)).fetchone()
                where = re.search(r"\bWHERE\s+(.*)$", sql, re.S)
                found.add((name, on, bool(unique), _condition(where.group(1) if where else None)))
            schema[table] = Shape(columns, key, frozenset(found))
    return schema


async def postgres_schema(url: str) -> Schema:
    """The schema in the current schema of ``url``, from ``information_schema`` and ``pg_indexes``
    (without the ``schema_version`` bookkeeping table)."""
    types = {"integer": Type.INT.value, "bigint": Type.BIGINT.value, "text": Type.TEXT.value}
    conn = await asyncpg.connect(url)
    try:
        schema: Schema = {}
        tables = await conn.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
            "AND table_type = 'BASE TABLE' AND table_name <> 'schema_version'"
        )
        for (table,) in tables:
            rows = await conn.fetch(
                "SELECT column_name, data_type, is_nullable, column_default, is_identity "
                "FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 "
                "ORDER BY ordinal_position",
                table,
            )
            columns = tuple(
                (
                    name,
                    Type.ID.value if identity == "YES" else types[kind],
                    nullable == "YES",
                    None if default is None else re.sub(r"::[a-z ]+$", "", default),
                )
                for name, kind, nullable, default, identity in rows
            )
            keyed = await conn.fetch(
                "SELECT k.constraint_name, k.column_name FROM information_schema.table_constraints c "
                "JOIN information_schema.key_column_usage k USING (constraint_schema, constraint_name) "
                "WHERE c.table_schema = current_schema() AND c.table_name = $1 AND c.constraint_type = 'PRIMARY KEY' "
                "ORDER BY k.ordinal_position",
                table,
            )
            found: set[IndexShape] = set()
            for name, definition in await conn.fetch(
                "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1",
                table,
            ):
                if name in {r[0] for r in keyed}:
                    continue
                parsed = re.search(r"USING \w+ \((.*?)\)(?: WHERE (.*))?$", definition)
                assert parsed, definition
                on = tuple(parsed.group(1).split(", "))
                found.add((name, on, definition.startswith("CREATE UNIQUE"), _condition(parsed.group(2))))
            schema[table] = Shape(columns, tuple(r[1] for r in keyed), frozenset(found))
        return schema
    finally:
        await conn.close()
