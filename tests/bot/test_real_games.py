"""Every registered game through the service: humans and AI seats to the end, no leaks, exact replay."""

from __future__ import annotations

import pytest

from bot.service import GameService
from engine import registry
from engine.core.rng import Rng

KINDS = sorted(k for k in registry.games() if k != "tiny")


@pytest.mark.parametrize("kind", KINDS)
async def test_a_full_game_with_humans_and_an_ai(service: GameService, kind: str) -> None:
    game = registry.get(kind)
    humans = max(1, game.min_seats)
    lobby = await service.create_lobby(kind, 1, seed=17)
    for user in range(2, humans + 1):
        await service.join(lobby.id, user)
    if humans < game.max_seats:
        await service.add_ai(lobby.id, 1)
    result = await service.start(lobby.id, 1)
    rng = Rng(3)
    moves = 0
    while result.game.status == "active" and moves < 3000:
        pending = [p for user in range(1, humans + 1) for p in await service.pending_for(user)]
        assert pending, "a running game with no human to act and no AI move"
        item = pending[rng.randbelow(len(pending))]
        user = item.game.seats[item.seat].user_id
        assert user is not None
        choice = item.decision.choices[rng.randbelow(len(item.decision.choices))].id
        result = await service.act(lobby.id, user, choice, item.game.version)
        moves += 1
    assert result.game.status == "finished"
    assert await service.replay_matches(lobby.id)
    for user in [None, *range(1, humans + 1)]:
        info = await service.game(lobby.id)
        held = None if user is None else info.seat_of(user)
        seat = None if held is None else held.seat
        for entry in await service.log(lobby.id, user):
            assert all(e.to is None or (seat is not None and seat in e.to) for e in entry.events)
            assert entry.choice is None or entry.seat == seat
