"""Seats and settings through Discord: /game replace, /game settings, turn DMs, lobby seat counts and
the server's lobby channel and defaults."""

from __future__ import annotations

from tests.cogs.conftest import ALICE, BOB, CAROL, GUILD, MOD, StartBot
from tests.cogs.flows import custom_ids, open_game, pinged
from tests.support.discord.harness import Exchange
from tests.support.discord.server import FakeDiscord, Recorded


async def test_replace_gives_a_seat_to_a_member_host_or_manager_only(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny")
    assert harness.bot.service is not None
    bob_seat = (await harness.bot.service.game(table.game_id)).seat_of(BOB.id)
    assert bob_seat is not None
    await harness.slash(BOB, "game abandon", game=table.game_id)

    refused = await harness.slash(CAROL, "game replace", seat=bob_seat.seat + 1, player=CAROL, game=table.game_id)
    assert refused.ephemeral and "host" in refused.text().lower()
    seated = await harness.slash(ALICE, "game replace", seat=bob_seat.seat + 1, player=ALICE, game=table.game_id)
    assert seated.ephemeral and "alice already plays in this game" in seated.text()

    given = await harness.slash(MOD, "game replace", seat=bob_seat.seat + 1, player=CAROL, game=table.game_id)
    assert given.ephemeral and f"<@{CAROL.id}> now plays seat {bob_seat.seat + 1}" in given.text()
    notes = [m["content"] for m in fake.channel_messages(table.thread_id)]
    assert any("🪑 carol now plays in place of an AI." in n for n in notes), notes
    game = await harness.bot.service.game(table.game_id)
    carol = game.seat_of(CAROL.id)
    assert carol is not None and carol.seat == bob_seat.seat
    log = await harness.slash(CAROL, "game log", game=table.game_id)
    assert "The host gave the seat of AI · " in log.text() and " to carol" in log.text()
    if carol.to_act:
        assert CAROL.id in pinged(given)


async def test_game_settings_change_is_announced_and_needs_the_host(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    table = await open_game(harness, ALICE, [BOB], "tiny", timer="12h")
    shown = await harness.slash(BOB, "game settings", game=table.game_id)
    assert shown.ephemeral and "turn timer: **12 h**" in shown.text() and "reminders: **on**" in shown.text()
    refused = await harness.slash(BOB, "game settings", game=table.game_id, timer="48h")
    assert refused.ephemeral and "host" in refused.text().lower()
    assert harness.bot.service is not None
    assert (await harness.bot.service.game(table.game_id)).turn_timer is not None

    edits = len([r for r in fake.requests if r.method == "PATCH" and r.path.endswith(str(table.board_id))])
    changed = await harness.slash(
        MOD, "game settings", game=table.game_id, timer="48h", reminders=False, missed="replace-2"
    )
    assert changed.ephemeral and "turn timer: **48 h**" in changed.text() and "reminders: **off**" in changed.text()
    posted = [m["content"] for m in fake.channel_messages(table.thread_id)]
    assert any(
        "⚙️ The host changed the settings: turn timer 48h, reminders off, seat handed to an AI after 2" in p
        for p in posted
    ), posted
    assert len([r for r in fake.requests if r.method == "PATCH" and r.path.endswith(str(table.board_id))]) > edits
    game = await harness.bot.service.game(table.game_id)
    assert game.timeout_policy.replace_after == 2 and not game.reminders


async def test_turn_dms_when_asked_and_the_thread_when_dms_are_closed(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    on = await harness.slash(CAROL, "game notify", on=True)
    assert on.ephemeral and "DM you" in on.text()
    await harness.slash(MOD, "game notify", on=True)
    fake.closed_dms.add(MOD.id)
    table = await open_game(harness, ALICE, [BOB], "tiny")
    assert harness.bot.service is not None
    acting = next(s for s in (await harness.bot.service.game(table.game_id)).seats if s.to_act)
    seat = acting.seat + 1

    def dms(exchange: Exchange) -> list[Recorded]:
        return [r for r in exchange.requests if r.private and r.path.startswith("/channels/")]

    def thread_pings(exchange: Exchange) -> list[Recorded]:
        return [
            r for r in exchange.requests if r.path == f"/channels/{table.thread_id}/messages" and "your turn" in r.text
        ]

    to_carol = await harness.slash(ALICE, "game replace", seat=seat, player=CAROL, game=table.game_id)
    (dm,) = dms(to_carol)
    assert dm.status == 200 and "Your turn in **Tiny" in dm.json["content"]
    assert f"/{table.thread_id}/{table.board_id}" in dm.json["content"]  # a jump link to the board
    assert not thread_pings(to_carol)

    # DMs closed: the thread ping instead, no error for anyone, and the service remembers it.
    to_mod = await harness.slash(ALICE, "game replace", seat=seat, player=MOD, game=table.game_id)
    assert [r.status for r in dms(to_mod)] == [403] and "now plays" in to_mod.text()
    (ping,) = thread_pings(to_mod)
    assert [str(u) for u in ping.json["allowed_mentions"]["users"]] == [str(MOD.id)]
    assert (await harness.bot.service.dm_settings(MOD.id)).closed
    await harness.slash(ALICE, "game replace", seat=seat, player=CAROL, game=table.game_id)
    again = await harness.slash(ALICE, "game replace", seat=seat, player=MOD, game=table.game_id)
    assert not dms(again) and not [r for r in again.requests if r.path == "/users/@me/channels"]
    assert len(thread_pings(again)) == 1
    profile = await harness.slash(MOD, "game profile")
    assert "Turn DMs: on but your DMs are closed" in profile.text()


async def test_lobby_with_a_seat_count_fills_then_starts(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    created = await harness.slash(ALICE, "game new", kind="tiny", seats=3, timer="off")
    lobby = created.message
    assert lobby is not None and "1/3 seats" in created.text()
    game_id = int(custom_ids(lobby)[0].split(":")[1])
    await harness.click(BOB, lobby["id"], f"lobby:{game_id}:join")
    early = await harness.click(ALICE, lobby["id"], f"lobby:{game_id}:start")
    assert "opened for 3 seats and 2 are taken" in early.text()
    configured = await harness.slash(ALICE, "game settings", game=game_id, timer="24h")
    assert configured.ephemeral and "turn timer: **24 h**" in configured.text()
    assert "Turn timer: 1 day" in str(fake.messages[int(lobby["id"])]["embeds"])  # the lobby shows it
    assert not [m for m in fake.channel_messages(GUILD.channel_id) if "⚙️" in m["content"]]
    not_full_yet = dict(fake.messages[int(lobby["id"])])
    full = await harness.click(CAROL, lobby["id"], f"lobby:{game_id}:join")
    assert "3/3 seats" in str(full.message)
    assert {
        c["custom_id"]: c.get("disabled", False)
        for row in fake.messages[int(lobby["id"])]["components"]
        for c in row["components"]
    }[f"lobby:{game_id}:join"]
    late = await harness.click(MOD, lobby["id"], f"lobby:{game_id}:join", as_shown=not_full_yet)
    assert "full (3 seats)" in late.text()
    await harness.click(ALICE, lobby["id"], f"lobby:{game_id}:start")
    assert harness.bot.service is not None
    assert (await harness.bot.service.game(game_id)).status == "active"
    too_many = await harness.slash(ALICE, "game new", kind="tiny", seats=9, timer="off")
    assert too_many.ephemeral and "1 to 4 seats, not 9" in too_many.text()


async def test_server_lobby_channel_and_defaults(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    chat = {**GUILD.channel(), "id": "557", "name": "chat"}
    fake.add_channel(chat)
    done = await harness.slash(
        MOD, "bricabot config", lobbies=GUILD.channel(), timer="24h", missed="replace-1", language="en"
    )
    assert done.ephemeral and f"lobbies posted in <#{GUILD.channel_id}>" in done.text() and "**24h**" in done.text()
    created = await harness.slash(ALICE, "game new", kind="tiny", channel=557)
    assert created.ephemeral and f"<#{GUILD.channel_id}>" in created.text()
    lobbies = [m for m in fake.channel_messages(GUILD.channel_id) if m.get("embeds")]
    assert len(lobbies) == 1 and "lobby" in lobbies[0]["embeds"][0]["title"]
    assert not [m for m in fake.channel_messages(557) if not m["flags"]]
    assert harness.bot.service is not None
    (game,) = await harness.bot.service.games()
    assert game.channel_id == GUILD.channel_id and game.turn_timer is not None
    assert game.timeout_policy.replace_after == 1
    joined = await harness.click(BOB, lobbies[0]["id"], f"lobby:{game.id}:join")
    assert joined.response_type == 7
    del fake.channels[GUILD.channel_id]  # the lobby channel is deleted
    gone = await harness.slash(ALICE, "game new", kind="tiny", channel=557)
    assert gone.ephemeral and "lobby channel" in gone.text() and "/bricabot config" in gone.text()
    assert [g.status for g in await harness.bot.service.games()] == ["cancelled", "lobby"]
    back = await harness.slash(MOD, "bricabot config", anywhere=True, channel=557)
    assert "where `/game new` is typed" in back.text()
