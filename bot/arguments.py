"""Command-line arguments that the commands of more than one face take alike. ``--game`` is offered by
the terminal's commands and by the web pages' benchmark; it lives here, under both faces, because the
faces never import each other, and it says only what the engine's registry knows."""

from __future__ import annotations

import argparse

from engine import registry


def game_option(parser: argparse.ArgumentParser) -> None:
    """``--game KIND``: any game Bricabot knows, the first of them by default."""
    default = registry.default_kind()
    parser.add_argument(
        "--game", default=default, help=f"game kind: {', '.join(sorted(registry.games()))} (default: {default})"
    )
