"""What the web links need of the database: a user's link generation and its revocation, and whether a
server lets spectator links be had (see :mod:`bot.links`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from bot.clock import to_epoch
from bot.links import LIFETIME, Link, Opens
from bot.service.base import ServiceBase
from bot.service.inputs import check_ids, check_ints


@dataclass(frozen=True, slots=True)
class PageFacts:
    """What a web page checks before it shows a game, read in one statement (see :meth:`WebLinks.page_facts`)."""

    generation: int
    """The generation the link's user's links must carry."""
    spectators: bool
    """Whether the game's server lets spectator links be had."""
    revision: int | None
    """The game's revision (every change bumps it); ``None`` without a game."""
    user_lang: str | None
    """The language the reader chose (``/game profile``), if any."""
    guild_lang: str | None
    """The language the server's managers chose, if any."""


class WebLinks(ServiceBase):
    """Link generations per user, the spectator-links switch per server, and the games' revisions a
    live page watches."""

    async def page_facts(self, user_id: int, reader_id: int, guild_id: int | None, game_id: int | None) -> PageFacts:
        """What a page opened by ``user_id``'s link (read by ``reader_id``: the user, or 0 for a
        spectator) checks about the game ``game_id`` of ``guild_id`` before showing it."""
        check_ints(user_id=user_id, reader_id=reader_id, guild_id=guild_id, game_id=game_id)
        return PageFacts(*await self.store.page_facts(user_id, reader_id, guild_id, game_id))

    async def link_generation(self, user_id: int) -> int:
        """The generation ``user_id``'s links must carry to open."""
        check_ints(user_id=user_id)
        return await self.store.link_generation(user_id)

    async def link(self, user_id: int, opens: Opens, target: int, lifetime: timedelta = LIFETIME) -> Link:
        """A new link for ``user_id`` (under their current generation) opening ``opens`` ``target`` for
        ``lifetime``. Whether the user may have it (the access rule, the server's spectator switch) is
        the caller's to judge first."""
        check_ints(user_id=user_id, target=target)
        generation = await self.store.link_generation(user_id)
        return Link(user_id, generation, opens, target, to_epoch(self.clock.now() + lifetime))

    async def revoke_links(self, user_id: int) -> int:
        """Make every link ``user_id`` was given stop opening; returns the generation new links carry."""
        check_ints(user_id=user_id)
        async with self.store.transaction() as tx:
            return await tx.revoke_links(user_id, self._now())

    async def spectator_links(self, guild_id: int) -> bool:
        """Whether members who may see a game's channel on this server may have a spectator link."""
        check_ints(guild_id=guild_id)
        return await self.store.spectator_links(guild_id)

    async def set_spectator_links(self, guild_id: int, on: bool) -> None:
        """Let (or stop letting) members have spectator links to the server's games; turned off, the
        spectator links already given stop opening too."""
        check_ints(guild_id=guild_id)
        async with self.store.transaction() as tx:
            await tx.set_spectator_links(guild_id, on)

    async def watched(
        self, game_ids: list[int], user_ids: list[int], guild_ids: list[int]
    ) -> tuple[dict[int, int], dict[int, int], dict[int, bool]]:
        """What open live pages depend on, in three queries whatever their number: each game's revision
        (an unknown id is left out), each user's link generation, each server's spectator switch."""
        check_ids(game_ids)
        return (await self.store.revisions(game_ids), *await self.links_watched(user_ids, guild_ids))

    async def links_watched(self, user_ids: list[int], guild_ids: list[int]) -> tuple[dict[int, int], dict[int, bool]]:
        """Each user's link generation and each server's spectator switch, in two queries: what open live
        pages read many times a second between two looks at :meth:`watched`, so a revocation reaches them
        at once."""
        check_ids((*user_ids, *guild_ids))
        return await self.store.link_generations(user_ids), await self.store.spectator_switches(guild_ids)

    async def revisions(self, game_ids: list[int]) -> dict[int, int]:
        """Each of ``game_ids``' revision, which every change to a game bumps, in one query (an unknown
        id is left out)."""
        check_ids(game_ids)
        return await self.store.revisions(game_ids)
