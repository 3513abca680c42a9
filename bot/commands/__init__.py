"""One module per ``bricabot`` sub-command (see :mod:`bot.cli`), and the options several share."""

from __future__ import annotations

import argparse

from engine import registry


def game_option(parser: argparse.ArgumentParser) -> None:
    """``--game KIND``: any game Bricabot knows, the first of them by default."""
    default = registry.default_kind()
    parser.add_argument(
        "--game", default=default, help=f"game kind: {', '.join(sorted(registry.games()))} (default: {default})"
    )


def policies_help() -> str:
    """Each game's AI policies, as a help text says them ("botfactory: random, greedy, goal; ...")."""
    return "; ".join(
        f"{kind}: {', '.join(['random', *game.policies()])}" for kind, game in sorted(registry.games().items())
    )
