"""The fake Discord's faults: the real discord.py client meets each one as the exception Discord's answer
raises (class, status and JSON code), and requests succeed again once a fault that can be lifted is."""

from __future__ import annotations

import time

import discord
import pytest

from tests.cogs.conftest import ALICE, GUILD, StartBot
from tests.support.discord.faults import skip_backoff
from tests.support.discord.harness import Harness
from tests.support.discord.server import FakeDiscord

SEND = r"/channels/\d+/messages"


def _listen(harness: Harness, event: str) -> list[tuple[object, ...]]:
    """The arguments of every ``event`` the bot dispatches from now on."""
    seen: list[tuple[object, ...]] = []

    async def note(*args: object) -> None:
        seen.append(args)

    harness.bot.add_listener(note, f"on_{event}")
    return seen


def _main(harness: Harness) -> discord.TextChannel:
    channel = harness.bot.get_channel(GUILD.channel_id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def _board_thread(harness: Harness) -> tuple[discord.Message, discord.Thread, discord.Message]:
    """A message in the main channel, the thread started on it, and a message in that thread."""
    starter = await _main(harness).send("board")
    thread = await starter.create_thread(name="game")
    return starter, thread, await thread.send("your turn")


async def test_a_deleted_message_is_unknown_to_every_later_request(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    message = await _main(harness).send("board")
    await harness.delete_message(message.id)
    for attempt in (message.edit(content="again"), _main(harness).fetch_message(message.id), message.delete()):
        with pytest.raises(discord.NotFound) as caught:
            await attempt
        assert (caught.value.status, caught.value.code) == (404, 10008)
    assert [r.status for r in fake.attempts("*", rf"/channels/\d+/messages/{message.id}")] == [404, 404, 404]


async def test_a_deleted_thread_takes_its_messages_and_cannot_be_made_again(
    start_bot: StartBot, fake: FakeDiscord
) -> None:
    harness = await start_bot()
    starter, thread, inside = await _board_thread(harness)
    await harness.delete_channel(thread.id)
    assert not fake.channel_messages(thread.id)
    for attempt in (thread.send("ping"), inside.edit(content="x"), harness.bot.fetch_channel(thread.id)):
        with pytest.raises(discord.NotFound) as caught:
            await attempt
        assert caught.value.code == 10003
    with pytest.raises(discord.HTTPException) as refused:
        await starter.create_thread(name="game again")
    assert (refused.value.status, refused.value.code) == (400, 160004)
    assert (await _main(harness).fetch_message(starter.id)).id == starter.id, "the starter message stays"


async def test_a_thread_cannot_be_made_twice_on_one_message(start_bot: StartBot) -> None:
    harness = await start_bot()
    starter, _, _ = await _board_thread(harness)
    with pytest.raises(discord.HTTPException) as refused:
        await starter.create_thread(name="again")
    assert refused.value.code == 160004


async def test_a_deleted_channel_takes_its_threads(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    _, thread, _ = await _board_thread(harness)
    await harness.delete_channel(GUILD.channel_id)
    assert harness.bot.get_channel(GUILD.channel_id) is None
    assert not fake.channel_messages(GUILD.channel_id) and not fake.channel_messages(thread.id)
    with pytest.raises(discord.NotFound) as caught:
        await thread.send("ping")
    assert caught.value.code == 10003


async def test_an_archived_thread_refuses_edits_until_a_message_or_a_reopening(
    start_bot: StartBot, fake: FakeDiscord
) -> None:
    harness = await start_bot()
    _, thread, inside = await _board_thread(harness)
    await harness.archive(thread.id)
    with pytest.raises(discord.HTTPException) as refused:
        await inside.edit(content="board, updated")
    assert (refused.value.status, refused.value.code) == (400, 50083)
    await thread.send("a message unarchives an unlocked thread")
    assert not fake.channels[thread.id]["thread_metadata"]["archived"]
    await inside.edit(content="board, updated")

    await harness.archive(thread.id)
    reopened = await thread.edit(archived=False)
    assert not reopened.archived
    await inside.edit(content="board, updated again")


async def test_a_locked_thread_refuses_sends_and_edits_until_a_moderator_reopens_it(
    start_bot: StartBot, fake: FakeDiscord
) -> None:
    harness = await start_bot()
    _, thread, inside = await _board_thread(harness)
    await harness.archive(thread.id, locked=True)
    with pytest.raises(discord.Forbidden) as locked:
        await thread.send("ping")
    assert (locked.value.status, locked.value.code) == (403, 160005)
    with pytest.raises(discord.HTTPException) as archived:
        await inside.edit(content="x")
    assert archived.value.code == 50083
    with pytest.raises(discord.Forbidden) as reopening:
        await thread.edit(archived=False)
    assert reopening.value.code == 50013, "reopening a locked thread takes Manage Threads"
    assert fake.channels[thread.id]["thread_metadata"]["locked"]

    await harness.unarchive(thread.id)
    await thread.send("ping")
    await inside.edit(content="x")


async def test_lost_permissions_refuse_sends_edits_and_threads_until_given_back(
    start_bot: StartBot, fake: FakeDiscord
) -> None:
    harness = await start_bot()
    starter, thread, inside = await _board_thread(harness)
    other = await _main(harness).send("lobby")
    fake.faults.denied_channels.add(GUILD.channel_id)
    attempts = (
        _main(harness).send("x"),
        starter.edit(content="x"),
        other.create_thread(name="game"),
        thread.send("x"),  # a thread has its parent's permissions
        inside.edit(content="x"),
        thread.edit(archived=False),  # reopening a thread takes Send Messages in Threads
    )
    for attempt in attempts:
        with pytest.raises(discord.Forbidden) as caught:
            await attempt
        assert (caught.value.status, caught.value.code) == (403, 50013)
    assert (await _main(harness).fetch_message(starter.id)).content == "board", "reading is still allowed"

    fake.faults.denied_channels.discard(GUILD.channel_id)
    await _main(harness).send("x")
    await starter.edit(content="x")
    await other.create_thread(name="game")
    await thread.send("x")
    await inside.edit(content="x")
    await thread.edit(archived=False)


async def test_a_bot_removed_from_its_server_has_no_access_until_added_again(
    start_bot: StartBot, fake: FakeDiscord
) -> None:
    harness = await start_bot()
    channel = _main(harness)
    _, thread, inside = await _board_thread(harness)
    left, joined = _listen(harness, "guild_remove"), _listen(harness, "guild_join")

    await harness.remove_bot(GUILD.id)
    assert harness.bot.get_guild(GUILD.id) is None and [g.id for (g,) in left] == [GUILD.id]  # type: ignore[attr-defined]
    for attempt in (
        channel.send("x"),
        thread.send("x"),
        inside.edit(content="x"),
        harness.bot.fetch_channel(GUILD.channel_id),
    ):
        with pytest.raises(discord.Forbidden) as caught:
            await attempt
        assert (caught.value.status, caught.value.code) == (403, 50001)

    await harness.add_bot(GUILD.id)
    assert [g.id for (g,) in joined] == [GUILD.id]  # type: ignore[attr-defined]
    assert isinstance(harness.bot.get_channel(GUILD.channel_id), discord.TextChannel)
    await _main(harness).send("back")
    await inside.edit(content="x")


async def test_a_503_is_raised_at_once_and_the_next_request_succeeds(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    fake.faults.fail("POST", SEND, 503)
    with pytest.raises(discord.DiscordServerError) as caught:
        await _main(harness).send("board")
    assert caught.value.status == 503
    await _main(harness).send("board")
    assert [r.status for r in fake.attempts("POST", SEND)] == [503, 200]


async def test_discord_py_retries_500s_five_times_with_a_growing_wait(
    start_bot: StartBot, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    harness = await start_bot()
    slept = skip_backoff(monkeypatch)
    fake.faults.fail("POST", SEND, 500, times=6)
    with pytest.raises(discord.DiscordServerError) as caught:
        await _main(harness).send("board")
    assert caught.value.status == 500
    assert slept == [1, 3, 5, 7, 9]
    await _main(harness).send("board, the last 500 then a success")
    assert [r.status for r in fake.attempts("POST", SEND)] == [500] * 6 + [200]


async def test_one_500_costs_discord_py_one_second(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    fake.faults.fail("POST", SEND, 500)
    began = time.monotonic()
    await _main(harness).send("board")
    assert 1 <= time.monotonic() - began < 2
    assert [r.status for r in fake.attempts("POST", SEND)] == [500, 200]


async def test_a_slow_route_answers_late_until_it_recovers(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    fake.faults.slow("POST", SEND, 0.3)
    began = time.monotonic()
    await _main(harness).send("board")
    assert time.monotonic() - began >= 0.3
    del fake.faults.delays[("POST", SEND)]
    began = time.monotonic()
    await _main(harness).send("board")
    assert time.monotonic() - began < 0.3


async def test_an_expired_interaction_cannot_be_answered(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    payload = harness.payload(3, {"custom_id": "late", "component_type": 2}, ALICE)
    fake.faults.expired_interactions.add(payload["token"])
    interaction: discord.Interaction[discord.Client] = discord.Interaction(
        data=payload,  # type: ignore[arg-type]
        state=harness.bot._connection,
    )
    with pytest.raises(discord.NotFound) as caught:
        await interaction.response.send_message("too late")
    assert (caught.value.status, caught.value.code) == (404, 10062)
    (attempt,) = fake.attempts("POST", rf"/interactions/\d+/{payload['token']}/callback")
    assert attempt.status == 404


async def test_a_resumed_connection_dispatches_its_events(start_bot: StartBot) -> None:
    harness = await start_bot()
    events = ("disconnect", "shard_disconnect", "resumed", "shard_resumed", "connect")
    seen = {event: _listen(harness, event) for event in events}
    await harness.resume()
    assert seen == {
        "disconnect": [()],
        "shard_disconnect": [(0,)],
        "resumed": [()],
        "shard_resumed": [(0,)],
        "connect": [],
    }
