"""Read-only answers: the board on demand, the games of a channel or server, and a user's own games.

All are ephemeral: they are for the person asking, and the thread keeps one board message only. Each
lists only games the user may see (:mod:`cogs.ui.access`).
"""

from __future__ import annotations

import discord

from bot.service import GameInfo
from cogs.ui import access, ids, images, layouts
from cogs.ui.context import lang_for, service_of
from cogs.ui.ids import Components
from cogs.ui.text import EMBED_DESCRIPTION, clip, deadline, jump, seat_name, title
from engine import registry

MAX_LISTED = 20


def _place(game: GameInfo) -> str:
    if game.thread_id is not None:
        return f"<#{game.thread_id}>"
    if game.channel_id is not None:
        return f"<#{game.channel_id}>"
    return "no channel"


async def board(interaction: discord.Interaction, game: GameInfo) -> None:
    """The current public board, privately, as the board message shows it: the phone-sized parts
    (each with its text alternative) and a "Full board" button for large screens, with a link to the
    board message in the thread."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    service = service_of(interaction)
    table = await service.view(game.id, None)
    parts = await images.board_parts(table.view, await lang_for(interaction))
    embed = layouts.board_embed(table.game, parts[0], _status(table.game), image=None)
    where = (await service.messages(game.id)).get("board")
    content = None if where is None else f"Board message: {jump(game.guild_id, where[0], where[1])}"
    controls = Components()
    controls.add_item(discord.ui.Button(label="Full board", emoji="🖥️", custom_id=ids.board(game.id, "full")))
    files = [images.as_file(part, images.part_file(i, part)) for i, part in enumerate(parts)]
    await interaction.edit_original_response(content=content, embed=embed, attachments=files, view=controls)


def _status(game: GameInfo) -> str:
    waiting = [seat_name(s) for s in game.seats if s.to_act]
    if game.status == "active":
        return "Waiting for " + (", ".join(waiting) or "the AI")
    return game.status.capitalize()


async def listing(interaction: discord.Interaction) -> None:
    """Lobbies and running games of this channel (or of the whole server), and whose turn it is."""
    service = service_of(interaction)
    games = await _open_games(interaction, await service.games(channel_id=interaction.channel_id))
    scope = "this channel"
    if not games and interaction.guild_id is not None:
        games = await _open_games(interaction, await service.games(guild_id=interaction.guild_id))
        scope = "this server"
    lines = []
    for game in games:
        taken = f"{len(game.seats)}/{game.capacity} seats taken"
        state = f"lobby, {taken}" if game.status == "lobby" else _status(game)
        lines.append(f"**{title(game)}** — {_place(game)} — {state}")
    text = "\n".join(lines) or "No lobbies or running games here. Start one with `/game new`."
    embed = discord.Embed(title=f"Games in {scope}", description=clip(text, EMBED_DESCRIPTION), colour=layouts.COLOUR)
    await interaction.response.send_message(embed=embed, ephemeral=True)


async def _open_games(interaction: discord.Interaction, games: list[GameInfo]) -> list[GameInfo]:
    """Lobbies and running games among ``games`` that the user may see, up to what a list shows."""
    shown: list[GameInfo] = []
    for game in games:
        if game.status in ("lobby", "active") and await access.can_see(interaction, game):
            shown.append(game)
            if len(shown) == MAX_LISTED:
                break
    return shown


async def mine(interaction: discord.Interaction) -> None:
    """The user's games in every server: what they must decide, by when, with a jump link."""
    service = service_of(interaction)
    lang = await lang_for(interaction)
    pending = {p.game.id: p for p in await service.pending_for(interaction.user.id)}
    lines = []
    for game in (await access.visible(interaction, await service.user_games(interaction.user.id)))[:MAX_LISTED]:
        known = await service.messages(game.id)
        where = known.get("board") or known.get("lobby")
        link = "" if where is None else f" [open]({jump(game.guild_id, where[0], where[1])})"
        item = pending.get(game.id)
        if game.status == "lobby":
            todo = "waiting in the lobby"
        elif item is None:
            todo = "waiting for the others"
        else:
            prompt = registry.get(game.kind).text(item.decision.prompt, item.decision.params, lang)
            todo = f"**your turn**: {prompt} — {deadline(item.deadline)}"
        lines.append(f"**{title(game)}**{link} — {todo}")
    text = "\n".join(lines) or "You have no running games. Join one from a lobby or start one with `/game new`."
    embed = discord.Embed(title="Your games", description=clip(text, EMBED_DESCRIPTION), colour=layouts.COLOUR)
    await interaction.response.send_message(embed=embed, ephemeral=True)
