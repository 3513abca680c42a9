"""Stable places for a decision's choices on the private panel.

A turn often asks the same question several times while the list of answers shrinks (repair one
machine, then another). If the buttons were numbered from the list each time, "3" would name another
choice after every step and a player pressing where they pressed before would play something else.
So each choice keeps the number it was first shown with for as long as the seat faces the same
question (same prompt); a choice that goes away leaves its place empty, and a new one takes the next
free number. A new question starts again from the engine's order.

The numbers live in this process only (what was shown, not game state): after a restart, or when
another process draws the panel, they start again from the engine's order, and every button still
names its choice by id, so a stale one can never play a different choice.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from bot.service import GameService
from engine.core.contract import Decision

KEPT = 4096
"""How many seats' numberings are remembered (the oldest are forgotten first)."""


@dataclass
class _Shown:
    owner: str
    """The service that drew it (:attr:`GameService.owner`): game ids name games of one database only."""
    prompt: str
    version: int
    numbers: dict[str, int]


_shown: OrderedDict[tuple[int, int], _Shown] = OrderedDict()


async def arrange(service: GameService, game_id: int, version: int, decision: Decision | None, *, limit: int) -> None:
    """Number the decision's choices before the panel is drawn at ``version`` (see :func:`numbers`):
    the numbers shown last time are kept when the seat faces the same prompt and only its own
    choices were made since (asked of the log), so nobody else's move, which starts a new turn."""
    if decision is None:
        return
    key = (game_id, decision.seat)
    previous = _shown.get(key)
    same = (
        previous is not None
        and previous.owner == service.owner
        and previous.prompt == decision.prompt
        and previous.version <= version
        and (previous.version == version or await service.alone_since(game_id, decision.seat, previous.version))
    )
    numbered = _numbered(previous if same else None, decision, limit)
    _remember(key, _Shown(service.owner, decision.prompt, version, numbered))


def numbers(game_id: int, decision: Decision, *, limit: int) -> dict[str, int]:
    """``choice id -> number`` (from 1) as :func:`arrange` set them (the engine's order if it did not)."""
    shown = _shown.get((game_id, decision.seat))
    ids = [c.id for c in decision.choices]
    if shown is None or shown.prompt != decision.prompt or set(shown.numbers) != set(ids):
        return _fresh(ids)
    return shown.numbers


def _numbered(previous: _Shown | None, decision: Decision, limit: int) -> dict[str, int]:
    ids = [c.id for c in decision.choices]
    if previous is not None:
        numbered = {cid: n for cid, n in previous.numbers.items() if cid in ids}
        after = max(previous.numbers.values(), default=0)
        for cid in ids:
            if cid not in numbered:
                after += 1
                numbered[cid] = after
        if max(numbered.values(), default=0) <= limit:
            return numbered
    return _fresh(ids)


def _remember(key: tuple[int, int], shown: _Shown) -> None:
    _shown[key] = shown
    _shown.move_to_end(key)
    while len(_shown) > KEPT:
        _shown.popitem(last=False)


def _fresh(ids: Sequence[str]) -> dict[str, int]:
    return {cid: n for n, cid in enumerate(ids, start=1)}
