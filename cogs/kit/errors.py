"""What every refusal or failure says to the user: the Discord layer's own refusals and the friendly
sentence for each error.

Engine and service errors carry a stable ``code``; each code maps to a friendly sentence here, and
refusals whose own message already speaks to the player (bad options, a bad setting) show it. A
database that failed (:class:`~bot.service.errors.StoreUnavailable`) is no bug: the player is asked to
try again, told that nothing was changed only when that is known. Anything else is a bug
(:func:`cogs.kit.answers.report` gives the user a reference id and logs the traceback).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.refusals import keyed, refusal
from bot.service.errors import StoreUnavailable
from bot.words import CATALOG, t
from engine.core.errors import EngineError


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
A refusal raised with a message ``key`` is written from ``refusal.<key>`` in the reader's language; one
without gets, in another language, its ``error.<code>`` sentence with the English detail after it where
the detail names an option or a value."""

DETAILED = frozenset({"bad_options", "bad_setting", "bad_data", "bad_input"})
"""Codes of :data:`SHOWN_AS_IS` whose English detail is kept after the translated sentence."""


UNKNOWN_INTERACTION = 10062
"""Discord's code for an interaction it no longer accepts an answer to."""


def friendly(error: BaseException, lang: str = "en") -> tuple[str, bool]:
    """The message for ``error`` in ``lang`` and whether it is an expected refusal (False: a bug to log)."""
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        error = error.__cause__ or error
    if isinstance(error, UserFacingError):
        return error.text(lang), True
    if isinstance(error, StoreUnavailable):
        return t("error.store_unavailable_unchanged" if error.unchanged else "error.store_unavailable", lang), True
    if isinstance(error, EngineError):
        if error.code in FRIENDLY_CODES:
            return t(f"error.{error.code}", lang), error.code != "invariant_broken"
        if keyed(error, lang):
            return refusal(error, lang), True
        if lang == CATALOG.default or not CATALOG.has(f"error.{error.code}", lang):
            return error.message, True
        lead = t(f"error.{error.code}", lang)
        return (f"{lead}\n-# {error.message}" if error.code in DETAILED else lead), True
    if isinstance(error, discord.Forbidden):
        return t("error.missing_access", lang), True
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION:
        return t("error.expired", lang), True  # answered too late: Discord takes no answer now
    if isinstance(error, discord.DiscordServerError):
        return t("error.discord_down", lang), True
    if isinstance(error, app_commands.MissingPermissions):
        return t("error.manage_server", lang), True
    if isinstance(error, app_commands.NoPrivateMessage):
        return t("error.server_only", lang), True
    if isinstance(error, app_commands.CommandOnCooldown):
        return t("error.cooldown", lang, seconds=round(error.retry_after)), True
    return "", False
