"""Loading the game data: the bundled TOML files merged with a server owner's overrides, checked
against the schema (:mod:`engine.imaginarium.schema`: the type and range of every value) and the
rulebook's cross-checks (61 cards, prices from 2 to 7 ...), and turned into
:class:`~engine.imaginarium.cards.Data`, once per distinct overrides table."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, TypeVar

from engine.core.data import DataModel, bad_value, canonical, merge, read_toml, refuse_fixed, validate
from engine.core.errors import BadData
from engine.imaginarium import schema
from engine.imaginarium.cards import (
    ASSISTANT_EFFECTS,
    ATTACK,
    CHIMERA_MACHINES,
    CORE_MACHINES,
    EXPANSIONS,
    GOODS,
    PRICE_RANGE,
    PROJECT_CHECKS,
    TYPES,
    AssistantDef,
    Data,
    Goods,
    Line,
    MachineDef,
    ProjectDef,
    SpaceDef,
    WorkshopDef,
)

KIND = "imaginarium"
FILES = ("machines", "assistants", "projects", "board", "dream")


def bundled() -> dict[str, Any]:
    """Every data file in one table (their top-level keys do not overlap)."""
    raw: dict[str, Any] = {}
    for name in FILES:
        raw.update(read_toml("engine.imaginarium", f"data/{name}.toml"))
    return raw


@lru_cache(maxsize=32)
def _load_both(key: str) -> tuple[Data, Data]:
    """The data with the overrides in ``key`` laid over it, without and with the expansion: both are
    built whichever a game uses, so a table that only breaks Chimera games is refused before any game
    starts."""
    overrides = json.loads(key)
    refuse_fixed(schema.ImaginariumData, overrides, KIND)
    checked = validate(schema.ImaginariumData, merge(bundled(), overrides, KIND), KIND)
    return _build(checked, False), _build(checked, True)


def load(overrides: Mapping[str, Any] | None = None, chimera: bool = False) -> Data:
    """The game data with ``overrides`` laid over it, validated; cached per distinct overrides.

    Without ``chimera`` the expansion's cards are left in the box: card uids run over the cards in
    play only, so every other module works the same with or without the expansion."""
    return _load_both(canonical(overrides))[chimera]


def _goods(table: DataModel) -> Goods:
    """A goods vector from a table whose fields are named after goods."""
    values = table.model_dump()
    return (
        values.get("charcoalium", 0),
        values.get("wood", 0),
        values.get("copper", 0),
        values.get("crystal", 0),
        values.get("vp", 0),
    )


def _line(line: schema.Line) -> Line:
    return Line(_goods(line.cost), line.cost.any, _goods(line.out), line.out.any, line.out.same)


def _machine(index: int, m: schema.Machine) -> MachineDef:
    where = f"{KIND}.machine[{m.id}]"
    if sum(_goods(m.repair)) < m.level:
        raise bad_value(f"{where}.repair", m.repair.model_dump(), f"at least {m.level} resources (its level)")
    lines: list[Line | None] = []
    on_production: Line | None = None
    for line in m.effect:
        if line.on_production:
            on_production = _line(line)
            continue
        while len(lines) < line.stack:
            lines.append(None)
        lines[line.stack - 1] = _line(line)
    if lines and lines[0] is None:
        raise BadData(f"{where}.effect needs a line for the card alone (stack = 1).", path=where)
    if (m.attack == "steal") != (m.steal is not None):
        raise bad_value(f"{where}.steal", m.steal, "a good to steal exactly when the attack is steal")
    return MachineDef(
        index=index,
        serial=m.id,
        name=m.name,
        name_fr=m.name_fr or m.name,
        type=TYPES.index(m.type),
        level=m.level,
        copies=m.copies,
        repair=_goods(m.repair),
        combines=frozenset(m.combines),
        lightning=m.lightning,
        dismantle=m.dismantle,
        lines=tuple(lines),
        on_production=on_production,
        attack=m.attack,
        steal=-1 if m.steal is None else GOODS.index(m.steal),
        amount=m.amount,
        protects=frozenset(m.protects),
        special=m.special,
        places=tuple(m.places),
    )


def _project(index: int, p: schema.Project) -> ProjectDef:
    where = f"{KIND}.project[{p.id}]"
    if p.check not in PROJECT_CHECKS:
        raise bad_value(f"{where}.check", p.check, "one of " + ", ".join(PROJECT_CHECKS))
    allowed = GOODS if p.check == "goods" else ("any", *TYPES)
    unknown = sorted(set(p.counts) - set(allowed))
    if unknown:
        raise BadData(f"{where}.counts.{unknown[0]} is not a data key: allowed keys are {', '.join(allowed)}.")
    goods = [p.counts.get(name, 0) if p.check == "goods" else 0 for name in GOODS]
    counts = [] if p.check == "goods" else [(-1 if k == "any" else TYPES.index(k), v) for k, v in p.counts.items()]
    return ProjectDef(
        index=index,
        id=p.id,
        vp=p.vp,
        check=p.check,
        type=TYPES.index(p.type),
        count=p.count,
        level=p.level,
        kinds=p.kinds,
        counts=tuple(counts),
        goods=(goods[0], goods[1], goods[2], goods[3], goods[4]),
        types=tuple(TYPES.index(t) for t in p.types),
    )


def _tags(where: str, entry: DataModel) -> list[tuple[str, str, str]]:
    """The ``reconstructed`` tags of ``entry``, each naming one of its fields."""
    tags: dict[str, str] = getattr(entry, "reconstructed", {})
    out = []
    for name, reason in tags.items():
        if name not in entry.model_fields_set:
            raise BadData(f"{KIND}.{where}.reconstructed names '{name}', which is not a field here.", path=where)
        out.append((where, name, reason))
    return out


def _reconstructed(d: schema.ImaginariumData) -> tuple[tuple[str, str, str], ...]:
    """Every reconstructed value of the box (the expansion included), for the docs and the rules view."""
    recon: list[tuple[str, str, str]] = []
    for section, entries in (("machine", d.machine), ("assistant", d.assistant), ("project", d.project)):
        for entry in entries:
            recon += _tags(f"{section}[{entry.id}]", entry)
    for name in ("belt", "extractors", "initiative", "game", "market"):
        recon += _tags(name, getattr(d, name))
    for w in d.workshop:
        recon += _tags(f"workshop[{w.id}]", w)
    return (*recon, *_tags("fragments", d.fragments), *_tags("track", d.track))


def build(raw: Mapping[str, Any], chimera: bool = False) -> Data:
    """Turn raw data (bundled, overrides merged) into :class:`Data`, refusing anything the schema or
    the cross-checks do not allow with a one-line :class:`BadData`."""
    return _build(validate(schema.ImaginariumData, raw, KIND), chimera)


Entry = TypeVar("Entry", schema.Machine, schema.Assistant, schema.Project, schema.Workshop)


def _in_play(entries: list[Entry], chimera: bool) -> list[Entry]:
    """Entries of the core game, plus the expansion's with ``chimera``."""
    return [entry for entry in entries if entry.expansion == "core" or chimera]


def _build(d: schema.ImaginariumData, chimera: bool) -> Data:
    """:class:`Data` from checked data, after the cross-checks between values."""
    for expansion, expected in zip(EXPANSIONS, (CORE_MACHINES, CHIMERA_MACHINES), strict=True):
        copies = [m.copies for m in d.machine if m.expansion == expansion]
        if sum(copies) != expected:
            raise bad_value(f"{KIND}.machine copies ({expansion})", copies, f"copies that total {expected} cards")
    machines = tuple(_machine(i, m) for i, m in enumerate(_in_play(d.machine, chimera)))
    by_serial = {m.serial: m for m in machines}
    if len(by_serial) != len(machines):
        raise BadData(f"Two {KIND} machines share a serial.", path="machine")
    for m in machines:
        unknown = m.combines - by_serial.keys()
        if unknown:
            raise bad_value(f"{KIND}.machine[{m.serial}].combines", sorted(m.combines), "serials of machines in play")
    card = tuple(m for m in machines for _ in range(m.copies))

    base_costs = tuple(d.belt.base_costs)
    if len(base_costs) != d.game.belt_setup:
        raise bad_value(
            f"{KIND}.belt.base_costs",
            base_costs,
            f"one cost per card set-up lays (game.belt_setup = {d.game.belt_setup})",
        )
    for m in machines:
        for cost in base_costs:
            if not PRICE_RANGE[0] <= m.level + cost <= PRICE_RANGE[1]:
                raise bad_value(
                    f"{KIND}.belt.base_costs",
                    base_costs,
                    f"costs that put every machine's price (level + cost) from 2 to 7; {m.serial} (level "
                    f"{m.level}) would cost {m.level + cost}",
                )
    display = tuple(d.game.projects_on_display)
    assistants = tuple(AssistantDef(i, a.id, a.effect, a.price) for i, a in enumerate(_in_play(d.assistant, chimera)))
    for a in assistants:
        if a.effect not in ASSISTANT_EFFECTS:
            raise bad_value(f"{KIND}.assistant[{a.id}].effect", a.effect, "a rule the engine knows")
    projects = tuple(_project(i, p) for i, p in enumerate(_in_play(d.project, chimera)))
    if max(display) > len(projects):
        raise bad_value(f"{KIND}.game.projects_on_display", display, f"at most {len(projects)} projects (all of them)")

    buy = [0, 0, 0, 0, 0]
    sell = [0, 0, 0, 0, 0]
    for good, price in (("wood", d.market.wood), ("copper", d.market.copper), ("crystal", d.market.crystal)):
        if price.sell >= price.buy:
            raise bad_value(f"{KIND}.market.{good}", price.model_dump(), "a sell price below the buy price")
        buy[GOODS.index(good)], sell[GOODS.index(good)] = price.buy, price.sell

    workshops = []
    demand: dict[str, int] = {}
    for w in _in_play(d.workshop, chimera):
        where = f"{KIND}.workshop[{w.id}]"
        for serial in w.machines:
            if serial not in by_serial:
                raise bad_value(f"{where}.machines", w.machines, "serials of machines in play")
            demand[serial] = demand.get(serial, 0) + 1
        if len(w.machines) > d.game.spaces:
            raise bad_value(f"{where}.machines", w.machines, f"at most one machine per space ({d.game.spaces})")
        goods = (w.charcoalium, w.wood, w.copper, w.crystal, 0)
        workshops.append(WorkshopDef(w.id, w.number, tuple(w.machines), goods))
    numbers = [w.number for w in workshops]
    if sorted(numbers) != list(range(1, len(workshops) + 1)):
        raise bad_value(f"{KIND}.workshop numbers", numbers, f"the numbers 1 to {len(workshops)}, each once")
    for serial, need in demand.items():
        if need > by_serial[serial].copies:
            raise bad_value(
                f"{KIND}.machine[{serial}].copies",
                by_serial[serial].copies,
                f"at least {need}, the copies the workshops start with",
            )
    spare = sum(m.copies - demand.get(m.serial, 0) for m in machines if m.type != ATTACK)
    if spare < len(base_costs):
        raise BadData(f"{KIND}: too few non-attack machines are left to lay the first belt.", path="machine")

    colours, fragments, track_spaces = _dream(d.fragments, d.track)
    return Data(
        machines=machines,
        by_serial=by_serial,
        card=card,
        assistants=assistants,
        projects=projects,
        workshops=tuple(workshops),
        base_costs=base_costs,
        extractors=tuple(d.extractors.amounts),
        initiative_spaces=d.initiative.spaces,
        buy=(0, buy[1], buy[2], buy[3], 0),
        sell=(0, sell[1], sell[2], sell[3], 0),
        target_vp=d.game.target_vp,
        extract_action=d.game.extract_action,
        transactions=d.game.transactions,
        vp_price=d.game.vp_price,
        majority_bonus=d.game.majority_bonus,
        assistants_face_up=d.game.assistants_face_up,
        max_assistants=d.game.max_assistants,
        spaces=d.game.spaces,
        cheap_vp_price=d.game.cheap_vp_price,
        more_transactions=d.game.more_transactions,
        big_majority_bonus=d.game.big_majority_bonus,
        extra_spaces=d.game.extra_spaces,
        deck_purchase=d.game.deck_purchase,
        completion_tokens=d.game.completion_tokens,
        projects_on_display=display,
        reconstructed=_reconstructed(d),
        chimera=chimera,
        colours=colours,
        fragments=fragments,
        track=track_spaces,
        later_visitors=d.track.later_visitors,
        team_target_vp=d.teams.target_vp,
        team_workshops=_team_workshops(d.teams),
    )


def _team_workshops(teams: schema.Teams) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Chimera team play: each team's two workshop numbers, for 4 and for 6 players."""
    out = []
    for players, pairs in ((4, teams.workshops_4), (6, teams.workshops_6)):
        numbers = sorted(n for pair in pairs for n in pair)
        if numbers != list(range(1, players + 1)):
            raise bad_value(f"{KIND}.teams.workshops_{players}", pairs, f"pairs of the workshops 1 to {players}")
        out.append(tuple((a, b) for a, b in pairs))
    return tuple(out)


def _dream(
    fragments: schema.Fragments, track: schema.Track
) -> tuple[tuple[str, ...], tuple[int, ...], tuple[SpaceDef, ...]]:
    """Chimera's fragments and dream track: a path from "start" to one end space, forks allowed."""
    colours = tuple(fragments.colours)
    if len(colours) != 4 or len(set(colours)) != 4:
        raise bad_value(f"{KIND}.fragments.colours", colours, "four different colours")
    counts = (*(fragments.per_colour,) * 4, fragments.nightmares)
    index = {space.id: i for i, space in enumerate(track.space)}
    if len(index) != len(track.space) or track.space[0].id != "start":
        raise BadData(f"{KIND}.track.space ids must be unique and start with 'start'.", path="track")
    spaces = []
    for i, space in enumerate(track.space):
        where = f"{KIND}.track.space[{space.id}].next"
        if any(n not in index or index[n] <= i for n in space.next):
            raise bad_value(where, space.next, "spaces further along the track")
        spaces.append(SpaceDef(i, space.id, tuple(index[n] for n in space.next), _goods(space.reward)))
    if sum(1 for sp in spaces if not sp.next) != 1 or spaces[-1].next:
        raise BadData(f"{KIND}: the dream track needs exactly one end space, listed last.", path="track")
    return colours, counts, tuple(spaces)
