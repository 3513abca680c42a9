"""The custom_id grammar of every component the bot sends (at most 100 characters, Discord's limit).

Components are matched by discord.py dynamic items against the templates below, never by views kept
in memory, so a button sent before a restart still works after it. Move components carry the game
id, the state version they were drawn for and the choice id, so an out-of-date click is recognised
and refused (the engine's stale-version gate) instead of being applied to a newer position.

    lobby:<game>:<join|leave|ai|ai-LEVEL|noai|start|cancel> lobby message (ai-hard: an AI of that level)
    board:<game>:<play|log|rules|full>             board message in the game thread
    zoom:<game>                                    the board's close-up menu (values are area keys)
    mv:<game>:<version>:<choice id>                one choice, as a button
    ms:<game>:<version>:<page>:<menu>              a select menu of choices (values are choice ids)
    undo:<game>:<version>                          undo back to the last checkpoint
    panel:<game>:<version>:<page>                  another page of menus, or a refresh
    log:<game>:<page>                              a page of the public log
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from cogs.kit.answers import accepting

LOBBY = r"lobby:(?P<game>\d+):(?P<action>join|leave|ai|ai-[a-z]+|noai|start|cancel)"
BOARD = r"board:(?P<game>\d+):(?P<action>play|log|rules|full)"
ZOOM = r"zoom:(?P<game>\d+)"
MOVE = r"mv:(?P<game>\d+):(?P<version>\d+):(?P<choice>.+)"
MENU = r"ms:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+):(?P<menu>\d+)"
UNDO = r"undo:(?P<game>\d+):(?P<version>\d+)"
PANEL = r"panel:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+)"
LOG = r"log:(?P<game>\d+):(?P<page>\d+)"

CUSTOM_ID_LIMIT = 100


def _checked(custom_id: str) -> str:
    if not 1 <= len(custom_id) <= CUSTOM_ID_LIMIT:
        raise ValueError(f"custom_id {custom_id!r} is longer than Discord's {CUSTOM_ID_LIMIT} characters")
    return custom_id


def lobby(game: int, action: str) -> str:
    return _checked(f"lobby:{game}:{action}")


def board(game: int, action: str) -> str:
    return _checked(f"board:{game}:{action}")


def zoom(game: int) -> str:
    return _checked(f"zoom:{game}")


def move(game: int, version: int, choice: str) -> str:
    return _checked(f"mv:{game}:{version}:{choice}")


def menu(game: int, version: int, page: int, index: int) -> str:
    return _checked(f"ms:{game}:{version}:{page}:{index}")


def undo(game: int, version: int) -> str:
    return _checked(f"undo:{game}:{version}")


def panel(game: int, version: int, page: int) -> str:
    return _checked(f"panel:{game}:{version}:{page}")


def log_page(game: int, page: int) -> str:
    return _checked(f"log:{game}:{page}")


class Components(discord.ui.View):
    """A view that only describes components: clicks are dispatched by the registered dynamic items.

    Reporting itself finished keeps discord.py from storing it per message (and from starting a
    15-minute timeout task for each ephemeral panel); nothing is lost, since no callback lives here.
    """

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return True


class Parsed(discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"(?!)"):
    """Base of the dynamic items routed by their custom_id: keeps the template's named fields, and lets
    a click through only while the bot takes interactions (not while it stops).
    Subclasses set ``template=`` and write ``callback``."""

    def __init__(self, item: discord.ui.Item[Any], fields: dict[str, str]) -> None:
        super().__init__(item)
        self.fields = fields

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return await accepting(interaction)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(item, match.groupdict())
