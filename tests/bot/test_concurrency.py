"""Concurrent calls: identical moves apply once; different games all proceed."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import Busy, GameService, base
from bot.store import Conflict, GameRow, Tx
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


async def test_a_join_overtaken_by_another_writer_is_decided_again_from_a_fresh_read(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    lobby = await service.create_lobby("tiny", 1)
    read = GameService._lobby
    overtaken = []

    async def read_then_overtaken(self: GameService, game_id: int, **kwargs: object) -> object:
        seen = await read(self, game_id, **kwargs)  # type: ignore[arg-type]
        if not overtaken:  # another process seats user 3 between this read and the write
            overtaken.append(True)
            async with self.store.transaction() as tx:
                row = await tx.claim(seen[0])
                await tx.replace_seats(row.id, [(1, None), (3, None)])
        return seen

    monkeypatch.setattr(GameService, "_lobby", read_then_overtaken)
    info = await service.join(lobby.id, 2)
    assert [s.user_id for s in info.seats] == [1, 3, 2]  # user 3's seat kept, user 2 seated after


async def test_a_call_that_keeps_conflicting_gives_up_busy_and_writes_nothing(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    lobby = await service.create_lobby("tiny", 1)

    async def always_overtaken(self: Tx, row: GameRow) -> GameRow:
        raise Conflict(row.id)

    monkeypatch.setattr(Tx, "claim", always_overtaken)
    monkeypatch.setattr(base, "ATTEMPTS", 3)
    with pytest.raises(Busy):
        await service.join(lobby.id, 2)
    assert [s.user_id for s in (await service.game(lobby.id)).seats] == [1]
