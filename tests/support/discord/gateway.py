"""Real-shaped gateway payloads (GUILD_CREATE, INTERACTION_CREATE) for feeding discord.py's state.

The shapes follow Discord's documentation for API v10: ids are strings, permissions are strings of
bits, options of sub-commands nest. Only the fields discord.py reads are filled, with real values.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from tests.support.discord.server import APPLICATION_ID, BOT_USER, PERMISSIONS_ALL

_ids = itertools.count(800_000_000_000_000_000)
MANAGE_GUILD = 1 << 5
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 31) | (1 << 38)  # view, send, use app commands, threads


def snowflake() -> int:
    return next(_ids)


@dataclass(frozen=True)
class User:
    """A Discord user taking part in a test; ``manager`` gives them Manage Server."""

    id: int
    name: str
    manager: bool = False

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "discriminator": "0", "global_name": None, "avatar": None}

    def member(self) -> dict[str, Any]:
        perms = MEMBER_PERMISSIONS | (MANAGE_GUILD if self.manager else 0)
        return {
            "user": self.payload(),
            "roles": [],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(perms),
        }


@dataclass(frozen=True)
class Guild:
    id: int
    name: str
    channel_id: int
    owner_id: int

    def channel(self) -> dict[str, Any]:
        return {
            "id": str(self.channel_id),
            "type": 0,
            "guild_id": str(self.id),
            "name": "board-games",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
        }

    def create_payload(self, members: list[User]) -> dict[str, Any]:
        """GUILD_CREATE as the gateway sends it to a bot without privileged intents."""
        bot_member = {
            "user": BOT_USER,
            "roles": [],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
        }
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "owner_id": str(self.owner_id),
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [
                {
                    "id": str(self.id),
                    "name": "@everyone",
                    "permissions": str(MEMBER_PERMISSIONS),
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                }
            ],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": "2026-01-01T00:00:00+00:00",
            "large": False,
            "unavailable": False,
            "member_count": len(members) + 1,
            "voice_states": [],
            "members": [bot_member, *(m.member() for m in members)],
            "channels": [self.channel()],
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


def interaction(
    kind: int,
    data: dict[str, Any],
    user: User,
    channel: dict[str, Any],
    *,
    message: dict[str, Any] | None = None,
    locale: str = "en-US",
) -> dict[str, Any]:
    """INTERACTION_CREATE; a guild channel gives a ``member``, a DM channel a ``user``."""
    iid = snowflake()
    payload: dict[str, Any] = {
        "id": str(iid),
        "application_id": str(APPLICATION_ID),
        "type": kind,
        "data": data,
        "channel": channel,
        "channel_id": channel["id"],
        "token": f"tok-{iid}",
        "version": 1,
        "locale": locale,
        "app_permissions": PERMISSIONS_ALL,
        "entitlements": [],
        "authorizing_integration_owners": {"0": channel.get("guild_id", user.id)},
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    if "guild_id" in channel:
        payload["guild_id"] = channel["guild_id"]
        payload["guild_locale"] = "en-US"
        payload["member"] = user.member()
        payload["context"] = 0
    else:
        payload["user"] = user.payload()
        payload["context"] = 1
    if message is not None:
        payload["message"] = message
    return payload


def command_options(values: dict[str, Any], focused: str | None = None) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Option payloads (typed like Discord: 3 string, 4 integer, 5 boolean, 6 user, 7 channel given as its
    payload) and ``resolved``."""
    options: list[dict[str, Any]] = []
    resolved: dict[str, Any] = {}
    for name, value in values.items():
        if isinstance(value, User):
            options.append({"name": name, "type": 6, "value": str(value.id)})
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            member = {k: v for k, v in value.member().items() if k != "user"}
            resolved.setdefault("members", {})[str(value.id)] = member
            continue
        if isinstance(value, dict):  # a channel, as its payload
            options.append({"name": name, "type": 7, "value": value["id"]})
            resolved.setdefault("channels", {})[value["id"]] = {**value, "permissions": PERMISSIONS_ALL}
            continue
        kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3
        option = {"name": name, "type": kind, "value": value}
        if name == focused:
            option["focused"] = True
        options.append(option)
    return options, resolved
