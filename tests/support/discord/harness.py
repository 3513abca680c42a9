"""Drive the real bot as Discord would: REST through :class:`FakeDiscord`, events into its state.

``Harness.start`` logs the bot in against the fake (which runs ``setup_hook``: store, cogs, dynamic
items, command sync), then feeds GUILD_CREATE for the test's server and any others. ``slash``,
``autocomplete``, ``click`` and ``select`` build INTERACTION_CREATE payloads (the member's permissions
resolved in the channel, as Discord sends them) and hand them to
``ConnectionState.parse_interaction_create``, the same entry point the gateway uses, then wait until
every task the interaction started is done, and return an :class:`Exchange` with the requests the bot
sent meanwhile.

What moderators and Discord do outside the bot's requests come with the gateway events Discord sends:
``delete_message`` (MESSAGE_DELETE), ``delete_channel`` (THREAD_DELETE or CHANNEL_DELETE), ``archive`` and
``unarchive`` (THREAD_UPDATE), ``remove_bot`` (GUILD_DELETE) and ``add_bot`` (GUILD_CREATE), and ``resume``
(a shard's connection drops and is resumed: ``disconnect``, then RESUMED). There is no websocket here, so
a resume only dispatches those events; a new session (READY, every GUILD_CREATE again) is not played.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.clock import Clock
from bot.settings import Settings
from cogs.client import Bricabot
from tests.support.discord import gateway
from tests.support.discord.gateway import Guild, User
from tests.support.discord.server import EPHEMERAL, FakeDiscord, InteractionRecord, Recorded

DEADLINE = 3.0
"""Discord invalidates an interaction not answered (or deferred) within 3 seconds."""
_TRACKED_TASKS = ("CommandTree-invoker", "discord-ui-", "discord.py: ")
"""Names of the tasks discord.py starts to dispatch an interaction (commands, components, events)."""


@dataclass
class Exchange:
    """One interaction and what the bot sent while handling it."""

    fake: FakeDiscord
    token: str
    requests: list[Recorded] = field(default_factory=list)

    @property
    def response_type(self) -> int | None:
        return self.fake.interactions[self.token].response_type

    @property
    def message(self) -> dict[str, Any] | None:
        """The interaction's original response (after any edits), or the clicked message."""
        return self.fake.original(self.token)

    @property
    def ephemeral(self) -> bool:
        message = self.message
        return message is not None and bool(message["flags"] & EPHEMERAL)

    @property
    def autocomplete(self) -> list[dict[str, Any]]:
        return self.fake.interactions[self.token].autocomplete or []

    def text(self) -> str:
        """Everything the interaction's answers said (content and embeds), for assertions."""
        parts: list[str] = []
        for r in self.requests:
            if self.token in r.path:
                parts.append(r.text)
        return "\n".join(parts)


class Players:
    """Discord's users interacting with the bot: builds their INTERACTION_CREATE payloads as Discord does
    (the member's permissions resolved in the channel) and hands them over with :meth:`feed`, which a
    driver defines: the in-process :class:`Harness`, or :class:`~tests.support.discord.remote.Remote`
    over the gateway's websocket to the program running as an OS process."""

    def __init__(
        self,
        fake: FakeDiscord,
        guild: Guild,
        others: Sequence[Guild] = (),
        members: dict[int, list[User]] | None = None,
    ) -> None:
        self.fake = fake
        self.guild = guild
        self.guilds = {g.id: g for g in (guild, *others)}
        self.members = members or {}
        """Guild id -> the users in it besides the bot, for its GUILD_CREATE."""

    async def feed(self, *payloads: dict[str, Any]) -> Exchange:
        """Hand INTERACTION_CREATE payloads to the bot and wait until it has answered them."""
        raise NotImplementedError

    async def slash(self, user: User, command: str, *, channel: int | None = None, **options: Any) -> Exchange:
        """Invoke ``/command`` (e.g. ``"game new"``) with typed options."""
        return await self._invoke(2, user, command, options, None, channel)

    async def autocomplete(
        self, user: User, command: str, focused: str, *, channel: int | None = None, **options: Any
    ) -> Exchange:
        return await self._invoke(4, user, command, options, focused, channel)

    async def click(
        self, user: User, message_id: int | str, custom_id: str, *, as_shown: dict[str, Any] | None = None
    ) -> Exchange:
        """Press a button the bot actually put on that message (fails if it is not there).

        ``as_shown`` is the message as the user's screen still showed it (a copy taken earlier): a
        double click, or a click on a screen that has not refreshed yet.
        """
        message = as_shown if as_shown is not None else self.fake.messages[int(message_id)]
        component = _component(message, custom_id)
        assert component["type"] == 2, f"{custom_id} is not a button"
        assert not component.get("disabled"), f"{custom_id} is disabled"
        return await self._component(user, message, {"custom_id": custom_id, "component_type": 2})

    async def select(self, user: User, message_id: int | str, custom_id: str, values: list[str]) -> Exchange:
        """Choose options of a select menu the bot actually put on that message."""
        message = self.fake.messages[int(message_id)]
        component = _component(message, custom_id)
        offered = {o["value"] for o in component["options"]}
        assert set(values) <= offered, f"{values} not offered by {custom_id}"
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
        return await self._component(user, message, data)

    def component_payload(self, user: User, message: dict[str, Any], custom_id: str) -> dict[str, Any]:
        """A button click's INTERACTION_CREATE, to feed several at once."""
        return self.payload(3, {"custom_id": custom_id, "component_type": 2}, user, message=message)

    def payload(
        self,
        kind: int,
        data: dict[str, Any],
        user: User,
        *,
        channel: int | None = None,
        message: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """An INTERACTION_CREATE from ``channel`` (else the message's, else the guild's main channel),
        with the member's permissions resolved there as Discord would."""
        if channel is None and message is not None:
            channel = int(message["channel_id"])
        where = self.channel_payload(channel)
        guild = self.guilds[int(where["guild_id"])] if "guild_id" in where else None
        permissions = None if guild is None else guild.permissions(user, where, self.fake.channels)
        return gateway.interaction(kind, data, user, where, message=message, guild=guild, permissions=permissions)

    def dm(self, user: User) -> int:
        """The id of ``user``'s DM channel with the bot (opened if need be)."""
        return int(self.fake.dm_channel(user.id)["id"])

    # -- helpers -------------------------------------------------------------------------------
    def channel_payload(self, channel_id: int | None) -> dict[str, Any]:
        return self.fake.channels[channel_id or self.guild.channel_id]

    async def _invoke(
        self, kind: int, user: User, command: str, options: dict[str, Any], focused: str | None, channel: int | None
    ) -> Exchange:
        names = command.split()
        opts, resolved = gateway.command_options(options, focused)
        for name in reversed(names[1:]):
            opts = [{"name": name, "type": 1, "options": opts}]
        data: dict[str, Any] = {"id": str(gateway.snowflake()), "name": names[0], "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        where = self.channel_payload(channel)
        if "guild_id" in where:
            data["guild_id"] = where["guild_id"]
        return await self.feed(self.payload(kind, data, user, channel=channel))

    async def _component(self, user: User, message: dict[str, Any], data: dict[str, Any]) -> Exchange:
        return await self.feed(self.payload(3, data, user, message=message))


class Harness(Players):
    """A logged-in bot wired to a fake Discord with a guild and its members (and maybe other guilds)."""

    def __init__(
        self,
        fake: FakeDiscord,
        bot: Bricabot,
        guild: Guild,
        others: Sequence[Guild] = (),
        members: dict[int, list[User]] | None = None,
    ) -> None:
        super().__init__(fake, guild, others, members)
        self.bot = bot

    @classmethod
    async def start(
        cls,
        fake: FakeDiscord,
        settings: Settings,
        guild: Guild,
        members: list[User],
        *,
        clock: Clock | None = None,
        others: Sequence[tuple[Guild, list[User]]] = (),
    ) -> Harness:
        bot = Bricabot(settings, clock=clock)
        await bot.__aenter__()
        servers = [(guild, members), *others]
        for server, _ in servers:
            for channel in server.channel_payloads():
                fake.add_channel(channel)
        await bot.login("test-token")
        for server, people in servers:
            bot._connection.parse_guild_create(server.create_payload(people))  # type: ignore[arg-type]
        harness = cls(fake, bot, guild, [g for g, _ in others], {g.id: people for g, people in servers})
        fake.listeners.append(harness._event)
        return harness

    def _event(self, event: str, data: dict[str, Any]) -> None:
        """A gateway event the bot's own request caused, parsed into its state as the gateway would."""
        if not self.bot.is_closed():
            self.bot._connection.parsers[event](data)

    async def stop(self) -> None:
        await self.settle()
        await self.bot.close()
        if self._event in self.fake.listeners:
            self.fake.listeners.remove(self._event)

    async def tick(self) -> int:
        """One scheduler pass, then everything it owes delivered; returns how much work it did."""
        scheduler = self.bot.get_cog("Scheduler")
        assert scheduler is not None
        done: int = await scheduler.tick()  # type: ignore[attr-defined]
        await self.settle()
        return done

    async def feed(self, *payloads: dict[str, Any]) -> Exchange:
        """Hand INTERACTION_CREATE payloads to discord.py (all at once, like a double click) and wait
        for the bot to finish; the exchange is the first payload's, with every request sent meanwhile."""
        start = len(self.fake.requests)
        for payload in payloads:
            self.fake.interactions[payload["token"]] = recorded(payload, payload.get("message"))
            self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await self.settle()
        for payload in payloads:
            record = self.fake.interactions[payload["token"]]
            assert record.answered_at is not None, f"interaction {payload['data']} was never answered"
            late = record.answered_at - record.created_at
            assert late < DEADLINE, f"first answer to {payload['data']} after {late:.1f} s"
        return Exchange(self.fake, payloads[0]["token"], self.fake.requests[start:])

    async def dispatch(self, payload: dict[str, Any]) -> None:
        """Hand one INTERACTION_CREATE to discord.py and wait for the bot, without requiring an answer
        (e.g. an interaction whose token Discord no longer accepts)."""
        self.fake.interactions[payload["token"]] = recorded(payload, payload.get("message"))
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await self.settle()

    async def settle(self) -> None:
        """Wait until no interaction dispatch or bot follow-up task is running and the outbox has
        nothing due (what the bot owes the thread is delivered by its worker, not by the click)."""
        await self._tasks_done()
        delivery = self.bot.get_cog("Delivery")
        if delivery is not None:
            await asyncio.wait_for(delivery.drain(), 60)  # type: ignore[attr-defined]
            await self._tasks_done()

    async def _tasks_done(self) -> None:
        for _ in range(200):
            await asyncio.sleep(0)
            busy = [
                t
                for t in asyncio.all_tasks()
                if not t.done() and t is not asyncio.current_task() and t.get_name().startswith(_TRACKED_TASKS)
            ]
            if not busy:
                return
            await asyncio.wait(busy, timeout=30)
        raise AssertionError("the bot kept starting new tasks")

    # -- what happens outside the bot's requests ------------------------------------------------
    async def delete_message(self, message_id: int) -> None:
        """A moderator deletes one of the bot's messages."""
        message = self.fake.messages[message_id]
        self.fake.delete_message(message_id)
        event = {"id": str(message_id), "channel_id": message["channel_id"]}
        if "guild_id" in message:
            event["guild_id"] = message["guild_id"]
        self.bot._connection.parse_message_delete(event)  # type: ignore[arg-type]
        await self.settle()

    async def delete_channel(self, channel_id: int) -> None:
        """A moderator deletes a channel or thread (and with it its threads and messages)."""
        channel = self.fake.channels[channel_id]
        self.fake.delete_channel(channel_id)
        if "thread_metadata" in channel:
            event = {k: channel[k] for k in ("id", "guild_id", "parent_id", "type")}
            self.bot._connection.parse_thread_delete(event)  # type: ignore[arg-type]
        else:
            self.bot._connection.parse_channel_delete(channel)
        await self.settle()

    async def archive(self, thread_id: int, *, locked: bool = False) -> None:
        """A thread is archived (by Discord after its inactivity delay, or a moderator), maybe locked."""
        self.fake.archive(thread_id, locked=locked)
        self.bot._connection.parse_thread_update(self.fake.channels[thread_id])  # type: ignore[arg-type]
        await self.settle()

    async def unarchive(self, thread_id: int) -> None:
        """A moderator reopens (and unlocks) a thread."""
        self.fake.unarchive(thread_id)
        self.bot._connection.parse_thread_update(self.fake.channels[thread_id])  # type: ignore[arg-type]
        await self.settle()

    async def remove_bot(self, guild_id: int) -> None:
        """The bot is kicked from a server: GUILD_DELETE without ``unavailable`` (that is an outage),
        and every later request on the server's channels answers 403 50001."""
        self.fake.faults.removed_guilds.add(guild_id)
        self.bot._connection.parse_guild_delete({"id": str(guild_id)})
        await self.settle()

    async def add_bot(self, guild_id: int) -> None:
        """The bot is added to the server again: GUILD_CREATE as for a join (no ``unavailable``), with
        the server's channels as they are now."""
        self.fake.faults.removed_guilds.discard(guild_id)
        guild = self.guilds[guild_id]
        payload = guild.create_payload(self.members.get(guild_id, []))
        del payload["unavailable"]
        payload["channels"] = [c for c in payload["channels"] if int(c["id"]) in self.fake.channels]
        self.bot._connection.parse_guild_create(payload)
        await self.settle()

    async def resume(self, shard_id: int = 0) -> None:
        """A shard's gateway connection drops and discord.py resumes its session: ``disconnect`` and
        ``shard_disconnect``, then RESUMED (``resumed``, ``shard_resumed``); ``connect`` comes only with a
        new session's READY."""
        self.bot.dispatch("disconnect")
        self.bot.dispatch("shard_disconnect", shard_id)
        self.bot._connection.parse_resumed({"__shard_id__": shard_id})  # type: ignore[arg-type]  # discord.py reads its own shard key
        await self.settle()

    # -- helpers -------------------------------------------------------------------------------


def recorded(payload: dict[str, Any], message: dict[str, Any] | None) -> InteractionRecord:
    """What the fake must know of an interaction before the bot answers it."""
    return InteractionRecord(
        id=int(payload["id"]),
        token=payload["token"],
        channel_id=int(payload["channel"]["id"]),
        message_id=None if message is None else int(message["id"]),
    )


def _component(message: dict[str, Any], custom_id: str) -> dict[str, Any]:
    for row in message.get("components", []):
        for component in row.get("components", []):
            if component.get("custom_id") == custom_id:
                return dict(component)
    raise AssertionError(f"no component {custom_id!r} on message {message['id']}")
