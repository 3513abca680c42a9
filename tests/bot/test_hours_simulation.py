"""Over many simulated days (:mod:`tests.bot.hours_simulation`), on SQLite and PostgreSQL, with windows,
start dates around the daylight-saving changes and turn timers drawn by hypothesis: no notice reaches a
player outside their hours, no missed deadline falls outside them, and what was held for a player goes
out within a minute of their window opening."""

from __future__ import annotations

import asyncio
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.hours import clock_text
from bot.store.postgres import scratch_schema
from tests.bot.databases import STORES, TEST_DATABASE_URL
from tests.bot.hours_simulation import TABLE, Figures, Player, simulate

STARTS = [
    datetime(2026, 3, 26, tzinfo=UTC),  # Paris moves to summer time on the 29th
    datetime(2026, 10, 22, tzinfo=UTC),  # and back on 25 October
    datetime(2027, 1, 10, tzinfo=UTC),
    datetime(2026, 6, 28, tzinfo=UTC),
]
DAYS = 6


@st.composite
def tables(draw: st.DrawFn) -> list[Player]:
    """The simulation's players in their zones, each with a window drawn here (a quarter of an hour to
    the minute, from 2 to 20 hours, some crossing midnight); the daily digest for one of them."""
    digest = draw(st.sampled_from([p.user for p in TABLE if p.zone is not None]))
    out = []
    for player in TABLE:
        if player.zone is None:
            out.append(player)
            continue
        start = draw(st.integers(0, 95)) * 15
        length = draw(st.integers(8, 80)) * 15
        end = (start + length) % 1440 or 1440
        out.append(Player(player.user, player.zone, f"{clock_text(start)}-{clock_text(end)}", player.user == digest))
    return out


async def _simulate(store: str, players: list[Player], start: datetime, timer: str, seed: int) -> Figures:
    if store == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            database = str(Path(folder) / "hours.sqlite3")
            return await simulate(database, days=DAYS, seed=seed, start=start, timer=timer, players=players)
    async with scratch_schema(TEST_DATABASE_URL) as url:
        return await simulate(url, days=DAYS, seed=seed, start=start, timer=timer, players=players, store=store)


@pytest.mark.parametrize("store", STORES)
@settings(max_examples=8, deadline=None)
@given(
    players=tables(),
    start=st.sampled_from(STARTS),
    timer=st.sampled_from(["12h", "24h", "48h"]),
    seed=st.integers(0, 2**20),
)
def test_nobody_is_woken_or_timed_out_outside_their_hours(
    store: str, players: list[Player], start: datetime, timer: str, seed: int
) -> None:
    figures = asyncio.run(_simulate(store, players, start, timer, seed))
    assert figures.problems == []
    assert figures.outside == 0 and figures.deadlines_outside == 0
    assert figures.longest_delay <= 60
    assert figures.still_held == 0
    assert figures.notices > 0 and figures.moves > 0  # something was played and told
