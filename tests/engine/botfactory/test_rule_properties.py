"""Rules checked on every step of random games: where workers may move, who shares a space, Sandra's
toll, what a column may hold, the end after maintenance (rulebook: how to play; assembly board)."""

from __future__ import annotations

import pytest

from engine.botfactory import GAME, board, flow
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
            if state.phase == "act" and state.turn is not None and (state.round, state.turn.seat) not in seen:
                seen.add((state.round, state.turn.seat))
                shared = board.key_board(state, state.sandra) == state.turn.board
                assert (decision.prompt == "botfactory.prompt.toll") == shared, "Sandra's toll, and only there"
            if state.phase == "act" and state.turn is not None and not state.stack and state.turn.toll:
                assert board.key_board(state, state.sandra) == state.turn.board
                assert decision.prompt == "botfactory.prompt.toll"
            elif state.phase == "act" and state.turn is not None and not state.stack:
                assert decision.prompt == "botfactory.prompt.turn", "the toll is settled once a turn"
            moving = state.phase == "move" and not state.stack and decision.seat >= 0
            before = state.players[decision.seat].pos if moving else EMPTY
            round_no = state.round
            sandra_board = board.key_board(state, state.sandra)
            choice = rng.choice(list(decision.choices))
            GAME.advance(state, decision.seat, choice)
            if moving:
                after = state.players[decision.seat].pos
                if round_no > 1:
                    assert board.key_board(state, after) != board.key_board(state, before), "must change board"
                if seats <= 2:
                    assert board.key_board(state, after) != sandra_board, "with 2 players never onto Sandra's board"
            if state.phase == "move" and state.cursor == 0 and state.round > round_no:
                assert not any(all(t != EMPTY for t in c) for c in state.columns), "maintenance cleared robots"
                assert not flow.game_ends(state), "an end trigger ends the game after that maintenance"
        assert flow.game_ends(state)
