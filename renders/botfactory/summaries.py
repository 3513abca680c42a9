"""The Bot Factory table in words, for embeds, screen readers and logs."""

from __future__ import annotations

from collections.abc import Sequence

from engine.botfactory.view import BotFactoryView, PartTile
from renders.botfactory import goal, labels, players, spaces
from renders.botfactory.table import status
from renders.kit.names import seat_name


def board(view: BotFactoryView, names: Sequence[str] | None, lang: str) -> str:
    """The public table in words, one topic per line."""
    return "\n".join(line for lines in sections(view, names, lang).values() for line in lines)


def sections(view: BotFactoryView, names: Sequence[str] | None, lang: str) -> dict[str, list[str]]:
    """The public table in words by part of the phone table: "header" (status, who acts, order, the
    goal) with the action spaces, "assembly" (assembly and part production), "projects" (projects,
    values, contracts), "seat:<n>" for each seat and "vilela" in solo."""

    def t(key: str, **params: object) -> str:
        return labels.text(key, lang, **params)

    def part(tile: PartTile | None) -> str:
        return t("empty") if tile is None else labels.part(tile.colour, tile.kind, lang)

    def colour(name: str) -> str:
        return labels.colour(name, lang)

    lines = [f"Bot Factory — {status(view, lang)}."]
    if view.phase != "over":
        acting = ", ".join(seat_name(s, names, lang) for s in view.active) or t("nobody")
        lines.append(f"{t('now')} {acting}.")
    if view.turn_order:
        lines.append(f"{t('order')} " + ", ".join(labels.who_name(w, names, lang) for w in view.turn_order) + ".")
    if view.production_offer:
        lines.append(t("offer", tiles=", ".join(view.production_offer)) + ".")
    lines.append(f"{t('goal')}: " + "; ".join(goal.lines(view, names, lang)) + ".")
    on = spaces.occupant_names(view, names, lang)
    lines.append(
        f"{t('sum.spaces')}: "
        + "; ".join(spaces.caption(s, lang) + (f": {on[s.index]}" if s.index in on else "") for s in view.spaces)
        + "."
    )
    out = {"header": lines}
    lines = out["assembly"] = []
    columns = "; ".join(
        f"{colour(c.colour)}: " + ", ".join(part(p) for p in c.parts) + f" ({t('sum.robots_left', n=c.robots_left)})"
        for c in view.assembly
    )
    lines.append(f"{t('sum.assembly')}: {columns}; {t('sum.spares')}: " + ", ".join(part(p) for p in view.spares) + ".")
    piles = "; ".join(
        t("sum.pile", colour=colour(p.colour), count=p.count, top=part(p.top), discard=len(p.discard))
        for p in view.piles
    )
    lines.append(f"{t('sum.piles', colour=colour(view.marker))}: {piles}.")
    lines.append(
        f"{t('sum.wheel')}: "
        + ", ".join(f"{s.position}: {part(s.tile)}" + (f" ({t('sum.bonus')})" if s.bonus else "") for s in view.wheel)
        + "."
    )
    lines = out["projects"] = []
    shown = [
        t("sum.project_space", side=t("sum.left" if p.column == 0 else "sum.right"), row=p.row + 1)
        + ": "
        + (t("empty") if p.tile is None else colour(p.tile.colour))
        for p in view.projects
    ]
    piles_text = t(
        "sum.project_piles",
        deck=view.project_deck,
        discard=len(view.project_discard),
        universal=len(view.universal_parts),
    )
    lines.append(f"{t('sum.projects')}: {'; '.join(shown)}; {piles_text}.")
    lines.append(f"{t('sum.values')}: " + ", ".join(f"{colour(v.colour)} {v.value}" for v in view.values) + ".")
    contracts = []
    for c in view.contracts:
        if c.contract is None:
            continue
        text = t("sum.contract", needs=labels.needs(c.contract.needs, lang), cost=c.cost, vp=c.row_vp)
        if c.reservations:
            who = ", ".join(f"{seat_name(r.seat, names, lang)} ({r.vp})" for r in c.reservations)
            text += " " + t("sum.reserved", who=who)
        contracts.append(text)
    lines.append(f"{t('sum.contracts')}: " + ("; ".join(contracts) or t("none")) + ".")
    for area in view.players:
        out[f"seat:{area.seat}"] = [players.summary(area, seat_name(area.seat, names, lang), lang) + "."]
    solo = view.solo_info
    if solo is not None:
        action = t(f"board.{solo.vilela_action}") if solo.vilela_action else t("none")
        text = t(
            "sum.vilela",
            task=solo.task,
            action=action,
            robot=colour(solo.vilela_robot) if solo.vilela_robot else t("none"),
        )
        text += "; " + t("solo.decks", a=solo.action_deck, r=solo.robot_deck, i=solo.inspection_deck)
        if solo.inspection:
            text += "; " + t("solo.inspection", spaces=", ".join(str(p + 1) for p in solo.inspection))
        out["vilela"] = [text + "."]
    return out
