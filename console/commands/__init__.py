"""One module per ``bricabot`` sub-command (see :mod:`console.cli`), and the help texts several share."""

from __future__ import annotations

from engine import registry


def policies_help() -> str:
    """Each game's AI policies, as a help text says them ("botfactory: random, greedy, goal; ...")."""
    return "; ".join(
        f"{kind}: {', '.join(['random', *game.policies()])}" for kind, game in sorted(registry.games().items())
    )
