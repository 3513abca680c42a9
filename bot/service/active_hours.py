"""A user's time zone and active hours, and what follows when they change.

The hours are personal (one setting across servers, beside language, vacation and turn DMs) and
optional: a user who sets none is always active, exactly as before. Setting them changes, in one
transaction, the user's running clocks in games that count active hours (the time left, as it was
counted, runs on in the new hours), releases what was held for them so it is held again by the new
hours (or goes out), and owes a redraw of the lobbies and boards that show them.
"""

from __future__ import annotations

from dataclasses import replace

from bot.clock import relay
from bot.hours import Hours, HoursError, canonical_zone, parse_window
from bot.service.base import ServiceBase
from bot.service.errors import BadSetting
from bot.service.inputs import check_ints, check_text
from bot.service.models import UserHours

CLEARED = frozenset({"off", "none", "no", "-", "aucune", "aucun", "non"})
"""What a player may type for hours to have none again (always active)."""


def refused(error: HoursError) -> BadSetting:
    """A zone or window the player gave, refused in their words (``refusal.<key>``)."""
    return BadSetting(str(error), key=error.key, **error.params)


class ActiveHours(ServiceBase):
    """Time zones, active hours and the daily digest per user; the boards' "asleep" marks."""

    async def active_hours(self, user_id: int) -> UserHours:
        """The user's time zone, hours and digest choice (nothing set: always active)."""
        check_ints(user_id=user_id)
        zone, hours, digest = (await self.store.user_hours([user_id])).get(user_id, (None, None, False))
        return UserHours(zone, hours, digest)

    async def set_active_hours(
        self, user_id: int, *, zone: str | None = None, hours: str | None = None, digest: bool | None = None
    ) -> UserHours:
        """Set what is given (``None``: unchanged) and return the settings as stored.

        ``zone`` is an IANA name (``Europe/Paris``, any case); ``hours`` a daily window such as
        ``08:00-23:00`` (it may cross midnight), or ``off`` for none; ``digest`` asks for one message a
        day, when the hours begin, instead of turn pings. Hours need a zone, a digest needs hours;
        clearing the hours clears the digest. A refusal (:class:`BadSetting`) names what was wrong.
        """
        check_ints(user_id=user_id)
        for label, text in (("time zone", zone), ("hours", hours)):
            if text is not None:
                check_text(label, text)
        before = await self.active_hours(user_id)
        try:
            new_zone = before.zone if zone is None else canonical_zone(zone)
            window = self._window(before, new_zone, hours)
        except HoursError as error:
            raise refused(error) from None
        wants_digest = before.digest if digest is None else digest
        if window is None and digest:
            raise BadSetting("A daily digest comes when your hours begin: set your hours first.", key="setting.digest")
        after = UserHours(new_zone, window, wants_digest and window is not None)
        await self._store_hours(user_id, after)
        return after

    @staticmethod
    def _window(before: UserHours, zone: str | None, hours: str | None) -> Hours | None:
        """The window the settings will hold: the one typed, none, or the current one in ``zone``."""
        if hours is not None and hours.strip().lower() in CLEARED:
            return None
        if hours is None:
            return None if before.hours is None or zone is None else replace(before.hours, zone=zone)
        if zone is None:
            raise HoursError("Hours need a time zone.", key="setting.hours_need_zone", hours=hours.strip()[:40])
        start, end = parse_window(hours)
        return Hours(zone, start, end)

    async def _store_hours(self, user_id: int, settings: UserHours) -> None:
        """Write the settings and what follows from them, in one transaction under the locks of the
        user's running games, each claimed so a move planned with the old hours is decided again; each
        clock is carried over from the hours its seat was read with in that transaction."""
        seats = await self.store.user_seats(user_id, statuses=("lobby", "active"))
        shown = sorted({seat.game_id for seat in seats})
        async with self._user_games_locked(user_id) as running:
            now = self._now()
            async with self.store.transaction() as tx:
                await tx.claim_user_games(user_id)
                for seat, timer, counts in await tx.user_clocks(user_id):
                    if counts and seat.game_id in running:
                        clock = relay(seat.clock, timer, now, seat.hours, settings.hours)
                        if clock != seat.clock:
                            await tx.save_seats(replace(seat, clock=clock))
                await tx.set_active_hours(user_id, settings.hours, settings.zone, settings.digest)
                await tx.release_held(user_id, now)
                await tx.owe_redraws(shown, now)

    async def watch_hours(self) -> int:
        """Owe a redraw of every board whose waiting player's hours began or ended since the last look
        (the board says who is asleep and when they are back); returns how many boards."""
        now = self._now()
        marks = []
        for seat in await self.store.waiting_seats():
            asleep = seat.hours is not None and not seat.hours.is_open(now)
            if asleep != seat.asleep:
                marks.append((seat.game_id, seat.seat, asleep))
        if not marks:
            return 0
        games = sorted({game_id for game_id, _, _ in marks})
        async with self.store.transaction() as tx:
            await tx.mark_asleep(marks)
            await tx.owe_redraws(games, now)
        return len(games)
