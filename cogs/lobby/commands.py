"""The ``/game`` sub-commands of lobbies and seats: open a lobby, give up a seat in one, leave a
running game, and hand a seat to an AI or to someone else.

Abandon, kick and replace are moves: each waits its turn at the bot's move gate (so a stop lets it
finish) and wakes the publisher, which redraws the board or the lobby.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot.service import GameService
from bot.service.checks import check_seat_count
from bot.words import t
from cogs.kit import access, params
from cogs.kit.context import acting_host, bot_of, lang_for, service_of
from cogs.kit.errors import UserFacingError
from cogs.kit.game_group import subcommand
from cogs.kit.text import person, title
from cogs.lobby import seats as lobby
from engine import registry


@subcommand("new", "Open a lobby (here, or in the server's lobby channel)")
@app_commands.describe(
    kind="Which game",
    options="Game options, e.g. chimera, teams=true (start typing for suggestions)",
    seats="Seats, AIs included; Start waits until all are taken (default: any count the game allows)",
    timer="Time each player has per turn (default: the server's setting)",
    missed="What happens when someone misses their deadline (default: the server's setting)",
    ai="AI seats to add now",
    level="AI level that plays a missed turn (default: normal)",
    hints="Let players ask what the hard AI would do (default: true)",
    hours="Turn timers count only each player's active hours (default: true)",
)
@app_commands.autocomplete(kind=params.kind_autocomplete, options=params.options_autocomplete)
@app_commands.choices(timer=params.TIMER_CHOICES, missed=params.MISSED_TURN_CHOICES, level=params.LEVEL_CHOICES)
@access.server_only
async def new(
    interaction: discord.Interaction,
    kind: str,
    options: str = "",
    seats: int | None = None,
    timer: str | None = None,
    missed: str | None = None,
    ai: app_commands.Range[int, 0, 5] = 0,
    level: str | None = None,
    hints: bool = True,
    hours: bool = True,
) -> None:
    chosen = params.kind_named(interaction, kind)
    check_seat_count(registry.get(chosen.kind), seats)  # the game's own range, not a command-wide one
    room = seats or chosen.max_seats
    if not 0 <= ai < room:  # Discord enforces the option's range; a forged value is refused here
        text = t("game.too_many_ai", await lang_for(interaction), n=room, most=room - 1)
        raise UserFacingError("too_many_ai", text)
    await lobby.create(
        interaction,
        chosen.kind,
        params.parse_options(chosen, options),
        seats=seats,
        timer=timer,
        policy=params.missed_policy(missed),
        ai_seats=ai,
        missed_level=level,
        hints=hints,
        active_hours=hours,
    )


@subcommand("leave", "Give up your seat in a lobby")
@params.game_option()
async def leave(interaction: discord.Interaction, game: int | None = None) -> None:
    info = await params.resolve_game(interaction, game)
    if info.status == "active":
        raise UserFacingError("use_abandon", t("game.use_abandon", await lang_for(interaction)))
    info = await service_of(interaction).leave(info.id, interaction.user.id)
    bot_of(interaction).publisher.wake()  # the lobby message owes the seat given up
    await interaction.response.send_message(t("game.left_lobby", await lang_for(interaction)), ephemeral=True)


@subcommand("abandon", "Leave a running game for good; an AI takes your seat")
@params.game_option()
async def abandon(interaction: discord.Interaction, game: int | None = None) -> None:
    info = await params.resolve_game(interaction, game)
    await _seat_move(interaction, lambda service: service.abandon(info.id, interaction.user.id), "game.abandoned")


@subcommand("kick", "Hand a player's seat to an AI (host or Manage Server)")
@params.game_option()
@app_commands.describe(player="The player to replace with an AI")
@access.server_only
async def kick(interaction: discord.Interaction, player: discord.User, game: int | None = None) -> None:
    info = await params.resolve_game(interaction, game)
    seat = info.seat_of(player.id)
    if seat is None:
        text = t("game.no_seat_for", await lang_for(interaction), player=player.mention, game=title(info))
        raise UserFacingError("not_seated", text)
    await _seat_move(
        interaction,
        lambda service: service.kick(info.id, acting_host(interaction, info), seat.seat),
        "game.kicked",
        player=player.mention,
    )


@subcommand("replace", "Give a seat (an AI's or an absent player's) to someone else")
@params.game_option()
@app_commands.describe(seat="The seat number (as on the board)", player="Who plays it from now on")
@access.server_only
async def replace(
    interaction: discord.Interaction,
    seat: app_commands.Range[int, 1, 25],
    player: discord.User,
    game: int | None = None,
) -> None:
    if player.bot:
        raise UserFacingError("bot_player", t("game.bot_player", await lang_for(interaction)))
    info = await params.resolve_game(interaction, game)
    if info.status == "active" and not 1 <= seat <= len(info.seats):
        text = t("game.no_such_seat", await lang_for(interaction), game=title(info), n=len(info.seats), seat=seat)
        raise UserFacingError("no_seat", text)
    await _seat_move(
        interaction,
        lambda service: service.replace(
            info.id, acting_host(interaction, info), seat - 1, player.id, name=person(player)
        ),
        "game.replaced",
        player=player.mention,
        number=seat,
    )


async def _seat_move(
    interaction: discord.Interaction, move: Callable[[GameService], Awaitable[object]], key: str, **fields: Any
) -> None:
    """Make ``move`` through the move gate after a private "thinking…", then answer with the ``key`` text:
    the service may take a while (an AI seat may move next), and a stop waits for the move to end."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    async with bot.gate.move():
        await move(service_of(interaction))
    bot.publisher.wake()
    await interaction.edit_original_response(content=t(key, await lang_for(interaction), **fields))


COMMANDS = (new, leave, abandon, kick, replace)
"""In the order Discord lists them."""
