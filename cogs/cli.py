"""The ``bricabot`` program: every command of :mod:`bot.cli`, and ``bricabot run``, which connects to Discord.

``run`` is declared here and its module (:mod:`cogs.run`) imported only when it is chosen, so the offline
commands (``demo``, ``play``, the benchmarks) start without loading the Discord side.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from bot import cli


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

        return run.run(args)


def main(argv: Sequence[str] | None = None) -> int:
    return cli.main(argv, extra=(Run(),))


if __name__ == "__main__":
    raise SystemExit(main())
