"""Fuzz every service entry with well-typed but hostile values, on each store.

5,000 seeded calls mix in-range and out-of-range integers (negative, 2^63, 2^64, 10^30), NUL, lone
surrogates, 1 MB strings and real or random choice ids. Every call must succeed or raise one of the
service's typed errors (the ``EngineError`` family, each with a ``code``), and a refused call must
leave every stored row as it was.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

import asyncpg  # type: ignore[import-untyped]

from bot.service import GameService, GuildSettings, TimeoutPolicy, Work
from bot.store import sqlite_path
from engine.core.errors import EngineError
from tests.bot.conftest import started_tiny

CALLS = 5000
HUGE = (-1, -(2**63) - 1, 2**63 - 1, 2**63, 2**64, 10**30, -(10**30))
TEXTS = ("", "end", "play:0", "play:9", "a\x00b", "\ud800", "x" * 1_000_000, "é" * 70, "en", "fr", "24h", "7d", "board")


TABLES = ("games", "seats", "actions", "snapshots", "messages", "notes", "user_settings", "guild_settings")


class Rows:
    """Every stored row of every table, read on a connection of the test's own (the database stays small)."""

    def __init__(self, database: str) -> None:
        self.database = database
        self.sqlite: sqlite3.Connection | None = None
        self.postgres: Any = None

    async def __aenter__(self) -> Rows:
        path = sqlite_path(self.database)
        if path is None:
            self.postgres = await asyncpg.connect(self.database)
        else:
            self.sqlite = sqlite3.connect(path)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.sqlite is not None:
            self.sqlite.close()
        if self.postgres is not None:
            await self.postgres.close()

    async def all(self) -> list[list[Any]]:
        if self.sqlite is not None:
            return [self.sqlite.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall() for table in TABLES]
        arrays = ", ".join(f"ARRAY(SELECT t::text FROM {table} t ORDER BY 1)" for table in TABLES)
        return list(await self.postgres.fetchrow(f"SELECT {arrays}"))


class Fuzzer:
    def __init__(self, service: GameService, rng: random.Random, games: list[int]) -> None:
        self.service = service
        self.rng = rng
        self.games = games

    def int_(self) -> int:
        roll = self.rng.random()
        if roll < 0.2:
            return self.rng.choice(HUGE)
        if roll < 0.5:
            return self.rng.choice(self.games)
        return self.rng.randrange(0, 8)

    def text(self) -> str:
        return self.rng.choice(TEXTS) if self.rng.random() < 0.8 else f"{self.rng.choice(TEXTS[:4])}:{self.int_()}"

    def maybe(self, value: Callable[[], Any]) -> Any:
        return None if self.rng.random() < 0.3 else value()

    async def choice(self, game_id: int, user_id: int) -> str:
        """A real choice id of the user's decision when there is one (so games move on), else junk."""
        if self.rng.random() < 0.5:
            try:
                decision = (await self.service.view(game_id, user_id)).decision
            except EngineError:
                decision = None
            if decision is not None and decision.choices:
                return self.rng.choice(decision.choices).id
        return self.text()

    async def call(self) -> Callable[[], Awaitable[object]]:
        s, i, t, m = self.service, self.int_, self.text, self.maybe
        game, user = i(), i()
        entries: list[Callable[[], Awaitable[object]]] = [
            lambda: s.create_lobby(
                self.rng.choice(("tiny", t())),
                user,
                options=m(lambda: {t(): self.rng.choice((i(), t(), True))}),
                guild_id=m(i),
                channel_id=m(i),
                thread_id=m(i),
                turn_timer_name=self.rng.choice(("off", "12h", t())),
                seed=m(i),
                seats=m(i),
            ),
            lambda: s.join(game, user),
            lambda: s.leave(game, user),
            lambda: s.add_ai(game, user, m(t)),
            lambda: s.remove_ai(game, user, i()),
            lambda: s.cancel(game, user),
            lambda: s.set_thread(game, i()),
            lambda: s.start(game, user),
            lambda: s.games(status=m(t), guild_id=m(i), channel_id=m(i)),
            lambda: s.user_games(user),
            lambda: s.view(game, m(lambda: user)),
            lambda: s.pending_for(user),
            lambda: s.log(game, m(lambda: user), since=i(), lang=t(), names=m(lambda: [t(), t()])),
            lambda: s.replay_matches(game),
            lambda: s.history(game),
            lambda: s.undo(game, user, i()),
            lambda: s.abandon(game, user),
            lambda: s.kick(game, user, i()),
            lambda: s.replace(game, user, i(), i()),
            lambda: s.configure(game, user, turn_timer_name=m(t), reminders=m(lambda: self.rng.random() < 0.5)),
            lambda: s.set_vacation(user, self.rng.random() < 0.5),
            lambda: s.vacation(user),
            lambda: s.user_lang(user),
            lambda: s.set_user_lang(user, t()),
            lambda: s.dm_settings(user),
            lambda: s.set_dm_turns(user, self.rng.random() < 0.5),
            lambda: s.mark_dms_closed(user),
            lambda: s.guild_settings(i()),
            lambda: s.set_guild_settings(
                i(), GuildSettings(t(), self.rng.choice(("off", t())), m(i), TimeoutPolicy(m(lambda: i() % 101 or 1)))
            ),
            lambda: s.set_message(game, t(), i(), i()),
            lambda: s.messages(game),
            lambda: s.perform(Work(self.rng.choice(("reminder", "timeout", "resume")), game, m(i), datetime.now(UTC))),
            lambda: s.next_due(),
        ]
        if self.rng.random() < 0.35:
            choice, version = await self.choice(game, user), i()
            if self.rng.random() < 0.6 and game in self.games:
                version = (await s.game(game)).version
            return lambda: s.act(game, user, choice, version)
        return self.rng.choice(entries)


async def test_fuzzed_calls_raise_only_typed_errors_and_refusals_change_nothing(
    service: GameService, database: str
) -> None:
    async with Rows(database) as rows:
        await _fuzz(service, rows)


async def _fuzz(service: GameService, rows: Rows) -> None:
    rng = random.Random(20261123)
    games = [await started_tiny(service, humans=3, seed=s) for s in range(3)]
    games.append((await service.create_lobby("tiny", 1, seed=9)).id)
    fuzzer = Fuzzer(service, rng, games)
    refused = succeeded = 0
    before = await rows.all()
    for n in range(CALLS):
        attempt = await fuzzer.call()
        try:
            await attempt()
        except EngineError as error:
            assert error.code, error
            after = await rows.all()
            assert after == before, f"call {n} was refused ({error.code}) but changed the database"
            refused += 1
        else:
            succeeded += 1
            after = await rows.all()
        before = after
    assert refused > CALLS // 3 and succeeded > CALLS // 10, (refused, succeeded)
