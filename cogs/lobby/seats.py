"""Lobbies: ``/game new`` posts one, its buttons seat players and AIs, Start opens the game's thread.

The lobby message (:mod:`cogs.lobby.message`) is edited in place on every change. Only the host
(or a member with Manage Server) may add AIs, start or cancel; the service enforces the host rule and
says so when refused. Whoever takes a seat (the host opening the lobby, a player joining) has the name
the server shows for them stored with it at once, so the lobby and everything after it name them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

import discord

from bot.service import GameInfo, GameService, TimeoutPolicy
from bot.words import t
from cogs.kit.context import acting_host, bot_of, lang_for, service_of
from cogs.kit.errors import UserFacingError
from cogs.kit.text import person
from cogs.lobby import message as lobby_message


async def create(
    interaction: discord.Interaction,
    kind: str,
    options: Mapping[str, Any],
    *,
    seats: int | None,
    timer: str | None,
    policy: TimeoutPolicy | None,
    ai_seats: int,
    missed_level: str | None = None,
    hints: bool = True,
    active_hours: bool = True,
) -> None:
    """Open a lobby, seat the host and ``ai_seats`` AIs, post the lobby message.

    The lobby goes to the server's lobby channel when a manager set one (``/bricabot config``), and
    the command then answers privately with a link to it; otherwise it is posted where the command
    was typed, which must be a text channel (each game gets its own thread). ``timer`` and ``policy``
    fall back to the server's defaults.
    """
    channel = interaction.channel
    lang = await lang_for(interaction)
    if interaction.guild_id is None or channel is None:
        raise UserFacingError("no_guild", t("lobby.no_guild", lang))
    service = service_of(interaction)
    server = await service.guild_settings(interaction.guild_id)
    target = server.channel_id or channel.id
    if target == channel.id and isinstance(channel, discord.Thread):
        raise UserFacingError("in_thread", t("lobby.in_thread", lang))
    game = await service.create_lobby(
        kind,
        interaction.user.id,
        options=options,
        guild_id=interaction.guild_id,
        channel_id=target,
        turn_timer_name=timer or server.turn_timer,
        timeout_policy=policy or server.timeout_policy,
        seats=seats,
        missed_level=missed_level,
        hints=hints,
        active_hours=active_hours,
    )
    game = await _named(service, game, interaction)
    for _ in range(ai_seats):
        game = await service.add_ai(game.id, interaction.user.id)
    public = await bot_of(interaction).publisher.lang(game)
    embed = lobby_message.embed(game, public, now=service.clock.now())
    view = lobby_message.controls(game, public)
    if target == channel.id:
        sent = await interaction.response.send_message(embed=embed, view=view)
        message_id = sent.message_id
    else:
        try:
            posted = await bot_of(interaction).get_partial_messageable(target).send(embed=embed, view=view)
        except discord.HTTPException as exc:
            await service.cancel(game.id, interaction.user.id)  # a lobby nobody can see would linger
            if isinstance(exc, discord.NotFound):
                gone = t("lobby.channel_gone", lang, channel=f"<#{target}>")
                raise UserFacingError("lobby_channel_gone", gone) from exc
            raise
        message_id = posted.id
        await interaction.response.send_message(
            t("lobby.posted_there", lang, channel=f"<#{target}>", link=posted.jump_url), ephemeral=True
        )
    if message_id is not None:
        await service.set_message(game.id, "lobby", target, message_id)


async def press(interaction: discord.Interaction, game_id: int, action: str) -> None:
    """One lobby button; the lobby message is redrawn with the result."""
    service = service_of(interaction)
    user = interaction.user.id
    if action == "start":
        await _start(interaction, game_id)
        return
    game = await service.game(game_id)
    if action == "join":
        game = await _named(service, await service.join(game_id, user), interaction)
    elif action == "leave":
        game = await service.leave(game_id, user)
    elif action == "ai":
        game = await service.add_ai(game_id, acting_host(interaction, game))
    elif action.startswith("ai-"):
        game = await service.add_ai(game_id, acting_host(interaction, game), action.removeprefix("ai-"))
    elif action == "noai":
        ai_seats = [s.seat for s in game.seats if s.is_ai]
        if not ai_seats:
            raise UserFacingError("no_ai", t("lobby.no_ai", await lang_for(interaction)))
        game = await service.remove_ai(game_id, acting_host(interaction, game), ai_seats[-1])
    elif action == "cancel":
        game = await service.cancel(game_id, acting_host(interaction, game))
    bot_of(interaction).publisher.wake()  # what the change owes besides this lobby message (a cancel's pings)
    public = await bot_of(interaction).publisher.lang(game)
    await interaction.response.edit_message(
        embed=lobby_message.embed(game, public, now=service.clock.now()), view=lobby_message.controls(game, public)
    )


async def _named(service: GameService, game: GameInfo, interaction: discord.Interaction) -> GameInfo:
    """The lobby after storing the name the server shows for the user who just took a seat in it."""
    if game.id in await service.rename(interaction.user.id, person(interaction.user), guild_id=game.guild_id):
        return await service.game(game.id)
    return game


async def _start(interaction: discord.Interaction, game_id: int) -> None:
    """Start: the service seats everyone and lets AIs open; then the thread and board appear."""
    await interaction.response.defer()
    bot = bot_of(interaction)
    service = service_of(interaction)
    game = await service.game(game_id)
    async with bot.gate.move():
        result = await service.start(game_id, acting_host(interaction, game))
    # The start is committed: its thread, board, first turn notices and lobby message are owed.
    bot.publisher.wake()
    public = await bot.publisher.lang(result.game)
    with contextlib.suppress(discord.HTTPException):  # the owed lobby redraw says the same if this fails
        await interaction.edit_original_response(
            embed=lobby_message.embed(result.game, public, now=service.clock.now()),
            view=lobby_message.controls(result.game, public),
        )
