"""Who may see a game, on Discord: the access rule (:mod:`bot.access`) every command, autocomplete and
component goes through, with the channel judged from what Discord says of the user.

A user may see a game's public information (its board, status, log, settings, that it exists at all)
when they hold or held a seat in it, or when they are a member of the game's server who can view its
channel: Discord's ``view_channel`` on the lobby channel and on the game's thread. Host-only actions
keep their own rule on top of this one, and private information stays the seat's own player's.

Game ids are sequential, so a refusal must not confirm that a game exists: a game the user may not
see raises the very error an unknown id raises, answered with the same private sentence.

Discord tells the bot a user's roles and permissions only in the server an interaction comes from
(Bricabot has no privileged intents, so it keeps no member list). Channel access is therefore judged
only for an interaction from the game's own server: in the channel it was sent from, from the
permissions Discord resolved for it (``interaction.permissions``); in the game's other channel, from
the cached channel's overwrites and the member's roles (``permissions_for``). From another server or a
DM, only a seat gives access.
"""

from __future__ import annotations

from collections.abc import Iterable

import discord
from discord import app_commands

from bot.access import may_see
from bot.service import GameInfo, GameNotFound
from cogs.kit.context import service_of


async def visible_game(interaction: discord.Interaction, game_id: int) -> GameInfo:
    """The game ``game_id`` if the user may see it; otherwise the unknown-game refusal, unchanged."""
    game = await service_of(interaction).game(game_id)  # GameNotFound for an unknown id
    if not await can_see(interaction, game):
        raise GameNotFound(f"There is no game #{game_id}.", game=game_id)
    return game


async def can_see(interaction: discord.Interaction, game: GameInfo) -> bool:
    """Whether the user may see ``game``: they hold or held a seat, or can view its channel and thread."""
    service = service_of(interaction)
    return await may_see(service, game, interaction.user.id, views_channel=views_channel(interaction, game))


async def visible(interaction: discord.Interaction, games: Iterable[GameInfo]) -> list[GameInfo]:
    """The games of ``games`` the user may see, in the same order (for lists and suggestions)."""
    return [game for game in games if await can_see(interaction, game)]


def views_channel(interaction: discord.Interaction, game: GameInfo) -> bool:
    """Whether the user, as a member of the game's server, can view its lobby channel and its thread."""
    member = interaction.user
    if (
        game.guild_id is None
        or game.channel_id is None
        or interaction.guild_id != game.guild_id
        or not isinstance(member, discord.Member)
    ):
        return False
    if not _views(interaction, member, game.channel_id, uncached=False):
        return False
    # A thread the cache does not hold (archived threads are not cached) is a public thread on the
    # lobby message: whoever views the lobby channel views it.
    return game.thread_id is None or _views(interaction, member, game.thread_id, uncached=True)


def _views(interaction: discord.Interaction, member: discord.Member, place_id: int, *, uncached: bool) -> bool:
    if interaction.channel_id == place_id:
        return interaction.permissions.view_channel
    guild = interaction.guild
    place = None if guild is None else guild.get_channel_or_thread(place_id)
    if place is None:
        return uncached
    try:
        return place.permissions_for(member).view_channel
    except discord.ClientException:  # a thread whose parent channel is not cached
        return False


def in_server(interaction: discord.Interaction) -> bool:
    """Check for the ``/game`` commands that only make sense in a server (they name its members or its
    channel). Discord applies contexts to the ``/game`` group as a whole, so each such sub-command
    carries this check and a DM gets a short private answer."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return True


server_only = app_commands.check(in_server)
"""Decorator: in a DM, the sub-command answers "That only works in a server channel, not in DMs." """
