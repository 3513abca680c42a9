"""What a request's link lets it open, checked before any page reads the store for it.

Each page names what it shows (a game, the user's games, a server) and the link in its address must
open exactly that: intact and in time (:meth:`bot.links.Signer.read`), of its user's current
generation (not revoked), aimed at this game or server (not edited to another), and, for a spectator
link, from a server that still lets spectator links be had. A game the link's game is not, or that no
longer exists, is refused like a game that never did.
"""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web

from bot.links import Link, LinkRefused, Opens
from bot.service import GameInfo, GameNotFound
from bot.service.weblinks import PageFacts
from web.site import SITE, Site, bounded_int


@dataclass(frozen=True, slots=True)
class Grant:
    """A link that opens the page asked for, with the game it opens (for a game's pages) and what the
    page checked about it (the reader's languages, the game's revision)."""

    link: Link
    token: str
    facts: PageFacts
    game: GameInfo | None = None

    @property
    def personal(self) -> bool:
        """A link given to its user for themself (their seat's secrets, their games), not a spectator's."""
        return self.link.opens != "watch"

    @property
    def viewer(self) -> int | None:
        """Whose view the pages show: the link's user on a personal link, nobody's (a spectator) otherwise."""
        return self.link.user if self.personal else None

    @property
    def revision(self) -> int:
        """The game's revision as the page checked it: what its content is kept by."""
        return self.facts.revision or 0


async def granted(request: web.Request, opens: tuple[Opens, ...], target: int) -> Grant:
    """The grant of the request's link for ``target`` (a game, a server, or the user for ``mine``), or
    :class:`LinkRefused` saying why not: the link read, then the game and what the page checks about it
    (two reads of the database, whatever the page)."""
    site: Site = request.app[SITE]
    token = request.match_info["token"]
    link = site.signer.read(token, site.now())
    if link.opens not in opens or link.target != target:
        raise LinkRefused("elsewhere")
    reader = 0 if link.opens == "watch" else link.user
    game = None
    guild = link.target if link.opens == "server" else None
    if link.opens in ("game", "watch"):
        try:
            game = await site.service.game(target)
        except GameNotFound as error:
            raise LinkRefused("unknown") from error
        guild = game.guild_id
    facts = await site.service.page_facts(link.user, reader, guild, None if game is None else game.id)
    if facts.generation != link.generation:
        raise LinkRefused("revoked")
    if link.opens == "watch" and guild is not None and not facts.spectators:
        raise LinkRefused("spectators_off")
    return Grant(link, token, facts, game)


def number(request: web.Request, name: str) -> int:
    """A whole number of the address (a game or server id) the store can hold, or the page of an unknown
    game."""
    value = bounded_int(request.match_info[name])
    if value is None:
        raise LinkRefused("unknown")
    return value
