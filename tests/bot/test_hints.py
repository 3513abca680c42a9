"""Hints (what ``hard`` would choose, from the asking seat's view only) and the AI level of missed turns."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest

from bot import ai
from bot.service import GameService
from bot.service.errors import NotSeated
from bot.service.hints import HintsOff
from engine import registry
from engine.core.errors import BadOptions, WrongSeat
from engine.core.rng import Rng
from engine.core.search import SearchPolicy
from tests.bot.conftest import ManualClock


@pytest.fixture
def pool() -> Iterator[None]:
    yield
    ai.shutdown()


async def _started(service: GameService, kind: str = "botfactory", **kwargs: Any) -> int:
    info = await service.create_lobby(kind, 1, seed=11, **kwargs)
    await service.join(info.id, 2)
    await service.start(info.id, 1)
    return info.id


async def _to_act(service: GameService, game_id: int) -> tuple[int, int]:
    info = await service.game(game_id)
    seat = next(s for s in info.seats if s.to_act)
    assert seat.user_id is not None
    return seat.user_id, seat.seat


async def test_a_hint_depends_only_on_what_the_seat_sees(pool: None) -> None:
    game = registry.get("imaginarium")
    state = game.new(2, 4)
    easy = ai.policy_for(game, "easy")
    rng = Rng(3)
    while True:  # a few rounds in, at a decision with a real choice
        decision = game.pending(state)[0]
        if state.flow.round >= 3 and len(decision.choices) > 2:
            break
        game.advance(state, decision.seat, easy.choose(game, state, decision, rng))
    other = game.copy(state)
    rival = other.players[1 - decision.seat]
    rival.goods[:4] = [9, 0, 4, 2]  # behind the rival's screen
    other.deck.reverse()  # the order of the face-down deck
    assert game.view(other, decision.seat) == game.view(state, decision.seat)
    assert game.to_json(other) != game.to_json(state)
    first = await ai.advise(game, state, decision, 5)
    second = await ai.advise(game, other, decision, 5)
    assert first == second
    assert 0.0 <= first.outlook <= 1.0
    # The hint is the choice a hard seat makes there.
    assert first.choice == ai.choose(game, "hard", state, decision, 5)


async def test_hints_are_counted_and_noted_in_the_log(service: GameService, pool: None) -> None:
    game_id = await _started(service)
    user, seat = await _to_act(service, game_id)
    table = await service.view(game_id, user)
    assert table.decision is not None
    first = await service.hint(game_id, user)
    assert first.seat == seat and first.used == 1 and first.choice in table.decision.choices
    again = await service.hint(game_id, user)
    assert again.used == 2 and again.choice == first.choice  # same position, same generator
    lines = [line for e in await service.log(game_id, names=["Alice", "Bob"]) for line in e.lines]
    name = ["Alice", "Bob"][seat]
    assert f"{name} asked for a hint (1 so far)" in lines and f"{name} asked for a hint (2 so far)" in lines
    fr = [line for e in await service.log(game_id, lang="fr", names=["Alice", "Bob"]) for line in e.lines]
    assert f"{name} a demandé un conseil (2 jusqu’ici)" in fr
    # Nothing to decide, or no seat: refused, nothing counted.
    waiting = 2 if user == 1 else 1
    if not any(s.to_act for s in (await service.game(game_id)).seats if s.user_id == waiting):
        with pytest.raises(WrongSeat):
            await service.hint(game_id, waiting)
    with pytest.raises(NotSeated):
        await service.hint(game_id, 99)
    assert (await service.hint(game_id, user)).used == 3


async def test_hints_off_refuses_and_changes_nothing(service: GameService) -> None:
    game_id = await _started(service, hints=False)
    info = await service.game(game_id)
    assert not info.hints
    user, _ = await _to_act(service, game_id)
    before = await service.log(game_id)
    with pytest.raises(HintsOff):
        await service.hint(game_id, user)
    assert await service.log(game_id) == before and (await service.game(game_id)).version == info.version
    # The host turns them on again (a public note), and the next hint is the first one counted.
    changed = await service.configure(game_id, 1, hints=True)
    assert changed.hints
    assert any("hints allowed" in line for e in await service.log(game_id) for line in e.lines)


async def test_missed_turns_are_played_at_the_chosen_level(
    service: GameService, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await _started(service, turn_timer_name="12h", missed_level="hard")
    info = await service.game(game_id)
    assert info.missed_level == "hard"
    used: list[str] = []
    think = ai.think

    async def recording(game: Any, policy: str, *args: Any) -> Any:
        used.append(policy)
        return await think(game, policy, *args)

    monkeypatch.setattr(ai, "think", recording)
    clock.advance(timedelta(hours=13))
    work = await service.due_work()
    assert [w.kind for w in work] == ["timeout"]
    result = await service.perform(work[0])
    assert result.moves and {m.actor for m in result.moves} == {"timeout"}
    assert used and set(used) == {"hard"}
    # The host changes it; the next missed turn plays at the new level.
    changed = await service.configure(game_id, 1, missed_level="easy")
    assert changed.missed_level == "easy"
    assert any("missed turns played by the easy AI" in line for e in await service.log(game_id) for line in e.lines)
    used.clear()
    clock.advance(timedelta(hours=13))
    work = await service.due_work()
    await service.perform(next(w for w in work if w.kind == "timeout"))
    assert used and set(used) == {"easy"}
    with pytest.raises(BadOptions):
        await service.configure(game_id, 1, missed_level="expert")
    with pytest.raises(BadOptions):
        await service.create_lobby("botfactory", 1, missed_level="expert")
    assert ai.missed_policy(registry.get("tiny"), "hard") == ai.default_policy(registry.get("tiny"))


async def test_the_host_gives_the_ai_seats_more_time(
    service: GameService, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``think`` multiplies the AI seats' playouts (and the hint's), is a public note, and is refused
    outside the scales offered."""
    game_id = await _started(service, turn_timer_name="12h", missed_level="hard")
    assert (await service.game(game_id)).think == 1
    changed = await service.configure(game_id, 1, think=4)
    assert changed.think == 4
    lines = [line for e in await service.log(game_id) for line in e.lines]
    assert any("AI seats think ×4 their level's time" in line for line in lines)
    fr = [line for e in await service.log(game_id, lang="fr") for line in e.lines]
    assert any("les IA réfléchissent ×4 le temps de leur niveau" in line for line in fr)
    scales: list[int] = []
    think = ai.think

    async def recording(game: Any, policy: str, state: Any, decision: Any, seed: int, scale: int = 1) -> Any:
        scales.append(scale)
        return await think(game, policy, state, decision, seed, scale)

    monkeypatch.setattr(ai, "think", recording)
    clock.advance(timedelta(hours=13))
    work = await service.due_work()
    await service.perform(next(w for w in work if w.kind == "timeout"))
    assert scales and set(scales) == {4}
    with pytest.raises(BadOptions):
        await service.configure(game_id, 1, think=3)


def test_a_scaled_level_plays_more_playouts() -> None:
    game = registry.get("botfactory")
    base, more = ai.policy_for(game, "hard"), ai.policy_for(game, "hard", 4)
    assert isinstance(base, SearchPolicy) and isinstance(more, SearchPolicy)
    assert more.budget.iterations == 4 * base.budget.iterations and more.budget.width == base.budget.width
    assert not isinstance(ai.policy_for(game, "goal", 4), SearchPolicy)  # a heuristic has no playouts
