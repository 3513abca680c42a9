"""The private panel's controls, built from the engine's legal choices for one decision.

Short decisions become buttons (up to four rows of five); long ones become select menus from
:meth:`Decision.menus` (grouped, at most 25 entries each), four menus to a page with page buttons.
The last row holds Undo and the page controls. Every custom_id carries the game id and the version
the panel was drawn for, so a click on an out-of-date panel is refused and answered with a fresh one.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.ui import ids
from cogs.ui.ids import Components
from cogs.ui.text import BUTTON_LABEL, OPTION_TEXT, choice_label, clip
from engine.core.contract import Decision, Game

BUTTON_ROWS = 4
PER_ROW = 5
MAX_BUTTONS = BUTTON_ROWS * PER_ROW
MENUS_PER_PAGE = 4


def pages(decision: Decision) -> int:
    """How many pages of controls the decision needs (1 when its choices fit as buttons)."""
    if len(decision.choices) <= MAX_BUTTONS:
        return 1
    return -(-len(decision.menus()) // MENUS_PER_PAGE)


def controls(
    game: Game[Any],
    game_id: int,
    version: int,
    decision: Decision | None,
    *,
    lang: str,
    page: int = 0,
    can_undo: bool = False,
) -> Components:
    """The components of the panel: the decision's choices on ``page``, then Undo and page buttons."""
    view = Components()
    if decision is not None:
        page = max(0, min(page, pages(decision) - 1))
        if len(decision.choices) <= MAX_BUTTONS:
            _buttons(view, game, game_id, version, decision, lang)
        else:
            _menus(view, game, game_id, version, decision, lang, page)
    last = BUTTON_ROWS
    if can_undo:
        view.add_item(
            discord.ui.Button(
                label="Undo",
                emoji="↩️",
                style=discord.ButtonStyle.secondary,
                custom_id=ids.undo(game_id, version),
                row=last,
            )
        )
    count = 1 if decision is None else pages(decision)
    if count > 1:
        view.add_item(
            discord.ui.Button(
                label="◀ Previous", custom_id=ids.panel(game_id, version, page - 1), disabled=page == 0, row=last
            )
        )
        view.add_item(
            discord.ui.Button(
                label=f"Page {page + 1}/{count}",
                disabled=True,
                custom_id=f"{ids.panel(game_id, version, page)}:label",
                row=last,
            )
        )
        view.add_item(
            discord.ui.Button(
                label="Next ▶", custom_id=ids.panel(game_id, version, page + 1), disabled=page >= count - 1, row=last
            )
        )
    return view


def _buttons(view: Components, game: Game[Any], game_id: int, version: int, decision: Decision, lang: str) -> None:
    for index, choice in enumerate(decision.choices):
        view.add_item(
            discord.ui.Button(
                label=choice_label(game, choice, lang, BUTTON_LABEL),
                style=discord.ButtonStyle.primary if index == 0 else discord.ButtonStyle.secondary,
                custom_id=ids.move(game_id, version, choice.id),
                row=index // PER_ROW,
            )
        )


def _menus(
    view: Components, game: Game[Any], game_id: int, version: int, decision: Decision, lang: str, page: int
) -> None:
    menus = decision.menus()
    per_group: dict[str, int] = {}
    for group, _, _ in menus:
        per_group[group] = per_group.get(group, 0) + 1
    start = page * MENUS_PER_PAGE
    for row, (group, part, choices) in enumerate(menus[start : start + MENUS_PER_PAGE]):
        name = game.text(decision.prompt, decision.params, lang) if group == "main" else game.text(group, {}, lang)
        if per_group[group] > 1:
            name = f"{name} ({part + 1}/{per_group[group]})"
        view.add_item(
            discord.ui.Select(
                custom_id=ids.menu(game_id, version, page, start + row),
                placeholder=clip(name, 150),
                options=[
                    discord.SelectOption(label=choice_label(game, c, lang, OPTION_TEXT), value=c.id) for c in choices
                ],
                row=row,
            )
        )
