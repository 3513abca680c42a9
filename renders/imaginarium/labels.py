"""The words the Imaginarium drawings use, per language (English only so far; other languages fall
back to it). Captions are the short pictogram-like lines printed on tiles and cards, not the rules
text, which lives in the engine's catalogue."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

_EN: Mapping[str, str] = {
    "title": "IMAGINARIUM",
    "round": "Round {n}",
    "phase.planning": "Planning",
    "phase.implementation": "Implementation",
    "phase.reset": "Checking & resetting",
    "phase.ended": "Game over",
    "step.machines": "use machines",
    "step.pickup": "pick up",
    "step.actions": "actions",
    "step.projects": "projects",
    "step.finish": "finish",
    "now": "Now:",
    "nobody": "nobody",
    "deck": "Deck",
    "belt": "Conveyor belt",
    "empty": "empty",
    "base": "base {n}",
    "reserved": "reserved",
    "sabotage": "sabotage",
    "extractors": "Extractors",
    "initiative": "Initiative",
    "meeting_room": "Meeting room",
    "design_office": "Design office",
    "crusher": "Crusher",
    "cards": "{n} cards",
    "none": "none",
    "yard": "Yard",
    "assistants": "Assistants",
    "projects": "Projects",
    "dial": "Dial",
    "workshop": "Workshop {n}",
    "tangled": "TANGLED",
    "dream": "Dream",
    "dream.position": "Track space {n}",
    "team": "Team {n}",
    "screen.title": "{name} — your screen (only you see this)",
    "screen.reserve": "Behind your screen",
    "screen.secret": "Secret projects",
    "screen.fragments": "Dream fragments",
    "final.title": "Final scores",
    "final.winner": "Winner",
    "final.winners": "Winners (shared)",
    "col.rank": "#",
    "col.player": "Player",
    "col.projects": "Projects",
    "col.machines": "Machines",
    "col.purchases": "Bought",
    "col.majorities": "Majorities",
    "col.other": "Other",
    "col.total": "Total VP",
    "col.tiebreak": "Tie-break",
    "col.reserve": "Reserve at the end",
    "tiebreak.note": "Tie-break: sum of the levels of repaired machines.",
    "good.charcoalium": "charcoalium",
    "good.wood": "wood",
    "good.copper": "copper",
    "good.crystal": "crystal",
    "good.vp": "VP",
    "good.any": "any resource",
    "good.same": "identical resources",
    "type.production": "production",
    "type.transformation": "transformation",
    "type.attack": "attack",
    "type.defense": "defense",
    "type.special": "special",
    "action.recruit": "Recruit",
    "action.extract": "Extract",
    "action.repair": "Repair",
    "action.transactions": "Transactions",
    "action.dismantle": "Dismantle",
    "action.reorganise": "Reorganise",
    "card.level": "level {n}",
    "card.repair": "repair",
    "card.combines": "combines with {serials}",
    "card.alone": "never combined",
    "card.lightning": "single use when repaired",
    "card.keep": "cannot be dismantled",
    "card.on_production": "on a production card",
    "seat": "Seat {n}",
}

PROJECTS: Mapping[str, str] = {
    "PR01": "4 production on 4 spaces",
    "PR02": "2 attack machines",
    "PR03": "2 defense machines",
    "PR04": "1 attack + 1 defense",
    "PR05": "2 transformation machines",
    "PR06": "3 identical combined",
    "PR07": "6 machines",
    "PR08": "3 level-2 machines",
    "PR09": "2 level-3 machines",
    "PR10": "make 6 resources, 2+ kinds",
    "PR11": "make wood, copper, crystal",
    "PR12": "make 3 identical resources",
    "PR13": "3 assistants",
    "PR14": "15 charcoalium",
    "PR15": "2 special machines",
    "PR16": "5 wood, 5 copper, 5 crystal",
    "PR17": "3 same-colour dream run",
    "PR18": "P, T, A and D on 4 spaces",
}
"""Project conditions in a few words (rulebook: Projects)."""

ASSISTANTS: Mapping[str, str] = {
    "AS01": "any two different actions",
    "AS02": "reset: +ch = level discarded",
    "AS03": "repair or dismantle twice",
    "AS04": "+1 VP per project",
    "AS05": "pay the base cost only",
    "AS06": "+2 workshop spaces",
    "AS07": "buy the deck's top card for 3",
    "AS08": "2 secret projects",
    "AS09": "a VP costs 3 charcoalium",
    "AS10": "5 transactions",
    "AS11": "repair: use the effect twice",
    "AS12": "borrow an opponent's P or T",
    "AS13": "majorities are worth 3",
    "CAS1": "take a belt fragment",
    "CAS2": "several fragments after a nightmare",
    "CAS3": "dismantle special machines",
    "CAS4": "+1 fragment when dismantling",
    "CAS5": "dismantle broken: +3 ch",
    "CAS6": "dismantle broken: +1 VP",
    "CAS7": "dismantle broken: whole list",
}
"""Assistant effects in a few words (rulebook: Assistants)."""

CARD_CAPTIONS: Mapping[str, str] = {
    "A1": "each opponent gives 3 ch; you keep up to 3",
    "A2": "each opponent gives 3 wood; you keep up to 3",
    "A3": "each opponent gives 2 copper; you keep up to 2",
    "A4": "each opponent gives 2 crystal; you keep up to 2",
    "A5": "cancel one project",
    "A6": "turn one space of each opponent face down",
    "A7": "each opponent gives a fragment; keep 1",
    "D1": "your charcoalium cannot be stolen",
    "D2": "your resources cannot be stolen",
    "D3": "no theft, no tangling",
    "D4": "your dream is protected",
    "S1": "take a card from the crusher",
}
"""For cards whose effect is not an input → output line (attacks, defenses, the Recyclateur)."""


def text(key: str, lang: str = "en", **params: object) -> str:
    """The label for ``key`` in ``lang`` (English when missing), with ``{name}`` placeholders filled."""
    template = _EN.get(key, key)
    return template.format(**params) if params else template


def seat_name(seat: int, names: Sequence[str] | None, lang: str = "en") -> str:
    """The display name of a 0-based seat: the given name, else "Seat N"."""
    if names is not None and 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return text("seat", lang, n=seat + 1)
