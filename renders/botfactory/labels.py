"""The words the Bot Factory drawings use (English; other languages fall back to it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from renders.kit.names import seat_name

_EN: Mapping[str, str] = {
    "title": "BOT FACTORY",
    "round": "Round {n}",
    "phase.start": "Starting parts",
    "phase.move": "Move workers",
    "phase.act": "Actions",
    "phase.over": "Game over",
    "now": "Now:",
    "nobody": "nobody",
    "order": "Order:",
    "offer": "Production tiles on offer: {tiles}",
    "board.assembly": "Assembly",
    "board.parts": "Part production",
    "board.projects": "Projects",
    "board.finance": "Finance",
    "spares": "Spare parts",
    "wheel": "Wheel",
    "discard": "discard {n}",
    "deck": "Deck {n}",
    "universal": "Universal parts",
    "row_vp": "+{n} VP",
    "bonus.place": "pay 1: place a part",
    "bonus.token": "+1 token",
    "line.place": "place",
    "line.project": "project",
    "on_contracts": "{n} on contracts",
    "parts": "Parts",
    "projects": "Projects",
    "robots": "Robots",
    "production": "Production tile {tile}",
    "production.used": "used",
    "none": "none",
    "empty": "empty",
    "sandra": "Sandra",
    "vilela": "Vilela",
    "turn": "{name} on {space}: {left} left",
    "screen.title": "{name} — your table",
    "screen.reserved": "Your reserved contracts",
    "screen.contract": "{name}: {vp} VP (+{row} VP for the row)",
    "screen.values": "Robot values now",
    "final.title": "Final scores",
    "final.winner": "Winner",
    "final.winners": "Winners (shared)",
    "final.nobody": "No winner",
    "col.player": "Player",
    "col.robots": "Robots",
    "col.won": "Contracts",
    "col.lost": "Missed",
    "col.pairs": "Token pairs",
    "col.parts": "Parts",
    "col.projects": "Projects",
    "col.total": "Total VP",
    "col.tiebreak": "Robots · tokens",
    "tiebreak.note": "Tie-break: most robots, then an odd number of tokens; otherwise the win is shared.",
    "solo.task": "Task {task}",
    "solo.action": "Action tile: {board}",
    "solo.robot": "Robot tile:",
    "solo.decks": "Decks left: actions {a} · robots {r} · inspections {i}",
    "solo.inspection": "Last inspection: contract spaces {spaces}",
    "solo.report": "Report: {report}",
}


def text(key: str, lang: str = "en", **params: object) -> str:
    """The label for ``key`` (English when missing), with ``{name}`` placeholders filled."""
    template = _EN.get(key, key)
    return template.format(**params) if params else template


def who_name(who: str, names: Sequence[str] | None, lang: str = "en") -> str:
    """A meeple's owner in words: a seat's name, Sandra or Vilela."""
    if who.startswith("seat:"):
        return seat_name(int(who.split(":")[1]), names)
    return text(who, lang)
