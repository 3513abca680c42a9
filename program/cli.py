"""The ``bricabot`` program: every command of :mod:`console.cli`, ``bricabot run`` (the Discord bot, with the
web pages beside it when ``WEB_PORT`` is set), ``bricabot web`` and ``bricabot bench web``.

Each face's module is imported only when its command is chosen, so the offline commands (``demo``,
``play``, the benchmarks) start without loading discord.py or the web server.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from console import cli


class Run:
    """``bricabot run``."""

    COMMAND: tuple[str, ...] = ("run",)
    HELP = "Run the Discord bot (settings from the environment and .env; see .env.example)."

    @staticmethod
    def configure(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--log-level", help="override LOG_LEVEL (DEBUG, INFO, WARNING, ...)")

    @staticmethod
    def run(args: argparse.Namespace) -> int:
        from cogs import run
        from web.server import MissingSecret, companions

        try:
            return run.run(args, companions=companions)
        except MissingSecret as exc:  # WEB_PORT set without WEB_SECRET
            print(f"bricabot: {exc}", file=sys.stderr)
            return 2


class Web:
    """``bricabot web``."""

    COMMAND: tuple[str, ...] = ("web",)
    HELP = "Serve the web pages (a game, its history, leaderboards, my games) behind signed links; --demo to try them."

    @staticmethod
    def configure(parser: argparse.ArgumentParser) -> None:
        from web import command

        command.configure(parser)

    @staticmethod
    def run(args: argparse.Namespace) -> int:
        from web import command

        return command.run(args)


class BenchWeb:
    """``bricabot bench web``."""

    COMMAND: tuple[str, ...] = ("bench", "web")
    HELP = "Web pages benchmark: time to first byte with 10,000 stored games, and live pages one process holds."

    @staticmethod
    def configure(parser: argparse.ArgumentParser) -> None:
        from web import bench

        bench.configure(parser)

    @staticmethod
    def run(args: argparse.Namespace) -> int:
        from web import bench

        return bench.run(args)


def main(argv: Sequence[str] | None = None) -> int:
    return cli.main(argv, extra=(Run(), Web(), BenchWeb()))


if __name__ == "__main__":
    raise SystemExit(main())
