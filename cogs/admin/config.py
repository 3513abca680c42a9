"""``/bricabot config``: a server's defaults, and ``/bricabot status``: what keeps its games' messages
from being posted; both for members with Manage Server.

Language of the boards, the channel lobbies are posted in, and the turn timer and missed-turn policy
``/game new`` uses when it is not given them; whether members may have spectator links to the games'
web pages (``/game web spectator``). Options left out keep their current value.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import GuildSettings, TimeoutPolicy
from bot.words import LANGUAGE_NAMES, t
from cogs.kit import params
from cogs.kit.blocks import explain_block
from cogs.kit.context import lang_for, service_of
from cogs.kit.text import CONTENT, clip, title


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Config(commands.GroupCog, group_name="bricabot", group_description="Bricabot settings for this server"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="config", description="Server defaults for new games (Manage Server)")
    @app_commands.describe(
        language="Language of the boards and messages",
        lobbies="Channel where /game new posts lobbies (typed elsewhere in this server)",
        anywhere="True: post lobbies where /game new is typed again (clears the channel)",
        timer="Default turn timer of new games",
        missed="Default for what happens when someone misses their deadline",
        spectator_links="Whether members who see a game's channel may have a spectator link to its web page",
    )
    @app_commands.choices(
        language=params.language_choices(), timer=params.TIMER_CHOICES, missed=params.MISSED_TURN_CHOICES
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    async def config(
        self,
        interaction: discord.Interaction,
        language: str | None = None,
        lobbies: discord.TextChannel | None = None,
        anywhere: bool = False,
        timer: str | None = None,
        missed: str | None = None,
        spectator_links: bool | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        service = service_of(interaction)
        params.offered("language", language, (c.value for c in params.language_choices()))
        policy = params.missed_policy(missed)
        chosen = GuildSettings(
            lang=language or "en",
            turn_timer=timer or "off",
            channel_id=lobbies.id if lobbies is not None and not anywhere else None,
            timeout_policy=policy or TimeoutPolicy(),
        )
        given = {
            "lang": language is not None,
            "turn_timer": timer is not None,
            "channel_id": anywhere or lobbies is not None,
            "timeout_policy": policy is not None,
        }
        changed = [name for name, was_given in given.items() if was_given]
        if spectator_links is not None:
            await service.set_spectator_links(interaction.guild_id, spectator_links)
        if changed:
            settings = await service.set_guild_settings(interaction.guild_id, chosen, changed)
        else:
            settings = await service.guild_settings(interaction.guild_id)
        lang = await lang_for(interaction)
        watch = t(
            "config.spectators_on" if await service.spectator_links(interaction.guild_id) else "config.spectators_off",
            lang,
        )
        await interaction.response.send_message(f"{_describe(settings, lang)}\n{watch}", ephemeral=True)

    @app_commands.command(name="status", description="Games whose board or turn notices I cannot post, and why")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def status(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        lang = await lang_for(interaction)
        blocked = await service_of(interaction).blocked(interaction.guild_id)
        lines, seen = [], set()
        for item in blocked:
            if (item.game.id, item.reason) not in seen:
                seen.add((item.game.id, item.reason))
                lines.append(explain_block(self.bot, item.reason, lang, title(item.game)))
        text = "\n".join(lines) if lines else t("config.status_clear", lang)
        await interaction.response.send_message(clip(text, CONTENT), ephemeral=True)


def _describe(settings: GuildSettings, lang: str) -> str:
    where = (
        t("config.lobbies_here", lang)
        if settings.channel_id is None
        else t("config.lobbies_in", lang, channel=f"<#{settings.channel_id}>")
    )
    return t(
        "config.settings",
        lang,
        language=LANGUAGE_NAMES.get(settings.lang, settings.lang),
        where=where,
        timer=timer_text(settings.turn_timer, lang),
        missed=params.missed_turn_text(settings.timeout_policy, lang),
    )


def timer_text(timer: str, lang: str) -> str:
    """A turn timer preset as its choice reads in ``lang`` (``cmd.choice.<preset>``)."""
    return t(f"cmd.choice.{timer}", lang)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Config(bot))
