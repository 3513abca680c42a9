"""The rulebook's worked examples and machine descriptions, checked one by one against the engine.

Line numbers cite ``imaginarium-rulebook-en.txt``; each test names the example or sentence it checks.
"""

from __future__ import annotations

import pytest

from engine.imaginarium import GAME
from engine.imaginarium.cards import CH, COPPER, CRYSTAL, VP, WOOD, Data
from engine.imaginarium.loader import load
from engine.imaginarium.machines import use_options, valid_stack
from engine.imaginarium.projects import met
from engine.imaginarium.scenario import Scenario
from engine.imaginarium.scoring import tiebreak
from tests.engine.imaginarium.table import Table

DATA = load()

# -- Descriptions, the Machines (L556-759) ----------------------------------------------------------

GOODS = {"ch": CH, "wd": WOOD, "cu": COPPER, "cr": CRYSTAL, "vp": VP}


def _goods(code: str) -> tuple[int, ...]:
    out = [0, 0, 0, 0, 0]
    for part in code.split("+") if code else []:
        out[GOODS[part[:2]]] += int(part[2:])
    return tuple(out)


OUTPUTS = [
    # Production (L560-624).
    ("P1", "", "ch1"),
    ("P1+P1", "", "ch3"),
    ("P1+P1+P1", "", "ch7"),
    ("P2", "", "wd1"),
    ("P2+P2", "", "wd3"),
    ("P2+P2+P2", "", "wd5"),
    ("P3", "", "cu1"),
    ("P3+P3", "", "cu3"),
    ("P3+P3+P3", "", "cu5"),
    ("P4", "", "cr1"),
    ("P4+P4", "", "cr3"),
    ("P4+P4+P4", "", "cr5"),
    ("P5", "", "wd1+cu1"),
    ("P6", "wd", "wd1"),
    ("P6+P6", "cr", "cr3"),
    # Transformation (L626-671): alone on a resource of one's own, on a production card, doubled.
    ("T1", "cu", "ch3"),
    ("P2+T1", "", "ch3"),
    ("P3+T1", "", "ch3"),
    ("P4+T1", "", "ch3"),
    ("P6+T1", "", "ch3"),
    ("T1+T1", "wd", "ch5"),
    ("T2", "wd", "cu1"),
    ("P2+T2", "", "cu1"),
    ("P4+T2", "", "cu1"),
    ("T2+T2", "cr", "cu3"),
    ("T3", "wd", "cr1"),
    ("P2+T3", "", "cr1"),
    ("P3+T3", "", "cr1"),
    ("T3+T3", "cu", "cr3"),
    ("T4", "wd+cu", "ch6"),
    ("P5+T4", "", "ch6"),
    ("T4+T4", "wd+wd", "ch9"),
    ("T4+T4+T4", "cu+cr", "ch12"),
    # Special (L753-757).
    ("S2", "", "vp1"),
    ("S2+S2", "", "vp3"),
]


def _uids(data: Data, stack: str) -> list[int]:
    """Distinct cards for the serials of ``stack`` (LookupError when the game has too few copies)."""
    uids: list[int] = []
    for serial in stack.split("+"):
        uids.append(next(u for u, m in enumerate(data.card) if m.serial == serial and u not in uids))
    return uids


@pytest.mark.parametrize(("stack", "code", "gain"), OUTPUTS)
def test_every_machine_line_of_the_descriptions(stack: str, code: str, gain: str) -> None:
    uids = _uids(DATA, stack)
    assert valid_stack(DATA, uids)
    options = {c: (cost, got) for c, cost, got in use_options(DATA, uids, [9, 9, 9, 9, 0])}
    cost, got = options[code]
    if code and stack[0] == "T":
        assert cost == _goods("+".join(f"{r}1" for r in code.split("+")))
    else:
        assert cost == (0, 0, 0, 0, 0)
    assert got == _goods(gain)


COMBINABLE = {
    # "Combinable with:" of each card (L572-671, L759); attack cards and the Recyclateur: none.
    "P1": {"P1"},
    "P2": {"P2", "T2", "T3", "T1"},
    "P3": {"P3", "T3", "T1"},
    "P4": {"P4", "T2", "T1"},
    "P5": {"T4"},
    "P6": {"P6", "T1"},
    "T1": {"T1", "P2", "P3", "P4", "P6"},
    "T2": {"T2", "P2", "P4"},
    "T3": {"T3", "P2", "P3"},
    "T4": {"T4", "P5"},
    "S2": {"S2"},
    "D1": {"D1", "D2", "D3"},
    "D2": {"D1", "D2", "D3"},
    "D3": {"D1", "D2", "D3"},
    "A1": set(),
    "A2": set(),
    "A3": set(),
    "A4": set(),
    "A5": set(),
    "A6": set(),
    "S1": set(),
}


@pytest.mark.parametrize("first", sorted(COMBINABLE))
def test_combinations_follow_the_serials_printed_on_each_card(first: str) -> None:
    for second in sorted(COMBINABLE):
        try:
            uids = _uids(DATA, f"{first}+{second}")
        except StopIteration:
            continue  # a single copy (Neutralizeur, Tanglette, Recyclateur)
        assert valid_stack(DATA, uids) == (second in COMBINABLE[first]), (first, second)


@pytest.mark.parametrize(
    ("stack", "allowed"),
    [
        ("P1+P1+P1", True),  # "see how many multipliers are represented on the card"
        ("P2+P2+P2", True),
        ("T4+T4+T4", True),
        ("P6+P6", True),
        ("T1+T1+T1", False),
        ("T2+T2+T2", False),
        ("S2+S2+S2", False),
        ("P2+T3+T3", False),  # one transformation on one production card
        ("P2+P2+T1", False),
        ("D1+D1+D2+D3+D2", True),  # "The defense machines can all be combined together"
    ],
)
def test_stack_sizes(stack: str, allowed: bool) -> None:
    assert valid_stack(DATA, _uids(DATA, stack)) == allowed


# -- Worked examples --------------------------------------------------------------------------------


def test_first_player_earns_one_charcoalium_and_one_wood_from_the_first_turn() -> None:
    """L182: the first player starts with a Charcoalette and a Carpenteur, repaired, used from turn 1."""
    for seats in (2, 3, 4, 5):
        state = GAME.new(seats, seats)
        for first in (p.seat for p in state.players if state.data.workshops[p.workshop].number == 1):
            t = Table(Scenario(seats, seed=seats).goods(first).turn(first))
            assert t.ids() == ["use:0", "use:1", "next"]
            t.choose("use:0", "use:1")
            assert t.player(first).goods[:4] == [1, 1, 0, 0]


def test_a_combined_level_one_and_level_two_card_is_not_a_level_three() -> None:
    """L326: each combined machine keeps its level (projects count cards; the tie-break adds levels)."""
    pr08 = next(p for p in DATA.projects if p.id == "PR08")
    pr09 = next(p for p in DATA.projects if p.id == "PR09")
    two = Scenario(2).workshop(0, "P2+T3", "P3+T1").build()
    assert not met(DATA, two.players[0], pr09)
    assert not met(DATA, two.players[0], pr08)  # two level-2 cards
    three = Scenario(2).workshop(0, "P2+T3", "P3+T1", "P4").build()
    assert met(DATA, three.players[0], pr08)
    assert tiebreak(three, 0) == 1 + 2 + 2 + 1 + 2


def test_victory_points_can_only_be_bought() -> None:
    """L344: "Victory points can only be bought"."""
    t = Table(Scenario().goods(0, charcoalium=5, wood=1, vp=3).turn(0, "menu", pair=("repair", "transactions")))
    t.choose("do:transactions")
    assert "buy:vp" in t.ids() and "sell:wd" in t.ids()
    assert not [i for i in t.ids() if i == "sell:vp"]


def test_initiative_track_starts_in_workshop_number_order() -> None:
    """L111: each handyman starts on the space dictated by its workshop."""
    for seats in (3, 4, 5):
        for seed in range(4):
            state = GAME.new(seats, seed)
            numbers = [state.data.workshops[state.players[piece // 2].workshop].number for piece in state.flow.order]
            assert numbers == sorted(numbers)


# -- Turn and round rules ---------------------------------------------------------------------------


def test_the_round_is_played_to_its_end_after_someone_reaches_20_vp() -> None:
    """L409: the end is checked "When the last player has finished their turn"."""
    start = Scenario(3).goods(0, vp=20).goods(1).goods(2).workshop(0)
    t = Table(start.turn(0, "menu", pair=("recruit", "extract"), at="extractor:0", later={1: "extractor:1", 2: "idle"}))
    t.choose("end")
    assert t.state.flow.phase == "implementation"
    assert GAME.pending(t.state)[0].seat == 1
    while t.state.flow.phase != "ended":
        ids = t.ids()
        t.choose(next(i for i in ("next", "pair:recruit+extract", "end", "finish") if i in ids))
    assert t.player(1).goods[CH] == t.data.extractors[1]  # seat 1 still played its turn, and seat 2
    assert t.player(2).goods == [0, 0, 0, 0, 0]
    assert t.state.flow.round == 1


def test_a_saboteur_pays_nothing_and_may_sabotage_any_machine() -> None:
    """Two players, L463-478: the saboteur moves like a handyman but never buys."""
    t = Table(Scenario(2).goods(0).goods(1))
    assert t.state.flow.order[0] % 2 == 1  # a saboteur plans first
    assert [f"reserve:{pos}" for pos in range(7)] == [i for i in t.ids() if i.startswith("reserve")]
    t.choose("reserve:0", "reserve:1")
    assert t.state.flow.order[2] % 2 == 0
    assert t.ids() == ["extractor:0", "extractor:1", "extractor:2"]  # the handyman cannot afford any


def test_no_recruit_when_the_meeting_room_is_empty() -> None:
    """L376: with no assistant left face up, assistants can no longer be recruited."""
    t = Table(Scenario(5).goods(0, charcoalium=20).meeting().turn(0, "menu", pair=("recruit", "extract")))
    assert "do:recruit" not in t.ids()
