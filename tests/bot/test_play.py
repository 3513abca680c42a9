"""Moves, views, logs without leaks, AI seats, undo, seat hand-over, replay at every version."""

from __future__ import annotations

import json
import random

import pytest

from bot.notifications import GameEnded, MustAct, SeatReplaced
from bot.service import CannotUndo, GameService, MoveRecord, NotHost, NotSeated, WrongStatus
from engine import registry
from engine.core.contract import View
from engine.core.errors import GameFinished, IllegalChoice, StaleVersion, WrongSeat
from tests.bot.conftest import started_tiny
from tests.support.tinygame import TinyView


def _tiny(view: View) -> TinyView:
    assert isinstance(view, TinyView)
    return view


async def _mover(service: GameService, game_id: int) -> tuple[int, int]:
    """(user, seat) of the human whose turn it is."""
    info = await service.game(game_id)
    seat = next(s for s in info.seats if s.to_act)
    assert seat.user_id is not None
    return seat.user_id, seat.seat


async def test_act_commits_and_bumps_the_version(service: GameService) -> None:
    game_id = await started_tiny(service)
    user, seat = await _mover(service, game_id)
    table = await service.view(game_id, user)
    assert table.seat == seat and table.decision is not None and table.view.version == 0
    result = await service.act(game_id, user, table.decision.choices[0].id, 0)
    assert result.game.version == 1 and [m.choice for m in result.moves] == [table.decision.choices[0].id]
    assert (await service.view(game_id, user)).view.version == 1
    assert await service.replay_matches(game_id)


async def test_move_errors_are_the_engines(service: GameService) -> None:
    game_id = await started_tiny(service)
    user, _ = await _mover(service, game_id)
    other = 3 - user
    with pytest.raises(StaleVersion):
        await service.act(game_id, user, "end", 4)
    with pytest.raises(WrongSeat):
        await service.act(game_id, other, "end", 0)
    with pytest.raises(IllegalChoice, match="'play:7'"):
        await service.act(game_id, user, "play:7", 0)
    with pytest.raises(NotSeated):
        await service.act(game_id, 99, "end", 0)


async def test_spectators_and_other_seats_never_see_private_events(service: GameService) -> None:
    game_id = await started_tiny(service)
    user, seat = await _mover(service, game_id)
    await service.act(game_id, user, "play:0", 0)
    await service.act(game_id, user, "end", 1)
    mine = await service.log(game_id, user, since=1)
    theirs = await service.log(game_id, 3 - user, since=1)
    public = await service.log(game_id, None, since=1)
    assert any(e.to == frozenset({seat}) for e in mine[0].events)
    assert mine[0].choice == "end"
    for entries in (theirs, public):
        assert all(e.to is None for entry in entries for e in entry.events)
        assert all("drew [" not in line for entry in entries for line in entry.lines)
        assert entries[0].choice is None
    spectator = await service.view(game_id, None)
    assert spectator.seat is None and spectator.decision is None and _tiny(spectator.view).hand is None


async def test_log_since_a_version(service: GameService) -> None:
    game_id = await started_tiny(service)
    for _ in range(3):
        user, _ = await _mover(service, game_id)
        table = await service.view(game_id, user)
        assert table.decision is not None
        await service.act(game_id, user, table.decision.choices[-1].id, table.game.version)
    assert [e.version for e in await service.log(game_id, since=1)] == [2, 3]


async def test_ai_seats_play_until_a_human_must_act(service: GameService) -> None:
    game_id = await started_tiny(service, humans=1, ais=2, seed=11)
    info = await service.game(game_id)
    human = info.seat_of(1)
    assert human is not None and human.to_act
    result = await service.act(game_id, 1, "end", info.version)
    actors = [m.actor for m in result.moves]
    assert actors[0] == "player" and set(actors[1:]) == {"ai"} and len(actors) >= 3
    assert result.game.seat_of(1).to_act or result.game.status == "finished"  # type: ignore[union-attr]
    assert any(isinstance(n, MustAct) and n.user_id == 1 for n in result.notifications) or any(
        isinstance(n, GameEnded) for n in result.notifications
    )


async def test_ai_games_are_deterministic(service: GameService) -> None:
    logs = []
    for _ in range(2):
        info = await service.create_lobby("tiny", 1, seed=42, host_seated=False)
        for _ in range(3):
            await service.add_ai(info.id, 1)
        result = await service.start(info.id, 1)
        assert result.game.status == "finished"
        assert any(isinstance(n, GameEnded) for n in result.notifications)
        logs.append([(m.seat, m.choice) for m in result.moves])
    assert logs[0] == logs[1]


async def test_replay_equals_snapshot_at_every_version(service: GameService) -> None:
    game_id = await started_tiny(service, humans=2, ais=1, seed=5)
    game = registry.get("tiny")
    snapshots = {}
    while (info := await service.game(game_id)).status == "active":
        snap = await service.store.snapshot(game_id)
        assert snap is not None
        snapshots[snap[0]] = json.loads(snap[1])
        user, _ = await _mover(service, game_id)
        table = await service.view(game_id, user)
        assert table.decision is not None
        await service.act(game_id, user, table.decision.choices[0].id, info.version)
        if info.version == 2:
            await service.undo(game_id, user, info.version + 1)
    snap = await service.store.snapshot(game_id)
    assert snap is not None
    snapshots[snap[0]] = json.loads(snap[1])
    replayed = {version: game.to_json(state) for version, state in await service.history(game_id)}
    assert (await service.game(game_id)).status == "finished"
    for version, stored in snapshots.items():
        assert replayed[version] == stored, version
    assert await service.replay_matches(game_id)


async def test_undo_takes_back_one_own_choice_at_a_time(service: GameService) -> None:
    game_id = await started_tiny(service, seed=9)
    user, seat = await _mover(service, game_id)
    before = await service.view(game_id, user)
    assert await service.undoable(game_id, user) is None
    await service.act(game_id, user, "play:0", 0)
    middle = await service.view(game_id, user)
    await service.act(game_id, user, "play:0", 1)
    taken = await service.undoable(game_id, user)
    assert taken is not None and taken.id == "play:0" and taken.params == {"value": _tiny(middle.view).hand[0]}
    result = await service.undo(game_id, user, 2)
    assert result.game.version == 3 and result.moves[0].undo_to == 1
    assert not result.notifications, "the player who undid is not told to act"
    after = await service.view(game_id, user)
    assert _tiny(after.view).hand == _tiny(middle.view).hand
    result = await service.undo(game_id, user, 3)
    assert result.moves[0].undo_to == 0
    after = await service.view(game_id, user)
    assert _tiny(after.view).hand == _tiny(before.view).hand
    assert _tiny(after.view).scores == _tiny(before.view).scores
    entries = await service.log(game_id, None)
    assert [e.version for e in entries] == [1, 2, 3, 4]
    names = [f"Player {chr(65 + i)}" for i in range(4)]
    named = await service.log(game_id, None, names=names)
    assert named[0].lines[0].startswith(f"{names[seat]} played a ")
    assert named[-1].lines[0].startswith(f"{names[seat]} took back 1 ")
    with pytest.raises(CannotUndo) as refused:
        await service.undo(game_id, user, 4)
    assert refused.value.context["reason"] == "nothing"
    assert await service.replay_matches(game_id)


async def test_undo_never_crosses_a_draw_or_another_seat(service: GameService) -> None:
    game_id = await started_tiny(service, seed=9)
    user, _ = await _mover(service, game_id)
    await service.act(game_id, user, "play:0", 0)
    await service.act(game_id, user, "end", 1)
    with pytest.raises(CannotUndo) as drawn:
        await service.undo(game_id, user, 2)
    assert drawn.value.context["reason"] == "checkpoint"
    assert await service.undoable(game_id, user) is None
    other, _ = await _mover(service, game_id)
    with pytest.raises(CannotUndo) as moved:
        await service.undo(game_id, other, 2)
    assert moved.value.context["reason"] == "other_seat"
    with pytest.raises(StaleVersion):
        await service.undo(game_id, other, 0)


async def test_undo_names_the_choice_after_a_restart(service: GameService) -> None:
    """The choice an undo would take back comes from the log when this process did not make it."""
    game_id = await started_tiny(service, seed=9)
    user, _ = await _mover(service, game_id)
    await service.act(game_id, user, "play:1", 0)
    remembered = await service.undoable(game_id, user)
    service._taken.clear()
    rebuilt = await service.undoable(game_id, user)
    assert remembered is not None and rebuilt == remembered


async def test_abandon_and_kick_hand_the_seat_to_an_ai(service: GameService) -> None:
    game_id = await started_tiny(service, humans=3, seed=4)
    user, seat = await _mover(service, game_id)
    result = await service.abandon(game_id, user)
    assert SeatReplaced(game_id, seat, user, "abandoned") in result.notifications
    assert result.moves and result.moves[0].seat == seat and result.moves[0].actor == "ai"
    with pytest.raises(NotSeated):
        await service.act(game_id, user, "end", result.game.version)
    kicked = next(s for s in result.game.seats if s.ai_policy is None and s.user_id != 1)
    with pytest.raises(NotHost):
        await service.kick(game_id, 2 if kicked.user_id != 2 else 3, kicked.seat)
    if result.game.status == "active":
        result = await service.kick(game_id, 1, kicked.seat)
        assert any(isinstance(n, SeatReplaced) and n.reason == "kicked" for n in result.notifications)
        assert await service.replay_matches(game_id)


async def test_history_of_a_running_game_is_refused(service: GameService) -> None:
    game_id = await started_tiny(service)
    with pytest.raises(WrongStatus, match="history"):
        await service.history(game_id)


async def test_finished_games_refuse_moves(service: GameService) -> None:
    info = await service.create_lobby("tiny", 1, seed=42)
    await service.add_ai(info.id, 1)
    while (game := await service.game(info.id)).status != "finished":
        if game.status == "lobby":
            await service.start(info.id, 1)
            continue
        table = await service.view(info.id, 1)
        assert table.decision is not None
        await service.act(info.id, 1, table.decision.choices[0].id, game.version)
    with pytest.raises(GameFinished):
        await service.act(info.id, 1, "end", game.version)
    pending = await service.pending_for(1)
    assert pending == []


async def test_pending_for_lists_decisions_across_games(service: GameService) -> None:
    first = await started_tiny(service, seed=1)
    second = await started_tiny(service, seed=2)
    pending = {(p.game.id, p.seat) for p in await service.pending_for(1)}
    pending |= {(p.game.id, p.seat) for p in await service.pending_for(2)}
    assert {g for g, _ in pending} == {first, second}


async def test_a_failing_on_commit_callback_never_unacknowledges_a_committed_move(
    db_path: object, clock: object, caplog: pytest.LogCaptureFixture
) -> None:
    seen: list[int] = []

    def observer(move: MoveRecord) -> None:
        seen.append(move.version)
        raise RuntimeError("progress bar broke")

    async with await GameService.open(db_path, clock=clock, on_commit=observer) as service:  # type: ignore[arg-type]
        game_id = await started_tiny(service)
        user, _ = await _mover(service, game_id)
        table = await service.view(game_id, user)
        assert table.decision is not None
        result = await service.act(game_id, user, table.decision.choices[0].id, 0)
        assert result.game.version == 1 and seen == [1]
        assert (await service.game(game_id)).version == 1 and await service.replay_matches(game_id)
    assert "on_commit failed after game" in caplog.text


@pytest.mark.parametrize("kind", ["tiny", "imaginarium"])
async def test_a_move_carries_the_players_view_and_undo_as_committed(service: GameService, kind: str) -> None:
    """What ``act`` returns for the mover's screen is what reading the game back gives, move after move
    (AI moves in between included), so the panel is drawn without reading it back."""
    info = await service.create_lobby(kind, 1, seed=3)
    await service.join(info.id, 2)
    await service.add_ai(info.id, 1)
    await service.start(info.id, 1)
    rng = random.Random(5)
    for _ in range(40):
        game = await service.game(info.id)
        if game.status != "active":
            break
        seat = next(s for s in game.seats if s.to_act and not s.is_ai)
        assert seat.user_id is not None
        decision = (await service.view(info.id, seat.user_id)).decision
        assert decision is not None
        result = await service.act(info.id, seat.user_id, rng.choice(decision.choices).id, game.version)
        assert result.table == await service.view(info.id, seat.user_id)
        assert result.undo == await service.undoable(info.id, seat.user_id)
