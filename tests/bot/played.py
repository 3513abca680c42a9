"""Complete games played by greedy AIs straight through the engine, as the stored rows a report or a
replay is rebuilt from (no database: quick enough for many tests)."""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.service.convert import outcome_json
from bot.store import ActionRow, GameRow
from engine import registry
from engine.core.contract import Game, all_policies
from engine.core.rng import Rng


@cache
def played(
    kind: str, seats: int, seed: int = 1, options: tuple[tuple[str, Any], ...] = ()
) -> tuple[Game[Any], GameRow, tuple[ActionRow, ...]]:
    """A finished game of ``kind`` between greedy seats (with ``options``): the game, its row and its log."""
    game = registry.get(kind)
    chosen = game.validate_options(seats, dict(options))
    state = game.new(seats, seed, chosen, {})
    policy = all_policies(game)["greedy"]
    actions = []
    while (outcome := game.outcome(state)) is None:
        decision = game.pending(state)[0]
        choice = policy.choose(game, state, decision, Rng(seed * 7919 + state.flow.version))
        result = game.apply(state, decision.seat, choice.id, state.flow.version)
        state = result.state
        actions.append(
            ActionRow(
                0,
                state.flow.version,
                decision.seat,
                "move",
                choice.id,
                None,
                "ai",
                result.checkpoint,
                tuple(result.events),
                1000 + state.flow.version,
            )
        )
    row = GameRow(
        id=42,
        kind=kind,
        options=chosen,
        seed=seed,
        status="finished",
        host_id=0,
        guild_id=9,
        channel_id=None,
        thread_id=None,
        version=state.flow.version,
        turn_timer=None,
        replace_after=None,
        overrides={},
        outcome=outcome_json(outcome),
        ai_turn=False,
        created_at=0,
        updated_at=0,
        started_at=0,
        finished_at=state.flow.version + 1000,
    )
    return game, row, tuple(actions)
