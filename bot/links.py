"""Signed links to the web pages: who a link is for, what it opens, until when.

No web page is public: each opens only through a link the bot signed with ``WEB_SECRET`` (itsdangerous,
HMAC), carrying the user it was issued to, that user's link generation, what it opens and its expiry.
The Discord layer issues them (``/game web``) after the access rule (:mod:`bot.access`) let the user see
the game; the web face reads them back before any page reads the store. Revoking a user's links bumps
their generation in the database, so every link they had stops opening (in every process at once).

What a link opens (:data:`Opens`):

- ``game``: a player's personal link to one game: the public table, and the private screen of the seat
  the user controls;
- ``watch``: a spectator link to one game: the public table only, whoever holds it, while the game's
  server lets spectator links be had;
- ``mine``: the user's own games, across servers;
- ``server``: a server's leaderboard and its players' pages (made by the web face from a game link of
  that server, for the same user, generation and expiry).

A link names its target in the address as well (``/t/<token>/game/12``): the two must agree, so a
link cannot be aimed at another game by editing the address.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Literal, cast

from itsdangerous import BadData, URLSafeSerializer

Opens = Literal["game", "watch", "mine", "server"]
OPENS: tuple[Opens, ...] = ("game", "watch", "mine", "server")
LIFETIME = timedelta(days=30)
"""How long a link opens by default (``WEB_LINK_DAYS``)."""
SALT = "bricabot.web.link"
"""Namespaces the signature: a value the bot signs for another purpose never reads as a link."""

Refusal = Literal["tampered", "expired", "revoked", "elsewhere", "spectators_off", "unknown"]
"""Why a link does not open: its signature or content is wrong, its time is up, its user revoked their
links, it is aimed at something other than what it was issued for, its server turned spectator links
off, or what it opens is no longer there (or was never visible to it)."""


class LinkRefused(Exception):
    """A link that does not open, and why (:data:`Refusal`): the page says what to do about it."""

    def __init__(self, reason: Refusal) -> None:
        super().__init__(reason)
        self.reason: Refusal = reason


@dataclass(frozen=True, slots=True)
class Link:
    """What a signed link says: issued to ``user`` under their link ``generation``, it opens ``opens``
    ``target`` (a game id, a server id, or the user's own id for ``mine``) until ``expires`` (epoch
    seconds)."""

    user: int
    generation: int
    opens: Opens
    target: int
    expires: int

    def aimed(self, opens: Opens, target: int) -> Link:
        """The same grant aimed elsewhere (the web face's own links between pages): same user,
        generation and expiry."""
        return replace(self, opens=opens, target=target)


class Signer:
    """Signs and reads links with one secret."""

    def __init__(self, secret: str) -> None:
        if not secret:
            raise ValueError("links need a secret (WEB_SECRET)")
        self._serializer = URLSafeSerializer(secret, salt=SALT)

    def sign(self, link: Link) -> str:
        """The token of ``link``: URL-safe, readable by anyone, forged by nobody without the secret."""
        token = self._serializer.dumps([link.user, link.generation, link.opens, link.target, link.expires])
        return str(token)

    def path(self, link: Link) -> str:
        """The address of the page ``link`` opens, under the site's root: ``/t/<token>/game/<id>``,
        ``/t/<token>/mine`` or ``/t/<token>/server/<id>``."""
        where = {"game": f"game/{link.target}", "watch": f"game/{link.target}", "mine": "mine"}
        return f"/t/{self.sign(link)}/" + where.get(link.opens, f"server/{link.target}")

    def read(self, token: str, now: int) -> Link:
        """The link ``token`` signs, if it is intact and still in time; :class:`LinkRefused` otherwise.
        Whether its generation is still its user's is the caller's to check (it is in the database)."""
        try:
            user, generation, opens, target, expires = self._serializer.loads(token)
        except (BadData, ValueError, TypeError) as error:
            raise LinkRefused("tampered") from error
        values = (user, generation, target, expires)
        if opens not in OPENS or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise LinkRefused("tampered")
        if expires <= now:
            raise LinkRefused("expired")
        return Link(user, generation, cast(Opens, opens), target, expires)
