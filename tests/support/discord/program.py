"""``bricabot`` as an OS process against the fake Discord: ``python -m tests.support.discord.program
API_BASE ARGS...`` points discord.py's REST base at ``API_BASE`` (the fake's; the gateway's address comes
from there, as from Discord's) and runs the real program's ``main`` with ``ARGS``. Nothing else differs
from a deployment: settings from the environment, signals, logging, the exit status.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import discord.http

from cogs.cli import main


def launch(argv: Sequence[str]) -> int:
    base, *args = argv
    discord.http.Route.BASE = base
    return main(args)


if __name__ == "__main__":
    raise SystemExit(launch(sys.argv[1:]))
