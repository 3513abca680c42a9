"""The board message's embed: where the game stands, who must act by when, and the public standings.

Read from the spectator's view only (the one the board's images are drawn from), so it says nothing a
player's screen hides: Imaginarium's victory points and reserves stay behind the screens until the
end, so its standings are the projects each player completed and the machines they repaired; in Bot
Factory, where hands and tokens lie in the open, they are robots built, contracts reserved and speech
tokens. Team play lists the teams with their members; the solo game shows its task. Players are named
as everywhere else (:func:`cogs.kit.text.names`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import discord

from bot.service import GameInfo, TableView
from bot.words import t
from cogs.board.messages import COLOUR
from cogs.kit.text import EMBED_DESCRIPTION, FIELD_VALUE, clip, deadline, names, title
from engine import registry
from engine.botfactory.view import BotFactoryView
from engine.core.contract import View
from engine.imaginarium.view import ImaginariumView
from renders.api import Render


def headline(view: View, lang: str) -> str | None:
    """Round and phase ("Round 3 · planning"), then in solo the task and how far along it is; or
    ``None`` for a game this module does not know."""
    if isinstance(view, ImaginariumView | BotFactoryView):
        phase = t(f"board.phase.{view.kind}.{view.phase}", lang)
        top = t("board.round_phase", lang, round=view.round, phase=phase)
        if isinstance(view, BotFactoryView) and view.solo_info is not None and view.final is None:
            info = view.solo_info
            progress = registry.get(view.kind).text(info.progress_text, info.progress, lang)
            top += "\n" + t("board.botfactory.task_now", lang, task=info.task, progress=progress)
        return top
    return None


def waiting(game: GameInfo, seat_names: Sequence[str], lang: str) -> list[str]:
    """Who must act now, by name, each with their deadline (a Discord timestamp)."""
    lines = []
    for seat in game.seats:
        if seat.to_act and game.status == "active":
            who = seat_names[seat.seat]
            if seat.is_ai:
                lines.append(t("board.ai_thinking", lang, who=who))
            elif seat.deadline is None:
                lines.append(who)
            else:
                lines.append(t("board.until", lang, who=who, when=deadline(seat.deadline, lang)))
    return lines


def _imaginarium(view: ImaginariumView, seat_names: Sequence[str], lang: str) -> list[tuple[str, str]]:
    rows = []
    for board in view.players:
        machines = sum(len(stack.cards) for stack in board.slots if stack is not None)
        rows.append(
            t(
                "board.imaginarium.standing",
                lang,
                who=seat_names[board.seat],
                projects=t("board.imaginarium.projects", lang, n=len(board.completed_projects)),
                machines=t("board.imaginarium.machines", lang, n=machines),
            )
        )
    fields = [(t("board.standings", lang), "\n".join(rows))]
    teams: dict[int, list[str]] = {}
    for board in view.players:
        if board.team is not None:
            teams.setdefault(board.team, []).append(seat_names[board.seat])
    if teams:
        listed = [t("board.team", lang, number=team + 1, members=", ".join(teams[team])) for team in sorted(teams)]
        fields.append((t("board.teams", lang), "\n".join(listed)))
    return fields


def _botfactory(view: BotFactoryView, seat_names: Sequence[str], lang: str) -> list[tuple[str, str]]:
    rows = []
    for area in view.players:
        reserved = sum(1 for space in view.contracts for held in space.reservations if held.seat == area.seat)
        rows.append(
            t(
                "board.botfactory.standing",
                lang,
                who=seat_names[area.seat],
                robots=t("board.botfactory.robots", lang, n=len(area.robots)),
                contracts=t("board.botfactory.contracts", lang, n=reserved),
                tokens=t("board.botfactory.tokens", lang, n=area.tokens),
            )
        )
    return [(t("board.standings", lang), "\n".join(rows)), *task_fields(view, lang)]


def task_fields(view: View, lang: str) -> list[tuple[str, str]]:
    """The solo game's task as an embed field (the board's, the player's panel, ``/rules``): what
    the tile asks and how far the player is from it, with what meeting or missing it leads to; once
    over, how it ended (met and the report's band, or fired and why). None for other games."""
    if not isinstance(view, BotFactoryView) or view.solo_info is None:
        return []
    info = view.solo_info
    game = registry.get(view.kind)
    if view.final and info.report_lines:
        report = view.final[0].report
        lines = [game.text(f"botfactory.end.{report}", {}, lang)]
        lines += [game.text(key, params, lang) for key, params in info.report_lines]
    else:
        progress = game.text(info.progress_text, info.progress, lang)
        if info.task_met:
            progress = t("board.botfactory.task_met", lang, progress=progress)
        bands = ", ".join(
            t(
                "board.botfactory.band" if high is not None else "board.botfactory.band_open",
                lang,
                band=t(f"board.botfactory.report.{name}", lang),
                low=low,
                high=high,
            )
            for name, low, high in info.bands
        )
        lines = [game.text(info.task_text, {}, lang), progress, t("board.botfactory.stakes", lang, bands=bands)]
    return [(t("board.botfactory.task_title", lang), clip("\n".join(lines), FIELD_VALUE))]


STANDINGS: dict[type[View], Callable[..., list[tuple[str, str]]]] = {
    ImaginariumView: _imaginarium,
    BotFactoryView: _botfactory,
}
"""Each game's public standings as embed fields ``(name, value)``, from its spectator view."""


def fields(view: View, seat_names: Sequence[str], lang: str) -> list[tuple[str, str]]:
    """The public standings of ``view`` (a spectator's), or none for a game without them here."""
    if view.viewer is not None:
        raise ValueError("the standings are read from a spectator's view only")
    standings = STANDINGS.get(type(view))
    return [] if standings is None else standings(view, seat_names, lang)


def board_embed(table: TableView, render: Render, status: str, lang: str) -> discord.Embed:
    """The board message's embed (its images are attachments of their own): round and phase, the
    status, who must act by when, and the standings."""
    game = table.game
    seat_names = names(game, lang)
    top = headline(table.view, lang)
    if top is None:  # a game without a headline here: the first line its render's summary gives
        top = render.text.strip().splitlines()[0] if render.text.strip() else ""
    embed = discord.Embed(title=title(game), description=clip(top, EMBED_DESCRIPTION), colour=COLOUR)
    embed.add_field(name=t("thread.board.status", lang), value=clip(status, FIELD_VALUE), inline=False)
    now = waiting(game, seat_names, lang)
    if now:
        embed.add_field(name=t("thread.board.waiting", lang), value=clip("\n".join(now), FIELD_VALUE), inline=False)
    for name, value in fields(table.view, seat_names, lang):
        embed.add_field(name=name, value=clip(value, FIELD_VALUE), inline=False)
    embed.set_footer(text=t("thread.board.footer", lang, version=game.version))
    return embed
