"""Numbers on the panel's buttons: kept while a seat answers the same question, afresh at a new one."""

from __future__ import annotations

from typing import Any, cast

from bot.service import GameService
from cogs.table import controls as panel
from cogs.table import positions
from engine.core.contract import Choice, Decision
from tests.support.tinygame import GAME as TINY


class _Log:
    """Stands in for the service: who moved since a version is all the numbering asks."""

    def __init__(self, owner: str) -> None:
        self.owner = owner
        self.alone = True

    async def alone_since(self, game_id: int, seat: int, since: int) -> bool:
        return self.alone


def _decision(*ids: str, prompt: str = "tiny.prompt.turn", confirm: str = "") -> Decision:
    return Decision(0, prompt, tuple(Choice(i, "tiny.choice.play", {"value": i}, confirm=confirm) for i in ids))


async def _numbers(log: _Log, version: int, decision: Decision) -> dict[str, int]:
    await positions.arrange(cast(GameService, log), 77, version, decision, limit=panel.MAX_BUTTONS)
    return positions.numbers(77, decision, limit=panel.MAX_BUTTONS)


async def test_numbers_stay_while_the_same_seat_answers_the_same_question() -> None:
    log = _Log("one")
    assert await _numbers(log, 1, _decision("a", "b", "c", "end")) == {"a": 1, "b": 2, "c": 3, "end": 4}
    assert await _numbers(log, 2, _decision("a", "c", "end")) == {"a": 1, "c": 3, "end": 4}
    assert await _numbers(log, 3, _decision("d", "a", "end")) == {"a": 1, "end": 4, "d": 5}
    view = panel.controls(TINY, 77, 3, _decision("d", "a", "end"), lang="en", names=())
    labels = [c["label"] for row in view.to_components() for c in row["components"]]  # type: ignore[index]
    shown = [label for label in labels if label[0].isdigit()]
    assert shown == ["1 · Play a a", "2 · —", "3 · —", "4 · Play a end", "5 · Play a d"]
    log.alone = False  # someone else moved: a new turn, numbered afresh
    assert await _numbers(log, 5, _decision("d", "a", "end")) == {"d": 1, "a": 2, "end": 3}
    assert await _numbers(log, 6, _decision("x", prompt="tiny.choice.end")) == {"x": 1}
    assert await _numbers(_Log("two"), 7, _decision("end", "x", prompt="tiny.choice.end")) == {"end": 1, "x": 2}


def test_menu_options_carry_descriptions_and_the_confirmation_mark() -> None:
    choices = tuple(
        Choice(f"pick:{n}", "tiny.choice.play", {"value": n}, description="tiny.choice.play", confirm="tiny.choice.end")
        for n in range(30)
    )
    view = panel.controls(TINY, 1, 2, Decision(0, "tiny.prompt.turn", choices), lang="en", names=())
    options: list[dict[str, Any]] = [
        o
        for row in view.to_components()
        for c in row["components"]
        for o in c.get("options", [])  # type: ignore[union-attr]
    ]
    assert len(options) == 30  # two menus: 25 and 5
    assert all(o["value"] == f"?pick:{i}" and o["description"] == f"Play a {i}" for i, o in enumerate(options))
