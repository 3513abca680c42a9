"""A second click before a choice that gives up something still possible (``Choice.confirm``).

Ending one's actions while an action remains is easy to do by mistake on a phone and cannot be
undone once the next player moves. Such a choice reaches the bot marked (:data:`cogs.table.controls.ASK`);
the panel is then replaced, in place and privately, by the question ("End my turn — Repair is still
possible") with Confirm and Back. Confirm is an ordinary move button: it carries the choice id and
the version the question was asked at, so it plays nothing if the game moved on meanwhile. Back
redraws the panel.
"""

from __future__ import annotations

import discord

from bot.service import GameInfo
from bot.words import t
from cogs.kit import ids
from cogs.kit.context import lang_for, require_private_message, service_of
from cogs.kit.ids import Components
from cogs.kit.text import BUTTON_LABEL, EMBED_DESCRIPTION, clip, names, title
from cogs.table import screen as table
from engine import registry


async def ask(interaction: discord.Interaction, game: GameInfo, version: int, choice_id: str) -> None:
    """Ask before playing ``choice_id``; a choice that needs no asking (or no longer exists at that
    version) goes the ordinary way, which plays it or refuses it as stale."""
    require_private_message(interaction)
    seen = await service_of(interaction).view(game.id, interaction.user.id)
    decision = seen.decision if seen.game.version == version else None
    choice = None if decision is None else decision.get(choice_id)
    if choice is None or not choice.confirm:
        await table.play(interaction, game.id, version, choice_id)
        return
    rules = registry.get(game.kind)
    lang = await lang_for(interaction)
    seat_names = names(seen.game, lang)
    label = rules.text(choice.label, choice.params, lang, seat_names)
    why = rules.text(choice.confirm, choice.params, lang, seat_names)
    embed = discord.Embed(
        title=clip(f"{t('panel.confirm.title', lang)} — {title(game)}", 256),
        description=clip(t("panel.confirm.ask", lang, label=label, why=why), EMBED_DESCRIPTION),
    )
    view = Components()
    view.add_item(
        discord.ui.Button(
            label=clip(t("panel.confirm.yes", lang, label=label), BUTTON_LABEL),
            style=discord.ButtonStyle.danger,
            custom_id=ids.move(game.id, version, choice.id),
        )
    )
    view.add_item(
        discord.ui.Button(
            label=clip(t("panel.confirm.back", lang), BUTTON_LABEL),
            style=discord.ButtonStyle.secondary,
            custom_id=ids.panel(game.id, version, 0),
        )
    )
    await interaction.response.edit_message(content=None, embed=embed, attachments=[], view=view)
