"""A picture's text alternative as a structure a screen reader can walk: lists, not one paragraph.

The renders describe each picture in lines (:attr:`renders.api.Render.text`) written to read well
aloud, by the same conventions in every game: a line names a thing and what it holds ("Conveyor belt
(deck: 44): 1. Rotarette, price 6; 2. empty"), a seat's line runs through its areas separated by dashes
("Ana (red) — spaces: … — yard: none"). Those separators become nested list items here; anything else
stays one item, as written. Separators inside parentheses are the item's own ("(deck: 44)").
"""

from __future__ import annotations

from dataclasses import dataclass

AREAS = " — "
"""Between the areas of one line (a seat's spaces, yard, projects…)."""
HEAD = ":"
"""After what a line names, before what it holds (French puts a space before it)."""
ITEMS = "; "
"""Between the things a line lists."""


@dataclass(frozen=True, slots=True)
class Item:
    """One list item: its text, and the items under it."""

    text: str
    items: tuple[Item, ...] = ()


def outline(text: str) -> tuple[Item, ...]:
    """Each non-empty line of ``text`` as an item, with what it lists as items under it."""
    return tuple(_line(line.strip()) for line in text.splitlines() if line.strip())


def _line(line: str) -> Item:
    areas = _split(line, AREAS)
    if len(areas) > 1:
        return Item(areas[0], tuple(_listing(area) for area in areas[1:]))
    return _listing(line)


def _listing(text: str) -> Item:
    """``text`` as a head with the things it lists under it, or as one item when it lists nothing."""
    head, body = _head(text)
    if body is None:
        return Item(text)
    things = _split(body.rstrip("."), ITEMS)
    if len(things) < 2:
        return Item(text)
    return Item(head, tuple(Item(thing) for thing in things))


def _head(text: str) -> tuple[str, str | None]:
    """``(head, body)`` around the first :data:`HEAD` outside parentheses that is followed by a space."""
    depth = 0
    for index, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == HEAD and depth == 0 and text[index + 1 : index + 2].isspace():
            return text[:index].rstrip(" \u00a0\u202f"), text[index + 1 :].strip()
    return text, None


def _split(text: str, separator: str) -> list[str]:
    """``text`` split at ``separator`` outside parentheses."""
    parts, depth, start, index = [], 0, 0, 0
    while index < len(text):
        char = text[index]
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and text.startswith(separator, index):
            parts.append(text[start:index].strip())
            index += len(separator)
            start = index
            continue
        index += 1
    parts.append(text[start:].strip())
    return [part for part in parts if part]
