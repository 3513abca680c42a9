""" "How to play" guides: each game's rules taught in paged embeds, and the rules entries they hold.

A guide is its game's data (:meth:`engine.core.contract.Game.guide`, a file per language in the game's
package): pages, each within an embed description, and topics that ``/rules`` finds by name next to the
game's cards.

The pages are shown by the board's Rules button and by ``/rules`` (its "How to play" entry), with
◀ ▶ buttons whose custom_id is ``guide:<kind>:<page>:<p|n>``; a click shows that page in the clicker's
language, in place on a private message and as a new private message under a public one.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import discord

from bot.words import t
from cogs.kit.answers import report
from cogs.kit.context import lang_for
from cogs.kit.errors import UserFacingError
from cogs.kit.messages import COLOUR
from engine import registry
from engine.core.guide import DEFAULT, Guide


@cache
def kinds() -> tuple[str, ...]:
    """The game kinds that have a guide."""
    return tuple(sorted(kind for kind, game in registry.games().items() if DEFAULT in game.guide_languages()))


def languages(kind: str) -> tuple[str, ...]:
    return registry.get(kind).guide_languages()


def guide(kind: str, lang: str) -> Guide | None:
    """The guide of ``kind`` in ``lang`` (English when that language has none; ``None`` without a guide)."""
    return registry.get(kind).guide(lang) if kind in registry.games() else None


def page_message(kind: str, page: int, lang: str) -> tuple[discord.Embed, discord.ui.View]:
    """Page ``page`` (clamped to the guide) as an embed, with the buttons to the pages around it."""
    found = guide(kind, lang)
    if found is None or not found.pages:
        raise LookupError(f"no guide for {kind}")
    page = max(0, min(page, len(found.pages) - 1))
    shown = found.pages[page]
    embed = discord.Embed(title=f"{found.title} — {shown.title}", description=shown.text, colour=COLOUR)
    embed.set_footer(text=t("guide.footer", lang, page=page + 1, pages=len(found.pages)))
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(label=t("guide.previous", lang), custom_id=custom_id(kind, page - 1, "p"), disabled=page == 0)
    )
    view.add_item(
        discord.ui.Button(
            label=t("guide.next", lang),
            custom_id=custom_id(kind, page + 1, "n"),
            disabled=page >= len(found.pages) - 1,
        )
    )
    return embed, view


async def show(interaction: discord.Interaction, kind: str) -> None:
    """A game's guide from its first page, privately, in the reader's language (the board's Rules
    button); a game without a guide gets a pointer to ``/rules``."""
    lang = await lang_for(interaction)
    if kind not in kinds():
        await interaction.response.send_message(t("guide.none", lang), ephemeral=True)
        return
    embed, view = page_message(kind, 0, lang)
    await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


def custom_id(kind: str, page: int, direction: str) -> str:
    return f"guide:{kind}:{max(page, 0)}:{direction}"


TEMPLATE = r"guide:(?P<kind>[a-z0-9_]{1,40}):(?P<page>\d{1,3}):[pn]"


class GuidePage(discord.ui.DynamicItem[discord.ui.Item[Any]], template=TEMPLATE):
    """A ◀ or ▶ button of a guide: shows the page it names to the clicker (nothing secret is shown)."""

    def __init__(self, item: discord.ui.Item[Any], kind: str, page: int) -> None:
        super().__init__(item)
        self.kind = kind
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GuidePage:
        return cls(item, match["kind"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            if self.kind not in kinds():
                raise UserFacingError("no_guide")
            embed, view = page_message(self.kind, self.page, await lang_for(interaction))
            message = interaction.message
            if message is not None and message.flags.ephemeral:
                await interaction.response.edit_message(embed=embed, view=view)
            else:
                await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
        except Exception as error:
            await report(interaction, error)
