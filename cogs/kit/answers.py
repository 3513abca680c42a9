"""The one error handler: every refusal or failure reaches the user as a short ephemeral message in
the reader's language (:mod:`cogs.kit.errors` says what); a bug gets a reference id, and the log the
full traceback under that id."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot import redact
from bot.words import t
from cogs.kit import context
from cogs.kit.errors import friendly

log = logging.getLogger("bricabot.errors")


async def report(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer ``interaction`` with a short ephemeral message about ``error`` in the reader's language;
    log bugs with a reference."""
    lang = await _reader_lang(interaction)
    message, expected = friendly(error, lang)
    if not expected:
        ref = secrets.token_hex(3).upper()
        cause = error.__cause__ if isinstance(error, app_commands.CommandInvokeError) else None
        log.error(
            "ref %s: error handling interaction %s",
            ref,
            _describe(interaction),
            exc_info=redact.exc_info(cause or error),
        )
        message = t("error.bug", lang, lead=message or t("error.bug_lead", lang), ref=ref)
    await send_ephemeral(interaction, message)


async def _reader_lang(interaction: discord.Interaction) -> str:
    """The reader's language (``cogs.kit.context.lang_for``), or their client's when the store cannot say
    (shutting down, or the failure being reported is the store's own)."""
    try:
        return await context.lang_for(interaction)
    except Exception:
        return context.spoken(interaction.locale) or "en"


async def send_ephemeral(interaction: discord.Interaction, message: str) -> None:
    """Reply privately whether or not the interaction was already answered (deferred)."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
    except discord.HTTPException as exc:  # e.g. 10062: Discord no longer takes an answer to it
        log.info("could not answer %s (%s %s)", _describe(interaction), exc.status, exc.code)


async def accepting(interaction: discord.Interaction) -> bool:
    """Whether the bot takes ``interaction``: while it stops (new interactions refused, moves in flight
    finishing) every one is answered privately that it is restarting, and nothing is done."""
    if context.bot_of(interaction).gate.open:
        return True
    if interaction.type is discord.InteractionType.autocomplete:
        await interaction.response.autocomplete([])
    else:
        await send_ephemeral(interaction, t("error.shutting_down", context.spoken(interaction.locale) or "en"))
    return False


def _describe(interaction: discord.Interaction) -> str:
    data: Mapping[str, Any] = interaction.data or {}
    what = redact.custom_id(str(data.get("custom_id") or data.get("name") or interaction.type.name))
    return f"{what!r} by user {interaction.user.id} in channel {interaction.channel_id}"
