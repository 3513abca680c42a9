"""A local fake of the Discord REST API, for running the real discord.py client in tests.

discord.py builds every REST and webhook URL from ``discord.http.Route.BASE``; pointing it at this
aiohttp server (on 127.0.0.1) sends everything the bot does to us instead of Discord. The server
answers with real-shaped payloads, keeps the messages it was asked to create so tests can click their
components, and records every request (method, path, JSON or multipart body) so tests can assert on
exactly what the bot sent. It plays Discord's part only as far as the bot needs: messages, interaction
callbacks and webhooks, threads (on a message or not), DMs (including users whose DMs are closed), deleting a channel's
messages, command sync, and where the gateway is. The gateway events the bot's own requests cause (its
message deleted, its thread created or reopened) go to every :attr:`FakeDiscord.listeners`: the
in-process harness parses them into the bot's state, the gateway's websocket sends them on. What goes
wrong on Discord's side (a moderator deleting, archiving or
locking, lost permissions, the bot removed from a server, 5xx bursts, slow routes, expired interactions)
is stated on :attr:`FakeDiscord.faults` and answered as Discord does (see ``faults``).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

from tests.support.discord import faults as f
from tests.support.discord.faults import Faults

EPHEMERAL = 1 << 6
LOADING = 1 << 7
APPLICATION_ID = 700_000_000_000_000_001
BOT_USER = {
    "id": str(APPLICATION_ID),
    "username": "Bricabot",
    "discriminator": "0",
    "global_name": None,
    "avatar": None,
    "bot": True,
}
PERMISSIONS_ALL = str((1 << 50) - 1)


@dataclass
class Recorded:
    """One request the bot sent. ``private`` is True when it can only reach one person: an
    ephemeral message (interaction response, followup or edit) or a DM channel."""

    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[tuple[str, bytes]]
    private: bool = False
    status: int = 200

    @property
    def text(self) -> str:
        """The JSON body as text, for "does this request mention X" assertions."""
        return json.dumps(self.json, ensure_ascii=False) if self.json is not None else ""


@dataclass
class InteractionRecord:
    """What the fake knows about an interaction it handed to the bot: where to put responses."""

    id: int
    token: str
    channel_id: int
    message_id: int | None = None
    original_id: int | None = None
    response_type: int | None = None
    autocomplete: list[dict[str, Any]] | None = None
    created_at: float = field(default_factory=time.monotonic)
    answered_at: float | None = None


@dataclass
class FakeDiscord:
    """The fake REST API; ``start()`` it, then point ``discord.http.Route.BASE`` at :attr:`base`."""

    requests: list[Recorded] = field(default_factory=list)
    messages: dict[int, dict[str, Any]] = field(default_factory=dict)
    channels: dict[int, dict[str, Any]] = field(default_factory=dict)
    interactions: dict[str, InteractionRecord] = field(default_factory=dict)
    closed_dms: set[int] = field(default_factory=set)
    commands: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    rate_limited: dict[str, int] = field(default_factory=dict)
    """Path -> how many more requests to it are answered 429 (per-route rate limit), for tests."""
    faults: Faults = field(default_factory=Faults)
    listeners: list[Callable[[str, dict[str, Any]], None]] = field(default_factory=list)
    """Called with each gateway event the bot's requests cause (event name, payload)."""
    gateway_url: str = ""
    """Where ``GET /gateway/bot`` says the gateway is (see :mod:`tests.support.discord.websocket`)."""
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(900_000_000_000_000_000))
    _runner: web.AppRunner | None = None
    port: int = 0

    # -- life cycle ----------------------------------------------------------------------------
    async def start(self, *routes: Callable[[web.Application], None]) -> None:
        """Listen on 127.0.0.1 (a free port); ``routes`` add more to the application (the gateway's)."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._handle)
        for add in routes:
            add(app)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    def snowflake(self) -> int:
        return next(self._ids)

    def emit(self, event: str, data: dict[str, Any]) -> None:
        for listener in list(self.listeners):
            listener(event, data)

    # -- what tests use ------------------------------------------------------------------------
    def add_channel(self, channel: dict[str, Any]) -> None:
        self.channels[int(channel["id"])] = channel

    def channel_messages(self, channel_id: int) -> list[dict[str, Any]]:
        return [m for m in self.messages.values() if int(m["channel_id"]) == channel_id]

    def original(self, token: str) -> dict[str, Any] | None:
        record = self.interactions[token]
        return None if record.original_id is None else self.messages.get(record.original_id)

    def attempts(self, method: str, pattern: str) -> list[Recorded]:
        """The requests on a route (``method`` or ``"*"``, a regex the whole path matches), refused or
        not: ``[r.status for r in fake.attempts("PATCH", r"/channels/\\d+/messages/\\d+")]``."""
        return [r for r in self.requests if f.matches((method, pattern), r.method, r.path)]

    # -- what moderators do (see ``faults`` for the rest) --------------------------------------
    def delete_message(self, message_id: int) -> None:
        """A moderator deletes a message: fetching, editing or deleting it answers 404 10008."""
        del self.messages[message_id]

    def delete_channel(self, channel_id: int) -> None:
        """A moderator deletes a channel or thread (a channel's threads go with it), and their messages:
        everything on them answers 404 10003."""
        gone = {channel_id} | {cid for cid, c in self.channels.items() if c.get("parent_id") == str(channel_id)}
        for cid in gone:
            self.channels.pop(cid, None)
        self.faults.deleted_channels |= gone
        for mid in [mid for mid, m in self.messages.items() if int(m["channel_id"]) in gone]:
            del self.messages[mid]

    def archive(self, thread_id: int, *, locked: bool = False) -> None:
        """Archive a thread (edits in it answer 400 50083; a message sent to it unarchives it unless
        ``locked``: then sending, editing and deleting answer 403 160005, and only a moderator can reopen it)."""
        metadata = self.channels[thread_id]["thread_metadata"]
        metadata["archived"] = True
        metadata["locked"] = locked

    def unarchive(self, thread_id: int) -> None:
        """A moderator reopens (and unlocks) a thread."""
        metadata = self.channels[thread_id]["thread_metadata"]
        metadata["archived"] = metadata["locked"] = False

    # -- dispatch ------------------------------------------------------------------------------
    async def _handle(self, request: web.Request) -> web.StreamResponse:
        body, files = await _read_body(request)
        path = "/" + request.match_info["tail"]
        rec = Recorded(request.method, path, dict(request.query), body, files)
        self.requests.append(rec)
        parts = path.strip("/").split("/")
        if delay := self.faults.delay(request.method, path):
            await asyncio.sleep(delay)
        if self.rate_limited.get(path, 0) > 0:
            self.rate_limited[path] -= 1
            rec.status = 429
            # Discord answers through Google's front end ("Via"); discord.py reads a 429 without it
            # as a Cloudflare ban and gives up instead of waiting.
            limited = {"message": "You are being rate limited.", "retry_after": 0.2, "global": False}
            headers = {
                "Content-Type": "application/json",
                "X-RateLimit-Scope": "user",
                "Retry-After": "0.2",
                "Via": "1.1 google",
            }
            return web.Response(body=json.dumps(limited).encode(), status=429, headers=headers)
        refusal = self.faults.server_error(request.method, path) or self._refusal(request.method, parts, body)
        try:
            status, payload = refusal or self._route(request.method, parts, body or {}, files, rec)
        except KeyError:
            status, payload = f.error(404, f.UNKNOWN_CHANNEL)
        rec.status = status
        if payload is None:
            return web.Response(status=204)
        # discord.py decodes JSON only when the content type is exactly "application/json", as Discord sends it.
        body = json.dumps(payload).encode()
        return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})

    def _refusal(self, method: str, parts: list[str], body: Any) -> tuple[int, Any] | None:
        """Discord's error for a request a fault in force refuses, checked in Discord's order: the
        channel exists, the bot can see it, then may act there."""
        match parts:
            case ["applications", _, "guilds", guild, *_] if int(guild) in self.faults.removed_guilds:
                return f.error(403, f.MISSING_ACCESS)
            case ["interactions", _, token, "callback"] if token in self.faults.expired_interactions:
                return f.error(404, f.UNKNOWN_INTERACTION)
            case ["channels", cid, *rest]:
                channel = self.channels.get(int(cid))
                if channel is None:
                    return f.error(404, f.UNKNOWN_CHANNEL)
                if int(channel.get("guild_id", 0)) in self.faults.removed_guilds:
                    return f.error(403, f.MISSING_ACCESS)
                sends = method == "POST" and rest == ["messages"]
                edits = method == "PATCH" and len(rest) == 2 and rest[0] == "messages"
                deletes = method == "DELETE" and len(rest) == 2 and rest[0] == "messages"
                threads = method == "POST" and rest[-1:] == ["threads"]
                reopens = method == "PATCH" and not rest and isinstance(body, dict) and body.get("archived") is False
                denied = {str(c) for c in self.faults.denied_channels}
                if (sends or edits or threads or reopens) and {cid, channel.get("parent_id")} & denied:
                    return f.error(403, f.MISSING_PERMISSIONS)
                thread = channel.get("thread_metadata", {})
                if edits and thread.get("archived"):
                    return f.error(400, f.THREAD_ARCHIVED)
                if (sends or edits or deletes) and thread.get("locked"):
                    return f.error(403, f.THREAD_LOCKED)
                if reopens and thread.get("locked"):  # reopening a locked thread takes Manage Threads
                    return f.error(403, f.MISSING_PERMISSIONS)
        return None

    def _route(
        self, method: str, parts: list[str], body: dict[str, Any], files: list[tuple[str, bytes]], rec: Recorded
    ) -> tuple[int, Any]:
        match method, parts:
            case "GET", ["users", "@me"]:
                return 200, BOT_USER
            case "GET", ["oauth2", "applications", "@me"]:
                return 200, _application()
            case "GET", ["gateway", "bot"]:
                limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
                return 200, {"url": self.gateway_url, "shards": 1, "session_start_limit": limit}
            case "PUT", ["applications", _, "commands"]:
                return 200, self._sync("global", body)
            case "PUT", ["applications", _, "guilds", guild, "commands"]:
                return 200, self._sync(guild, body)
            case "POST", ["interactions", _, token, "callback"]:
                return self._callback(self.interactions[token], body, files, rec)
            case "POST", ["webhooks", _, token]:
                inter = self.interactions[token]
                rec.private = bool(int(body.get("flags", 0)) & EPHEMERAL)
                return 200, self._create(inter.channel_id, body, files)
            case ("PATCH" | "GET" | "DELETE") as verb, ["webhooks", _, token, "messages", which]:
                inter = self.interactions[token]
                mid = inter.original_id if which == "@original" else int(which)
                message = self.messages.get(mid)  # type: ignore[arg-type]
                if message is None:
                    return f.error(404, f.UNKNOWN_MESSAGE)
                rec.private = bool(message["flags"] & EPHEMERAL)
                if verb == "DELETE":
                    self._deleted(self.messages.pop(mid))  # type: ignore[arg-type]
                    return 204, None
                return 200, message if verb == "GET" else self._edit(message, body, files)
            case "POST", ["channels", cid, "messages"]:
                channel = self.channels[int(cid)]
                rec.private = channel["type"] == 1
                if channel["type"] == 1 and int(channel["recipients"][0]["id"]) in self.closed_dms:
                    return 403, {"message": "Cannot send messages to this user", "code": 50007}
                if "thread_metadata" in channel:  # sending in an archived thread unarchives it
                    channel["thread_metadata"]["archived"] = False
                return 200, self._create(int(cid), body, files)
            case ("PATCH" | "GET" | "DELETE") as verb, ["channels", cid, "messages", mid]:
                message = self.messages.get(int(mid))
                if message is None or int(message["channel_id"]) != int(cid):
                    return f.error(404, f.UNKNOWN_MESSAGE)
                if verb == "DELETE":  # gone for good, as in Discord
                    self._deleted(self.messages.pop(int(mid)))
                    return 204, None
                return 200, message if verb == "GET" else self._edit(message, body, files)
            case "GET", ["channels", cid]:
                return 200, self.channels[int(cid)]
            case "PATCH", ["channels", cid]:
                channel = self.channels[int(cid)]
                if "archived" in body and "thread_metadata" in channel:
                    channel["thread_metadata"]["archived"] = bool(body["archived"])
                    self.emit("THREAD_UPDATE", channel)
                return 200, channel
            case "POST", ["channels", cid, "messages", mid, "threads"]:
                if int(mid) in self.channels or int(mid) in self.faults.deleted_channels:
                    return f.error(400, f.THREAD_ALREADY_CREATED)  # a thread's id is its starter message's
                if int(mid) not in self.messages:
                    return f.error(404, f.UNKNOWN_MESSAGE)
                return 201, self._thread(int(cid), int(mid), body)
            case "POST", ["channels", cid, "threads"]:
                if self.channels[int(cid)]["type"] != 0:
                    return 400, {"message": "Cannot execute action on this channel type", "code": 50024}
                return 201, self._thread(int(cid), self.snowflake(), body)
            case "POST", ["users", "@me", "channels"]:
                return 200, self.dm_channel(int(body["recipient_id"]))
        return 404, {"message": "404: Not Found", "code": 0}

    # -- behaviours ----------------------------------------------------------------------------
    def _sync(self, scope: str, body: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for command in body:
            item = {**command, "id": str(self.snowflake()), "application_id": str(APPLICATION_ID), "version": "1"}
            if scope != "global":
                item["guild_id"] = scope
            out.append(item)
        self.commands[scope] = out
        return out

    def _callback(
        self, inter: InteractionRecord, body: dict[str, Any], files: list[tuple[str, bytes]], rec: Recorded
    ) -> tuple[int, Any]:
        if inter.response_type is not None:
            return 400, {"message": "Interaction has already been acknowledged.", "code": 40060}
        kind = int(body["type"])
        data = body.get("data") or {}
        inter.response_type = kind
        inter.answered_at = time.monotonic()
        flags = int(data.get("flags", 0) or 0)
        message: dict[str, Any] | None = None
        if kind == 4:
            message = self._create(inter.channel_id, data, files)
        elif kind == 5:
            message = self._create(inter.channel_id, {"flags": flags | LOADING}, [])
        elif kind in (6, 7) and inter.message_id is not None:
            message = self.messages[inter.message_id]
            if kind == 7:
                self._edit(message, data, files)
        elif kind == 8:
            inter.autocomplete = list(data.get("choices", []))
        if message is not None:
            inter.original_id = int(message["id"])
            rec.private = bool(message["flags"] & EPHEMERAL)
        reply: dict[str, Any] = {
            "interaction": {
                "id": str(inter.id),
                "type": 2,
                "response_message_id": None if message is None else message["id"],
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(message and message["flags"] & EPHEMERAL),
            }
        }
        if message is not None:
            reply["resource"] = {"type": kind, "message": message}
        return 200, reply

    def _create(self, channel_id: int, body: dict[str, Any], files: list[tuple[str, bytes]]) -> dict[str, Any]:
        mid = self.snowflake()
        message: dict[str, Any] = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "type": 0,
            "author": BOT_USER,
            "content": "",
            "embeds": [],
            "attachments": [],
            "components": [],
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "flags": 0,
            "timestamp": datetime.now(UTC).isoformat(),
            "edited_timestamp": None,
        }
        guild_id = self.channels.get(channel_id, {}).get("guild_id")
        if guild_id is not None:
            message["guild_id"] = guild_id
        self.messages[mid] = message
        self._apply(message, body, files)
        message["flags"] = int(body.get("flags", 0) or 0)
        return message

    def _edit(self, message: dict[str, Any], body: dict[str, Any], files: list[tuple[str, bytes]]) -> dict[str, Any]:
        self._apply(message, body, files)
        message["flags"] &= ~LOADING
        message["edited_timestamp"] = datetime.now(UTC).isoformat()
        return message

    def _apply(self, message: dict[str, Any], body: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
        for key in ("content", "embeds", "components"):
            if key in body:
                message[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if "attachments" in body or files:
            kept = {str(a["id"]): a for a in message["attachments"]}
            out = []
            for index, meta in enumerate(body.get("attachments", [])):
                if str(meta["id"]) in kept:
                    out.append(kept[str(meta["id"])])
                    continue
                aid = self.snowflake()
                name, data = files[index] if index < len(files) else (meta.get("filename", "file"), b"")
                out.append(
                    {
                        "id": str(aid),
                        "filename": meta.get("filename", name),
                        "size": len(data),
                        "url": f"https://cdn.invalid/{aid}/{name}",
                        "proxy_url": f"https://media.invalid/{aid}/{name}",
                        **({"description": meta["description"]} if meta.get("description") else {}),
                    }
                )
            message["attachments"] = out

    def _thread(self, parent_id: int, message_id: int, body: dict[str, Any]) -> dict[str, Any]:
        parent = self.channels[parent_id]
        thread = {
            "id": str(message_id),
            "type": 11,
            "guild_id": parent["guild_id"],
            "parent_id": str(parent_id),
            "owner_id": str(APPLICATION_ID),
            "name": body["name"],
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": body.get("auto_archive_duration", 10080),
                "archive_timestamp": datetime.now(UTC).isoformat(),
                "locked": False,
            },
        }
        self.add_channel(thread)
        self.emit("THREAD_CREATE", {**thread, "newly_created": True})
        return thread

    def _deleted(self, message: dict[str, Any]) -> None:
        """MESSAGE_DELETE, as Discord sends it for a deletion the bot made itself too."""
        event = {"id": message["id"], "channel_id": message["channel_id"]}
        if "guild_id" in message:
            event["guild_id"] = message["guild_id"]
        self.emit("MESSAGE_DELETE", event)

    def dm_channel(self, user_id: int) -> dict[str, Any]:
        """The DM channel between the bot and ``user_id``, opened on first use."""
        for channel in self.channels.values():
            if channel["type"] == 1 and int(channel["recipients"][0]["id"]) == user_id:
                return channel
        channel = {
            "id": str(self.snowflake()),
            "type": 1,
            "last_message_id": None,
            "recipients": [{"id": str(user_id), "username": f"user{user_id}", "discriminator": "0", "avatar": None}],
        }
        self.add_channel(channel)
        return channel


def _application() -> dict[str, Any]:
    return {
        "id": str(APPLICATION_ID),
        "name": "Bricabot",
        "description": "",
        "icon": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": {**BOT_USER, "bot": False, "id": "1", "username": "owner"},
        "verify_key": "0" * 64,
        "flags": 0,
        "summary": "",
        "interactions_endpoint_url": None,
    }


async def _read_body(request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
    """JSON bodies as-is; multipart bodies as their ``payload_json`` plus the uploaded files."""
    if request.content_type.startswith("multipart/"):
        payload: Any = None
        files: list[tuple[str, bytes]] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if part.name == "payload_json":  # type: ignore[union-attr]
                payload = json.loads(await part.text())  # type: ignore[union-attr]
            else:
                files.append((part.filename or "", bytes(await part.read())))  # type: ignore[union-attr]
        return payload, files
    raw = await request.read()
    return (json.loads(raw) if raw else None), []
