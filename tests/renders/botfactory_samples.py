"""A hand-built Bot Factory view (three seats, mid-game) for the reference image: independent of the
engine's evolving rules, like ``samples`` for Imaginarium."""

from __future__ import annotations

import dataclasses

from engine.botfactory.view import (
    ActionSpace,
    AssemblyColumn,
    BonusLine,
    BotFactoryView,
    BuiltRobot,
    ContractSpace,
    ContractTile,
    Meeple,
    PartPile,
    PartTile,
    PlayerArea,
    ProjectSpace,
    ProjectTile,
    Reservation,
    ScoreLine,
    TurnInfo,
    ValueTrack,
    WheelSlot,
)

COLOURS = ("red", "yellow", "blue", "green")
KINDS = ("head", "torso", "legs")
SPACES = (
    ("assembly", "AS1", 1, 0, 0),
    ("assembly", "AS2", 2, 0, 0),
    ("assembly", "AS3", 3, 1, 0),
    ("parts", "PP1", 3, 0, 1),
    ("parts", "PP2", 4, 0, 0),
    ("parts", "PP3", 6, 0, 0),
    ("projects", "PR1", 1, 0, 0),
    ("projects", "PR2", 2, 0, 0),
    ("finance", "FI1", 2, 0, 0),
    ("finance", "FI2", 3, 0, 0),
    ("finance", "FI3", 4, 0, 0),
)


def _part(uid: int) -> PartTile:
    return PartTile(uid, COLOURS[uid % 4], KINDS[(uid // 4) % 3])


def mid_game(*, viewer: int | None = None) -> BotFactoryView:
    contracts = tuple(
        ContractSpace(
            pos,
            pos // 3,
            (3, 2, 1)[pos // 3],
            (5, 3, 1)[pos // 3],
            ContractTile(pos, f"C{pos + 1:02}", (COLOURS[pos % 4], COLOURS[(pos + 1) % 4]), (4, 2)),
            (Reservation(pos % 3, 4),) if pos in (1, 5) else (),
        )
        for pos in range(9)
    )
    players = (
        PlayerArea(
            0, "blue", 3, 0, (_part(1), _part(6)), (ProjectTile(1, "yellow"),), (BuiltRobot(ProjectTile(2, "red")),)
        ),
        PlayerArea(1, "yellow", 5, 1, (_part(9), PartTile(50, "universal", "torso")), (), ()),
        PlayerArea(
            2,
            "purple",
            0,
            1,
            (),
            (ProjectTile(3, "blue"), ProjectTile(4, "green")),
            (BuiltRobot(ProjectTile(5, "green")), BuiltRobot(ProjectTile(6, "blue"))),
        ),
    )
    return BotFactoryView(
        kind="botfactory",
        viewer=viewer,
        version=88,
        seats=3,
        round=5,
        phase="act",
        active=(1,),
        turn_order=("seat:2", "sandra", "seat:1", "seat:0"),
        spaces=tuple(ActionSpace(i, b, n, a, c, g) for i, (b, n, a, c, g) in enumerate(SPACES)),
        meeples=(
            Meeple("seat:2", 8),
            Meeple("sandra", 4),
            Meeple("seat:1", 1, standing=True),
            Meeple("seat:0", 6, standing=True),
        ),
        assembly=tuple(
            AssemblyColumn(
                c,
                (_part(i) if i % 2 == 0 else None, _part(i + 4) if i < 2 else None, None),
                (False, True, False),
                4 - i % 2,
            )
            for i, c in enumerate(COLOURS)
        ),
        spares=(_part(12), _part(17)),
        piles=tuple(PartPile(c, _part(20 + i), 6 - i, (_part(30 + i),) * (i % 3)) for i, c in enumerate(COLOURS)),
        marker="blue",
        wheel=tuple(WheelSlot(p, None if p == 3 else _part(36 + p), p in (0, 4)) for p in range(8)),
        projects=tuple(
            ProjectSpace(
                i // 3, i % 3, ProjectTile(10 + i, COLOURS[i % 4]), "place" if i == 0 else "token" if i == 3 else None
            )
            for i in range(6)
        ),
        project_deck=9,
        project_discard=(ProjectTile(20, "red"),),
        universal_parts=(PartTile(48, "universal", "head"), PartTile(52, "universal", "legs")),
        values=tuple(ValueTrack(c, 6 + i) for i, c in enumerate(COLOURS)),
        lines=(BonusLine(8, "place"), BonusLine(10, "project"), BonusLine(12, "place"), BonusLine(14, "project")),
        contracts=contracts,
        players=players,
        turn=TurnInfo(1, 1, "assembly", 1, True, False, False),
        prompt="botfactory.prompt.turn",
        robots_to_end=5,
    )


def ended() -> BotFactoryView:
    """The same table once over, with its final scores (seat order, as the view gives them)."""
    lines = (
        ScoreLine(0, 6, 4, 2, 1, 0, 1, 8, 1, 3, False),
        ScoreLine(1, 0, 0, 0, 2, 1, 0, 1, 0, 5, False),
        ScoreLine(2, 14, 3, 0, 0, 0, 2, 15, 2, 1, True),
    )
    return dataclasses.replace(mid_game(), phase="over", active=(), turn=None, prompt="", final=lines)
