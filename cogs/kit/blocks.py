"""What keeps a game's messages from being posted, in words: the refusals that last until someone changes
the server (a lost access, a locked thread, a missing permission) and the permissions the bot needs.
The delivery tells the host once (:mod:`cogs.delivery.publisher`); ``/bricabot status`` lists them."""

from __future__ import annotations

import discord

from bot.words import t

MISSING_ACCESS = 50001
THREAD_LOCKED = 160005

NEEDED = (
    "view_channel",
    "send_messages",
    "send_messages_in_threads",
    "embed_links",
    "attach_files",
    "read_message_history",
    "create_public_threads",
)
"""The permissions the bot asks for at invite, by discord.py's names."""


def explain_block(bot: discord.Client, reason: str, lang: str, game: str) -> str:
    """What a blocked delivery's ``reason`` (``"<code>:<channel id>"``) means, in words: what is missing
    and where (the permissions the bot lacks there, when the server is known)."""
    code, _, place = reason.partition(":")
    where = f"<#{place}>" if place.isdigit() else "?"
    if code == "channel_gone":
        return t("outbox.blocked.channel_gone", lang, game=game, where=where)
    if code == str(THREAD_LOCKED):
        return t("outbox.blocked.locked", lang, game=game, where=where)
    if code == str(MISSING_ACCESS):
        return t("outbox.blocked.access", lang, game=game, where=where)
    missing = missing_permissions(bot, int(place)) if place.isdigit() else None
    listed = ", ".join(t(f"outbox.permission.{name}", lang) for name in missing or NEEDED)
    return t("outbox.blocked.permissions", lang, game=game, where=where, permissions=listed)


def missing_permissions(bot: discord.Client, channel_id: int) -> list[str] | None:
    """The permissions the bot lacks in ``channel_id`` of those it needs (``None`` when the channel or
    the bot's member is not known here)."""
    channel = bot.get_channel(channel_id)
    if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return None
    me = channel.guild.me
    if me is None:
        return None
    have = channel.permissions_for(me)
    # In a thread, posting needs Send Messages in Threads; in a channel, Send Messages.
    elsewhere = ("send_messages", "create_public_threads") if isinstance(channel, discord.Thread) else ()
    return [name for name in NEEDED if name not in elsewhere and not getattr(have, name)]
