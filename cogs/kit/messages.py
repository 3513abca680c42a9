"""The public messages: the board in the game thread and the final scores (the lobby's is
:mod:`cogs.kit.lobby_message`), and the colour of the board's embeds.

Everything here is drawn from public data only (the game record and a spectator's render), so these
messages may go to any channel. Private screens are built in :mod:`cogs.table.controls` and only ever sent
ephemerally.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot import board
from bot.service import ending
from bot.service.models import GameInfo
from bot.words import t
from cogs.kit import ids
from cogs.kit.ids import Components
from cogs.kit.images import FINAL_FILE
from cogs.kit.text import BUTTON_LABEL, EMBED_DESCRIPTION, FIELD_NAME, FIELD_VALUE, clip, names, title
from engine import registry
from renders.api import Render

COLOUR = discord.Colour.from_rgb(196, 120, 48)
OPTION_TEXT = 100
"""Discord's limit on a select option's label and value."""
MAX_OPTIONS = 25
PLACEHOLDER = 150
"""Discord's limit on a select menu's placeholder."""


def play_button(game_id: int, lang: str = "en") -> discord.ui.Button[Components]:
    """Opens the clicker's private panel (screen and legal moves) for this game."""
    return discord.ui.Button(
        label=clip(t("thread.button.play", lang), BUTTON_LABEL),
        emoji="🎲",
        style=discord.ButtonStyle.primary,
        custom_id=ids.board(game_id, "play"),
    )


def board_controls(game: GameInfo, areas: Sequence[tuple[str, str]] = (), *, lang: str = "en") -> Components:
    """The board's buttons, and a "Zoom" menu of ``areas`` ((key, label) pairs of the table's areas)
    whose choice answers privately with that area at full size."""
    view = Components()
    if game.status == "active":
        view.add_item(play_button(game.id, lang))
    for action, emoji in (("log", "📜"), ("rules", "📖"), ("full", "🖥️")):
        label = clip(t(f"thread.button.{action}", lang), BUTTON_LABEL)
        view.add_item(discord.ui.Button(label=label, emoji=emoji, custom_id=ids.board(game.id, action)))
    if areas:
        options = [
            discord.SelectOption(
                label=clip(label, OPTION_TEXT),
                value=key,
                description=clip(board.caption(game.kind, key, lang), OPTION_TEXT) or None,
            )
            for key, label in areas[:MAX_OPTIONS]
        ]
        view.add_item(
            discord.ui.Select(
                custom_id=ids.zoom(game.id), placeholder=clip(t("thread.zoom", lang), PLACEHOLDER), options=options
            )
        )
    return view


def final_embed(game: GameInfo, render: Render, lang: str) -> discord.Embed:
    """The final scores under their image: the winners by name in a game between players, then how
    the game ended and why, in the game's words (the solo report's task and band, or why the player
    was fired; a tie-break) — never a "Winner" field without a name."""
    outcome = game.outcome
    embed = discord.Embed(
        title=t("board.final_title", lang, game=title(game)),
        description=clip(render.text, EMBED_DESCRIPTION),
        colour=COLOUR,
    )
    if outcome is not None:
        seat_names = names(game, lang)
        winners = ending.winners(outcome, seat_names)
        if winners:
            embed.add_field(name=t("board.winners", lang, n=len(winners)), value=", ".join(winners), inline=False)
        rules = registry.get(game.kind)
        why = ending.reasons(rules, outcome, seat_names, lang)
        if why:
            embed.add_field(
                name=clip(rules.text(outcome.reason, outcome.details, lang, seat_names), FIELD_NAME),
                value=clip("\n".join(why), FIELD_VALUE),
                inline=False,
            )
    embed.set_image(url=f"attachment://{FINAL_FILE}")
    return embed
