"""Slash-command parameters shared by the commands: which game is meant, game kinds and lobby options.

Everything offered comes from the service's catalogue (``GameService.kinds``), so a game kind that
is registered appears in ``/game new`` with its own options without any code here. Autocomplete
only suggests; the handlers validate what arrives (the engine's ``validate_options`` at the end).
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterable
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.ai import THINK_SCALES
from bot.service import TURN_TIMERS, GameInfo, GameKind, TimeoutPolicy
from bot.words import LANGUAGE_NAMES, t
from cogs.kit import access
from cogs.kit.context import lang_for, service_of
from cogs.kit.errors import UserFacingError
from engine import registry
from engine.core.contract import OptionSpec
from engine.core.search import LEVELS

MAX_SUGGESTIONS = 25
T = TypeVar("T")
TIMER_CHOICES = [app_commands.Choice(name=name, value=name) for name in TURN_TIMERS]
MISSED_TURN = {
    "ai": TimeoutPolicy(None),
    "replace-1": TimeoutPolicy(1),
    "replace-2": TimeoutPolicy(2),
    "replace-3": TimeoutPolicy(3),
}
MISSED_TURN_CHOICES = [
    app_commands.Choice(name="An AI plays the missed turn; the seat stays yours", value="ai"),
    app_commands.Choice(name="Seat goes to an AI at the first missed turn", value="replace-1"),
    app_commands.Choice(name="Seat goes to an AI after 2 missed turns", value="replace-2"),
    app_commands.Choice(name="Seat goes to an AI after 3 missed turns", value="replace-3"),
]

LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
"""The AI levels a host may choose for missed turns (``/game new`` and ``/game settings``)."""
THINK_CHOICES = [app_commands.Choice(name=f"×{n}", value=n) for n in THINK_SCALES]
"""How many times its level's thinking time a host may give the AI seats (``/game settings``)."""


def missed_turn_text(policy: TimeoutPolicy, lang: str = "en") -> str:
    """The policy as the choice that sets it reads in ``lang`` (any other count in the same words)."""
    for value, preset in MISSED_TURN.items():
        if preset == policy:
            return t(f"cmd.choice.{value}", lang)
    return t("config.missed_after", lang, n=policy.replace_after)


def offered(option: str, value: str | None, allowed: Iterable[str]) -> str | None:
    """``value`` if it is one of the choices the option offers (Discord enforces that, but a forged
    payload may not), else a clear refusal; ``None`` stays ``None`` (not given)."""
    if value is not None and value not in set(allowed):
        raise UserFacingError("not_offered", option=option)
    return value


def missed_policy(value: str | None) -> TimeoutPolicy | None:
    """The missed-turn policy a ``missed`` option names (``None`` when not given)."""
    chosen = offered("missed", value, MISSED_TURN)
    return None if chosen is None else MISSED_TURN[chosen]


def language_choices() -> list[app_commands.Choice[str]]:
    """The languages some game has a catalogue in (English always), for ``language`` options."""
    codes = {"en"} | {lang for game in registry.games().values() for lang in game.catalog.languages()}
    return [app_commands.Choice(name=LANGUAGE_NAMES.get(c, c), value=c) for c in sorted(codes)]


# -- which game ---------------------------------------------------------------------------------
async def resolve_game(interaction: discord.Interaction, given: int | None) -> GameInfo:
    """The game meant: the one given, else the game of this thread, else the user's only game; only
    ever a game the user may see (:mod:`cogs.kit.access`), any other answered as an unknown id."""
    if given is not None:
        return await access.visible_game(interaction, given)
    service = service_of(interaction)
    channel = interaction.channel_id
    mine = await access.visible(interaction, await service.user_games(interaction.user.id))
    here = [g for g in mine if channel is not None and channel in (g.thread_id, g.channel_id)]
    if interaction.guild_id is not None and not here:
        local = [g for g in await service.games(guild_id=interaction.guild_id) if g.thread_id == channel]
        here = await access.visible(interaction, local)
    if len(here) == 1:
        return here[0]
    if not here and len(mine) == 1:
        return mine[0]
    raise UserFacingError("which_game")


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The user's games, then the games of this server, filtered by what was typed; never a game
    the user may not see."""
    service = service_of(interaction)
    games = await service.user_games(interaction.user.id)
    if interaction.guild_id is not None:
        known = {g.id for g in games}
        games += [g for g in await service.games(guild_id=interaction.guild_id) if g.id not in known]
    out: list[app_commands.Choice[int]] = []
    for game in games:
        name = f"{game.title} #{game.id} ({game.status})"
        wanted = game.status in ("lobby", "active") and current.lower() in name.lower()
        if wanted and await access.can_see(interaction, game):
            out.append(app_commands.Choice(name=name, value=game.id))
            if len(out) == MAX_SUGGESTIONS:
                break
    return out


GAME_HELP = "The game (start typing; defaults to this thread's game or your only game)"

GameSuggestions = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[int]]]]


def game_option(suggest: GameSuggestions = game_autocomplete) -> Callable[[T], T]:
    """Decorator for a sub-command with a ``game`` option: described and suggested alike wherever a
    game is named, so each says the same and resolves it with :func:`resolve_game`. ``suggest`` narrows
    the suggestions (the finished games, for a replay)."""

    def declare(callback: T) -> T:
        return app_commands.autocomplete(game=suggest)(app_commands.describe(game=GAME_HELP)(callback))

    return declare


# -- game kinds and options ---------------------------------------------------------------------
def kind_named(interaction: discord.Interaction, kind: str) -> GameKind:
    kinds = service_of(interaction).kinds()
    for known in kinds:
        if kind in (known.kind, known.title):
            return known
    raise UserFacingError("unknown_kind", kind=kind, known=", ".join(k.kind for k in kinds))


async def kind_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    out = []
    lang = await lang_for(interaction)
    for kind in service_of(interaction).kinds():
        if current.lower() in kind.title.lower() or current.lower() in kind.kind:
            seats = f"{kind.min_seats}–{kind.max_seats}" if kind.min_seats != kind.max_seats else str(kind.min_seats)
            name = t("params.kind", lang, game=kind.title, seats=seats, n=kind.max_seats)
            out.append(app_commands.Choice(name=name, value=kind.kind))
    return out[:MAX_SUGGESTIONS]


def parse_options(kind: GameKind, text: str) -> dict[str, Any]:
    """``"chimera, teams=true, variant=1"`` as typed values (a bare name means true)."""
    specs = {spec.name: spec for spec in kind.options}
    out: dict[str, Any] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, sep, raw = (s.strip() for s in part.partition("="))
        spec = specs.get(name)
        if spec is None:
            raise UserFacingError("unknown_option", game=kind.title, option=name, known=", ".join(specs) or "—")
        out[name] = _value(spec, raw if sep else "true")
    return out


def _value(spec: OptionSpec, raw: str) -> Any:
    if spec.kind == "bool":
        if raw.lower() in ("true", "yes", "on", "1"):
            return True
        if raw.lower() in ("false", "no", "off", "0"):
            return False
        raise UserFacingError("option_bool", option=spec.name, value=raw)
    if spec.kind == "int":
        try:
            return int(raw)
        except ValueError:
            raise UserFacingError("option_int", option=spec.name, value=raw) from None
    for choice in spec.choices:
        if str(choice) == raw:
            return choice
    return raw


def option_suggestions(kind: GameKind, current: str) -> list[str]:
    """Completions of the last ``name=value`` typed, keeping what came before it."""
    done, _, last = current.rpartition(",")
    prefix = f"{done.strip()}, " if done.strip() else ""
    taken = {p.split("=")[0].strip() for p in done.split(",") if p.strip()}
    candidates: list[str] = []
    for spec in kind.options:
        if spec.name in taken:
            continue
        if spec.kind == "bool":
            values: tuple[Any, ...] = (True, False)
        elif spec.kind == "choice":
            values = spec.choices
        else:
            low = spec.min if spec.min is not None else spec.default
            high = spec.max if spec.max is not None else spec.default
            values = tuple(range(low, high + 1)) if high - low < MAX_SUGGESTIONS else (spec.default,)
        for value in values:
            text = f"{spec.name}={str(value).lower() if isinstance(value, bool) else value}"
            if text.startswith(last.strip()):
                candidates.append(prefix + text)
    return candidates[:MAX_SUGGESTIONS]


async def options_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    kind_value = getattr(interaction.namespace, "kind", None)
    try:
        kind = kind_named(interaction, str(kind_value or ""))
    except UserFacingError:
        return []
    return [app_commands.Choice(name=s[:100], value=s[:100]) for s in option_suggestions(kind, current)]
