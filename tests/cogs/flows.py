"""Steps the Discord tests share: open a game through commands and clicks, find what the bot sent."""

from __future__ import annotations

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
    posts = harness.fake.channel_messages(thread_id)
    assert posts, started.text()
    return Table(game_id, lobby_id, thread_id, int(posts[0]["id"]))


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
