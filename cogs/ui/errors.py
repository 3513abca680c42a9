"""The one error handler: every refusal or failure reaches the user as a short ephemeral message.

Engine and service errors carry a stable ``code``; each code maps to a friendly sentence here, and
refusals whose own message already speaks to the player (bad options, a bad setting) show it. Anything
else is a bug: the user gets a reference id, the log gets the full traceback under that id.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot import redact
from cogs.ui.words import CATALOG, t
from engine.core.errors import EngineError

log = logging.getLogger("bricabot.errors")


class UserFacingError(Exception):
    """A refusal decided by the Discord layer itself (not a seat, wrong channel, shutting down).

    Its text is the catalogue message ``error.<code>`` with ``params``, written in the reader's
    language when the refusal is reported. An explicit ``message`` (older call sites) is shown as given.
    """

    def __init__(self, code: str, message: str | None = None, /, **params: Any) -> None:
        self.code = code
        self.params = params
        self.keyed = message is None
        self.message = t(f"error.{code}", "en", **params) if message is None else message
        super().__init__(self.message)

    def text(self, lang: str) -> str:
        return t(f"error.{self.code}", lang, **self.params) if self.keyed else self.message


FRIENDLY_CODES = (
    "stale_version",
    "game_finished",
    "wrong_seat",
    "illegal_choice",
    "game_not_found",
    "not_host",
    "not_seated",
    "invariant_broken",
)
"""Stable engine and service error codes answered with a fixed sentence, ``error.<code>`` in the catalogue."""

FRIENDLY: dict[str, str] = {code: t(f"error.{code}", "en") for code in FRIENDLY_CODES}
"""The English sentences of :data:`FRIENDLY_CODES`; another language: ``t(f"error.{code}", lang)``."""

SHOWN_AS_IS = frozenset(
    {
        "bad_input",
        "busy",
        "bad_options",
        "bad_setting",
        "bad_data",
        "game_full",
        "wrong_status",
        "not_enough_seats",
        "cannot_undo",
        "already_seated",
    }
)
"""Codes whose own message is written for the player and says more than a fixed sentence could (the
option and its allowed values, the seats needed, the game's state, why undo stops, who holds a seat).
The engine writes those messages in English: another language gets its ``error.<code>`` sentence, with
the English detail after it where the detail names an option or a value."""

DETAILED = frozenset({"bad_options", "bad_setting", "bad_data", "bad_input"})
"""Codes of :data:`SHOWN_AS_IS` whose English detail is kept after the translated sentence."""


def friendly(error: BaseException, lang: str = "en") -> tuple[str, bool]:
    """The message for ``error`` in ``lang`` and whether it is an expected refusal (False: a bug to log)."""
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        error = error.__cause__ or error
    if isinstance(error, UserFacingError):
        return error.text(lang), True
    if isinstance(error, EngineError):
        if error.code in FRIENDLY_CODES:
            return t(f"error.{error.code}", lang), error.code != "invariant_broken"
        if lang == CATALOG.default or not CATALOG.has(f"error.{error.code}", lang):
            return error.message, True
        lead = t(f"error.{error.code}", lang)
        return (f"{lead}\n-# {error.message}" if error.code in DETAILED else lead), True
    if isinstance(error, discord.Forbidden):
        return t("error.missing_access", lang), True
    if isinstance(error, app_commands.MissingPermissions):
        return t("error.manage_server", lang), True
    if isinstance(error, app_commands.NoPrivateMessage):
        return t("error.server_only", lang), True
    if isinstance(error, app_commands.CommandOnCooldown):
        return t("error.cooldown", lang, seconds=round(error.retry_after)), True
    return "", False


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
    """The reader's language (``cogs.ui.context.lang_for``), or their client's when the store cannot say
    (shutting down, or the failure being reported is the store's own)."""
    from cogs.ui import context  # context raises this module's errors

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
    except discord.HTTPException:
        log.warning("could not deliver an error message for %s", _describe(interaction), exc_info=True)


def _describe(interaction: discord.Interaction) -> str:
    data: Mapping[str, Any] = interaction.data or {}
    what = redact.custom_id(str(data.get("custom_id") or data.get("name") or interaction.type.name))
    return f"{what!r} by user {interaction.user.id} in channel {interaction.channel_id}"


class BricabotTree(app_commands.CommandTree[discord.Client]):
    """The command tree whose ``on_error`` is the one error handler for slash commands, and which checks
    every option against its command's declaration first (:mod:`cogs.ui.options`)."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        from cogs.ui import options  # options answers through this module

        return await options.checked(interaction)

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report(interaction, error)
