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
from engine.core.errors import EngineError

log = logging.getLogger("bricabot.errors")


class UserFacingError(Exception):
    """A refusal decided by the Discord layer itself (not a seat, wrong channel, shutting down)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


FRIENDLY: dict[str, str] = {
    "stale_version": "That was chosen on an out-of-date screen: the game has moved on. Nothing was played.",
    "game_finished": "This game has already ended.",
    "wrong_seat": "It is not your turn to decide right now.",
    "illegal_choice": "That choice is no longer allowed. Nothing was played.",
    "game_not_found": "I can't find that game: check its number (`/game mine` lists yours).",
    "not_host": "Only the game's host (or someone with Manage Server) can do that.",
    "not_seated": "You are not playing in this game.",
    "invariant_broken": "The game hit an inconsistency and the move was refused.",
}
"""Stable engine and service error codes to what a player reads (other codes show their own message)."""

MISSING_ACCESS = (
    "Discord refused me: I need View Channel, Send Messages, Embed Links, Attach Files, Create Public "
    "Threads and Send Messages in Threads here. A server manager can grant them."
)

SHOWN_AS_IS = frozenset(
    {
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
option and its allowed values, the seats needed, the game's state, why undo stops, who holds a seat)."""


def friendly(error: BaseException) -> tuple[str, bool]:
    """The message for ``error`` and whether it is an expected refusal (False: a bug to log)."""
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        error = error.__cause__ or error
    if isinstance(error, UserFacingError):
        return error.message, True
    if isinstance(error, EngineError):
        if error.code in SHOWN_AS_IS:
            return error.message, True
        return FRIENDLY.get(error.code, error.message), error.code != "invariant_broken"
    if isinstance(error, discord.Forbidden):
        return MISSING_ACCESS, True
    if isinstance(error, app_commands.MissingPermissions):
        return "You need the Manage Server permission for that.", True
    if isinstance(error, app_commands.NoPrivateMessage):
        return "That only works in a server channel, not in DMs.", True
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down a little: try again in {error.retry_after:.0f} s.", True
    return "", False


async def report(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer ``interaction`` with a short ephemeral message about ``error``; log bugs with a reference."""
    message, expected = friendly(error)
    if not expected:
        ref = secrets.token_hex(3).upper()
        cause = error.__cause__ if isinstance(error, app_commands.CommandInvokeError) else None
        log.error(
            "ref %s: error handling interaction %s",
            ref,
            _describe(interaction),
            exc_info=redact.exc_info(cause or error),
        )
        message = f"{message or 'Something went wrong on my side.'} Nothing was changed. (ref `{ref}`)"
    await send_ephemeral(interaction, message)


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
    """The command tree whose ``on_error`` is the one error handler for slash commands."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report(interaction, error)
