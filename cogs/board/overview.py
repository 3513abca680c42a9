"""Read-only answers: the board on demand, the games of a channel or server, and a user's own games.

All are ephemeral: they are for the person asking, and the thread keeps one board message only. Each
lists only games the user may see (:mod:`cogs.kit.access`).
"""

from __future__ import annotations

import discord

from bot.service import GameInfo
from bot.words import t
from cogs.board import embeds
from cogs.board import messages as layouts
from cogs.kit import access, ids, images
from cogs.kit.context import lang_for, service_of
from cogs.kit.ids import Components
from cogs.kit.text import BUTTON_LABEL, EMBED_DESCRIPTION, clip, deadline, jump, names, title
from engine import registry

MAX_LISTED = 20


def _place(game: GameInfo, lang: str) -> str:
    if game.thread_id is not None:
        return f"<#{game.thread_id}>"
    if game.channel_id is not None:
        return f"<#{game.channel_id}>"
    return t("board.list.nowhere", lang)


async def board(interaction: discord.Interaction, game: GameInfo) -> None:
    """The current public board, privately, as the board message shows it: the phone-sized parts
    (each with its text alternative) and a "Full board" button for large screens, with a link to the
    board message in the thread."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    service = service_of(interaction)
    lang = await lang_for(interaction)
    table = await service.view(game.id, None)
    parts = await images.board_parts(table, lang)
    embed = embeds.board_embed(table, parts[0], _status(table.game, lang), lang, now=service.clock.now())
    where = (await service.messages(game.id)).get("board")
    content = None if where is None else t("board.message", lang, link=jump(game.guild_id, where[0], where[1]))
    controls = Components()
    label = clip(t("thread.button.full", lang), BUTTON_LABEL)
    controls.add_item(discord.ui.Button(label=label, emoji="🖥️", custom_id=ids.board(game.id, "full")))
    files = [images.as_file(part, images.part_file(i, part)) for i, part in enumerate(parts)]
    await interaction.edit_original_response(content=content, embed=embed, attachments=files, view=controls)


def _status(game: GameInfo, lang: str) -> str:
    """Whose turn it is, by name, or how the game stands."""
    if game.status == "active":
        seat_names = names(game, lang)
        waiting = [seat_names[s.seat] for s in game.seats if s.to_act]
        return t("board.waiting_list", lang, who=", ".join(waiting)) if waiting else t("board.waiting_ai", lang)
    return t(f"board.list.{game.status}", lang)


async def listing(interaction: discord.Interaction) -> None:
    """Lobbies and running games of this channel (or of the whole server), and whose turn it is."""
    service = service_of(interaction)
    lang = await lang_for(interaction)
    games = await _open_games(interaction, await service.games(channel_id=interaction.channel_id))
    scope = "board.list.channel"
    if not games and interaction.guild_id is not None:
        games = await _open_games(interaction, await service.games(guild_id=interaction.guild_id))
        scope = "board.list.server"
    lines = []
    for game in games:
        if game.status == "lobby":
            state = t("board.list.lobby_seats", lang, taken=len(game.seats), n=game.capacity)
        else:
            state = _status(game, lang)
        lines.append(t("board.list.line", lang, game=title(game), place=_place(game, lang), state=state))
    text = "\n".join(lines) or t("board.list.none", lang)
    embed = discord.Embed(title=t(scope, lang), description=clip(text, EMBED_DESCRIPTION), colour=layouts.COLOUR)
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
        link = "" if where is None else " " + t("board.mine.open", lang, link=jump(game.guild_id, where[0], where[1]))
        item = pending.get(game.id)
        if game.status == "lobby":
            todo = t("board.mine.lobby", lang)
        elif item is None:
            todo = t("board.mine.others", lang)
        else:
            decision = item.decision
            prompt = registry.get(game.kind).text(decision.prompt, decision.params, lang, names(game, lang))
            todo = t("board.mine.turn", lang, prompt=prompt, when=deadline(item.deadline, lang))
        lines.append(t("board.mine.line", lang, game=title(game), link=link, todo=todo))
    text = "\n".join(lines) or t("board.mine.none", lang)
    embed = discord.Embed(
        title=t("board.mine.title", lang), description=clip(text, EMBED_DESCRIPTION), colour=layouts.COLOUR
    )
    await interaction.response.send_message(embed=embed, ephemeral=True)
