"""Players' names kept up to date: whenever someone uses the bot, the name the server shows for them
is stored on their seats, and the boards and lobbies that show it are redrawn.

Bricabot has no privileged intents, so Discord does not tell it when a member changes their nickname
or global name (``on_member_update`` and ``on_user_update`` need the Server Members intent). Every
interaction carries the member as the server shows them, so the name is refreshed there instead: a
player who renamed themselves reads right from their next click on. A server nickname belongs to its
server, so a click renames the player's seats in that server's games only. Names already stored are
kept in memory per user and server, so an unchanged name costs no database write.
"""

from __future__ import annotations

import logging
from collections import OrderedDict

import discord
from discord.ext import commands

from bot import redact
from cogs.kit.context import bot_of
from cogs.kit.text import person

log = logging.getLogger("bricabot.people")

REMEMBERED = 10_000
"""Users (per server) whose stored name this process remembers (least recently seen forgotten first)."""


class People(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._known: OrderedDict[tuple[int, int | None], str] = OrderedDict()
        """The name last stored per (user, server): a nickname belongs to one server."""

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Store the user's name if it changed since last seen, then redraw what shows it."""
        user = interaction.user
        name = person(user)
        known = (user.id, interaction.guild_id)
        if name is None or self._known.get(known) == name:
            if name is not None:
                self._known.move_to_end(known)
            return
        bot = bot_of(interaction)
        service = bot.service
        if service is None:
            return
        try:
            changed = await service.rename(user.id, name, guild_id=interaction.guild_id)
            self._known[known] = name
            if len(self._known) > REMEMBERED:
                self._known.popitem(last=False)
            if changed:  # their boards and lobby messages owe the new name
                bot.publisher.wake()
        except Exception as exc:  # a name is cosmetic: never let it disturb what the user asked for
            log.warning("could not refresh the name of user %s", user.id, exc_info=redact.exc_info(exc))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(People(bot))
