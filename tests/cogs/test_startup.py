"""Start-up against the fake Discord: login, store, cogs, dynamic items, command sync."""

from __future__ import annotations

from typing import Any

from tests.cogs.conftest import GUILD, StartBot
from tests.support.discord.server import FakeDiscord


async def test_start_syncs_commands_to_the_dev_guild(start_bot: StartBot, fake: FakeDiscord) -> None:
    harness = await start_bot()
    synced = {c["name"] for c in fake.commands[str(GUILD.id)]}
    assert {"game"} <= synced
    assert harness.bot.service is not None
    paths = [r.path for r in fake.requests]
    assert "/users/@me" in paths and f"/applications/{harness.bot.application_id}/guilds/{GUILD.id}/commands" in paths


async def test_config_command_is_for_managers_in_servers(start_bot: StartBot, fake: FakeDiscord) -> None:
    await start_bot()
    synced = {c["name"]: c for c in fake.commands[str(GUILD.id)]}
    assert set(synced) == {"game", "rules", "bricabot"}
    assert str(synced["bricabot"]["default_member_permissions"]) == str(1 << 5)  # Manage Server
    game = {o["name"] for o in synced["game"]["options"]}
    assert {"new", "play", "screen", "board", "log", "list", "mine", "leave", "abandon", "kick"} <= game
    assert {"replace", "settings", "notify", "profile"} <= game


async def test_synced_commands_keep_within_discords_limits(start_bot: StartBot, fake: FakeDiscord) -> None:
    """Discord refuses the whole sync if one name or description is too long or a list too many."""
    await start_bot()

    def check(command: dict[str, Any]) -> None:
        assert 1 <= len(command["name"]) <= 32, command["name"]
        assert 1 <= len(command.get("description", "x")) <= 100, command["description"]
        options = command.get("options", [])
        assert len(options) <= 25 and len(command.get("choices", [])) <= 25
        for option in options:
            check(option)

    for command in fake.commands[str(GUILD.id)]:
        check(command)
