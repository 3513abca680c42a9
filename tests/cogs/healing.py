"""What the self-healing tests share: the bot on SQLite and then PostgreSQL, no routine refusal logged
as an error, playing a turn from a DM, and "is the table whole": the board shows the stored game and
everyone who must act was told in the game's thread."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService
from bot.settings import Settings
from bot.store.postgres import scratch_schema
from tests.bot.databases import STORES, TEST_DATABASE_URL
from tests.cogs.conftest import ALICE, BOB, GUILD, MOD
from tests.cogs.flows import Table, custom_ids
from tests.support.discord.gateway import User
from tests.support.discord.harness import Harness
from tests.support.discord.server import EPHEMERAL, FakeDiscord

USERS = {u.id: u for u in (ALICE, BOB, MOD)}
EDIT = r"/channels/\d+/messages/\d+"
"""The route of a message edit (the board's)."""
FOOTER = re.compile(r"Move (\d+) ")


@pytest.fixture(params=STORES)
async def settings(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Settings]:
    """The bot's settings on a SQLite file, then on a PostgreSQL schema of its own."""
    if request.param == "sqlite":
        yield Settings(
            discord_token="test-token", database_path=tmp_path / "b.sqlite3", dev_guild_id=GUILD.id, _env_file=None
        )  # type: ignore[call-arg]
        return
    async with scratch_schema(TEST_DATABASE_URL) as url:
        yield Settings(discord_token="test-token", database_url=url, dev_guild_id=GUILD.id, _env_file=None)  # type: ignore[call-arg]


@pytest.fixture(autouse=True)
def no_errors_logged(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Discord's routine refusals are logged on one line below ERROR, without a traceback."""
    caplog.set_level(logging.INFO, logger="bricabot")
    yield
    errors = [r for r in caplog.records if r.name.startswith("bricabot") and r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]
    traced = [r for r in caplog.records if r.name.startswith("bricabot") and r.exc_info]
    assert not traced, [r.getMessage() for r in traced]


def service(harness: Harness) -> GameService:
    assert harness.bot.service is not None
    return harness.bot.service


async def acting(harness: Harness, game_id: int) -> list[User]:
    game = await service(harness).game(game_id)
    return [USERS[s.user_id] for s in game.seats if s.to_act and s.user_id in USERS]


async def move(harness: Harness, table: Table) -> int:
    """Whoever must act plays their whole turn (cards, then the end) from ``/game play`` in a DM with the
    bot (a private panel, which Discord's faults in the server do not touch); returns the stored version."""
    (player, *_) = await acting(harness, table.game_id)
    before = (await service(harness).game(table.game_id)).version
    opened = await harness.slash(player, "game play", channel=harness.dm(player), game=table.game_id)
    assert opened.message is not None and opened.ephemeral, opened.text()
    panel = opened.message["id"]
    while True:
        moves = [c for c in custom_ids(harness.fake.messages[int(panel)]) if c.startswith("mv:")]
        plays = [m for m in moves if ":play:" in m]
        if not moves:
            break
        played = await harness.click(player, panel, plays[0] if plays else moves[-1])
        assert "Nothing was changed" not in played.text()
        if not plays:
            break
    after = (await service(harness).game(table.game_id)).version
    assert after > before
    return after


def boards(fake: FakeDiscord, game_id: int) -> list[dict[str, Any]]:
    """The game's board messages that still exist, oldest first."""
    return [
        m
        for m in fake.messages.values()
        if f"board:{game_id}:log" in custom_ids(m) and not m["flags"] & EPHEMERAL and m["attachments"]
    ]


def shown_version(fake: FakeDiscord, game_id: int) -> int | None:
    """The move the game's (one) board message shows."""
    live = boards(fake, game_id)
    assert len(live) <= 1, "one board message per game"
    if not live:
        return None
    found = FOOTER.search(live[0]["embeds"][0]["footer"]["text"])
    return None if found is None else int(found.group(1))


async def told(harness: Harness, table: Table, since: int = 0) -> bool:
    """Every player who must act was pinged in the game's thread by a message Discord accepted after
    request ``since`` (a ping posted before a fault is not the notice of a turn that began during it)."""
    where = (await service(harness).game(table.game_id)).thread_id
    posted = [
        r.text
        for r in harness.fake.requests[since:]
        if r.method == "POST" and r.path == f"/channels/{where}/messages" and r.status == 200 and "your turn" in r.text
    ]
    return all(any(f"<@{u.id}>" in p for p in posted) for u in await acting(harness, table.game_id))


async def healed(harness: Harness, table: Table, since: int = 0) -> bool:
    version = (await service(harness).game(table.game_id)).version
    return shown_version(harness.fake, table.game_id) == version and await told(harness, table, since)


async def heal_within_two_passes(harness: Harness, table: Table, since: int) -> int:
    """Scheduler passes (at most two) until the table is whole again; returns how many it took (and
    prints it, with the time the passes took, for the record)."""
    began = time.monotonic()
    for passes in range(3):
        if await healed(harness, table, since):
            print(f"healed after {passes} scheduler passes, {1000 * (time.monotonic() - began):.0f} ms of work")
            return passes
        await harness.tick()
    raise AssertionError("the table did not heal within two scheduler passes")


def host_dms(harness: Harness) -> list[str]:
    dm = harness.dm(ALICE)
    return [m["content"] for m in harness.fake.channel_messages(dm)]
