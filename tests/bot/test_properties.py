"""Random sequences of service calls keep the store consistent: one log entry per version, the replay
equal to the snapshot, and refusals writing nothing."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service import GameService
from engine.core.errors import EngineError
from tests.bot.conftest import ManualClock, dump_game, started_tiny

OPS = st.lists(
    st.tuples(st.sampled_from(["act", "act", "act", "undo", "stale", "wrong", "abandon"]), st.integers(0, 9)),
    min_size=1,
    max_size=40,
)


async def _run(path: Path, seed: int, ops: list[tuple[str, int]]) -> None:
    async with await GameService.open(path, clock=ManualClock()) as service:
        game_id = await started_tiny(service, humans=3, ais=1, seed=seed)
        for op, n in ops:
            info = await service.game(game_id)
            if info.status != "active":
                break
            movers = [s for s in info.seats if s.to_act and not s.is_ai and s.user_id is not None]
            if not movers:
                break
            mover = movers[0]
            assert mover.user_id is not None
            idle = next((s.user_id for s in info.seats if not s.to_act and s.user_id and not s.is_ai), 99)
            before = await dump_game(service.store, game_id)
            try:
                if op == "act":
                    table = await service.view(game_id, mover.user_id)
                    assert table.decision is not None
                    choice = table.decision.choices[n % len(table.decision.choices)].id
                    await service.act(game_id, mover.user_id, choice, info.version)
                elif op == "undo":
                    await service.undo(game_id, mover.user_id, info.version)
                elif op == "stale":
                    await service.act(game_id, mover.user_id, "end", info.version - 1 - n)
                elif op == "wrong":
                    await service.act(game_id, idle, "end", info.version)
                elif n == 0:
                    await service.abandon(game_id, mover.user_id)
            except EngineError:
                assert await dump_game(service.store, game_id) == before
            stored = await dump_game(service.store, game_id)
            version = (await service.game(game_id)).version
            assert [row[1] for row in stored["actions"]] == list(range(1, version + 1))
            assert stored["snapshots"][0][1] == version
        assert await service.replay_matches(game_id)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), ops=OPS)
def test_random_call_sequences_keep_the_store_consistent(seed: int, ops: list[tuple[str, int]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(_run(Path(folder) / "p.sqlite3", seed, ops))
