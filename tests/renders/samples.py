"""Hand-built Imaginarium views for render tests: realistic tables for 2-5 seats, mid-game and ended.

Card data follows docs of the game (serials, names, levels, repair lists, effect lines); the
positions are invented but legal-looking. They pin the reference images, which must not move each
time the engine's rules evolve; for the same reason their message keys ("samples.…") are not in the
engine's catalogue, so card sheets show the renders' own captions.
"""

from __future__ import annotations

import dataclasses
import random

from engine.imaginarium.view import (
    Amount,
    AssistantCard,
    BeltSlot,
    EffectLine,
    Extractor,
    ImaginariumView,
    MachineCard,
    MachineStack,
    PlayerBoard,
    ProjectTile,
    ScoreLine,
    Screen,
    TrackSpace,
)


def _a(spec: str) -> tuple[Amount, ...]:
    """ "2 wood + 1 copper" -> amounts; "" -> ()."""
    out = []
    for part in filter(None, (p.strip() for p in spec.split("+"))):
        count, good = part.split()
        out.append(Amount(good, int(count)))
    return tuple(out)


def _lines(*specs: tuple[int, str, str] | tuple[int, str, str, bool]) -> tuple[EffectLine, ...]:
    return tuple(EffectLine(s[0], _a(s[1]), _a(s[2]), bool(s[3]) if len(s) > 3 else False) for s in specs)


_CH = "charcoalium"
CARDS: dict[str, tuple[str, str, int, str, tuple[EffectLine, ...], tuple[str, ...], bool, bool]] = {
    "P1": (
        "Charcoalette",
        "production",
        1,
        "2 wood",
        _lines((1, "", f"1 {_CH}"), (2, "", f"3 {_CH}"), (3, "", f"7 {_CH}")),
        ("P1",),
        False,
        True,
    ),
    "P2": (
        "Carpenteur",
        "production",
        1,
        "1 wood + 1 copper",
        _lines((1, "", "1 wood"), (2, "", "3 wood"), (3, "", "5 wood")),
        ("P2", "T1", "T2", "T3"),
        False,
        True,
    ),
    "P3": (
        "Copperette",
        "production",
        2,
        "2 wood + 1 crystal",
        _lines((1, "", "1 copper"), (2, "", "3 copper"), (3, "", "5 copper")),
        ("P3", "T1", "T3"),
        False,
        True,
    ),
    "P4": (
        "Rotarette",
        "production",
        2,
        "1 wood + 2 copper",
        _lines((1, "", "1 crystal"), (2, "", "3 crystal"), (3, "", "5 crystal")),
        ("P4", "T1", "T2"),
        False,
        True,
    ),
    "P5": (
        "Productivette",
        "production",
        2,
        "1 wood + 1 copper + 1 crystal",
        _lines((1, "", "1 wood + 1 copper")),
        ("T4",),
        False,
        True,
    ),
    "P6": (
        "Flamelleur",
        "production",
        3,
        "2 copper + 2 crystal",
        _lines((1, "", "1 any"), (2, "", "3 same")),
        ("P6", "T1"),
        False,
        True,
    ),
    "T1": (
        "Combusteur",
        "transformation",
        1,
        "1 wood + 1 crystal",
        _lines((1, "1 any", f"3 {_CH}"), (1, "", f"3 {_CH}", True), (2, "1 any", f"5 {_CH}")),
        ("T1", "P2", "P3", "P4", "P6"),
        False,
        True,
    ),
    "T2": (
        "Transmuteur",
        "transformation",
        1,
        "2 wood",
        _lines((1, "1 any", "1 copper"), (2, "1 any", "3 copper")),
        ("T2", "P2", "P4"),
        False,
        True,
    ),
    "T3": (
        "Supertransmuteur",
        "transformation",
        2,
        "2 wood + 1 copper",
        _lines((1, "1 any", "1 crystal"), (2, "1 any", "3 crystal")),
        ("T3", "P2", "P3"),
        False,
        True,
    ),
    "T4": (
        "Supercombusteur",
        "transformation",
        2,
        "1 wood + 1 copper + 1 crystal",
        _lines((1, "2 any", f"6 {_CH}"), (2, "2 any", f"9 {_CH}"), (3, "2 any", f"12 {_CH}")),
        ("T4", "P5"),
        False,
        True,
    ),
    "A1": ("Swaglifteur", "attack", 1, "1 wood + 1 copper", (), (), True, True),
    "A3": ("Coppobanditeur", "attack", 1, "2 wood", (), (), True, True),
    "A6": ("Tanglette", "attack", 3, "2 wood + 1 copper + 1 crystal", (), (), True, True),
    "D1": ("Locketeur", "defense", 1, "1 wood + 1 copper", (), ("D1", "D2", "D3"), False, True),
    "D2": ("Padlocette", "defense", 2, "2 wood + 1 copper", (), ("D1", "D2", "D3"), False, True),
    "S1": ("Recyclateur", "special", 3, "2 wood + 2 crystal", (), (), True, False),
    "S2": (
        "Diplomateur",
        "special",
        3,
        "1 copper + 3 crystal",
        _lines((1, "", "1 vp"), (2, "", "3 vp")),
        ("S2",),
        False,
        False,
    ),
}

_uids = iter(range(1, 10_000))


def machine(serial: str) -> MachineCard:
    """A fresh physical copy of the card with this serial."""
    name, kind, level, repair, effect, combos, lightning, dismantlable = CARDS[serial]
    return MachineCard(
        next(_uids),
        serial,
        name,
        kind,
        level,
        _a(repair),
        effect,
        combos,
        lightning,
        dismantlable,
        f"samples.machine.{serial}",
    )


ASSISTANT_PRICES = {
    "AS01": 9,
    "AS02": 5,
    "AS03": 6,
    "AS04": 5,
    "AS05": 6,
    "AS06": 4,
    "AS07": 3,
    "AS08": 3,
    "AS09": 3,
    "AS10": 6,
    "AS11": 5,
    "AS12": 6,
    "AS13": 5,
}
PROJECT_VP = {
    "PR01": 4,
    "PR02": 4,
    "PR03": 3,
    "PR04": 3,
    "PR05": 3,
    "PR06": 5,
    "PR07": 5,
    "PR08": 4,
    "PR09": 5,
    "PR10": 5,
    "PR11": 4,
    "PR12": 3,
    "PR13": 6,
    "PR14": 4,
}
COLOURS = ("red", "blue", "green", "yellow", "purple")
BASE_COSTS = (4, 3, 3, 2, 2, 1, 1)


def assistant(aid: str) -> AssistantCard:
    return AssistantCard(aid, ASSISTANT_PRICES[aid], f"samples.assistant.{aid}")


def project(pid: str, completed_by: tuple[int, ...] = ()) -> ProjectTile:
    return ProjectTile(pid, PROJECT_VP[pid], f"samples.project.{pid}", completed_by)


def _player(seat: int, rng: random.Random, seats: int) -> PlayerBoard:
    slots: list[MachineStack | None] = [
        MachineStack((machine("P1"), machine("P1"))) if seat % 2 == 0 else MachineStack((machine("P1"),)),
        MachineStack((machine("P2"), machine("T3"))) if seat != 1 else MachineStack((machine("P2"),)),
        None,
        None,
    ]
    if seat in (0, 3):
        slots[2] = MachineStack((machine("D1"), machine("D2")))
    if seat == 2:
        slots[2] = MachineStack((machine("A6"),))
        slots[3] = MachineStack((machine("P4"),), deactivated=False)
    if seat == 1:
        slots[3] = MachineStack((machine("S2"),), deactivated=True)
    yard = tuple(machine(s) for s in rng.sample(["P3", "T1", "A1", "P5", "T4", "P6"], k=seat % 3 + 1))
    assistants = (assistant("AS06"),) if seat == 4 else ((assistant("AS05"),) if seat % 2 else ())
    if seat == 4:
        slots.extend([MachineStack((machine("P3"),)), None])
    dial = (
        ("extract", "repair"),
        ("repair", "transactions"),
        ("dismantle", "reorganise"),
        ("recruit", "extract"),
        ("transactions", "dismantle"),
    )[seat]
    completed = ("PR07",) if seat == 0 else (("PR03", "PR12") if seat == 3 else ())
    return PlayerBoard(seat, seat + 1, COLOURS[seat], tuple(slots), yard, assistants, dial, completed)


def screen(seat: int, *, secret: bool = False) -> Screen:
    secrets = (project("PR13"), project("PR09")) if secret else ()
    return Screen(seat, 3 + seat * 2, 2 + seat, 1 + seat % 3, seat % 2, 4 + seat * 3, secrets)


def mid_game(seats: int, *, viewer: int | None = None, seed: int = 0) -> ImaginariumView:
    """A table in round 4, implementation, seat 1 (0-based) acting; ``viewer`` gets their screen."""
    rng = random.Random(seed * 10 + seats)
    belt_cards = ["T4", "P6", "A3", None, "P3", "D2", "P1"]
    belt = tuple(
        BeltSlot(
            i,
            BASE_COSTS[i],
            None if serial is None else machine(serial),
            reserved_by=(i + 1) % seats if i in (1, 4) else None,
        )
        for i, serial in enumerate(belt_cards)
    )
    extractors = (Extractor(0, 1, occupant=0 if seats > 2 else None), Extractor(1, 2), Extractor(2, 3))
    order = list(range(seats))
    rng.shuffle(order)
    initiative = tuple(TrackSpace(n + 1, seat) for n, seat in enumerate(order))
    pids = ["PR01", "PR02", "PR03", "PR04", "PR06", "PR07", "PR08", "PR10", "PR12"][: seats + 4]
    projects = tuple(
        project(p, (0,) if p == "PR07" else ((3,) if p in ("PR03", "PR12") and seats > 3 else ())) for p in pids
    )
    return ImaginariumView(
        kind="imaginarium",
        viewer=viewer,
        version=57 + seats,
        seats=seats,
        round=4,
        phase="implementation",
        step="actions",
        active=(1,),
        belt=belt,
        extractors=extractors,
        initiative=initiative,
        meeting_room=(assistant("AS01"), assistant("AS10"), assistant("AS13")),
        assistant_deck=7,
        projects=projects,
        crusher=(machine("P2"), machine("A1"), machine("T2")),
        machine_deck=23,
        players=tuple(_player(s, rng, seats) for s in range(seats)),
        screen=None if viewer is None else screen(viewer, secret=viewer == 1),
        target_vp=20,
    )


def ended(seats: int, *, viewer: int | None = None) -> ImaginariumView:
    """The same table after the last round, with every screen revealed in the final scores."""
    view = mid_game(seats, viewer=viewer)
    lines = []
    for seat in range(seats):
        projects, machines, purchases, majorities = 5 + seat * 2, 3, seat % 3, 2 * (seat % 2)
        total = projects + machines + purchases + majorities
        lines.append((total, seat, projects, machines, purchases, majorities))
    lines.sort(key=lambda x: (-x[0], x[1]))
    best = lines[0][0]
    final = tuple(
        ScoreLine(seat, p, m, pu, ma, 0, total, 6 + seat, screen(seat), total == best)
        for total, seat, p, m, pu, ma in lines
    )
    return dataclasses.replace(view, phase="ended", step=None, active=(), final=final)
