"""How players are named in every render: the display name the caller passes, else the engine's
default seat label ("Seat 1", "Siège 1"...) in the render's language."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.contract import seat_label


def seat_name(seat: int, names: Sequence[str] | None, lang: str = "en") -> str:
    """The display name of a 0-based seat: ``names[seat]`` when given and not blank, else the
    engine's seat label in ``lang``."""
    if names is not None and 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return seat_label(seat, lang)
