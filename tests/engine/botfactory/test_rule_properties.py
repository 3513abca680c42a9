"""Rules checked on every step of random games: where workers may move, who shares a space, Sandra's
toll, what a column may hold, the end after maintenance (rulebook: how to play; assembly board)."""

from __future__ import annotations

import pytest

from engine.botfactory import GAME, flow, procedures
from engine.botfactory.state import EMPTY
from engine.core.rng import Rng


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_random_games_keep_the_movement_toll_and_assembly_rules(seats: int) -> None:
    for seed in range(3):
        state = GAME.new(seats, 100 + seed, {"variant": seed % 3})
        rng = Rng(seed)
        seen: set[tuple[int, int]] = set()
        while GAME.outcome(state) is None:
            GAME.check_invariants(state)  # one meeple a space, parts in their rows and colours
            decision = GAME.pending(state)[0]
            now = state.flow
            if now.phase == "act" and now.turn is not None and (now.round, now.turn.seat) not in seen:
                seen.add((now.round, now.turn.seat))
                shared = procedures.key_board(state, state.sandra) == now.turn.board
                assert (decision.prompt == "botfactory.prompt.toll") == shared, "Sandra's toll, and only there"
            if now.phase == "act" and now.turn is not None and not now.stack and now.turn.toll:
                assert procedures.key_board(state, state.sandra) == now.turn.board
                assert decision.prompt == "botfactory.prompt.toll"
            elif state.flow.phase == "act" and state.flow.turn is not None and not state.flow.stack:
                assert decision.prompt == "botfactory.prompt.turn", "the toll is settled once a turn"
            moving = state.flow.phase == "move" and not state.flow.stack and decision.seat >= 0
            before = state.players[decision.seat].pos if moving else EMPTY
            round_no = state.flow.round
            sandra_board = procedures.key_board(state, state.sandra)
            choice = rng.choice(list(decision.choices))
            GAME.advance(state, decision.seat, choice)
            if moving:
                after = state.players[decision.seat].pos
                if round_no > 1:
                    assert procedures.key_board(state, after) != procedures.key_board(state, before), (
                        "must change board"
                    )
                if seats <= 2:
                    assert procedures.key_board(state, after) != sandra_board, (
                        "with 2 players never onto Sandra's board"
                    )
            if state.flow.phase == "move" and state.flow.cursor == 0 and state.flow.round > round_no:
                assert not any(all(t != EMPTY for t in c) for c in state.columns), "maintenance cleared robots"
                assert not flow.game_ends(state), "an end trigger ends the game after that maintenance"
        assert flow.game_ends(state)
