"""Lobbies through slash commands and buttons: create, join, add AI, start into a thread, cancel."""

from __future__ import annotations

from tests.cogs.conftest import ALICE, BOB, CAROL, GUILD, StartBot
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
    assert f"<@{BOB.id}>" in str(fake.messages[int(lobby["id"])]["embeds"])

    refused = await harness.click(CAROL, lobby["id"], f"lobby:{game_id}:start")
    assert refused.ephemeral is False  # the click is acknowledged, the lobby is untouched
    assert "host" in refused.text().lower()

    started = await harness.click(ALICE, lobby["id"], f"lobby:{game_id}:start")
    thread = next(r for r in started.requests if r.path.endswith("/threads"))
    thread_id = int(lobby["id"])
    assert thread.json["name"] == f"Tiny #{game_id}"
    posts = fake.channel_messages(thread_id)
    board = posts[0]
    assert board["attachments"][0]["filename"] == "board.png"
    assert [c["custom_id"] for c in board["components"][0]["components"]] == [
        f"board:{game_id}:play",
        f"board:{game_id}:log",
        f"board:{game_id}:rules",
    ]
    pings = [m for m in posts[1:] if "your turn" in m["content"]]
    assert len(pings) == 1
    ping_request = next(r for r in started.requests if r.json and "your turn" in str(r.json.get("content")))
    mentioned = ping_request.json["allowed_mentions"]["users"]
    assert len(mentioned) == 1 and str(mentioned[0]) in (str(ALICE.id), str(BOB.id))
    assert fake.messages[int(lobby["id"])]["components"] == []
