"""A player's private table: their screen and the controls for their pending decision (ephemeral).

The panel is opened by a fresh click (Play on the board or in a ping) or ``/game play``; each step
on it is a new interaction whose token edits that same ephemeral message in place, so the panel is
never kept alive past the 15 minutes an interaction token lasts. A refused step (stale version,
choice no longer legal) changes nothing and redraws the panel at the current state with a note.
"""

from __future__ import annotations

import contextlib
import logging

import discord

from bot.service import MoveResult, TableView
from bot.words import t
from cogs.kit import board_embed as embeds
from cogs.kit import images
from cogs.kit.context import bot_of, lang_for, require_private_message, service_of
from cogs.kit.errors import UserFacingError
from cogs.kit.text import EMBED_DESCRIPTION, clip, deadline, names, seat_name, title
from cogs.table import controls as panel
from engine import registry
from engine.core.contract import Choice
from engine.core.errors import IllegalChoice, StaleVersion

log = logging.getLogger("bricabot.table")

REDRAW_ON = (StaleVersion, IllegalChoice)
"""Refusals answered by showing the panel again at the current state (other refusals, such as a click
by someone whose turn it is not, get a private message and leave the clicked message alone)."""
MOVED_ON = "board.moved_on"
"""The note on a panel redrawn at a newer state than the one clicked."""


async def open_panel(interaction: discord.Interaction, game_id: int) -> None:
    """Answer a click or command with a new ephemeral panel (deferred first: rendering takes time)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await _seated_view(interaction, game_id)
    await _show(interaction, table, page=0, note=None, undo=await _undoable(interaction, table))


async def play(interaction: discord.Interaction, game_id: int, version: int, choice: str) -> None:
    """Make ``choice`` on the version the panel showed, then redraw the panel and the board."""
    await _step(interaction, game_id, version, choice)


async def undo(interaction: discord.Interaction, game_id: int, version: int) -> None:
    await _step(interaction, game_id, version, None)


async def page(interaction: discord.Interaction, game_id: int, version: int, number: int) -> None:
    """Show another page of menus (or refresh): drawn at the current state, noting if it moved on."""
    require_private_message(interaction)
    await interaction.response.defer()
    table = await _seated_view(interaction, game_id)
    note = None if table.game.version == version else MOVED_ON
    await _show(interaction, table, page=number, note=note, undo=await _undoable(interaction, table))


async def _step(interaction: discord.Interaction, game_id: int, version: int, choice: str | None) -> None:
    require_private_message(interaction)
    await interaction.response.defer()
    bot = bot_of(interaction)
    service = service_of(interaction)
    result: MoveResult | None = None
    note: str | None = None
    try:
        async with bot.gate.move():
            if choice is None:
                result = await service.undo(game_id, interaction.user.id, version)
            else:
                result = await service.act(game_id, interaction.user.id, choice, version)
    except REDRAW_ON as exc:
        note = f"error.{exc.code}"
    if result is None:
        table = await _seated_view(interaction, game_id)
        await _show(interaction, table, page=0, note=note, undo=await _undoable(interaction, table))
        return
    bot.publisher.wake()  # the board and the turn notices the move owes go out now, beside the panel
    try:
        if result.table is not None:  # drawn from what was committed, without reading the game back
            await _show(interaction, result.table, page=0, note=None, undo=result.undo)
        else:
            table = await _seated_view(interaction, game_id)
            await _show(interaction, table, page=0, note=None, undo=await _undoable(interaction, table))
    except Exception as exc:
        # The move is committed: whatever happens to the drawing of the panel, it was played.
        log.warning("game %s: the panel after a move could not be redrawn (%s)", game_id, type(exc).__name__)
        lang = await lang_for(interaction)
        with contextlib.suppress(discord.HTTPException):
            await interaction.followup.send(t("board.played_no_panel", lang), ephemeral=True)


async def _seated_view(interaction: discord.Interaction, game_id: int) -> TableView:
    """The user's view of the game; only seated players have a private table."""
    table = await service_of(interaction).view(game_id, interaction.user.id)
    if table.seat is None:
        raise UserFacingError("not_seated", t("board.not_seated", await lang_for(interaction)))
    return table


async def _show(
    interaction: discord.Interaction, table: TableView, *, page: int, note: str | None, undo: Choice | None
) -> None:
    """Draw the panel into the interaction's original message (the deferred reply or the clicked panel);
    ``note`` is a message key shown first."""
    game = registry.get(table.game.kind)
    lang = await lang_for(interaction)
    render = await images.screen(table, lang)
    lines = [] if note is None else [f"⚠️ {t(note, lang)}"]
    seat = next(s for s in table.game.seats if s.seat == table.seat)
    seat_names = names(table.game, lang)
    if table.decision is not None:
        lines.append(f"**{game.text(table.decision.prompt, table.decision.params, lang, seat_names)}**")
        if seat.deadline is not None:
            lines.append(t("board.your_deadline", lang, when=deadline(seat.deadline, lang)))
        await panel.arrange(service_of(interaction), table.game.id, table.game.version, table.decision)
        lines.extend(panel.text_lines(table.game.id, game, table.decision, lang, seat_names))
    else:
        lines.append(t(f"board.panel.{table.game.status}", lang))
    lines.append(render.text)
    embed = discord.Embed(
        title=t("board.panel.title", lang, name=seat_name(seat, lang), game=title(table.game)),
        description=clip("\n".join(lines), EMBED_DESCRIPTION),
    )
    for name, value in embeds.task_fields(table.view, lang):  # the solo task and how far along it is
        embed.add_field(name=name, value=value, inline=False)
    embed.set_image(url=f"attachment://{images.SCREEN_FILE}")
    embed.set_footer(text=t("board.panel.footer", lang))
    controls = panel.controls(
        game,
        table.game.id,
        table.game.version,
        table.decision,
        lang=lang,
        names=seat_names,
        page=page,
        undo=undo,
    )
    await interaction.edit_original_response(
        content=None, embed=embed, attachments=[images.as_file(render, images.SCREEN_FILE)], view=controls
    )


async def _undoable(interaction: discord.Interaction, table: TableView) -> Choice | None:
    """The choice Undo would take back for this player now (shown on the button), if any."""
    return await service_of(interaction).undoable(table.game.id, interaction.user.id)
