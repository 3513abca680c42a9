"""Real-shaped gateway payloads (GUILD_CREATE, INTERACTION_CREATE) for feeding discord.py's state.

The shapes follow Discord's documentation for API v10: ids are strings, permissions are strings of
bits, options of sub-commands nest. Only the fields discord.py reads are filled, with real values.

A guild has roles and channels with permission overwrites; the ``permissions`` of an interaction's
member are resolved for the channel it comes from the way Discord does it (owner, @everyone, roles,
administrator, then the channel's @everyone, role and member overwrites; a thread takes its parent's),
so the bot sees what Discord would tell it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from tests.support.discord.server import APPLICATION_ID, BOT_USER, PERMISSIONS_ALL

_ids = itertools.count(800_000_000_000_000_000)
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
VIEW_CHANNEL = 1 << 10
MEMBER_PERMISSIONS = VIEW_CHANNEL | (1 << 11) | (1 << 31) | (1 << 38)  # view, send, use app commands, threads
ALL_PERMISSIONS = (1 << 50) - 1
INVITE_PERMISSIONS = 309237763072
"""What the README's invite link grants the bot."""


def snowflake() -> int:
    return next(_ids)


@dataclass(frozen=True)
class User:
    """A Discord user taking part in a test; ``manager`` gives them Manage Server (through their server's
    Managers role), ``roles`` are ids of other roles they have in the servers that define them;
    ``locale`` is their Discord client's language (an interaction's ``locale``); ``global_name`` and
    ``nick`` (their server nickname) are the names Discord shows before the username."""

    id: int
    name: str
    manager: bool = False
    roles: tuple[int, ...] = ()
    locale: str = "en-US"
    global_name: str | None = None
    nick: str | None = None

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
        }

    def member(self, guild: Guild | None = None, permissions: int | None = None) -> dict[str, Any]:
        """The member object; ``permissions`` (resolved in a channel) is what interactions carry."""
        if permissions is None:
            permissions = MEMBER_PERMISSIONS | (MANAGE_GUILD if self.manager else 0)
        roles = [] if guild is None else guild.member_roles(self)
        return {
            "user": self.payload(),
            "nick": self.nick,
            "roles": [str(r) for r in roles],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(permissions),
        }


@dataclass(frozen=True)
class Role:
    id: int
    name: str
    permissions: int = 0

    def payload(self, position: int) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": position,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
        }


@dataclass(frozen=True)
class Overwrite:
    """A channel's permission overwrite for a role (``kind`` 0, the @everyone role's id is the guild's)
    or a member (``kind`` 1)."""

    id: int
    kind: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "type": self.kind, "allow": str(self.allow), "deny": str(self.deny)}


@dataclass(frozen=True)
class Channel:
    """A text channel besides the server's main one, e.g. a private one (overwrites deny @everyone)."""

    id: int
    name: str
    overwrites: tuple[Overwrite, ...] = ()


@dataclass(frozen=True)
class Guild:
    """A server: its main text channel (everyone may view it), ``channels`` more, and ``roles`` besides
    @everyone (whose id is the guild's) and Managers (Manage Server, held by managers)."""

    id: int
    name: str
    channel_id: int
    owner_id: int
    channels: tuple[Channel, ...] = ()
    roles: tuple[Role, ...] = ()
    locale: str = "en-US"
    """The server's Discord language (``preferred_locale``, an interaction's ``guild_locale``)."""

    @property
    def managers(self) -> Role:
        return Role(self.id + 1, "Managers", MANAGE_GUILD)

    @property
    def bot_role(self) -> Role:
        """The role Discord makes for the bot when it is invited with the README's permissions."""
        return Role(self.id + 2, "Bricabot", INVITE_PERMISSIONS)

    def channel(self) -> dict[str, Any]:
        return self._channel(Channel(self.channel_id, "board-games"))

    def channel_payloads(self) -> list[dict[str, Any]]:
        """Every text channel of the server: the main one, then ``channels``."""
        return [self.channel(), *(self._channel(c) for c in self.channels)]

    def _channel(self, channel: Channel) -> dict[str, Any]:
        return {
            "id": str(channel.id),
            "type": 0,
            "guild_id": str(self.id),
            "name": channel.name,
            "position": 0,
            "permission_overwrites": [o.payload() for o in channel.overwrites],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
        }

    def member_roles(self, user: User) -> list[int]:
        """Role ids ``user`` has here (not counting @everyone)."""
        known = {r.id for r in self.roles}
        return [r for r in user.roles if r in known] + ([self.managers.id] if user.manager else [])

    def permissions(self, user: User, channel: dict[str, Any], channels: dict[int, dict[str, Any]]) -> int:
        """``user``'s permissions in ``channel`` (a thread: its parent's), resolved as Discord does."""
        if channel.get("parent_id") is not None and "thread_metadata" in channel:
            channel = channels[int(channel["parent_id"])]
        if user.id == self.owner_id:
            return ALL_PERMISSIONS
        mine = set(self.member_roles(user))
        base = MEMBER_PERMISSIONS
        for role in (*self.roles, self.managers):
            if role.id in mine:
                base |= role.permissions
        if base & ADMINISTRATOR:
            return ALL_PERMISSIONS
        overwrites = [
            Overwrite(int(o["id"]), int(o["type"]), int(o["allow"]), int(o["deny"]))
            for o in channel.get("permission_overwrites", [])
        ]
        for step in (
            [o for o in overwrites if o.kind == 0 and o.id == self.id],
            [o for o in overwrites if o.kind == 0 and o.id in mine],
            [o for o in overwrites if o.kind == 1 and o.id == user.id],
        ):
            deny = allow = 0
            for overwrite in step:
                deny |= overwrite.deny
                allow |= overwrite.allow
            base = (base & ~deny) | allow
        return base

    def create_payload(self, members: list[User]) -> dict[str, Any]:
        """GUILD_CREATE as the gateway sends it to a bot without privileged intents."""
        bot_member = {
            "user": BOT_USER,
            "roles": [str(self.bot_role.id)],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
        }
        roles = [Role(self.id, "@everyone", MEMBER_PERMISSIONS), *self.roles, self.managers, self.bot_role]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "owner_id": str(self.owner_id),
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [role.payload(position) for position, role in enumerate(roles)],
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
            "preferred_locale": self.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": "2026-01-01T00:00:00+00:00",
            "large": False,
            "unavailable": False,
            "member_count": len(members) + 1,
            "voice_states": [],
            "members": [bot_member, *(m.member(self) for m in members)],
            "channels": self.channel_payloads(),
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
    locale: str | None = None,
    guild: Guild | None = None,
    permissions: int | None = None,
) -> dict[str, Any]:
    """INTERACTION_CREATE; a guild channel gives a ``member`` (with ``permissions`` resolved in that
    channel, and its roles in ``guild``), a DM channel a ``user``."""
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
        "locale": locale or user.locale,
        "app_permissions": PERMISSIONS_ALL,
        "entitlements": [],
        "authorizing_integration_owners": {"0": channel.get("guild_id", user.id)},
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    if "guild_id" in channel:
        payload["guild_id"] = channel["guild_id"]
        payload["guild_locale"] = "en-US" if guild is None else guild.locale
        payload["member"] = user.member(guild, permissions)
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
