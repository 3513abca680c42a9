"""``bricabot run``: connect to Discord and serve games until stopped (Ctrl-C or SIGTERM)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys

import discord
from pydantic import ValidationError

from bot.bootstrap import Bricabot
from bot.overrides import check_overrides
from bot.settings import Settings
from engine.core.errors import BadData

COMMAND = ("run",)
HELP = "Run the Discord bot (settings from the environment and .env; see .env.example)."


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--log-level", help="override LOG_LEVEL (DEBUG, INFO, WARNING, ...)")


def run(args: argparse.Namespace) -> int:
    try:
        settings = Settings()
    except ValidationError as exc:
        error = exc.errors()[0]
        name = str(error["loc"][0]).upper() if error["loc"] else "a setting"
        print(f"bricabot: {name} is not valid ({error['msg']}); see .env.example.", file=sys.stderr)
        return 2
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print(
            "bricabot: DISCORD_TOKEN is not set; put it in .env or the environment (see .env.example).", file=sys.stderr
        )
        return 2
    try:
        check_overrides(settings.data_overrides)
    except BadData as exc:
        print(f"bricabot: {exc}", file=sys.stderr)
        return 2
    configure_logging(args.log_level or settings.log_level)
    try:
        asyncio.run(_serve(settings))
    except discord.LoginFailure:
        print(
            "bricabot: Discord refused the token (DISCORD_TOKEN); copy it again from the developer portal.",
            file=sys.stderr,
        )
        return 2
    except discord.PrivilegedIntentsRequired:
        print("bricabot: Discord refused an intent; Bricabot needs no privileged intents.", file=sys.stderr)
        return 2
    return 0


PAYLOAD_LOGGERS = ("discord.http", "discord.gateway", "aiosqlite")
"""Libraries that write whole payloads at DEBUG: discord.py its requests and events (panels with a
player's screen, the choice ids on their buttons, the options they picked), aiosqlite every statement
with its parameters (choices, private events, full snapshots). They stay at INFO or above."""


def configure_logging(level_name: str) -> None:
    """The log at ``level_name`` (INFO if unknown), without the payload lines of :data:`PAYLOAD_LOGGERS`."""
    level = logging.getLevelNamesMapping().get(level_name.upper(), logging.INFO)
    discord.utils.setup_logging(level=level)
    limit_payload_loggers(level)


def limit_payload_loggers(level: int) -> None:
    """Keep :data:`PAYLOAD_LOGGERS` at INFO or above whatever ``level`` the rest of the log has."""
    for name in PAYLOAD_LOGGERS:
        logging.getLogger(name).setLevel(max(level, logging.INFO))


async def _serve(settings: Settings) -> None:
    """Start the bot; SIGTERM and SIGINT close it cleanly (moves in flight finish, the database closes)."""
    assert settings.discord_token is not None
    bot = Bricabot(settings)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
    async with bot:
        await bot.start(settings.discord_token.get_secret_value())
