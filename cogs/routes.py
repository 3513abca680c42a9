"""Dynamic items: how each custom_id template is routed to its handler, before and after restarts.

discord.py builds one of these per click from the custom_id (see :mod:`cogs.kit.ids`), so no view is
held in memory and buttons sent by an earlier process keep working. Every custom_id but a guide's page
and a tutorial's step names a game, and a click goes to its handler only when the clicking user may see
that game (:mod:`cogs.kit.access`); otherwise, forged or not, it gets the unknown-game answer. Errors
raised by a handler go through the one error handler (discord.py would otherwise only log them and
leave the click unanswered). The features' handlers never call each other: a control that leads from
one to another (the tutorial's end opens a lobby or the guide) is routed here.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.service import GameInfo
from bot.service.errors import CannotUndo
from bot.words import t
from cogs.kit import access, ids
from cogs.kit.answers import report
from cogs.kit.context import lang_for
from cogs.kit.errors import UserFacingError
from cogs.kit.ids import Parsed
from cogs.lobby import seats as lobby
from cogs.results import reports as results
from cogs.rules import guide
from cogs.table import closeup, confirm
from cogs.table import controls as panel
from cogs.table import log as history
from cogs.table import screen as table
from cogs.table.hints import HintButton
from cogs.tutorial import flow as tutorial
from cogs.tutorial.ids import ALL, NONE, TEMPLATE


async def _rules(interaction: discord.Interaction, game: GameInfo) -> None:
    await guide.show(interaction, game.kind)


class _Routed(ids.Parsed, template=r"(?!)"):
    """Base: every template has a ``game``; let the click through only for a user who may see that
    game, and report any error; subclasses route it in ``route``."""

    def number(self, name: str) -> int:
        return int(self.fields[name])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            game = await access.visible_game(interaction, self.number("game"))
            await self.route(interaction, game)
        except Exception as exc:
            await report(interaction, exc)

    async def route(self, interaction: discord.Interaction, game: GameInfo) -> None:
        """Handle a click on ``game``, which the user may see."""
        raise NotImplementedError


class LobbyButton(_Routed, template=ids.LOBBY):
    async def route(self, interaction: discord.Interaction, game: GameInfo) -> None:
        await lobby.press(interaction, game.id, self.fields["action"])


class BoardButton(_Routed, template=ids.BOARD):
    async def route(self, interaction: discord.Interaction, game: GameInfo) -> None:
        action = self.fields["action"]
        if action == "play":
            await table.open_panel(interaction, game.id)
        elif action == "log":
            await history.show(interaction, game.id, 0, edit=False)
        elif action == "full":
            await closeup.full_board(interaction, game)
        else:
            await _rules(interaction, game)


class ZoomMenu(_Routed, template=ids.ZOOM):
    async def route(self, interaction: discord.Interaction, game: GameInfo) -> None:
        assert isinstance(self.item, discord.ui.Select)
        values = list(self.item.values)
        if len(values) != 1:
            raise UserFacingError("one_area")
        await closeup.zoom(interaction, game, values[0])


async def _move(interaction: discord.Interaction, game: GameInfo, version: int, sent: str) -> None:
    """A choice from the panel: asked again first when it is marked as one to confirm."""
    if sent.startswith(panel.ASK):
        await confirm.ask(interaction, game, version, sent.removeprefix(panel.ASK))
    else:
        await table.play(interaction, game.id, version, sent)


class MoveButton(_Routed, template=ids.MOVE):
    async def route(self, interaction: discord.Interaction, game: GameInfo) -> None:
        await _move(interaction, game, self.number("version"), self.fields["choice"])


class MoveMenu(_Routed, template=ids.MENU):
    async def route(self, interaction: discord.Interaction, game: GameInfo) -> None:
        assert isinstance(self.item, discord.ui.Select)
        values = list(self.item.values)
        if len(values) != 1:  # the bot's menus take exactly one choice
            raise UserFacingError("one_choice")
        await _move(interaction, game, self.number("version"), values[0])


class UndoButton(_Routed, template=ids.UNDO):
    async def route(self, interaction: discord.Interaction, game: GameInfo) -> None:
        try:
            await table.undo(interaction, game.id, self.number("version"))
        except CannotUndo as refused:  # said privately, and why: a draw, another seat, nothing to take back
            why = t(f"panel.undo_refused.{refused.context.get('reason', 'nothing')}", await lang_for(interaction))
            raise UserFacingError("cannot_undo", why) from refused


class PanelButton(_Routed, template=ids.PANEL):
    async def route(self, interaction: discord.Interaction, game: GameInfo) -> None:
        await table.page(interaction, game.id, self.number("version"), self.number("page"))


class LogButton(_Routed, template=ids.LOG):
    async def route(self, interaction: discord.Interaction, game: GameInfo) -> None:
        await history.show(interaction, game.id, self.number("page"), edit=True)


class ReplayButton(_Routed, template=results.REPLAY):
    async def route(self, interaction: discord.Interaction, game: GameInfo) -> None:
        await results.step(interaction, game, self.number("frame"))


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    BoardButton,
    ZoomMenu,
    MoveButton,
    MoveMenu,
    UndoButton,
    PanelButton,
    LogButton,
    ReplayButton,
    HintButton,
)
"""The items whose custom_id names a game: a click reaches them only from a user who may see it."""


class TutorialItem(Parsed, template=TEMPLATE):
    """A tutorial menu or button (custom_ids in :mod:`cogs.tutorial.ids`): the step it names is built
    again from the game's data and answered; the end's buttons open a lobby with AI seats or the guide."""

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            kind, action = self.fields["kind"], self.fields["action"]
            chapter = None if self.fields["chapter"] == ALL else self.fields["chapter"]
            step = None if self.fields["step"] == NONE else self.fields["step"]
            if action == "guide":
                await guide.show(interaction, kind)
                return
            if action == "play":
                seats = tutorial.seats_after(kind)
                await lobby.create(interaction, kind, {}, seats=None, timer=None, policy=None, ai_seats=seats - 1)
                return
            if step is None:  # only the end's buttons name no step; a forged one is refused
                raise UserFacingError("no_tutorial", games=kind)
            if action.startswith("pick"):
                assert isinstance(self.item, discord.ui.Select)
                values = list(self.item.values)
                if len(values) != 1:
                    raise UserFacingError("one_choice")
                await tutorial.pick(interaction, kind, chapter, step, values[0])
            elif action == "retry":
                await tutorial.retry(interaction, kind, chapter, step)
            else:
                await tutorial.move_on(interaction, kind, chapter, step, note=None)
        except Exception as error:
            await report(interaction, error)


EVERY_ITEM: tuple[type[discord.ui.DynamicItem[Any]], ...] = (*DYNAMIC_ITEMS, guide.GuidePage, TutorialItem)
"""Every component the bot sends, by its custom_id's template: the game's, a guide's page, a tutorial's."""
