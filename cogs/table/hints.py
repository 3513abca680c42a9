"""The panel's Suggest button: what the ``hard`` AI would choose for the clicking player, and why, in one
line only they see (:mod:`bot.service.hints` thinks it from their seat's view in the AI process pool).

Each use is public: the service notes it in the log, and the game's thread gets the same line ("Alice
asked for a hint (2 so far)"). When the host turned hints off the click is refused privately.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.service import GameInfo
from bot.service.hints import Hint, HintsOff
from bot.words import t
from cogs.kit import access
from cogs.kit.answers import report
from cogs.kit.context import bot_of, lang_for, service_of
from cogs.kit.errors import UserFacingError
from cogs.kit.text import BUTTON_LABEL, choice_label, clip, names
from engine import registry
from engine.core.contract import Choice
from engine.core.errors import WrongSeat

TEMPLATE = r"hint:(?P<game>\d+)"
CHOICE_TEXT = 80
"""Longest choice label quoted in a hint."""


def custom_id(game_id: int) -> str:
    return f"hint:{game_id}"


def button(game_id: int, lang: str, row: int) -> discord.ui.Button[Any]:
    """The Suggest button of a game's private panel."""
    return discord.ui.Button(
        label=clip(t("hints.button", lang), BUTTON_LABEL),
        emoji="💡",
        style=discord.ButtonStyle.secondary,
        custom_id=custom_id(game_id),
        row=row,
    )


def explain(kind: str, hint: Hint, lang: str, seat_names: Sequence[str]) -> str:
    """The hint in one line: the choice, then why (forced, searched, judged a few choices ahead, or the
    game's own rule); a searched choice with the best alternatives' playouts beside its own, a judged one
    with the next best, and either with the facts that decided, in the game's words."""
    game = registry.get(kind)

    def label(choice: Choice) -> str:
        return choice_label(game, choice, lang, CHOICE_TEXT, seat_names)

    if hint.playouts:
        why = t("hints.why_search", lang, playouts=hint.playouts, outlook=round(100 * hint.outlook))
    elif hint.outlook >= 1.0:
        return t("hints.line", lang, choice=label(hint.choice), why=t("hints.why_forced", lang))
    elif hint.others:
        why = t("hints.why_look", lang)
    else:
        return t("hints.line", lang, choice=label(hint.choice), why=t("hints.why_rule", lang))
    others = [
        t("hints.other", lang, choice=label(r.choice), outlook=round(100 * r.outlook), mine=round(100 * r.versus))
        if r.playouts
        else t("hints.other_plain", lang, choice=label(r.choice))
        for r in hint.others
    ]
    if others:
        why = t("hints.more", lang, why=why, more=t("hints.others", lang, others=_both(others, lang)))
    facts = [game.text(key, {}, lang) for key, _ in hint.facts]
    if facts:
        why = t("hints.more", lang, why=why, more=t("hints.facts", lang, facts=_both(facts, lang)))
    return t("hints.line", lang, choice=label(hint.choice), why=why)


def _both(items: list[str], lang: str) -> str:
    """One or two items as words ("a and b")."""
    return items[0] if len(items) == 1 else t("hints.pair", lang, first=items[0], second=items[1])


async def suggest(interaction: discord.Interaction, game: GameInfo) -> None:
    """Answer a Suggest click privately; tell the thread that this player used a hint."""
    lang = await lang_for(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        hint = await service_of(interaction).hint(game.id, interaction.user.id)
    except HintsOff as refused:
        raise UserFacingError("hints_off", t("hints.off", lang)) from refused
    except WrongSeat as refused:
        raise UserFacingError("wrong_seat", t("hints.nothing", lang)) from refused
    bot_of(interaction).publisher.wake()  # the thread is told that this player used a hint
    await interaction.edit_original_response(content=explain(game.kind, hint, lang, names(game, lang)))


class HintButton(discord.ui.DynamicItem[discord.ui.Item[Any]], template=TEMPLATE):
    """The Suggest button, routed from its custom_id (so it works after a restart) and only for a user
    who may see the game."""

    def __init__(self, item: discord.ui.Item[Any], game_id: int) -> None:
        super().__init__(item)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HintButton:
        return cls(item, int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await suggest(interaction, await access.visible_game(interaction, self.game_id))
        except Exception as exc:
            await report(interaction, exc)
