"""``/game``: lobbies, playing, reading the table, seats, a game's settings and personal settings.

Each command parses its options, calls the service (through the helpers in :mod:`cogs.ui`) and
answers; no rule of any game lives here. Errors reach the user through the tree's one error handler.
This extension also registers the dynamic items that route every button and menu the bot sends
(:data:`cogs.routes.EVERY_ITEM`).

Every command that names a game resolves it through :func:`cogs.kit.params.resolve_game`, which only
returns a game the user may see (:mod:`cogs.kit.access`). ``/game`` works in servers and in the bot's
DMs (Discord applies contexts to the group, not to each sub-command); the sub-commands that name a
server's members or channel carry :data:`cogs.kit.access.server_only`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.service.checks import check_seat_count
from bot.words import t
from cogs.admin import game_settings, profile
from cogs.board import overview
from cogs.kit import access, params
from cogs.kit.context import acting_host, bot_of, lang_for, service_of, spoken
from cogs.kit.errors import UserFacingError
from cogs.kit.text import person, title
from cogs.links import web as web_links
from cogs.lobby import seats as lobby
from cogs.results import reports as results
from cogs.routes import EVERY_ITEM
from cogs.table import log as history
from cogs.table import screen as table
from cogs.table.hints import LEVEL_CHOICES, THINK_CHOICES
from cogs.tutorial import flow as tutorial_flow
from engine import registry

GAME_HELP = "The game (start typing; defaults to this thread's game or your only game)"


@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
class Game(
    commands.GroupCog,
    group_name="game",
    group_description="Play board games together: lobbies, your turns, the table and results",
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # -- lobbies -------------------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a lobby (here, or in the server's lobby channel)")
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
    @app_commands.choices(timer=params.TIMER_CHOICES, missed=params.MISSED_TURN_CHOICES, level=LEVEL_CHOICES)
    @access.server_only
    async def new(
        self,
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

    @app_commands.command(name="leave", description="Give up your seat in a lobby")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.autocomplete(game=params.game_autocomplete)
    async def leave(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await params.resolve_game(interaction, game)
        if info.status == "active":
            raise UserFacingError("use_abandon", t("game.use_abandon", await lang_for(interaction)))
        info = await service_of(interaction).leave(info.id, interaction.user.id)
        bot_of(interaction).publisher.wake()  # the lobby message owes the seat given up
        await interaction.response.send_message(t("game.left_lobby", await lang_for(interaction)), ephemeral=True)

    # -- playing -------------------------------------------------------------------------------
    @app_commands.command(name="play", description="Your screen and your moves (only you see them)")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.autocomplete(game=params.game_autocomplete)
    async def play(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await params.resolve_game(interaction, game)
        await table.open_panel(interaction, info.id)

    @app_commands.command(name="screen", description="Your hidden screen and pending decision (only you see it)")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.autocomplete(game=params.game_autocomplete)
    async def screen(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await params.resolve_game(interaction, game)
        await table.open_panel(interaction, info.id)

    @app_commands.command(name="board", description="The current board (only you see this copy)")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.autocomplete(game=params.game_autocomplete)
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await overview.board(interaction, await params.resolve_game(interaction, game))

    @app_commands.command(name="log", description="What happened so far, newest last")
    @app_commands.describe(game=GAME_HELP, page="1 is the latest page")
    @app_commands.autocomplete(game=params.game_autocomplete)
    async def log(
        self, interaction: discord.Interaction, game: int | None = None, page: app_commands.Range[int, 1] = 1
    ) -> None:
        info = await params.resolve_game(interaction, game)
        await history.show(interaction, info.id, page - 1, edit=False)

    @app_commands.command(name="list", description="Lobbies and running games here, and whose turn it is")
    @access.server_only
    async def list_(self, interaction: discord.Interaction) -> None:
        await overview.listing(interaction)

    @app_commands.command(name="mine", description="Your games in every server: what to do and by when")
    async def mine(self, interaction: discord.Interaction) -> None:
        await overview.mine(interaction)

    @app_commands.command(name="tutorial", description="Learn a game by playing it, step by step (only you see it)")
    @app_commands.describe(
        kind="Which game (default: the first with a tutorial)", chapter="Only this chapter (default: all, in order)"
    )
    @app_commands.autocomplete(kind=tutorial_flow.kind_autocomplete, chapter=tutorial_flow.chapter_autocomplete)
    async def tutorial(
        self, interaction: discord.Interaction, kind: str | None = None, chapter: str | None = None
    ) -> None:
        await tutorial_flow.start(interaction, kind, chapter)

    # -- results -------------------------------------------------------------------------------
    @app_commands.command(name="stats", description="Results on this server: yours (privately) or another player's")
    @app_commands.describe(player="Whose results (default: yours)", kind="Only this game")
    @app_commands.autocomplete(kind=params.kind_autocomplete)
    @access.server_only
    async def stats(
        self, interaction: discord.Interaction, player: discord.User | None = None, kind: str | None = None
    ) -> None:
        await results.stats(interaction, player, kind)

    @app_commands.command(name="leaderboard", description="This server's players ranked by skill rating")
    @app_commands.describe(kind="Only this game")
    @app_commands.autocomplete(kind=params.kind_autocomplete)
    @access.server_only
    async def leaderboard(self, interaction: discord.Interaction, kind: str | None = None) -> None:
        await results.leaderboard_answer(interaction, kind)

    @app_commands.command(name="replay", description="A finished game round by round (only you see it)")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.autocomplete(game=results.finished_autocomplete)
    async def replay(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await results.replay(interaction, await params.resolve_game(interaction, game))

    # -- the web pages ---------------------------------------------------------------------------
    @app_commands.command(name="web", description="A private link to a game's page on the web, or a spectator link")
    @app_commands.describe(
        game=GAME_HELP,
        spectator="A link to share: the public table only, for anyone who may see the game's channel",
        revoke="Make every link you were given stop working (then ask again for a new one)",
    )
    @app_commands.autocomplete(game=params.game_autocomplete)
    async def web(
        self, interaction: discord.Interaction, game: int | None = None, spectator: bool = False, revoke: bool = False
    ) -> None:
        if revoke:
            await web_links.revoke(interaction)
            return
        await web_links.give(interaction, await params.resolve_game(interaction, game), spectator)

    # -- seats ---------------------------------------------------------------------------------
    @app_commands.command(name="abandon", description="Leave a running game for good; an AI takes your seat")
    @app_commands.describe(game=GAME_HELP)
    @app_commands.autocomplete(game=params.game_autocomplete)
    async def abandon(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info = await params.resolve_game(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = bot_of(interaction)
        async with bot.gate.move():
            await service_of(interaction).abandon(info.id, interaction.user.id)
        bot.publisher.wake()
        await interaction.edit_original_response(content=t("game.abandoned", await lang_for(interaction)))

    @app_commands.command(name="kick", description="Hand a player's seat to an AI (host or Manage Server)")
    @app_commands.describe(game=GAME_HELP, player="The player to replace with an AI")
    @app_commands.autocomplete(game=params.game_autocomplete)
    @access.server_only
    async def kick(self, interaction: discord.Interaction, player: discord.User, game: int | None = None) -> None:
        info = await params.resolve_game(interaction, game)
        seat = info.seat_of(player.id)
        if seat is None:
            text = t("game.no_seat_for", await lang_for(interaction), player=player.mention, game=title(info))
            raise UserFacingError("not_seated", text)
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = bot_of(interaction)
        async with bot.gate.move():
            await service_of(interaction).kick(info.id, acting_host(interaction, info), seat.seat)
        bot.publisher.wake()
        text = t("game.kicked", await lang_for(interaction), player=player.mention)
        await interaction.edit_original_response(content=text)

    @app_commands.command(name="replace", description="Give a seat (an AI's or an absent player's) to someone else")
    @app_commands.describe(game=GAME_HELP, seat="The seat number (as on the board)", player="Who plays it from now on")
    @app_commands.autocomplete(game=params.game_autocomplete)
    @access.server_only
    async def replace(
        self,
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
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = bot_of(interaction)
        async with bot.gate.move():
            await service_of(interaction).replace(
                info.id, acting_host(interaction, info), seat - 1, player.id, name=person(player)
            )
        bot.publisher.wake()
        text = t("game.replaced", await lang_for(interaction), player=player.mention, number=seat)
        await interaction.edit_original_response(content=text)

    # -- game settings -------------------------------------------------------------------------
    @app_commands.command(name="settings", description="A game's turn timer, reminders, missed turns (host to change)")
    @app_commands.describe(
        game=GAME_HELP,
        timer="Time per turn; whoever must act now gets the full new time from now",
        reminders="A reminder a quarter of the timer before the deadline",
        missed="What happens when someone misses their deadline (counts turns already missed)",
        level="AI level that plays a missed turn",
        hints="Let players ask what the hard AI would do",
        hours="Turn timers count only each player's active hours",
        think="How many times its level's thinking time the AI seats get (stronger, slower)",
    )
    @app_commands.autocomplete(game=params.game_autocomplete)
    @app_commands.choices(timer=params.TIMER_CHOICES, missed=params.MISSED_TURN_CHOICES, level=LEVEL_CHOICES)
    @app_commands.choices(think=THINK_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        game: int | None = None,
        timer: str | None = None,
        reminders: bool | None = None,
        missed: str | None = None,
        level: str | None = None,
        hints: bool | None = None,
        hours: bool | None = None,
        think: int | None = None,
    ) -> None:
        info = await params.resolve_game(interaction, game)
        if (timer, reminders, missed, level, hints, hours, think) != (None,) * 7:
            await game_settings.change(
                interaction,
                info,
                timer=timer,
                reminders=reminders,
                policy=params.missed_policy(missed),
                missed_level=level,
                hints=hints,
                active_hours=hours,
                think=think,
            )
            return
        await interaction.response.send_message(
            game_settings.describe(info, await lang_for(interaction)), ephemeral=True
        )

    # -- personal settings ---------------------------------------------------------------------
    @app_commands.command(name="vacation", description="Pause your turn timers in every game (time left is kept)")
    @app_commands.describe(on="True to go on vacation, false to come back")
    async def vacation(self, interaction: discord.Interaction, on: bool) -> None:
        await service_of(interaction).set_vacation(interaction.user.id, on)
        text = t("game.vacation_on" if on else "game.vacation_off", await lang_for(interaction))
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="notify", description='Get "your turn" by DM instead of a ping in the game thread')
    @app_commands.describe(on="True for DMs, false for pings in the game thread")
    async def notify(self, interaction: discord.Interaction, on: bool) -> None:
        await service_of(interaction).set_dm_turns(interaction.user.id, on)
        text = t("game.notify_on" if on else "game.notify_off", await lang_for(interaction))
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="profile", description="Your settings: language, time zone and hours, vacation, DMs")
    @app_commands.describe(
        language="Language of your screens, menus and log",
        timezone="Your time zone (start typing your city, e.g. Paris or New York)",
        hours="When you play, your time, e.g. 08:00-23:00 (off: always); no pings outside them",
        digest="One message a day, when your hours begin, instead of a ping each turn",
    )
    @app_commands.choices(language=params.language_choices())
    @app_commands.autocomplete(timezone=profile.zone_autocomplete)
    async def profile(
        self,
        interaction: discord.Interaction,
        language: str | None = None,
        timezone: str | None = None,
        hours: str | None = None,
        digest: bool | None = None,
    ) -> None:
        await profile.answer(interaction, language=language, timezone=timezone, hours=hours, digest=digest)


class UnknownComponents(commands.Cog):
    """Answers clicks on components no dynamic item recognises (e.g. sent by an older version), and
    custom_ids that are not on the message they came from (discord.py drops those unanswered)."""

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        data: Mapping[str, Any] = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        routed = any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in EVERY_ITEM)
        if routed and _on_message(interaction.message, custom_id):
            return
        await interaction.response.send_message(t("game.unknown_button", await _lang(interaction)), ephemeral=True)


async def _lang(interaction: discord.Interaction) -> str:
    """The reader's language, or their client's while the bot restarts (no service to ask)."""
    try:
        return await lang_for(interaction)
    except UserFacingError:
        return spoken(interaction.locale) or "en"


def _on_message(message: discord.Message | None, custom_id: str) -> bool:
    if message is None:
        return False
    for row in message.components:
        for child in getattr(row, "children", (row,)):
            if getattr(child, "custom_id", None) == custom_id:
                return True
    return False


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(*EVERY_ITEM)
    await bot.add_cog(Game(bot))
    await bot.add_cog(UnknownComponents())


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(*EVERY_ITEM)
