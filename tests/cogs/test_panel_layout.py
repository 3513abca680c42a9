"""The private panel's layout within Discord's limits, for short and very long decisions."""

from __future__ import annotations

from cogs.table import controls as panel
from engine import registry
from engine.core.contract import Choice, Decision
from tests.support.tinygame import GAME as TINY


def _decision(count: int, groups: int = 1) -> Decision:
    choices = tuple(
        Choice(f"choice:{i:03d}:" + "x" * 40, "tiny.choice.play", {"value": i}, f"tiny.group.{i % groups}")
        for i in range(count)
    )
    return Decision(0, "tiny.prompt.turn", choices)


def _rows(view: panel.Components) -> list[dict[str, object]]:
    return view.to_components()


def test_short_decisions_are_buttons_with_undo_on_the_last_row() -> None:
    taken = Choice("play:9", "tiny.choice.play", {"value": 9})
    view = panel.controls(TINY, 123456, 789, _decision(7), lang="en", names=["Ana"], undo=taken)
    rows = _rows(view)
    ids = [c["custom_id"] for row in rows for c in row["components"]]  # type: ignore[attr-defined]
    assert ids[:7] == [f"mv:123456:789:choice:{i:03d}:" + "x" * 40 for i in range(7)]
    assert ids[-1] == "undo:123456:789"
    assert rows[-1]["components"][-1]["label"] == "Undo: Play a 9"  # type: ignore[index]
    assert all(len(i) <= 100 for i in ids)


def test_long_decisions_are_paged_menus_of_at_most_25() -> None:
    decision = _decision(230, groups=2)
    assert panel.pages(decision) == 3  # 2 groups x 5 menus of <= 25, four menus per page
    seen: set[str] = set()
    for page in range(3):
        rows = _rows(panel.controls(TINY, 1, 2, decision, lang="en", names=["Ana"], page=page))
        assert len(rows) <= 5
        menus = [c for row in rows for c in row["components"] if c["type"] == 3]  # type: ignore[attr-defined]
        assert all(len(m["options"]) <= 25 for m in menus)
        seen.update(o["value"] for m in menus for o in m["options"])
        nav = [c for row in rows for c in row["components"] if c["type"] == 2]  # type: ignore[attr-defined]
        assert [n.get("disabled", False) for n in nav if "Previous" in n["label"]] == [page == 0]
    assert seen == {c.id for c in decision.choices}


def test_choices_and_their_descriptions_name_players() -> None:
    game = registry.get("imaginarium")
    borrow = {"owner": 1, "machine": "Charcoalette", "gain": "1 wood"}
    choices = (
        Choice("nm:1", "imaginarium.choice.nightmare", {"target": 1}, description="imaginarium.choice.nightmare"),
        Choice("bw:1", "imaginarium.choice.borrow_free", borrow),
    )
    decision = Decision(0, "tiny.prompt.turn", choices)
    rows = _rows(panel.controls(game, 1, 2, decision, lang="en", names=["Ana", "Bea"]))
    labels = [c["label"] for row in rows for c in row["components"] if c["type"] == 2]  # type: ignore[attr-defined]
    assert any("Place a nightmare on Bea's dream" in label for label in labels), labels
    assert any("Bea's Charcoalette" in label for label in labels), labels
    lines = panel.text_lines(1, game, decision, "en", ["Ana", "Bea"])
    assert lines and all("Seat" not in line for line in lines) and "Bea" in lines[0]
