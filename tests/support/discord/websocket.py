"""The gateway's websocket, so the real program can run against :class:`FakeDiscord` as an OS process.

discord.py asks ``GET /gateway/bot`` where the gateway is, opens a websocket there and speaks Discord's
gateway protocol (https://discord.com/developers/docs/events/gateway). This plays Discord's side: HELLO
with a heartbeat interval; IDENTIFY answered by READY (every server unavailable) and then one
GUILD_CREATE per server; heartbeats acknowledged; RESUME answered by the missed dispatches and RESUMED,
or by INVALID_SESSION when the session is unknown. Tests send dispatches (INTERACTION_CREATE, a
moderator's MESSAGE_DELETE) with :meth:`Gateway.dispatch`, and the fake's REST side sends those it
causes (the bot deleting its own message). :meth:`Gateway.drop` closes every connection and can refuse
new ones, as when Discord cannot be reached.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.support.discord.server import APPLICATION_ID, BOT_USER

HELLO, HEARTBEAT, IDENTIFY, RESUME, INVALID_SESSION, HEARTBEAT_ACK, DISPATCH = 10, 1, 2, 6, 9, 11, 0
HEARTBEAT_MS = 41_250
"""Discord's usual heartbeat interval."""
RECONNECT_CODE = 4000
"""The close code of a dropped connection: "unknown error", which clients answer by resuming."""


@dataclass
class Session:
    """One gateway session: its id, its dispatches so far (for a resume) and its live socket, if any."""

    id: str
    shard: tuple[int, int]
    sent: list[dict[str, Any]] = field(default_factory=list)
    socket: web.WebSocketResponse | None = None


@dataclass
class Gateway:
    """The fake gateway; :meth:`attach` adds its route to the fake's web application."""

    guilds: Callable[[], list[dict[str, Any]]]
    """The GUILD_CREATE payloads a new session receives, as the servers are now."""
    url: str = ""
    reachable: bool = True
    """False: every new connection is refused (503), as when Discord cannot be reached."""
    sessions: dict[str, Session] = field(default_factory=dict)
    identified: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once a session was identified (READY sent)."""
    identifies: int = 0
    resumes: int = 0
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    def attach(self, app: web.Application) -> None:
        app.router.add_get("/gateway", self._connect)

    @property
    def live(self) -> list[Session]:
        return [s for s in self.sessions.values() if s.socket is not None and not s.socket.closed]

    async def dispatch(self, event: str, data: dict[str, Any]) -> int:
        """Send a dispatch to every live session; returns how many received it."""
        sent = 0
        for session in self.live:
            await self._send(session, event, data)
            sent += 1
        return sent

    def emit(self, event: str, data: dict[str, Any]) -> None:
        """:meth:`dispatch` from synchronous code (the REST side's handlers)."""
        if self.live:
            asyncio.get_running_loop().create_task(self.dispatch(event, data))

    async def drop(self, *, reachable: bool = True) -> None:
        """Close every connection (clients resume on a new one); with ``reachable`` false, refuse new ones."""
        self.reachable = reachable
        for session in self.live:
            assert session.socket is not None
            await session.socket.close(code=RECONNECT_CODE, message=b"dropped")

    async def _connect(self, request: web.Request) -> web.StreamResponse:
        if not self.reachable:
            return web.Response(status=503, text="503: Service Unavailable")
        socket = web.WebSocketResponse(autoping=True)
        await socket.prepare(request)
        hello = {"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_MS}, "s": None, "t": None}
        await socket.send_str(json.dumps(hello))
        session: Session | None = None
        async for message in socket:
            if message.type != WSMsgType.TEXT:
                continue
            frame = json.loads(message.data)
            op, data = frame.get("op"), frame.get("d")
            if op == HEARTBEAT:
                await socket.send_str(json.dumps({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None}))
            elif op == IDENTIFY:
                session = await self._identify(socket, data)
            elif op == RESUME:
                session = await self._resume(socket, data)
        if session is not None and session.socket is socket:
            session.socket = None
        return socket

    async def _identify(self, socket: web.WebSocketResponse, data: dict[str, Any]) -> Session:
        shard = tuple(data.get("shard") or (0, 1))
        session = Session(f"session-{next(self._ids)}", (int(shard[0]), int(shard[1])), socket=socket)
        self.sessions[session.id] = session
        self.identifies += 1
        guilds = self.guilds()
        ready = {
            "v": 10,
            "user": BOT_USER,
            "guilds": [{"id": g["id"], "unavailable": True} for g in guilds],
            "session_id": session.id,
            "resume_gateway_url": self.url,
            "shard": list(session.shard),
            "application": {"id": str(APPLICATION_ID), "flags": 0},
        }
        await self._send(session, "READY", ready)
        for guild in guilds:
            await self._send(session, "GUILD_CREATE", guild)
        self.identified.set()
        return session

    async def _resume(self, socket: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None:
            await socket.send_str(json.dumps({"op": INVALID_SESSION, "d": False, "s": None, "t": None}))
            return None
        session.socket = socket
        self.resumes += 1
        seen = int(data.get("seq") or 0)
        for frame in session.sent[seen:]:
            await socket.send_str(json.dumps(frame))
        await self._send(session, "RESUMED", {})
        return session

    async def _send(self, session: Session, event: str, data: dict[str, Any]) -> None:
        frame = {"op": DISPATCH, "t": event, "s": len(session.sent) + 1, "d": data}
        session.sent.append(frame)
        if session.socket is not None and not session.socket.closed:
            await session.socket.send_str(json.dumps(frame))
