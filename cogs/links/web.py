"""``/game web``: a private link to a game's page on the web (the player's screen included), a spectator
link to share, or every link of the user revoked.

A personal link is given only to someone the access rule lets see the game (:func:`cogs.kit.params.resolve_game`);
a spectator link (the public table only) to anyone who may see the game's channel, unless the server's
managers turned spectator links off (``/bricabot config spectator_links``). Links are signed with
``WEB_SECRET`` and open for ``WEB_LINK_DAYS`` (see :mod:`bot.links`); ``revoke`` makes every link the
user was given stop opening. Every answer is private: a link carries its token.
"""

from __future__ import annotations

from datetime import timedelta

import discord

from bot.links import Signer
from bot.service import GameInfo
from bot.words import t
from cogs.kit import access
from cogs.kit.context import bot_of, lang_for, service_of
from cogs.kit.errors import UserFacingError
from cogs.kit.text import title


def _signer(interaction: discord.Interaction) -> tuple[Signer, str, timedelta]:
    """The link signer, the pages' address and the links' lifetime; refused when the pages are not set up."""
    settings = bot_of(interaction).settings
    secret = None if settings.web_secret is None else settings.web_secret.get_secret_value().strip()
    address = settings.web_address
    if not secret or address is None:
        raise UserFacingError("web_off")
    return Signer(secret), address, timedelta(days=settings.web_link_days)


async def give(interaction: discord.Interaction, game: GameInfo, spectator: bool) -> None:
    """Answer privately with a link to ``game`` (which the user may see): theirs, or a spectator's."""
    signer, address, lifetime = _signer(interaction)
    service = service_of(interaction)
    user = interaction.user.id
    lang = await lang_for(interaction)
    days = lifetime.days
    if spectator:
        if game.guild_id is None or not (access.views_channel(interaction, game) or game.seat_of(user)):
            raise UserFacingError("web_spectator_channel")
        if not await service.spectator_links(game.guild_id):
            raise UserFacingError("web_spectators_off")
        link = await service.link(user, "watch", game.id, lifetime)
        text = t("links.spectator", lang, game=title(game), url=address + signer.path(link), days=days)
    else:
        link = await service.link(user, "game", game.id, lifetime)
        mine = await service.link(user, "mine", user, lifetime)
        text = t(
            "links.personal",
            lang,
            game=title(game),
            url=address + signer.path(link),
            mine=address + signer.path(mine),
            days=days,
        )
    await interaction.response.send_message(text, ephemeral=True, suppress_embeds=True)


async def revoke(interaction: discord.Interaction) -> None:
    """Make every link the user was given stop opening, at once, in every web process."""
    await service_of(interaction).revoke_links(interaction.user.id)
    await interaction.response.send_message(t("links.revoked", await lang_for(interaction)), ephemeral=True)
