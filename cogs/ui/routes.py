"""Dynamic items: how each custom_id template is routed to its handler, before and after restarts.

discord.py builds one of these per click from the custom_id (see :mod:`cogs.ui.ids`), so no view is
held in memory and buttons sent by an earlier process keep working. Errors raised by a handler go
through the one error handler (discord.py would otherwise only log them and leave the click
unanswered).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import Any

import discord

from cogs.ui import history, ids, lobby, rulebook, table
from cogs.ui.context import lang_for, service_of
from cogs.ui.errors import UserFacingError, report
from cogs.ui.text import EMBED_DESCRIPTION, clip

RULES_HINT = "Press **Play / My screen** on the board to see your hidden screen and your legal moves."


async def _guarded(interaction: discord.Interaction, work: Awaitable[object]) -> None:
    try:
        await work
    except Exception as exc:
        await report(interaction, exc)


async def _rules(interaction: discord.Interaction, game_id: int) -> None:
    game = await service_of(interaction).game(game_id)
    text = rulebook.overview(game.kind, await lang_for(interaction))
    embed = discord.Embed(
        title=f"{game.title}: how to play here", description=clip(f"{text}\n{RULES_HINT}", EMBED_DESCRIPTION)
    )
    await interaction.response.send_message(embed=embed, ephemeral=True)


class _Routed(discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"(?!)"):
    """Base: keep the parsed custom_id fields; subclasses route them in ``callback``."""

    def __init__(self, item: discord.ui.Item[Any], fields: dict[str, str]) -> None:
        super().__init__(item)
        self.fields = fields

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> _Routed:
        return cls(item, match.groupdict())

    def number(self, name: str) -> int:
        return int(self.fields[name])


class LobbyButton(_Routed, template=ids.LOBBY):
    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction, lobby.press(interaction, self.number("game"), self.fields["action"]))


class BoardButton(_Routed, template=ids.BOARD):
    async def callback(self, interaction: discord.Interaction) -> None:
        game, action = self.number("game"), self.fields["action"]
        if action == "play":
            await _guarded(interaction, table.open_panel(interaction, game))
        elif action == "log":
            await _guarded(interaction, history.show(interaction, game, 0, edit=False))
        else:
            await _guarded(interaction, _rules(interaction, game))


class MoveButton(_Routed, template=ids.MOVE):
    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(
            interaction, table.play(interaction, self.number("game"), self.number("version"), self.fields["choice"])
        )


class MoveMenu(_Routed, template=ids.MENU):
    async def callback(self, interaction: discord.Interaction) -> None:
        assert isinstance(self.item, discord.ui.Select)
        await _guarded(interaction, self._play(interaction, list(self.item.values)))

    async def _play(self, interaction: discord.Interaction, values: list[str]) -> None:
        if len(values) != 1:  # the bot's menus take exactly one choice
            raise UserFacingError("one_choice", "Pick exactly one option from that menu. Nothing was played.")
        await table.play(interaction, self.number("game"), self.number("version"), values[0])


class UndoButton(_Routed, template=ids.UNDO):
    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction, table.undo(interaction, self.number("game"), self.number("version")))


class PanelButton(_Routed, template=ids.PANEL):
    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(
            interaction, table.page(interaction, self.number("game"), self.number("version"), self.number("page"))
        )


class LogButton(_Routed, template=ids.LOG):
    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction, history.show(interaction, self.number("game"), self.number("page"), edit=True))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    BoardButton,
    MoveButton,
    MoveMenu,
    UndoButton,
    PanelButton,
    LogButton,
)
