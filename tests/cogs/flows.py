"""Steps the Discord tests share: open a game through commands and clicks, find what the bot sent."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tests.support.discord.gateway import User
from tests.support.discord.harness import Exchange, Harness


@dataclass(frozen=True)
class Table:
    game_id: int
    lobby_id: int
    thread_id: int
    board_id: int


async def open_game(harness: Harness, host: User, others: list[User], kind: str, **options: Any) -> Table:
    """``/game new``, everyone joins, the host starts: returns where the game lives."""
    created = await harness.slash(host, "game new", kind=kind, timer=options.pop("timer", "off"), **options)
    assert created.message is not None, created.text()
    lobby_id = int(created.message["id"])
    game_id = int(custom_ids(created.message)[0].split(":")[1])
    for user in others:
        joined = await harness.click(user, lobby_id, f"lobby:{game_id}:join")
        assert joined.response_type == 7, joined.text()
    started = await harness.click(host, lobby_id, f"lobby:{game_id}:start")
    thread_id = lobby_id
    boards = [m for m in harness.fake.channel_messages(thread_id) if f"board:{game_id}:log" in custom_ids(m)]
    assert boards, started.text()
    return Table(game_id, lobby_id, thread_id, int(boards[0]["id"]))


def custom_ids(message: dict[str, Any]) -> list[str]:
    return [
        c["custom_id"] for row in message.get("components", []) for c in row.get("components", []) if "custom_id" in c
    ]


def components(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components", []) for c in row.get("components", [])]


def pinged(exchange: Exchange) -> list[int]:
    """User ids the bot pinged (allowed to mention) while handling an interaction."""
    out: list[int] = []
    for request in exchange.requests:
        body = request.json if isinstance(request.json, dict) else {}
        users = (body.get("allowed_mentions") or {}).get("users") or []
        out.extend(int(u) for u in users)
    return out


ENGLISH = re.compile(
    r"\b(the|your|you|seat|seats|turn|choose|and|with|of|to|is|are|from|for|this|that|nothing|only"
    r"|board|game|player|players|round|move|moves|winner|lobby|join|leave|cancel|screen|waiting|left)\b"
)
"""Common English words; none of them is a French word."""


def texts(body: Any) -> list[str]:
    """Every player-readable string of a message payload."""
    if not isinstance(body, dict):
        return []
    out = [str(body.get("content") or "")]
    for embed in body.get("embeds") or []:
        out += [embed.get("title", ""), embed.get("description", ""), (embed.get("footer") or {}).get("text", "")]
        out += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields", [])]
    for row in body.get("components") or []:
        for item in row.get("components", []):
            out += [item.get("label", ""), item.get("placeholder", "")]
            out += [f"{o.get('label', '')} {o.get('description', '')}" for o in item.get("options", [])]
    out += [a.get("description", "") for a in body.get("attachments") or []]
    data = body.get("data")
    if isinstance(data, dict):
        out += texts(data)
    return [t for t in out if t]


def english_in(text: str, names: Iterable[str] = ()) -> list[str]:
    """The common English words of a text meant for French readers; people's names are not prose."""
    prose = re.sub(r"<[@#:][^>]*>|`[^`]*`|https?://\S+", "", text)
    for name in names:
        prose = prose.replace(name, "")
    return ENGLISH.findall(prose.lower())


def english_leftovers(sent: Iterable[str], names: Iterable[str] = ()) -> dict[str, set[str]]:
    """Each English word found in ``sent``, with the starts of the texts holding it."""
    found: dict[str, set[str]] = {}
    names = tuple(names)
    for text in sent:
        for word in english_in(text, names):
            found.setdefault(word, set()).add(text[:120])
    return found
