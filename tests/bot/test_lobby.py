"""Lobbies: kinds and options, seats, host rights, start, cancel, data overrides."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import (
    AlreadySeated,
    BadSetting,
    DmSettings,
    GameFull,
    GameNotFound,
    GameService,
    GuildSettings,
    NotEnoughSeats,
    NotHost,
    NotSeated,
    TimeoutPolicy,
    WrongStatus,
)
from engine.core.errors import BadData, BadOptions
from tests.bot.conftest import ManualClock, dump_game


async def test_kinds_expose_options_and_policies(service: GameService) -> None:
    tiny = next(k for k in service.kinds() if k.kind == "tiny")
    assert (tiny.min_seats, tiny.max_seats) == (1, 4)
    assert [spec.name for spec in tiny.options] == ["hand"]
    assert tiny.policies[0] == "random"


async def test_lobby_seats_join_leave_and_ai(service: GameService) -> None:
    info = await service.create_lobby("tiny", 1, seed=3)
    assert [s.user_id for s in info.seats] == [1]
    info = await service.join(info.id, 2)
    info = await service.add_ai(info.id, 1)
    assert [(s.user_id, s.ai_policy) for s in info.seats] == [(1, None), (2, None), (None, "random")]
    info = await service.leave(info.id, 2)
    info = await service.remove_ai(info.id, 1, 1)
    assert [s.user_id for s in info.seats] == [1]


async def test_lobby_refusals_are_typed(service: GameService) -> None:
    info = await service.create_lobby("tiny", 1)
    with pytest.raises(AlreadySeated):
        await service.join(info.id, 1)
    for user in (2, 3, 4):
        await service.join(info.id, user)
    with pytest.raises(GameFull, match="full"):
        await service.join(info.id, 5)
    with pytest.raises(GameFull):
        await service.add_ai(info.id, 1)
    with pytest.raises(NotHost):
        await service.start(info.id, 2)
    with pytest.raises(NotSeated):
        await service.leave(info.id, 9)
    with pytest.raises(NotSeated):
        await service.remove_ai(info.id, 1, 0)
    with pytest.raises(GameNotFound):
        await service.join(999, 1)
    with pytest.raises(BadOptions, match="Unknown game"):
        await service.create_lobby("chess", 1)
    with pytest.raises(BadOptions, match="hand"):
        await service.create_lobby("tiny", 1, options={"hand": 9})
    with pytest.raises(BadOptions, match="Unknown option"):
        await service.create_lobby("tiny", 1, options={"speed": 1})
    with pytest.raises(BadSetting, match="12h"):
        await service.create_lobby("tiny", 1, turn_timer_name="3h")
    with pytest.raises(BadSetting):
        TimeoutPolicy(replace_after=0)
    with pytest.raises(BadOptions, match="no AI called"):
        await service.add_ai(info.id, 1, "clever")


async def test_start_needs_seats_and_closes_the_lobby(service: GameService) -> None:
    info = await service.create_lobby("tiny", 1, host_seated=False)
    with pytest.raises(NotEnoughSeats):
        await service.start(info.id, 1)
    await service.join(info.id, 2)
    result = await service.start(info.id, 1)
    assert result.game.status == "active"
    with pytest.raises(WrongStatus):
        await service.join(info.id, 3)
    with pytest.raises(WrongStatus):
        await service.start(info.id, 1)


async def test_seat_order_is_shuffled_from_the_seed(service: GameService) -> None:
    orders = set()
    for seed in range(8):
        info = await service.create_lobby("tiny", 1, seed=seed)
        for user in (2, 3, 4):
            await service.join(info.id, user)
        result = await service.start(info.id, 1)
        orders.add(tuple(s.user_id for s in result.game.seats))
    assert len(orders) > 1


async def test_cancel_by_host_only(service: GameService) -> None:
    info = await service.create_lobby("tiny", 1)
    with pytest.raises(NotHost):
        await service.cancel(info.id, 2)
    assert (await service.cancel(info.id, 1)).status == "cancelled"
    with pytest.raises(WrongStatus):
        await service.cancel(info.id, 1)


async def test_data_overrides_are_read_validated_and_kept(tmp_path: Path, clock: ManualClock) -> None:
    path = tmp_path / "overrides.toml"
    path.write_text("[tiny]\ntarget = 3\n", "utf-8")
    async with await GameService.open(tmp_path / "a.sqlite3", clock=clock, overrides_path=path) as service:
        info = await service.create_lobby("tiny", 1)
        row = await service.store.game(info.id)
        assert row is not None and row.overrides == {"target": 3}
    path.write_text("[tiny\n", "utf-8")
    async with await GameService.open(tmp_path / "b.sqlite3", clock=clock, overrides_path=path) as service:
        with pytest.raises(BadData, match="not valid TOML"):
            await service.create_lobby("tiny", 1)
    async with await GameService.open(
        tmp_path / "c.sqlite3", clock=clock, overrides_path=tmp_path / "missing.toml"
    ) as service:
        with pytest.raises(BadData, match="does not exist"):
            await service.create_lobby("tiny", 1)


async def test_the_engine_validates_overrides_at_lobby_creation(tmp_path: Path, clock: ManualClock) -> None:
    path = tmp_path / "overrides.toml"
    path.write_text("[imaginarium]\nnonsense = 1\n", "utf-8")
    async with await GameService.open(tmp_path / "d.sqlite3", clock=clock, overrides_path=path) as service:
        with pytest.raises(BadData, match="nonsense"):
            await service.create_lobby("imaginarium", 1)
        assert await service.games() == []


async def test_listing_games_by_place_status_and_user(service: GameService) -> None:
    here = await service.create_lobby("tiny", 1, guild_id=10, channel_id=20)
    there = await service.create_lobby("tiny", 2, guild_id=11, channel_id=21)
    await service.join(there.id, 3)
    assert [g.id for g in await service.games(guild_id=10)] == [here.id]
    assert [g.id for g in await service.games(channel_id=21)] == [there.id]
    assert [g.id for g in await service.games(status="lobby")] == [there.id, here.id]
    mine = await service.user_games(3)
    assert [g.id for g in mine] == [there.id] and [s.user_id for s in mine[0].seats] == [2, 3]


async def test_cancelling_a_running_game_stops_its_clocks(service: GameService, clock: ManualClock) -> None:
    info = await service.create_lobby("tiny", 1, turn_timer_name="24h")
    await service.join(info.id, 2)
    started = await service.start(info.id, 1)
    assert any(s.deadline is not None for s in started.game.seats)
    cancelled = await service.cancel(info.id, 1)
    assert cancelled.status == "cancelled" and all(s.deadline is None and not s.to_act for s in cancelled.seats)
    clock.advance(timedelta(days=3))
    assert await service.due_work() == []
    with pytest.raises(WrongStatus):
        await service.act(info.id, 1, "end", cancelled.version)


async def test_settings_and_messages_round_trip(service: GameService) -> None:
    info = await service.create_lobby("tiny", 1)
    await service.set_message(info.id, "lobby", 5, 6)
    await service.set_message(info.id, "lobby", 5, 7)
    await service.set_message(info.id, "board", 8, 9)
    assert await service.messages(info.id) == {"lobby": (5, 7), "board": (8, 9)}
    with pytest.raises(GameNotFound):
        await service.set_message(999, "board", 1, 2)
    assert await service.guild_settings(3) == GuildSettings()
    chosen = GuildSettings("fr", "48h", 77, TimeoutPolicy(2))
    await service.set_guild_settings(3, chosen)
    assert await service.guild_settings(3) == chosen
    with pytest.raises(BadSetting):
        await service.set_guild_settings(3, GuildSettings("fr", "1y"))
    assert await service.guild_settings(3) == chosen
    assert await service.user_lang(4) == "en"
    await service.set_user_lang(4, "de")
    await service.set_vacation(4, True)
    assert await service.user_lang(4) == "de" and await service.vacation(4)


async def test_a_lobby_opened_for_n_seats_fills_to_n_and_starts_only_then(service: GameService) -> None:
    with pytest.raises(BadSetting, match="1 to 4 seats, not 5"):
        await service.create_lobby("tiny", 1, seats=5)
    info = await service.create_lobby("tiny", 1, seats=3)
    assert (info.seat_count, info.capacity) == (3, 3)
    await service.join(info.id, 2)
    before = await dump_game(service.store, info.id)
    with pytest.raises(NotEnoughSeats, match="opened for 3 seats and 2 are taken"):
        await service.start(info.id, 1)
    assert await dump_game(service.store, info.id) == before
    await service.add_ai(info.id, 1)
    before = await dump_game(service.store, info.id)
    with pytest.raises(GameFull, match=r"full \(3 seats\)"):
        await service.join(info.id, 4)
    with pytest.raises(GameFull):
        await service.add_ai(info.id, 1)
    assert await dump_game(service.store, info.id) == before
    started = await service.start(info.id, 1)
    assert len(started.game.seats) == 3
    open_lobby = await service.create_lobby("tiny", 1)
    assert (open_lobby.seat_count, open_lobby.capacity) == (None, 4)
    assert (await service.start(open_lobby.id, 1)).game.status == "active"  # the game's minimum suffices


async def test_dm_settings_remember_closed_dms_until_turned_on_again(service: GameService) -> None:
    assert await service.dm_settings(5) == DmSettings(turns=False, closed=False)
    await service.set_dm_turns(5, True)
    await service.mark_dms_closed(5)
    assert await service.dm_settings(5) == DmSettings(turns=True, closed=True)
    await service.set_dm_turns(5, True)  # the user says they opened their DMs: try again
    assert await service.dm_settings(5) == DmSettings(turns=True, closed=False)
    await service.set_dm_turns(5, False)
    assert await service.dm_settings(5) == DmSettings(turns=False, closed=False)
