"""``bricabot run``: connect to Discord and serve games until stopped (Ctrl-C or SIGTERM).

Declared in :mod:`cogs.cli`, which imports this module only when the command is chosen.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
import threading
import time

import discord
from pydantic import ValidationError

from bot import ai
from bot.overrides import check_overrides
from bot.settings import Settings
from bot.store import StoreUnavailable, open_database, sqlite_path
from cogs.client import Bricabot
from engine.core.errors import BadData

log = logging.getLogger("bricabot")


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
    problem = asyncio.run(check_store(settings))
    if problem is not None:
        print(f"bricabot: {problem}", file=sys.stderr)
        return 2
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


HARD_STOP_SECONDS = 9.5
"""If a stop has not ended by then (a bug, or a library holding a thread), the process ends anyway,
saying so, before a supervisor's kill (``docker stop`` and systemd wait 10 s)."""


async def _serve(settings: Settings) -> None:
    """Run the bot until SIGTERM or SIGINT, then stop it cleanly (:meth:`Bricabot.shutdown`) and stop the
    AI's search processes, all awaited here, in the main coroutine: work left to a task would be
    cancelled by ``asyncio.run`` on its way out, leaving threads (a database connection's) that keep the
    process alive. A second signal ends the process at once."""
    assert settings.discord_token is not None
    bot = Bricabot(settings)
    loop = asyncio.get_running_loop()
    asked: asyncio.Future[str] = loop.create_future()

    def on_signal(sig: signal.Signals) -> None:
        if asked.done():
            log.warning("%s again: stopping at once", sig.name)
            logging.shutdown()
            os._exit(128 + sig.value)
        asked.set_result(sig.name)

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, on_signal, sig)
    runner = asyncio.create_task(bot.start(settings.discord_token.get_secret_value()), name="bricabot-run")
    await asyncio.wait((runner, asked), return_when=asyncio.FIRST_COMPLETED)
    why = asked.result() if asked.done() else "the connection to Discord ended"
    began = time.monotonic()
    _watchdog(began)
    log.info(
        "stopping (%s): refusing new interactions; waiting for %d moves in flight",
        why,
        bot.gate.in_flight,
    )
    try:
        stopped = await bot.shutdown()
    finally:
        runner.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await runner
        ai.shutdown()
    log.info(
        "stopped in %.1f s: %s; search processes and database closed",
        time.monotonic() - began,
        stopped.describe(),
    )
    failure = None if asked.done() or runner.cancelled() else runner.exception()
    if failure is not None:  # the connection ended by itself: a refused token or intent (run() says which)
        raise failure


def _watchdog(began: float) -> None:
    """End the process :data:`HARD_STOP_SECONDS` after the stop began if it is still there then."""

    def expire() -> None:
        log.error("the stop did not end within %.1f s; exiting now", time.monotonic() - began)
        logging.shutdown()
        os._exit(1)

    timer = threading.Timer(HARD_STOP_SECONDS, expire)
    timer.daemon = True
    timer.start()
