"""Who may see a game: the one access rule every face goes through (the Discord layer's commands,
autocompletes and components, the web's links).

A user may see a game's public information (its board, status, log, settings, that it exists at all)
when they hold or held a seat in it, or when they can view its channel and thread. Only the face the
user comes through can tell the second part (Discord judges channel permissions; a web link carries
what was judged when it was issued), so it is given here as ``views_channel``. Private information
stays the seat's own player's.

Game ids are sequential, so a refusal must not confirm that a game exists: callers answer a game the
user may not see exactly as an unknown id.
"""

from __future__ import annotations

from bot.service import GameInfo, GameService


async def may_see(service: GameService, game: GameInfo, user_id: int, *, views_channel: bool) -> bool:
    """Whether ``user_id`` may see ``game``: they hold or held a seat, or ``views_channel`` (they can
    view its channel and thread, as the face they come through judged).

    The seats and the channel are checked from what is at hand first; a user who passes neither may
    still have held a seat that was given away, which only the stored hand-over notes remember.
    """
    if views_channel or any(seat.user_id == user_id for seat in game.seats):
        return True
    return user_id in await service.seat_holders(game.id)
