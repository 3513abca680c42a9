"""The public messages: the lobby, the board in the game thread, and the final scores.

Everything here is drawn from public data only (the game record and a spectator's render), so these
messages may go to any channel. Private screens are built in :mod:`cogs.ui.panel` and only ever sent
ephemerally.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot import ai
from bot.service.models import GameInfo
from cogs.ui import ids
from cogs.ui.ids import Components
from cogs.ui.images import BOARD_FILE, FINAL_FILE
from cogs.ui.text import EMBED_DESCRIPTION, FIELD_VALUE, clip, deadline, seat_list, seat_name, title
from engine import registry
from renders.api import Render

COLOUR = discord.Colour.from_rgb(196, 120, 48)
OPTION_TEXT = 100
"""Discord's limit on a select option's label and value."""
MAX_OPTIONS = 25


def _options_text(game: GameInfo) -> str:
    shown = [f"{name}: {_value(value)}" for name, value in sorted(game.options.items())]
    timer = "off" if game.turn_timer is None else _duration(game.turn_timer.total_seconds())
    shown.append(f"turn timer: {timer}")
    replace_after = game.timeout_policy.replace_after
    shown.append(
        "missed turn: an AI plays it"
        + ("" if replace_after is None else f", seat given to an AI after {replace_after}")
    )
    if game.turn_timer is not None:
        shown.append("reminders: " + ("on" if game.reminders else "off"))
    return "\n".join(shown)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _duration(seconds: float) -> str:
    hours = int(seconds // 3600)
    return f"{hours // 24} d" if hours % 24 == 0 and hours >= 24 else f"{hours} h"


def lobby_embed(game: GameInfo) -> discord.Embed:
    """The lobby: who sits where, the options, and what happens next."""
    seats = game.capacity
    waiting = f"Waiting for players: {len(game.seats)}/{seats} seats taken."
    if game.seat_count is not None:
        waiting += " The host can start when every seat is taken (AI seats count)."
    status = {
        "lobby": waiting,
        "active": f"Started! Follow the game in <#{game.thread_id}>." if game.thread_id else "Started!",
        "finished": "This game has ended.",
        "cancelled": "This lobby was cancelled.",
    }[game.status]
    embed = discord.Embed(title=f"{title(game)} — lobby", description=status, colour=COLOUR)
    embed.add_field(name="Host", value=f"<@{game.host_id}>", inline=True)
    embed.add_field(name=f"Seats ({len(game.seats)}/{seats})", value=clip(seat_list(game), FIELD_VALUE))
    embed.add_field(name="Options", value=clip(_options_text(game), FIELD_VALUE), inline=False)
    return embed


def lobby_controls(game: GameInfo) -> Components:
    view = Components()
    if game.status != "lobby":
        return view
    full = len(game.seats) >= game.capacity
    view.add_item(
        discord.ui.Button(
            label="Join", style=discord.ButtonStyle.success, custom_id=ids.lobby(game.id, "join"), disabled=full
        )
    )
    view.add_item(discord.ui.Button(label="Leave", custom_id=ids.lobby(game.id, "leave")))
    # The host picks the level of each AI seat by its button; a game without levels has one button.
    for level in ai.levels(registry.get(game.kind)) or ("",):
        action, label = (f"ai-{level}", f"AI · {level}") if level else ("ai", "Add AI")
        view.add_item(discord.ui.Button(label=label, emoji="🤖", custom_id=ids.lobby(game.id, action), disabled=full))
    view.add_item(
        discord.ui.Button(label="Start", style=discord.ButtonStyle.primary, custom_id=ids.lobby(game.id, "start"))
    )
    view.add_item(
        discord.ui.Button(label="Cancel", style=discord.ButtonStyle.danger, custom_id=ids.lobby(game.id, "cancel"))
    )
    no_ai = not any(s.is_ai for s in game.seats)
    view.add_item(discord.ui.Button(label="Remove AI", custom_id=ids.lobby(game.id, "noai"), disabled=no_ai))
    return view


def board_embed(game: GameInfo, render: Render, status: str, image: str | None = BOARD_FILE) -> discord.Embed:
    """A short status under the image: the summary's headline (round and phase), who must act, by when.

    The rest of the render's text describes the picture; the image carries it for the table. The
    board message leaves ``image`` out: its pictures are attachments shown in their own order.
    """
    headline = render.text.strip().splitlines()[0] if render.text.strip() else ""
    embed = discord.Embed(title=title(game), description=clip(headline, EMBED_DESCRIPTION), colour=COLOUR)
    embed.add_field(name="Status", value=clip(status, FIELD_VALUE), inline=False)
    acting = [s for s in game.seats if s.to_act]
    if acting and game.status == "active":
        lines = [f"{seat_name(s)} — {deadline(s.deadline)}" for s in acting]
        embed.add_field(name="Waiting for", value=clip("\n".join(lines), FIELD_VALUE), inline=False)
    if image is not None:
        embed.set_image(url=f"attachment://{image}")
    embed.set_footer(text=f"Move {game.version} · the board shows public information only")
    return embed


def play_button(game_id: int) -> discord.ui.Button[Components]:
    """Opens the clicker's private panel (screen and legal moves) for this game."""
    return discord.ui.Button(
        label="Play / My screen", emoji="🎲", style=discord.ButtonStyle.primary, custom_id=ids.board(game_id, "play")
    )


def board_controls(game: GameInfo, areas: Sequence[tuple[str, str]] = ()) -> Components:
    """The board's buttons, and a "Zoom" menu of ``areas`` ((key, label) pairs of the table's areas)
    whose choice answers privately with that area at full size."""
    view = Components()
    if game.status == "active":
        view.add_item(play_button(game.id))
    view.add_item(discord.ui.Button(label="Log", emoji="📜", custom_id=ids.board(game.id, "log")))
    view.add_item(discord.ui.Button(label="Rules", emoji="📖", custom_id=ids.board(game.id, "rules")))
    view.add_item(discord.ui.Button(label="Full board", emoji="🖥️", custom_id=ids.board(game.id, "full")))
    if areas:
        options = [
            discord.SelectOption(label=clip(label, OPTION_TEXT), value=key) for key, label in areas[:MAX_OPTIONS]
        ]
        view.add_item(
            discord.ui.Select(custom_id=ids.zoom(game.id), placeholder="Zoom: see one part up close", options=options)
        )
    return view


def final_embed(game: GameInfo, render: Render) -> discord.Embed:
    outcome = game.outcome
    winners: Sequence[str] = ()
    if outcome is not None:
        by_seat = {s.seat: s for s in game.seats}
        winners = [seat_name(by_seat[w]) for w in outcome.winners if w in by_seat]
    embed = discord.Embed(
        title=f"🏁 {title(game)} — final scores", description=clip(render.text, EMBED_DESCRIPTION), colour=COLOUR
    )
    if winners:
        embed.add_field(name="Winner" if len(winners) == 1 else "Winners", value=", ".join(winners), inline=False)
    embed.set_image(url=f"attachment://{FINAL_FILE}")
    return embed
