"""The private panel's controls, built from the engine's legal choices for one decision.

Short decisions become numbered buttons (up to four rows of five), each choice keeping its number
and place while the seat answers the same question (:mod:`cogs.table.positions`); the panel's text
lists "3. label — what it does" beside the numbers. Long decisions become select menus from
:meth:`Decision.menus` (grouped, at most 25 entries each, each option with its description), four
menus to a page with page buttons. The panel's text also says why an expected option is missing
(``Decision.missing``). The last row holds Undo, naming what it takes back, and the page controls.

Every custom_id carries the game id and the version the panel was drawn for, so a click on an
out-of-date panel is refused and answered with a fresh one. A choice that gives up something still
possible (``Choice.confirm``) is sent as ``?<choice id>`` (:data:`ASK`): the click first asks for a
confirmation (:mod:`cogs.table.confirm`), whose button carries the plain id and the same version.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.choices import description, missing
from bot.service import GameService
from bot.words import t
from cogs.kit import ids
from cogs.kit.ids import Components
from cogs.kit.text import BUTTON_LABEL, OPTION_TEXT, choice_label, clip
from cogs.table import hints, positions
from engine.core.contract import Choice, Decision, Game

BUTTON_ROWS = 4
PER_ROW = 5
MAX_BUTTONS = BUTTON_ROWS * PER_ROW
MENUS_PER_PAGE = 4
PLACEHOLDER = 150
"""Discord's limit on a select menu's placeholder."""
ASK = "?"
"""Marks a choice id on a button or menu option as one to confirm before it is sent."""


def sent_id(choice: Choice) -> str:
    """What a button or menu option carries for ``choice``: its id, marked when it needs confirming."""
    return f"{ASK}{choice.id}" if choice.confirm else choice.id


async def arrange(service: GameService, game_id: int, version: int, decision: Decision | None) -> None:
    """Settle the numbers of the decision's buttons before the panel is drawn (:mod:`cogs.table.positions`)."""
    if decision is not None and len(decision.choices) <= MAX_BUTTONS:
        await positions.arrange(service, game_id, version, decision, limit=MAX_BUTTONS)


def text_lines(game_id: int, game: Game[Any], decision: Decision | None, lang: str, names: Sequence[str]) -> list[str]:
    """The panel's lines about the decision: with buttons, "**3.** label — what it does" for each
    choice the engine describes (menus carry descriptions on their options); then why expected
    options are missing."""
    if decision is None:
        return []
    lines = []
    if len(decision.choices) <= MAX_BUTTONS:
        numbered = positions.numbers(game_id, decision, limit=MAX_BUTTONS)
        for choice in sorted(decision.choices, key=lambda c: numbered[c.id]):
            what = description(game, choice, lang, names)
            if what:  # a choice without one is all in its label
                label = game.text(choice.label, choice.params, lang, names)
                lines.append(t("panel.numbered", lang, number=numbered[choice.id], label=label, what=what))
    if decision.missing:
        lines.append(t("panel.missing", lang))
        lines.extend(t("panel.missing_line", lang, why=why) for why in missing(game, decision, lang, names))
    return lines


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
    names: Sequence[str],
    page: int = 0,
    undo: Choice | None = None,
) -> Components:
    """The components of the panel: the decision's choices on ``page``, then Undo (naming ``undo``, the
    choice it takes back, when known) and page buttons."""
    view = Components()
    if decision is not None:
        page = max(0, min(page, pages(decision) - 1))
        if len(decision.choices) <= MAX_BUTTONS:
            _buttons(view, game, game_id, version, decision, lang, names)
        else:
            _menus(view, game, game_id, version, decision, lang, names, page)
    last = BUTTON_ROWS
    if decision is not None:
        view.add_item(hints.button(game_id, lang, last))
    if undo is not None:
        label = t("panel.undo_what", lang, what=game.text(undo.label, undo.params, lang, names))
        view.add_item(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL),
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
                label=clip(t("panel.previous", lang), BUTTON_LABEL),
                custom_id=ids.panel(game_id, version, page - 1),
                disabled=page == 0,
                row=last,
            )
        )
        view.add_item(
            discord.ui.Button(
                label=clip(t("panel.page", lang, page=page + 1, count=count), BUTTON_LABEL),
                disabled=True,
                custom_id=f"{ids.panel(game_id, version, page)}:label",
                row=last,
            )
        )
        view.add_item(
            discord.ui.Button(
                label=clip(t("panel.next", lang), BUTTON_LABEL),
                custom_id=ids.panel(game_id, version, page + 1),
                disabled=page >= count - 1,
                row=last,
            )
        )
    return view


def _buttons(
    view: Components, game: Game[Any], game_id: int, version: int, decision: Decision, lang: str, names: Sequence[str]
) -> None:
    """One button per choice at the place of its number; the place of a choice that went away stays
    empty (a disabled button), so no button moves under the player's finger."""
    numbered = positions.numbers(game_id, decision, limit=MAX_BUTTONS)
    by_number = {n: decision.get(cid) for cid, n in numbered.items()}
    first = min(numbered.values(), default=0)
    for number in range(1, max(numbered.values(), default=0) + 1):
        choice = by_number.get(number)
        row = (number - 1) // PER_ROW
        if choice is None:
            view.add_item(
                discord.ui.Button(
                    label=t("panel.gone", lang, number=number),
                    disabled=True,
                    custom_id=f"{ids.panel(game_id, version, 0)}:gap{number}",
                    row=row,
                )
            )
            continue
        label = t("panel.button", lang, number=number, label=game.text(choice.label, choice.params, lang, names))
        view.add_item(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL),
                style=discord.ButtonStyle.primary if number == first else discord.ButtonStyle.secondary,
                custom_id=ids.move(game_id, version, sent_id(choice)),
                row=row,
            )
        )


def _menus(
    view: Components,
    game: Game[Any],
    game_id: int,
    version: int,
    decision: Decision,
    lang: str,
    names: Sequence[str],
    page: int,
) -> None:
    menus = decision.menus()
    per_group: dict[str, int] = {}
    for group, _, _ in menus:
        per_group[group] = per_group.get(group, 0) + 1
    start = page * MENUS_PER_PAGE
    for row, (group, part, choices) in enumerate(menus[start : start + MENUS_PER_PAGE]):
        main = group == "main"
        name = game.text(decision.prompt, decision.params, lang, names) if main else game.text(group, {}, lang)
        if per_group[group] > 1:
            name = t("panel.menu_part", lang, name=name, part=part + 1, count=per_group[group])
        view.add_item(
            discord.ui.Select(
                custom_id=ids.menu(game_id, version, page, start + row),
                placeholder=clip(name, PLACEHOLDER),
                options=[
                    discord.SelectOption(
                        label=choice_label(game, c, lang, OPTION_TEXT, names),
                        value=sent_id(c),
                        description=clip(description(game, c, lang, names), OPTION_TEXT) or None,
                    )
                    for c in choices
                ],
                row=row,
            )
        )
