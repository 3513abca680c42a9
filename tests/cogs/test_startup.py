"""Start-up against the fake Discord: login, store, cogs, dynamic items, command sync."""

from __future__ import annotations

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
