"""Every refused call leaves the stored game byte-for-byte unchanged."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.service import GameService
from engine.core.errors import EngineError
from tests.bot.conftest import dump_game, started_tiny


async def test_refusals_write_nothing(service: GameService) -> None:
    game_id = await started_tiny(service, humans=2, seed=3)
    info = await service.game(game_id)
    mover = next(s for s in info.seats if s.to_act)
    idle = next(s for s in info.seats if not s.to_act)
    assert mover.user_id is not None and idle.user_id is not None
    await service.act(game_id, mover.user_id, "play:0", 0)
    lobby = await service.create_lobby("tiny", 1)
    attempts: list[tuple[int, Callable[[], Awaitable[object]]]] = [
        (game_id, lambda: service.act(game_id, mover.user_id, "play:0", 0)),  # type: ignore[arg-type]
        (game_id, lambda: service.act(game_id, mover.user_id, "play:9", 1)),  # type: ignore[arg-type]
        (game_id, lambda: service.act(game_id, idle.user_id, "end", 1)),  # type: ignore[arg-type]
        (game_id, lambda: service.act(game_id, 77, "end", 1)),
        (game_id, lambda: service.undo(game_id, idle.user_id, 1)),  # type: ignore[arg-type]
        (game_id, lambda: service.undo(game_id, mover.user_id, 0)),  # type: ignore[arg-type]
        (game_id, lambda: service.join(game_id, 5)),
        (game_id, lambda: service.kick(game_id, 2, 0)),
        (game_id, lambda: service.abandon(game_id, 77)),
        (game_id, lambda: service.cancel(game_id, 2)),
        (lobby.id, lambda: service.join(lobby.id, 1)),
        (lobby.id, lambda: service.start(lobby.id, 2)),
        (lobby.id, lambda: service.add_ai(lobby.id, 1, "nobody")),
        (lobby.id, lambda: service.remove_ai(lobby.id, 1, 0)),
        (lobby.id, lambda: service.act(lobby.id, 1, "end", 0)),
        (lobby.id, lambda: service.leave(lobby.id, 3)),
    ]
    for target, attempt in attempts:
        before = await dump_game(service.store, target)
        with pytest.raises(EngineError) as refused:
            await attempt()
        assert refused.value.code and str(refused.value)
        assert await dump_game(service.store, target) == before, refused.value.code
