"""``bricabot run``: connect to Discord and serve games until stopped (Ctrl-C or SIGTERM).

Declared in :mod:`program.cli`, which imports this module only when the command is chosen, and hands
it the companions to run beside the bot (the web pages when ``WEB_PORT`` is set): each is started with
the bot and stopped when it stops.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Protocol

import discord
from pydantic import ValidationError

from bot import ai
from bot.overrides import check_overrides
from bot.settings import Settings
from bot.store import StoreUnavailable, open_database, sqlite_path
from cogs.client import Bricabot
from engine.core.errors import BadData


class Companion(Protocol):
    """A service run beside the bot in the same process, started before it connects and stopped after it
    closes."""

    async def start(self) -> None: ...

    async def stop(self) -> None: ...


Companions = Callable[[Settings], Sequence[Companion]]


def run(args: argparse.Namespace, companions: Companions = lambda settings: ()) -> int:
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
    problem = asyncio.run(check_store(settings))
    if problem is not None:
        print(f"bricabot: {problem}", file=sys.stderr)
        return 2
    try:
        asyncio.run(_serve(settings, companions(settings)))
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


STORE_PROBLEMS = {
    "read_only": "cannot be written: give the bot write access to the file and its folder (or a writable server)",
    "permission": "cannot be opened or written: check the permissions of the file and its folder (or the role)",
    "full": "cannot be written: the disk is full",
    "disk": "cannot be read or written: the disk failed or the file is damaged",
    "locked": "stays locked by another program",
    "connection": "cannot be reached: check that the server runs and DATABASE_URL",
    "timeout": "does not answer in time",
}
"""What ``bricabot run`` says when the database fails its start-up check, by :attr:`StoreUnavailable.reason`."""


async def check_store(settings: Settings) -> str | None:
    """Open (and migrate) the database and write to it in a transaction that is rolled back: a
    database the bot cannot write (a read-only file or volume, missing rights) is found before
    connecting to Discord, not at the first player's move. ``None`` when all is well, else one line."""
    path = sqlite_path(settings.database)
    where = f"database file {path}" if path is not None else "database at DATABASE_URL"
    try:
        database = await open_database(settings.database, settings.store_limits)
        try:
            await database.probe_write()
        finally:
            await database.close()
    except StoreUnavailable as error:
        detail = " ".join(f"{type(error.cause).__name__}: {error.cause}".split()) if error.cause else error.reason
        return f"the {where} {STORE_PROBLEMS.get(error.reason, 'is unavailable')} ({detail})."
    return None


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


async def _serve(settings: Settings, companions: Sequence[Companion] = ()) -> None:
    """Start the bot and its companions; SIGTERM and SIGINT close it cleanly (moves in flight finish, the
    database closes, the companions stop, the AI's search processes stop)."""
    assert settings.discord_token is not None
    bot = Bricabot(settings)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
    started: list[Companion] = []
    try:
        for companion in companions:
            await companion.start()
            started.append(companion)
        async with bot:
            await bot.start(settings.discord_token.get_secret_value())
    finally:
        for companion in reversed(started):
            await companion.stop()
        ai.shutdown()
