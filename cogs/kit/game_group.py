"""``/game``: the one group every feature's sub-commands join, and how a feature declares one.

Each feature package declares its ``/game`` sub-commands in its own ``commands`` module, next to the
answers they give, and the layer's top (:mod:`cogs.game`) gathers them. A sub-command is a free
function taking the interaction first: the bot and the service are reached from it
(:mod:`cogs.kit.context`), so no cog object stands between Discord and the feature. The group is built
afresh for each bot from these declarations, because a command object belongs to one group and one
process may run several bots (one after another, or side by side).

``/game`` works in servers and in the bot's DMs (Discord applies contexts to the group, not to each
sub-command); the sub-commands that name a server's members or channel carry
:data:`cogs.kit.access.server_only`.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass
from typing import Any, Concatenate

import discord
from discord import app_commands

NAME = "game"
DESCRIPTION = "Play board games together: lobbies, your turns, the table and results"

Callback = Callable[Concatenate[discord.Interaction, ...], Coroutine[Any, Any, None]]
"""A sub-command's function: ``(interaction, **options)``, its options read from its signature."""


@dataclass(frozen=True)
class Subcommand:
    """A ``/game`` sub-command as its feature declares it. ``callback`` carries what the ``app_commands``
    decorators put on it (descriptions, autocompletes, choices, checks), read when the command is built."""

    name: str
    description: str
    callback: Callback


def subcommand(name: str, description: str) -> Callable[[Callback], Subcommand]:
    """Decorator, above the ``app_commands`` ones: declares the function as ``/game <name>``."""

    def declare(callback: Callback) -> Subcommand:
        return Subcommand(name, description, callback)

    return declare


def game_group(subcommands: Iterable[Subcommand]) -> app_commands.Group:
    """A new ``/game`` group holding ``subcommands``, in the order given (the order Discord receives)."""
    group = app_commands.Group(
        name=NAME,
        description=DESCRIPTION,
        allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=False),
    )
    for declared in subcommands:
        command: app_commands.Command[Any, ..., None] = app_commands.Command(
            name=declared.name, description=declared.description, callback=declared.callback
        )
        group.add_command(command)
    return group
