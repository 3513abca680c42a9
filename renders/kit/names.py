"""How players are named in every render: "Seat N" unless the caller passes display names."""

from __future__ import annotations

from collections.abc import Sequence


def seat_name(seat: int, names: Sequence[str] | None) -> str:
    """The display name of a 0-based seat: ``names[seat]`` when given and not blank, else "Seat N"."""
    if names is not None and 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return f"Seat {seat + 1}"
