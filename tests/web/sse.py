"""Reading a page's event stream as a browser does: events of ``field: value`` lines ending at a blank
line, comments (``: ping``) apart."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field

from aiohttp import ClientResponse


@dataclass
class Event:
    name: str = "message"
    id: str = ""
    data: list[str] = field(default_factory=list)
    retry: str = ""
    comments: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.data)

    @property
    def html(self) -> str:
        """The page's regions an ``update`` or ``table`` event carries, one after the other."""
        return "\n".join(json.loads(self.text).values())


async def next_event(response: ClientResponse, timeout: float) -> Event:
    """The next event (a ``retry`` field or a comment alone counts as one), within ``timeout`` seconds."""

    async def read() -> Event:
        event = Event()
        seen = False
        while True:
            raw = await response.content.readline()
            if not raw:
                raise EOFError("the stream ended")
            line = raw.decode().rstrip("\n")
            if not line:
                if seen:
                    return event
                continue
            seen = True
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if name == "":
                event.comments.append(value)
            elif name == "event":
                event.name = value
            elif name == "id":
                event.id = value
            elif name == "data":
                event.data.append(value)
            elif name == "retry":
                event.retry = value

    return await asyncio.wait_for(read(), timeout)


async def next_update(
    response: ClientResponse, timeout: float, names: tuple[str, ...] = ("update", "refused")
) -> Event:
    """The next event named one of ``names`` (an ``update`` or a refusal), skipping pings, the opening
    ``retry`` and other events."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        left = deadline - asyncio.get_running_loop().time()
        event = await next_event(response, max(0.01, left))
        if event.name in names:
            return event
