"""Hints: a player asks which move the ``hard`` AI would make for them now, and why.

The hint is thought in the AI process pool from the asking seat's knowledge only (:func:`bot.ai.advise`),
so it can never reveal what that seat may not see; it is shown to that player alone, with why: how the
choice's playouts went beside the best alternatives', and the parts of the position that decided. The host may turn
hints off for a game (``games.hints``); each hint used is counted on the seat (``seats.hints_used``) and
noted publicly in the log ("Alice asked for a hint (2 so far)"), so the table knows who had help.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import ai
from bot.service import convert, outbox
from bot.service.base import ServiceBase, retried
from bot.service.checks import state_of
from bot.service.errors import NotSeated, ServiceError
from bot.store import NoteRow
from engine.core.contract import Choice
from engine.core.errors import WrongSeat
from engine.core.search import Rated


class HintsOff(ServiceError):
    """The host turned hints off for this game."""

    code = "hints_off"


@dataclass(frozen=True, slots=True)
class Hint:
    """What ``hard`` would choose for the asking seat at ``version``, and why (see :class:`bot.ai.Advice`)."""

    game_id: int
    seat: int
    version: int
    choice: Choice
    playouts: int
    outlook: float
    used: int
    """Hints this seat has used in the game, this one included."""
    others: tuple[Rated, ...] = ()
    """The best alternatives and how their playouts went (best first)."""
    facts: tuple[tuple[str, float], ...] = ()
    """What decided: the game's message keys of the evaluation parts the choice led in, with by how much."""


class Hints(ServiceBase):
    """The service's hint call (mixed into :class:`bot.service.GameService`)."""

    @retried
    async def hint(self, game_id: int, user_id: int) -> Hint:
        """The ``hard`` AI's choice for ``user_id``'s pending decision, counted on their seat and noted
        in the log. Refused with :class:`HintsOff` when the host turned hints off, with the engine's
        :class:`WrongSeat` when the seat has nothing to decide; a refusal writes nothing."""
        loaded = await self._loaded(game_id)
        game = self._active(loaded)
        row = loaded.game
        seat = next((s.seat for s in loaded.seats if s.user_id == user_id and s.human), None)
        if seat is None:
            raise NotSeated("You do not control a seat in this game.", game=game_id, user=user_id)
        if not row.hints:
            raise HintsOff(f"Hints are turned off in game #{game_id}.", game=game_id)
        state = state_of(game, loaded)
        decision = game.decision_for(state, seat)
        if decision is None:
            raise WrongSeat(f"Seat {seat} has nothing to decide now.", seat=seat)
        advice = await ai.advise(game, state, decision, row.seed, row.think)
        async with self.store.transaction() as tx:
            await tx.claim(row)  # the hint is for the position read: a move since then asks again
            used = await tx.count_hint(game_id, seat)
            asked = NoteRow(game_id, row.version, seat, convert.HINT_ASKED, {"seat": seat, "count": used}, self._now())
            await tx.add_note(asked)
            await outbox.owe_log_note(tx, asked)
        return Hint(
            game_id,
            seat,
            row.version,
            advice.choice,
            advice.playouts,
            advice.outlook,
            used,
            advice.others,
            advice.facts,
        )
