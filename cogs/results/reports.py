"""``/game stats``, ``/game leaderboard``, ``/game replay`` and the report posted with the final scores.

Stats and leaderboards read only the results of the server the command is used in (a member sees
that server's games). Stats of yourself are private; someone else's stats and the leaderboard are
for the channel. Each answer has a picture (a ranked table with each player's rating trend) whose
description, and the embed, say the same in words. The replay is private, answered with an animated
image of the public board at every round's start and buttons to step through the rounds; it and the
report open only once the game has ended. Pillow and the log's replay run off the event loop.
"""

from __future__ import annotations

import asyncio
import io
from collections import OrderedDict
from collections.abc import Sequence

import discord
from babel.numbers import format_decimal, format_percent
from discord import app_commands

from bot.service import GameInfo, GameService
from bot.service.ratings import Standing, Stats, leaderboard, player_stats
from bot.service.report import ai_name, log_of, names_of, replay_views
from bot.words import t
from cogs.kit import access, params
from cogs.kit.context import lang_for, public_lang_for, service_of
from cogs.kit.ids import Components
from cogs.kit.images import ALT_TEXT, as_file
from cogs.kit.report import COLOUR
from cogs.kit.text import EMBED_DESCRIPTION, FIELD_VALUE, clip, person
from engine import registry
from renders.results.model import TablePicture, TableRow
from renders.results.replay import Animation, animation, frames, still
from renders.results.table import table

TABLE_FILE = "results.png"
REPLAY = r"replay:(?P<game>\d+):(?P<frame>\d+):(?P<button>[fpnl])"
"""A replay's step buttons: the frame they show, and which button (first, previous, next, last)."""
DEFAULT_LIMIT = 10 * 1024 * 1024
"""Discord's upload limit where the interaction's server does not say (a DM)."""
BOARD_LINES = 20


# -- stats and leaderboard ----------------------------------------------------------------------
def _number(value: float, lang: str) -> str:
    return format_decimal(value, format="0.0", locale=lang)


def _name(standing: Standing, lang: str) -> str:
    who, what = standing.player
    return ai_name(str(what), lang) if who == "ai" else standing.name


def _board_picture(board: Sequence[Standing], title: str, lang: str, mine: int | None) -> TablePicture:
    rows = tuple(
        TableRow(
            str(rank),
            _name(s, lang),
            (_number(s.rating, lang), str(s.games), str(s.wins)),
            s.trend,
            highlight=s.player == ("user", mine),
        )
        for rank, s in enumerate(board, 1)
    )
    lines = [_board_line(rank, s, lang) for rank, s in enumerate(board, 1)]
    if len(lines) > BOARD_LINES:
        lines = [*lines[:BOARD_LINES], t("results.board.more", lang, n=len(lines) - BOARD_LINES)]
    footer = t("results.board.footer", lang)
    headers = tuple(t(f"results.board.{k}", lang) for k in ("rank", "name", "rating", "games", "wins", "trend"))
    return TablePicture(title, headers, rows, footer, "\n".join([title, *lines, footer]))


def _board_line(rank: int, s: Standing, lang: str) -> str:
    return t(
        "results.board.line",
        lang,
        rank=rank,
        name=_name(s, lang),
        rating=_number(s.rating, lang),
        games=t("results.count.games", lang, n=s.games),
        wins=t("results.count.wins", lang, n=s.wins),
    )


def _title(game: str) -> str:
    return registry.get(game).title


def _stats_lines(stats: Stats, board: Sequence[Standing], lang: str) -> list[str]:
    lines = [
        t(
            "results.stats.summary",
            lang,
            games=t("results.count.games", lang, n=stats.games),
            wins=t("results.count.wins", lang, n=stats.wins),
            rate=format_percent(stats.win_rate, locale=lang),
            average=_number(stats.average, lang),
        )
    ]
    if stats.standing is not None:
        rank = board.index(stats.standing) + 1
        lines.append(
            t("results.stats.rating", lang, rating=_number(stats.standing.rating, lang), rank=rank, count=len(board))
        )
    else:
        lines.append(t("results.stats.unrated", lang))
    if stats.best is not None:
        points = t("results.count.points", lang, n=stats.best.score)
        lines.append(t("results.stats.best", lang, game=_title(stats.best.kind), id=stats.best.game_id, points=points))
    if stats.favourite is not None:
        lines.append(t("results.stats.favourite", lang, game=_title(stats.favourite)))
    for level, won, met in stats.versus_ai:
        lines.append(t("results.stats.versus", lang, ai=ai_name(level, lang), won=won, games=met))
    if stats.flagged:
        lines.append(t("results.stats.flagged", lang, n=stats.flagged))
    return lines


def _recent(stats: Stats, lang: str) -> str:
    out = []
    for row in stats.recent:
        seats = int(row.details.get("seats", 0)) or row.rank
        points = t("results.count.points", lang, n=row.score)
        line = t(
            "results.stats.result",
            lang,
            game=_title(row.kind),
            id=row.game_id,
            rank=row.rank,
            seats=seats,
            points=points,
        )
        out.append(f"🏆 {line}" if row.winner else f"• {line}")
    return "\n".join(out)


async def stats(
    interaction: discord.Interaction, player: discord.User | discord.Member | None, kind: str | None
) -> None:
    """A player's results on this server: private for your own, public for someone else's."""
    target = player or interaction.user
    own = target.id == interaction.user.id
    lang = await lang_for(interaction) if own else await public_lang_for(interaction)
    chosen = None if kind is None else params.kind_named(interaction, kind).kind
    guild = interaction.guild_id
    assert guild is not None  # the command is server-only
    await interaction.response.defer(ephemeral=own, thinking=True)
    rows = await service_of(interaction).store.results(guild_id=guild, kind=chosen)
    record, board = player_stats(rows, target.id), leaderboard(rows)
    server = interaction.guild.name if interaction.guild is not None else str(guild)
    name = person(target) or t("results.someone", lang)
    if chosen is None:
        title = t("results.stats.title", lang, name=name, server=server)
    else:
        title = t("results.stats.title_kind", lang, name=name, game=_title(chosen), server=server)
    if not record.games:
        await interaction.edit_original_response(content=t("results.stats.none", lang, name=name))
        return
    lines = _stats_lines(record, board, lang)
    embed = discord.Embed(title=title, description=clip("\n".join(lines), EMBED_DESCRIPTION), colour=COLOUR)
    embed.add_field(name=t("results.stats.recent", lang), value=clip(_recent(record, lang), FIELD_VALUE), inline=False)
    files = []
    if board:
        drawn = await asyncio.to_thread(table, _board_picture(board, title, lang, target.id))
        files.append(as_file(drawn, TABLE_FILE))
        embed.set_image(url=f"attachment://{TABLE_FILE}")
    await interaction.edit_original_response(embed=embed, attachments=files)


async def leaderboard_answer(interaction: discord.Interaction, kind: str | None) -> None:
    """The server's leaderboard, for the channel."""
    lang = await public_lang_for(interaction)
    chosen = None if kind is None else params.kind_named(interaction, kind).kind
    guild = interaction.guild_id
    assert guild is not None  # the command is server-only
    await interaction.response.defer(thinking=True)
    board = leaderboard(await service_of(interaction).store.results(guild_id=guild, kind=chosen))
    server = interaction.guild.name if interaction.guild is not None else str(guild)
    if chosen is None:
        title = t("results.board.title", lang, server=server)
    else:
        title = t("results.board.title_kind", lang, game=_title(chosen), server=server)
    if not board:
        await interaction.edit_original_response(content=t("results.board.empty", lang))
        return
    picture_ = _board_picture(board, title, lang, interaction.user.id)
    drawn = await asyncio.to_thread(table, picture_)
    embed = discord.Embed(title=title, description=clip(picture_.text, EMBED_DESCRIPTION), colour=COLOUR)
    embed.set_image(url=f"attachment://{TABLE_FILE}")
    await interaction.edit_original_response(embed=embed, attachments=[as_file(drawn, TABLE_FILE)])


# -- the replay -----------------------------------------------------------------------------------
_frames: OrderedDict[tuple[int, str], tuple[list[bytes], list[int | None]]] = OrderedDict()
KEPT_REPLAYS = 4
"""Replays whose frames are kept for stepping (a few games' boards: a few megabytes)."""


async def _replay_frames(service: GameService, game_id: int, lang: str) -> tuple[list[bytes], list[int | None]]:
    """Every frame of a finished game's replay at full size (the last shows the end), and the round each shows."""
    key = (game_id, lang)
    if key in _frames:
        _frames.move_to_end(key)
        return _frames[key]
    played, row, seats, actions = await log_of(service.store, game_id)
    names = await names_of(service.store, game_id, lang)
    views = await asyncio.to_thread(replay_views, played, row, seats, actions)
    drawn = await asyncio.to_thread(frames, [view for _, view in views], lang=lang, names=names)
    rounds: list[int | None] = [r for r, _ in views]
    _frames[key] = (drawn, rounds)
    while len(_frames) > KEPT_REPLAYS:
        _frames.popitem(last=False)
    return drawn, rounds


def _limit(interaction: discord.Interaction) -> int:
    return interaction.guild.filesize_limit if interaction.guild is not None else DEFAULT_LIMIT


def _steps(game_id: int, at: int | None, count: int, lang: str) -> Components:
    """First, previous, next, last: each shows the round it names (``at`` ``None``: the animation)."""
    view = Components()
    here = -1 if at is None else at
    targets = (("f", 0, "⏮"), ("p", max(0, here - 1), "◀"), ("n", min(count - 1, here + 1), "▶"), ("l", count - 1, "⏭"))
    words = {"f": "first", "p": "previous", "n": "next", "l": "last"}
    for button, target, emoji in targets:
        view.add_item(
            discord.ui.Button(
                label=t(f"results.replay.{words[button]}", lang),
                emoji=emoji,
                custom_id=f"replay:{game_id}:{target}:{button}",
                disabled=target == at or (button == "p" and at is None),
            )
        )
    return view


def _caption(rounds: Sequence[int | None], index: int, lang: str) -> tuple[str, str]:
    """The frame's title and its text alternative."""
    where = {"index": index + 1, "count": len(rounds)}
    if index == len(rounds) - 1:
        return t("results.replay.end", lang, **where), t("results.replay.end_alt", lang)
    if rounds[index] is None:  # a game without rounds: its start
        return t("results.replay.start", lang, **where), t("results.replay.start_alt", lang)
    return (
        t("results.replay.frame", lang, round=rounds[index], **where),
        t("results.replay.frame_alt", lang, round=rounds[index]),
    )


async def replay(interaction: discord.Interaction, game: GameInfo) -> None:
    """A finished game's replay, privately: the animation, then round by round with the buttons."""
    lang = await lang_for(interaction)
    if game.status != "finished":
        await interaction.response.send_message(t("results.replay.not_finished", lang), ephemeral=True)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    service = service_of(interaction)
    drawn, _ = await _replay_frames(service, game.id, lang)
    try:
        made: Animation = await asyncio.to_thread(animation, drawn, limit=_limit(interaction), fmt="gif")
    except ValueError:
        await interaction.edit_original_response(content=t("results.replay.too_big", lang))
        return
    alt = t("results.replay.alt", lang, n=made.frames)
    text = alt if made.frames == len(drawn) else f"{alt}\n{t('results.replay.dropped', lang)}"
    title = t("results.replay.title", lang, game=game.title, id=game.id)
    embed = discord.Embed(title=title, description=clip(text, EMBED_DESCRIPTION), colour=COLOUR)
    embed.set_image(url="attachment://replay.gif")
    file = discord.File(io.BytesIO(made.data), filename="replay.gif", description=clip(alt, ALT_TEXT))
    view = _steps(game.id, None, len(drawn), lang)
    await interaction.edit_original_response(embed=embed, attachments=[file], view=view)


async def step(interaction: discord.Interaction, game: GameInfo, index: int) -> None:
    """A step button: the replay message shows one round's board (the game has ended: checked again)."""
    lang = await lang_for(interaction)
    if game.status != "finished":
        await interaction.response.send_message(t("results.replay.not_finished", lang), ephemeral=True)
        return
    await interaction.response.defer()
    drawn, rounds = await _replay_frames(service_of(interaction), game.id, lang)
    index = min(max(index, 0), len(drawn) - 1)
    png = await asyncio.to_thread(still, drawn[index])
    title, alt = _caption(rounds, index, lang)
    embed = discord.Embed(
        title=t("results.replay.title", lang, game=game.title, id=game.id), description=title, colour=COLOUR
    )
    embed.set_image(url="attachment://replay.png")
    file = discord.File(io.BytesIO(png), filename="replay.png", description=clip(alt, ALT_TEXT))
    view = _steps(game.id, index, len(drawn), lang)
    await interaction.edit_original_response(embed=embed, attachments=[file], view=view)


async def finished_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """Finished games to replay: the user's, then this server's, newest first; only games they may see."""
    service = service_of(interaction)
    games = await service.user_games(interaction.user.id, statuses=("finished",))
    if interaction.guild_id is not None:
        known = {g.id for g in games}
        games += [g for g in await service.games(status="finished", guild_id=interaction.guild_id) if g.id not in known]
    out: list[app_commands.Choice[int]] = []
    for game in sorted(games, key=lambda g: -g.id):
        name = f"{game.title} #{game.id}"
        if current.lower() in name.lower() and await access.can_see(interaction, game):
            out.append(app_commands.Choice(name=name, value=game.id))
            if len(out) == params.MAX_SUGGESTIONS:
                break
    return out
