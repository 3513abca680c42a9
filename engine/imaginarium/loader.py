"""Loading the game data: the bundled TOML files merged with a server owner's overrides, checked
against the schema and the rulebook's cross-checks (61 cards, prices from 2 to 7 ...) and turned into
:class:`~engine.imaginarium.cards.Data`, once per distinct overrides table."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engine.core.data import canonical, merge, read_toml
from engine.core.errors import BadData
from engine.imaginarium.cards import (
    ASSISTANT_EFFECTS,
    ATTACK,
    CHIMERA_MACHINES,
    CORE_MACHINES,
    EXPANSIONS,
    GOODS,
    PRICE_RANGE,
    PROJECT_CHECKS,
    RESOURCES,
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

FILES = ("machines", "assistants", "projects", "board", "dream")
SECTIONS = {"machine", "assistant", "project", "workshop", "belt", "extractors", "initiative", "game", "market"}
SECTIONS |= {"fragments", "track", "teams"}
MACHINE_KEYS = {"id", "name", "name_fr", "type", "level", "copies", "repair", "combines", "effect", "lightning"}
MACHINE_KEYS |= {"dismantle", "attack", "steal", "amount", "protects", "special", "places", "expansion"}
MACHINE_KEYS |= {"reconstructed"}
LINE_KEYS = {"stack", "in", "out", "on_production"}
ASSISTANT_KEYS = {"id", "effect", "price", "expansion", "reconstructed"}
PROJECT_KEYS = {"id", "vp", "check", "type", "types", "count", "counts", "level", "kinds", "expansion"}
PROJECT_KEYS |= {"reconstructed"}
SPACE_KEYS = {"id", "next", "reward"}
WORKSHOP_KEYS = {"id", "number", "machines", "charcoalium", "wood", "copper", "crystal", "expansion"}
WORKSHOP_KEYS |= {"reconstructed"}


def _keys(entry: Any, allowed: set[str], where: str) -> None:
    """Schema: a table with only known keys (a misspelt key in a data file never passes silently)."""
    if not isinstance(entry, Mapping):
        raise BadData(f"{where} must be a table, got {entry!r}.", path=where)
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise BadData(f"{where} has unknown keys: {', '.join(unknown)}.", path=where)


@lru_cache(maxsize=32)
def _load(key: str, chimera: bool) -> Data:
    overrides = json.loads(key)
    raw: dict[str, Any] = {}
    for name in FILES:
        raw.update(read_toml("engine.imaginarium", f"data/{name}.toml"))
    return build(merge(raw, overrides) if overrides else raw, chimera)


def load(overrides: Mapping[str, Any] | None = None, chimera: bool = False) -> Data:
    """The game data with ``overrides`` laid over it, validated; cached per distinct overrides.

    Without ``chimera`` the expansion's cards are left in the box: card uids run over the cards in
    play only, so every other module works the same with or without the expansion."""
    return _load(canonical(overrides), chimera)


def _in_play(entries: list[Any], section: str, chimera: bool) -> list[Any]:
    """Entries of the core game, plus the expansion's with ``chimera``."""
    out = []
    for entry in entries:
        expansion = entry.get("expansion", "core") if isinstance(entry, Mapping) else "core"
        if expansion not in EXPANSIONS:
            raise BadData(f"{section}[{entry.get('id')}].expansion must be core or chimera.", path=section)
        if expansion == "core" or chimera:
            out.append(entry)
    return out


def _goods(table: Any, where: str, allow: tuple[str, ...] = GOODS) -> Goods:
    if not isinstance(table, Mapping):
        raise BadData(f"{where} must be a table of goods, got {table!r}.", path=where)
    out = [0, 0, 0, 0, 0]
    for key, value in table.items():
        if key not in allow or isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise BadData(f"{where}: '{key} = {value!r}' is not a known good with a count >= 0.", path=where)
        out[GOODS.index(key)] = value
    return (out[0], out[1], out[2], out[3], out[4])


def _line(raw: Mapping[str, Any], where: str) -> Line:
    cost_raw = dict(raw.get("in", {}))
    gain_raw = dict(raw.get("out", {}))
    any_in = int(cost_raw.pop("any", 0))
    any_out = int(gain_raw.pop("any", 0))
    same_out = int(gain_raw.pop("same", 0))
    return Line(_goods(cost_raw, where + ".in"), any_in, _goods(gain_raw, where + ".out"), any_out, same_out)


def _int(entry: Mapping[str, Any], key: str, where: str, low: int = 0, high: int = 10**6) -> int:
    value = entry.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadData(f"{where}.{key} must be a whole number from {low} to {high}, got {value!r}.", path=where)
    return value


def _machine(index: int, m: Mapping[str, Any]) -> MachineDef:
    where = f"machine[{m.get('id')}]"
    _keys(m, MACHINE_KEYS, where)
    if m.get("type") not in TYPES:
        raise BadData(f"{where}.type must be one of {', '.join(TYPES)}, got {m.get('type')!r}.", path=where)
    level = _int(m, "level", where, 1, 3)
    repair = _goods(m.get("repair", {}), where + ".repair", ("wood", "copper", "crystal"))
    if sum(repair) < level:
        raise BadData(
            f"{where}: a repair list of {sum(repair)} cannot be dismantled for {level} resources.", path=where
        )
    lines: list[Line | None] = []
    on_production: Line | None = None
    for i, raw in enumerate(m.get("effect", [])):
        _keys(raw, LINE_KEYS, f"{where}.effect[{i}]")
        stack = _int(raw, "stack", f"{where}.effect[{i}]", 1, 3)
        line = _line(raw, f"{where}.effect[{i}]")
        if raw.get("on_production", False):
            on_production = line
            continue
        while len(lines) < stack:
            lines.append(None)
        lines[stack - 1] = line
    if lines and lines[0] is None:
        raise BadData(f"{where}: an effect needs a line for the card alone (stack = 1).", path=where)
    protects = frozenset(m.get("protects", []))
    if not protects <= {"charcoalium", "wood", "copper", "crystal", "tangle", "fragments", "nightmare"}:
        raise BadData(f"{where}.protects has unknown entries: {sorted(protects)}.", path=where)
    attack = str(m.get("attack", ""))
    if attack not in ("", "steal", "neutralize", "tangle", "steal_fragment"):
        raise BadData(f"{where}.attack must be steal, neutralize, tangle or steal_fragment, not {attack!r}.")
    steal = GOODS.index(m["steal"]) if attack == "steal" and m.get("steal") in GOODS[:4] else -1
    if attack == "steal" and steal < 0:
        raise BadData(f"{where}.steal must name charcoalium, wood, copper or crystal.", path=where)
    return MachineDef(
        index=index,
        serial=str(m["id"]),
        name=str(m.get("name", m["id"])),
        name_fr=str(m.get("name_fr", m.get("name", m["id"]))),
        type=TYPES.index(m["type"]),
        level=level,
        copies=_int(m, "copies", where, 0, 20),
        repair=repair,
        combines=frozenset(m.get("combines", [])),
        lightning=bool(m.get("lightning", False)),
        dismantle=bool(m.get("dismantle", True)),
        lines=tuple(lines),
        on_production=on_production,
        attack=attack,
        steal=steal,
        amount=int(m.get("amount", 0)),
        protects=protects,
        special=str(m.get("special", "")),
        places=tuple(int(n) for n in m.get("places", [])),
    )


def _project(index: int, p: Mapping[str, Any]) -> ProjectDef:
    where = f"project[{p.get('id')}]"
    _keys(p, PROJECT_KEYS, where)
    check = p.get("check")
    if check not in PROJECT_CHECKS:
        raise BadData(f"{where}.check must be one of {', '.join(PROJECT_CHECKS)}, got {check!r}.", path=where)
    counts: list[tuple[int, int]] = []
    goods: Goods = (0, 0, 0, 0, 0)
    if check == "goods":
        goods = _goods(p.get("counts", {}), where + ".counts")
    for key, value in ({} if check == "goods" else dict(p.get("counts", {}))).items():
        if key != "any" and key not in TYPES:
            raise BadData(f"{where}.counts: unknown machine type {key!r}.", path=where)
        counts.append((-1 if key == "any" else TYPES.index(key), int(value)))
    kind = p.get("type", "production")
    if kind not in TYPES:
        raise BadData(f"{where}.type: unknown machine type {kind!r}.", path=where)
    return ProjectDef(
        index=index,
        id=str(p["id"]),
        vp=_int(p, "vp", where, 1, 20),
        check=str(check),
        type=TYPES.index(kind),
        count=int(p.get("count", 0)),
        level=int(p.get("level", 0)),
        kinds=int(p.get("kinds", 0)),
        counts=tuple(counts),
        goods=goods,
        types=tuple(_type(t, where) for t in p.get("types", [])),
    )


def _type(name: Any, where: str) -> int:
    if name not in TYPES:
        raise BadData(f"{where}: unknown machine type {name!r}.", path=where)
    return TYPES.index(name)


def _reconstructed(section: str, entry: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    tags = entry.get("reconstructed", {})
    if not isinstance(tags, Mapping):
        raise BadData(f"{section}.reconstructed must be a table of field = reason.", path=section)
    out = []
    for name, reason in tags.items():
        if name not in entry:
            raise BadData(f"{section}.reconstructed names '{name}', which is not a field here.", path=section)
        out.append((section, str(name), str(reason)))
    return out


def build(raw: Mapping[str, Any], chimera: bool = False) -> Data:
    """Turn merged raw data into :class:`Data`, refusing anything inconsistent with :class:`BadData`."""
    _keys(raw, SECTIONS, "data")
    for section in ("assistant", "workshop"):
        allowed = ASSISTANT_KEYS if section == "assistant" else WORKSHOP_KEYS
        for entry in raw[section]:
            _keys(entry, allowed, f"{section}[{entry.get('id')}]")
    recon: list[tuple[str, str, str]] = []
    for section in ("machine", "assistant", "project"):
        for entry in raw[section]:
            recon += _reconstructed(f"{section}[{entry.get('id')}]", entry)
    for expansion, expected in zip(EXPANSIONS, (CORE_MACHINES, CHIMERA_MACHINES), strict=True):
        total = sum(int(m.get("copies", 0)) for m in raw["machine"] if m.get("expansion", "core") == expansion)
        if total != expected:
            raise BadData(f"{expansion} machine copies total {total}, but there are {expected} cards.", path="machine")
    machines = tuple(_machine(i, m) for i, m in enumerate(_in_play(raw["machine"], "machine", chimera)))
    by_serial = {m.serial: m for m in machines}
    if len(by_serial) != len(machines):
        raise BadData("Two machines share a serial.", path="machine")
    for m in machines:
        unknown = m.combines - by_serial.keys()
        if unknown:
            raise BadData(f"machine[{m.serial}].combines names unknown serials {sorted(unknown)}.", path=m.serial)
    card = tuple(m for m in machines for _ in range(m.copies))

    belt = raw["belt"]
    base_costs = tuple(int(c) for c in belt["base_costs"])
    recon += _reconstructed("belt", belt)
    game = raw["game"]
    if len(base_costs) != game["belt_setup"]:
        raise BadData(f"The belt has {len(base_costs)} spaces but setup lays {game['belt_setup']} cards.", path="belt")
    for m in machines:
        for cost in base_costs:
            if not PRICE_RANGE[0] <= m.level + cost <= PRICE_RANGE[1]:
                raise BadData(
                    f"{m.serial} (level {m.level}) would cost {m.level + cost} on a belt space of base cost "
                    f"{cost}; machine prices run from 2 to 7.",
                    path="belt.base_costs",
                )
    recon += _reconstructed("extractors", raw["extractors"])
    recon += _reconstructed("initiative", raw["initiative"])
    track = _int(raw["initiative"], "spaces", "initiative", 5, 10)  # five handymen, or 2 x 2 pieces
    recon += _reconstructed("game", game)
    display = tuple(int(n) for n in game["projects_on_display"])
    if len(display) != 5:
        raise BadData("game.projects_on_display needs one count for each of 2 to 6 players.", path="game")

    assistants = tuple(
        AssistantDef(i, str(a["id"]), str(a["effect"]), _int(a, "price", f"assistant[{a['id']}]", 0, 30))
        for i, a in enumerate(_in_play(raw["assistant"], "assistant", chimera))
    )
    for a in assistants:
        if a.effect not in ASSISTANT_EFFECTS:
            raise BadData(f"assistant[{a.id}].effect {a.effect!r} is not a rule the engine knows.", path=a.id)
    projects = tuple(_project(i, p) for i, p in enumerate(_in_play(raw["project"], "project", chimera)))
    if max(display) > len(projects):
        raise BadData(f"Cannot display {max(display)} projects out of {len(projects)}.", path="game")

    market = raw["market"]
    recon += _reconstructed("market", market)
    buy = [0, 0, 0, 0, 0]
    sell = [0, 0, 0, 0, 0]
    for r in RESOURCES:
        buy[r] = _int(market[GOODS[r]], "buy", f"market.{GOODS[r]}", 1, 30)
        sell[r] = _int(market[GOODS[r]], "sell", f"market.{GOODS[r]}", 0, 30)
        if sell[r] >= buy[r]:
            raise BadData(f"market.{GOODS[r]}: selling must bring less than buying costs.", path="market")

    workshops = []
    demand: dict[str, int] = {}
    for w in _in_play(raw["workshop"], "workshop", chimera):
        where = f"workshop[{w['id']}]"
        for serial in w["machines"]:
            if serial not in by_serial:
                raise BadData(f"{where} starts with unknown machine {serial!r}.", path=where)
            demand[serial] = demand.get(serial, 0) + 1
        goods = _goods({k: w[k] for k in ("charcoalium", "wood", "copper", "crystal")}, where)
        workshops.append(WorkshopDef(str(w["id"]), _int(w, "number", where, 1, 6), tuple(w["machines"]), goods))
    for w in raw["workshop"]:
        recon += _reconstructed(f"workshop[{w['id']}]", w)
    if sorted(w.number for w in workshops) != list(range(1, len(workshops) + 1)):
        raise BadData("The workshops must be numbered from 1 without gaps.", path="workshop")
    for serial, need in demand.items():
        if need > by_serial[serial].copies:
            raise BadData(f"Workshops start with {need} × {serial} but only {by_serial[serial].copies} exist.")
    spare = sum(m.copies - demand.get(m.serial, 0) for m in machines if m.type != ATTACK)
    if spare < len(base_costs):
        raise BadData("Too few non-attack machines to lay the first belt.", path="machine")

    recon += _reconstructed("fragments", raw["fragments"])
    recon += _reconstructed("track", raw["track"])
    colours, fragments, track_spaces = _dream(raw["fragments"], raw["track"])
    return Data(
        machines=machines,
        by_serial=by_serial,
        card=card,
        assistants=assistants,
        projects=projects,
        workshops=tuple(workshops),
        base_costs=base_costs,
        extractors=tuple(int(a) for a in raw["extractors"]["amounts"]),
        initiative_spaces=track,
        buy=(0, buy[1], buy[2], buy[3], 0),
        sell=(0, sell[1], sell[2], sell[3], 0),
        target_vp=_int(game, "target_vp", "game", 1, 200),
        extract_action=_int(game, "extract_action", "game"),
        transactions=_int(game, "transactions", "game", 1, 20),
        vp_price=_int(game, "vp_price", "game", 1, 50),
        majority_bonus=_int(game, "majority_bonus", "game"),
        assistants_face_up=_int(game, "assistants_face_up", "game", 1, 13),
        max_assistants=_int(game, "max_assistants", "game", 0, 13),
        spaces=_int(game, "spaces", "game", 1, 10),
        cheap_vp_price=_int(game, "cheap_vp_price", "game", 1, 50),
        more_transactions=_int(game, "more_transactions", "game", 1, 20),
        big_majority_bonus=_int(game, "big_majority_bonus", "game"),
        extra_spaces=_int(game, "extra_spaces", "game", 0, 10),
        deck_purchase=_int(game, "deck_purchase", "game", 0, 50),
        completion_tokens=_int(game, "completion_tokens", "game", 2, 50),
        projects_on_display=display,
        reconstructed=tuple(recon),
        chimera=chimera,
        colours=colours,
        fragments=fragments,
        track=track_spaces,
        later_visitors=_int(raw["track"], "later_visitors", "track", 0, 10),
        team_target_vp=_int(raw["teams"], "target_vp", "teams", 1, 200),
        team_workshops=_team_workshops(raw["teams"]),
    )


def _team_workshops(teams: Mapping[str, Any]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Chimera team play: each team's two workshop numbers, for 4 and for 6 players."""
    out = []
    for players in (4, 6):
        pairs = tuple((int(a), int(b)) for a, b in teams[f"workshops_{players}"])
        numbers = sorted(n for pair in pairs for n in pair)
        if numbers != list(range(1, players + 1)):
            raise BadData(f"teams.workshops_{players} must pair workshops 1 to {players}.", path="teams")
        out.append(pairs)
    return tuple(out)


def _dream(
    fragments: Mapping[str, Any], track: Mapping[str, Any]
) -> tuple[tuple[str, ...], tuple[int, ...], tuple[SpaceDef, ...]]:
    """Chimera's fragments and dream track: a path from "start" to one end space, forks allowed."""
    colours = tuple(str(c) for c in fragments["colours"])
    if len(colours) != 4 or len(set(colours)) != 4:
        raise BadData("fragments.colours must name four different colours.", path="fragments")
    per_colour = _int(fragments, "per_colour", "fragments", 1, 50)
    counts = (*(per_colour,) * 4, _int(fragments, "nightmares", "fragments", 0, 50))
    raw_spaces = list(track["space"])
    for entry in raw_spaces:
        _keys(entry, SPACE_KEYS, f"track.space[{entry.get('id')}]")
    index = {str(e["id"]): i for i, e in enumerate(raw_spaces)}
    if len(index) != len(raw_spaces) or raw_spaces[0]["id"] != "start":
        raise BadData("track.space ids must be unique and start with 'start'.", path="track")
    spaces = []
    for i, e in enumerate(raw_spaces):
        where = f"track.space[{e['id']}]"
        if any(n not in index for n in e.get("next", [])) or len(e.get("next", [])) > 2:
            raise BadData(f"{where}.next must name one or two existing spaces.", path=where)
        nxt = tuple(index[n] for n in e.get("next", []))
        if any(n <= i for n in nxt):
            raise BadData(f"{where}.next must lead further along the track.", path=where)
        spaces.append(SpaceDef(i, str(e["id"]), nxt, _goods(e.get("reward", {}), where + ".reward")))
    if sum(1 for sp in spaces if not sp.next) != 1 or spaces[-1].next:
        raise BadData("The dream track needs exactly one end space, listed last.", path="track")
    return colours, counts, tuple(spaces)
