"""Lobbies through slash commands and buttons: create, join, add AI, start into a thread, cancel."""

from __future__ import annotations

import copy

from tests.cogs.conftest import ALICE, BOB, CAROL, GUILD, MOD, StartBot
from tests.support.discord.server import FakeDiscord


async def test_new_join_start_opens_thread_with_board_and_ping(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    created = await harness.slash(ALICE, "game new", kind="tiny", options="hand=3", timer="off", ai=1)
    lobby = created.message
    assert lobby is not None and not created.ephemeral
    assert lobby["channel_id"] == str(GUILD.channel_id)
    game_id = int(lobby["components"][0]["components"][0]["custom_id"].split(":")[1])

    joined = await harness.click(BOB, lobby["id"], f"lobby:{game_id}:join")
    assert joined.response_type == 7
    assert "bob" in str(fake.messages[int(lobby["id"])]["embeds"])

    refused = await harness.click(CAROL, lobby["id"], f"lobby:{game_id}:start")
    assert refused.ephemeral is False  # the click is acknowledged, the lobby is untouched
    assert "host" in refused.text().lower()

    started = await harness.click(ALICE, lobby["id"], f"lobby:{game_id}:start")
    thread = next(r for r in started.requests if r.path.endswith("/threads"))
    thread_id = int(lobby["id"])
    assert thread.json["name"] == f"Tiny #{game_id}"
    posts = fake.channel_messages(thread_id)
    (board,) = [m for m in posts if m["attachments"]]  # the turn notice may come first: it never waits for images
    assert board["attachments"][0]["filename"] == "board.png"
    assert [c["custom_id"] for c in board["components"][0]["components"]] == [
        f"board:{game_id}:play",
        f"board:{game_id}:log",
        f"board:{game_id}:rules",
        f"board:{game_id}:full",
    ]
    assert [c["custom_id"] for c in board["components"][1]["components"]] == [f"zoom:{game_id}"]
    pings = [m for m in posts if "your turn" in m["content"]]
    assert len(pings) == 1
    ping_request = next(r for r in started.requests if r.json and "your turn" in str(r.json.get("content")))
    mentioned = ping_request.json["allowed_mentions"]["users"]
    assert len(mentioned) == 1 and str(mentioned[0]) in (str(ALICE.id), str(BOB.id))
    assert fake.messages[int(lobby["id"])]["components"] == []


async def test_lobby_buttons_and_leave_command(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    created = await harness.slash(ALICE, "game new", kind="tiny", timer="off")
    assert created.message is not None
    lobby_id = int(created.message["id"])
    game_id = int(created.message["components"][0]["components"][0]["custom_id"].split(":")[1])
    assert "host" in (await harness.click(BOB, lobby_id, f"lobby:{game_id}:ai")).text().lower()
    await harness.click(ALICE, lobby_id, f"lobby:{game_id}:ai")
    await harness.click(BOB, lobby_id, f"lobby:{game_id}:join")
    again = await harness.click(BOB, lobby_id, f"lobby:{game_id}:join")
    assert again.ephemeral and "already have a seat" in again.text()
    seats = fake.messages[lobby_id]["embeds"][0]["fields"][1]
    assert seats["name"] == "Seats (3/4)" and "AI · random" in seats["value"] and "3. bob" in seats["value"]

    left = await harness.slash(BOB, "game leave", game=game_id)
    assert left.ephemeral and "left the lobby" in left.text()
    assert fake.messages[lobby_id]["embeds"][0]["fields"][1]["name"] == "Seats (2/4)"

    assert "host" in (await harness.click(BOB, lobby_id, f"lobby:{game_id}:noai")).text().lower()
    removed = await harness.click(MOD, lobby_id, f"lobby:{game_id}:noai")  # Manage Server acts for the host
    assert removed.response_type == 7
    seats = fake.messages[lobby_id]["embeds"][0]["fields"][1]
    assert seats["name"] == "Seats (1/4)" and "AI · " not in seats["value"]
    remove = next(
        c for row in fake.messages[lobby_id]["components"] for c in row["components"] if "noai" in c["custom_id"]
    )
    assert remove["disabled"]

    cancelled = await harness.click(ALICE, lobby_id, f"lobby:{game_id}:cancel")
    assert cancelled.response_type == 7
    lobby = fake.messages[lobby_id]
    assert lobby["components"] == [] and lobby["embeds"][0]["description"] == "This lobby was cancelled."


async def test_games_are_started_from_server_text_channels(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    chat = {
        "id": "555",
        "type": 11,
        "guild_id": str(GUILD.id),
        "parent_id": str(GUILD.channel_id),
        "owner_id": str(ALICE.id),
        "name": "chat",
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 60,
            "archive_timestamp": "2026-01-01T00:00:00+00:00",
            "locked": False,
        },
    }
    fake.add_channel(chat)
    in_thread = await harness.slash(ALICE, "game new", kind="tiny", timer="off", channel=555)
    assert in_thread.ephemeral and "text channel" in in_thread.text()
    dm = {"id": "556", "type": 1, "recipients": [ALICE.payload()]}
    fake.add_channel(dm)
    in_dm = await harness.slash(ALICE, "game new", kind="tiny", channel=556)
    assert in_dm.ephemeral and "server channel" in in_dm.text()


async def test_personal_settings_and_vacation(start_bot: StartBot) -> None:
    harness = await start_bot()
    away = await harness.slash(BOB, "game vacation", on=True)
    assert away.ephemeral and "paused" in away.text()
    shown = await harness.slash(BOB, "game profile", language="en")
    assert shown.ephemeral and "on vacation" in shown.text() and "**en**" in shown.text()
    assert "Turn DMs: off" in shown.text()
    back = await harness.slash(BOB, "game vacation", on=False)
    assert "Welcome back" in back.text()


async def test_the_host_adds_an_ai_of_each_level(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    created = await harness.slash(ALICE, "game new", kind="botfactory", timer="off")
    assert created.message is not None
    lobby_id = int(created.message["id"])
    buttons = {c["custom_id"].split(":")[2]: c for row in created.message["components"] for c in row["components"]}
    assert {"ai-easy", "ai-normal", "ai-hard"} <= set(buttons) and "ai" not in buttons
    assert buttons["ai-hard"]["label"] == "AI · hard"
    game_id = int(buttons["join"]["custom_id"].split(":")[1])
    assert "host" in (await harness.click(BOB, lobby_id, f"lobby:{game_id}:ai-hard")).text().lower()
    await harness.click(ALICE, lobby_id, f"lobby:{game_id}:ai-hard")
    await harness.click(ALICE, lobby_id, f"lobby:{game_id}:ai-easy")
    seats = fake.messages[lobby_id]["embeds"][0]["fields"][1]
    assert seats["name"] == "Seats (3/4)" and "2. AI · hard" in seats["value"] and "3. AI · easy" in seats["value"]
    forged = copy.deepcopy(fake.messages[lobby_id])  # a level the lobby never offered
    forged["components"].append(
        {"type": 1, "components": [{"type": 2, "style": 2, "label": "?", "custom_id": f"lobby:{game_id}:ai-expert"}]}
    )
    refused = await harness.click(ALICE, lobby_id, f"lobby:{game_id}:ai-expert", as_shown=forged)
    assert refused.ephemeral and "no AI called 'expert'" in refused.text()
