"""Lobbies: ``/game new`` posts one, its buttons seat players and AIs, Start opens the game's thread.

The lobby message is edited in place on every change. Only the host (or a member with Manage
Server) may add AIs, start or cancel; the service enforces the host rule and says so when refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.service import TimeoutPolicy
from cogs.ui import layouts
from cogs.ui.context import acting_host, bot_of, service_of
from cogs.ui.errors import UserFacingError


async def create(
    interaction: discord.Interaction,
    kind: str,
    options: Mapping[str, Any],
    *,
    timer: str,
    policy: TimeoutPolicy,
    ai_seats: int,
) -> None:
    """Open a lobby in this channel, seat the host and ``ai_seats`` AIs, post the lobby message."""
    channel = interaction.channel
    if interaction.guild_id is None or channel is None:
        raise UserFacingError("no_guild", "Games are played in a server channel, not in DMs.")
    if isinstance(channel, discord.Thread):
        raise UserFacingError("in_thread", "Start games from a text channel: each game gets its own thread.")
    service = service_of(interaction)
    game = await service.create_lobby(
        kind,
        interaction.user.id,
        options=options,
        guild_id=interaction.guild_id,
        channel_id=channel.id,
        turn_timer_name=timer,
        timeout_policy=policy,
    )
    for _ in range(ai_seats):
        game = await service.add_ai(game.id, interaction.user.id)
    sent = await interaction.response.send_message(embed=layouts.lobby_embed(game), view=layouts.lobby_controls(game))
    if sent.message_id is not None:
        await service.set_message(game.id, "lobby", channel.id, sent.message_id)


async def press(interaction: discord.Interaction, game_id: int, action: str) -> None:
    """One lobby button; the lobby message is redrawn with the result."""
    service = service_of(interaction)
    user = interaction.user.id
    if action == "start":
        await _start(interaction, game_id)
        return
    game = await service.game(game_id)
    if action == "join":
        game = await service.join(game_id, user)
    elif action == "leave":
        game = await service.leave(game_id, user)
    elif action == "ai":
        game = await service.add_ai(game_id, acting_host(interaction, game))
    elif action == "cancel":
        game = await service.cancel(game_id, acting_host(interaction, game))
    await interaction.response.edit_message(embed=layouts.lobby_embed(game), view=layouts.lobby_controls(game))


async def _start(interaction: discord.Interaction, game_id: int) -> None:
    """Start: the service seats everyone and lets AIs open; then the thread and board appear."""
    await interaction.response.defer()
    bot = bot_of(interaction)
    service = service_of(interaction)
    game = await service.game(game_id)
    async with bot.gate.move():
        result = await service.start(game_id, acting_host(interaction, game))
    assert interaction.message is not None
    game = await bot.publisher.open_table(result.game, interaction.message)
    await interaction.edit_original_response(embed=layouts.lobby_embed(game), view=layouts.lobby_controls(game))
    await bot.publisher.deliver(game, result.notifications)
