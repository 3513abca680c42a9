"""Concurrent calls: identical moves apply once; different games all proceed."""

from __future__ import annotations

import asyncio

from bot.service import GameService
from engine.core.errors import StaleVersion
from tests.bot.conftest import started_tiny


async def test_fifty_identical_acts_apply_exactly_once(service: GameService) -> None:
    game_id = await started_tiny(service)
    info = await service.game(game_id)
    seat = next(s for s in info.seats if s.to_act)
    assert seat.user_id is not None
    calls = [service.act(game_id, seat.user_id, "play:0", 0) for _ in range(50)]
    results = await asyncio.gather(*calls, return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    stale = [r for r in results if isinstance(r, StaleVersion)]
    assert len(applied) == 1 and len(stale) == 49
    assert (await service.game(game_id)).version == 1
    assert len(await service.log(game_id)) == 1
    assert await service.replay_matches(game_id)


async def test_moves_in_different_games_all_succeed(service: GameService) -> None:
    games = [await started_tiny(service, seed=s) for s in range(20)]
    movers = []
    for game_id in games:
        seat = next(s for s in (await service.game(game_id)).seats if s.to_act)
        movers.append((game_id, seat.user_id))
    results = await asyncio.gather(*(service.act(g, u, "play:0", 0) for g, u in movers))  # type: ignore[arg-type]
    assert [r.game.version for r in results] == [1] * 20
    for game_id in games:
        assert await service.replay_matches(game_id)
