"""The ``bricabot`` command line.

Each sub-command lives in its own module under :mod:`console.commands` and declares ``COMMAND`` (its
path, e.g. ``("bench", "render")``), ``HELP``, ``configure(parser)`` and ``run(args) -> int``. The
parser is assembled from whatever modules are there, so adding a command touches nothing else.

These are the terminal face's commands, which need neither Discord nor the web pages (``python -m
console``); the ``bricabot`` program (:mod:`program.cli`) adds those of the other faces: ``bricabot run``
(the Discord layer), ``bricabot web`` and ``bricabot bench web`` (the web pages).
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from console import commands


class Command(Protocol):
    """One sub-command: a module of :mod:`console.commands` (or any object with the same four names)."""

    COMMAND: tuple[str, ...]
    HELP: str

    def configure(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> Any: ...


def _command_modules() -> list[Any]:
    mods = [importlib.import_module(f"console.commands.{m.name}") for m in pkgutil.iter_modules(commands.__path__)]
    return [m for m in mods if hasattr(m, "COMMAND")]


def build_parser(extra: Iterable[Command] = ()) -> argparse.ArgumentParser:
    """The parser of every command of :mod:`console.commands` and of ``extra``."""
    parser = argparse.ArgumentParser(prog="bricabot", description="Bricabot: factory board games on Discord.")
    root = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    groups: dict[tuple[str, ...], argparse._SubParsersAction[argparse.ArgumentParser]] = {(): root}
    for module in sorted([*_command_modules(), *extra], key=lambda m: m.COMMAND):
        path: tuple[str, ...] = module.COMMAND
        for depth in range(1, len(path)):
            prefix = path[:depth]
            if prefix not in groups:
                group_parser = groups[prefix[:-1]].add_parser(prefix[-1], help=f"{prefix[-1]} commands")
                groups[prefix] = group_parser.add_subparsers(dest=f"command_{depth}", required=True, metavar="WHAT")
        sub = groups[path[:-1]].add_parser(path[-1], help=module.HELP, description=module.HELP)
        module.configure(sub)
        sub.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None, extra: Iterable[Command] = ()) -> int:
    args = build_parser(extra).parse_args(argv)
    try:
        return int(args._run(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
