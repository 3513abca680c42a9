"""The Bot Factory table in words, for embeds, screen readers and logs."""

from __future__ import annotations

from collections.abc import Sequence

from engine.botfactory.view import BotFactoryView, PartTile
from renders.botfactory import labels, players, spaces
from renders.botfactory.table import status
from renders.kit.names import seat_name


def _part(tile: PartTile | None) -> str:
    return "empty" if tile is None else f"{tile.colour} {tile.kind}"


def board(view: BotFactoryView, names: Sequence[str] | None, lang: str) -> str:
    """Every board and seat, one topic per line."""
    lines = [f"Bot Factory — {status(view, lang)}."]
    if view.phase != "over":
        acting = ", ".join(seat_name(s, names) for s in view.active) or labels.text("nobody", lang)
        lines.append(f"{labels.text('now', lang)} {acting}.")
    if view.turn_order:
        lines.append(f"{labels.text('order', lang)} "
                     + ", ".join(labels.who_name(w, names, lang) for w in view.turn_order) + ".")
    if view.production_offer:
        lines.append(labels.text("offer", lang, tiles=", ".join(view.production_offer)) + ".")
    on = spaces.occupant_names(view, names, lang)
    lines.append("Action spaces: " + "; ".join(
        f"{s.name} ({spaces.caption(s)})" + (f": {on[s.index]}" if s.index in on else "") for s in view.spaces) + ".")
    columns = "; ".join(
        f"{c.colour}: " + ", ".join(_part(p) for p in c.parts) + f" ({c.robots_left} robots left)"
        for c in view.assembly)
    lines.append(f"Assembly: {columns}; spare parts: " + ", ".join(_part(t) for t in view.spares) + ".")
    piles = "; ".join(f"{p.colour} {p.count} (top {_part(p.top)}, discard {len(p.discard)})" for p in view.piles)
    lines.append(f"Part piles (marker on {view.marker}): {piles}.")
    lines.append("Wheel: " + ", ".join(f"{s.position}: {_part(s.tile)}" + (" (bonus)" if s.bonus else "")
                                      for s in view.wheel) + ".")
    shown = [f"{'left' if p.column == 0 else 'right'} row {p.row + 1}: "
             + ("empty" if p.tile is None else p.tile.colour) for p in view.projects]
    lines.append(f"Projects: {'; '.join(shown)}; deck {view.project_deck}, discard {len(view.project_discard)}, "
                 f"universal parts {len(view.universal_parts)}.")
    lines.append("Robot values: " + ", ".join(f"{v.colour} {v.value}" for v in view.values) + ".")
    contracts = []
    for c in view.contracts:
        if c.contract is None:
            continue
        text = f"{c.contract.name} needs {' + '.join(c.contract.needs)} (row cost {c.cost}, +{c.row_vp} VP)"
        if c.reservations:
            text += " reserved by " + ", ".join(f"{seat_name(r.seat, names)} ({r.vp} VP)" for r in c.reservations)
        contracts.append(text)
    lines.append("Contracts: " + "; ".join(contracts) + ".")
    for area in view.players:
        lines.append(players.summary(area, seat_name(area.seat, names)) + ".")
    solo = view.solo_info
    if solo is not None:
        text = (f"Vilela: {labels.text('solo.task', lang, task=solo.task).lower()}, action tile "
                f"{solo.vilela_action or 'none'}, robot tile {solo.vilela_robot or 'none'}; "
                + labels.text("solo.decks", lang, a=solo.action_deck, r=solo.robot_deck, i=solo.inspection_deck))
        if solo.inspection:
            text += "; " + labels.text("solo.inspection", lang, spaces=", ".join(str(p + 1) for p in solo.inspection))
        lines.append(text + ".")
    return "\n".join(lines)
