"""A player's private table: their screen and the controls for their pending decision (ephemeral).

The panel is opened by a fresh click (Play on the board or in a ping) or ``/game play``; each step
on it is a new interaction whose token edits that same ephemeral message in place, so the panel is
never kept alive past the 15 minutes an interaction token lasts. A refused step (stale version,
choice no longer legal) changes nothing and redraws the panel at the current state with a note.
"""

from __future__ import annotations

import asyncio

import discord

from bot.service import MoveResult, TableView
from cogs.ui import images, panel
from cogs.ui.context import bot_of, lang_for, require_private_message, service_of
from cogs.ui.errors import FRIENDLY, UserFacingError
from cogs.ui.text import EMBED_DESCRIPTION, clip, deadline, title
from engine import registry
from engine.core.errors import IllegalChoice, StaleVersion

REDRAW_ON = (StaleVersion, IllegalChoice)
"""Refusals answered by showing the panel again at the current state (other refusals, such as a click
by someone whose turn it is not, get a private message and leave the clicked message alone)."""
MOVED_ON = "The game has moved on since that panel was drawn; here is the current state."


async def open_panel(interaction: discord.Interaction, game_id: int) -> None:
    """Answer a click or command with a new ephemeral panel (deferred first: rendering takes time)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await _seated_view(interaction, game_id)
    await _show(interaction, table, page=0, note=None, can_undo=await _last_move_mine(interaction, table))


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
    await _show(interaction, table, page=number, note=note, can_undo=await _last_move_mine(interaction, table))


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
        note = FRIENDLY[exc.code]
    table = await _seated_view(interaction, game_id)
    mine = result is not None and bool(result.moves) and result.moves[-1].seat == table.seat
    can_undo = mine and result is not None and not result.moves[-1].checkpoint and result.moves[-1].actor == "player"
    panel = _show(interaction, table, page=0, note=note, can_undo=can_undo)
    if result is None:
        await panel
        return
    # The player's panel and the public board are drawn at the same time, in two worker threads.
    await asyncio.gather(panel, bot.publisher.after(result))


async def _seated_view(interaction: discord.Interaction, game_id: int) -> TableView:
    """The user's view of the game; only seated players have a private table."""
    table = await service_of(interaction).view(game_id, interaction.user.id)
    if table.seat is None:
        raise UserFacingError("not_seated", "You are not playing in this game; the board shows everything public.")
    return table


async def _show(
    interaction: discord.Interaction, table: TableView, *, page: int, note: str | None, can_undo: bool
) -> None:
    """Draw the panel into the interaction's original message (the deferred reply or the clicked panel)."""
    game = registry.get(table.game.kind)
    lang = await lang_for(interaction)
    render = await images.screen(table.view, lang)
    lines = [] if note is None else [f"⚠️ {note}"]
    seat = next(s for s in table.game.seats if s.seat == table.seat)
    if table.decision is not None:
        lines.append(f"**{game.text(table.decision.prompt, table.decision.params, lang)}**")
        if seat.deadline is not None:
            lines.append(f"Deadline: {deadline(seat.deadline)}")
    elif table.game.status == "active":
        lines.append("Nothing for you to decide right now; you will be pinged when it is your turn.")
    elif table.game.status == "cancelled":
        lines.append("This game was cancelled.")
    else:
        lines.append("This game has ended.")
    lines.append(render.text)
    embed = discord.Embed(
        title=f"Your screen — {title(table.game)}", description=clip("\n".join(lines), EMBED_DESCRIPTION)
    )
    embed.set_image(url=f"attachment://{images.SCREEN_FILE}")
    embed.set_footer(text="Only you can see this. Reopen it with Play after 15 minutes.")
    controls = panel.controls(
        game,
        table.game.id,
        table.game.version,
        table.decision,
        lang=lang,
        page=page,
        can_undo=can_undo and table.decision is not None,
    )
    await interaction.edit_original_response(
        content=None, embed=embed, attachments=[images.as_file(render, images.SCREEN_FILE)], view=controls
    )


async def _last_move_mine(interaction: discord.Interaction, table: TableView) -> bool:
    """Whether the latest log entry is this player's own move (undo may then be possible)."""
    if table.decision is None or table.game.version == 0:
        return False
    entries = await service_of(interaction).log(table.game.id, interaction.user.id, since=table.game.version - 1)
    return (
        bool(entries)
        and entries[-1].seat == table.seat
        and entries[-1].actor == "player"
        and entries[-1].choice is not None
    )
