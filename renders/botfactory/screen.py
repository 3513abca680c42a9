"""What a seat's close-up lists beside its area: the contracts it has reserved (the close-up itself is
drawn by :func:`renders.botfactory.phone.screen`)."""

from __future__ import annotations

from engine.botfactory.view import BotFactoryView, ContractTile

ROW = 52


def reserved(view: BotFactoryView, seat: int) -> list[tuple[ContractTile, int, int]]:
    """The contracts ``seat`` has reserved: tile, VP of the slot its token holds, VP of the row."""
    out = []
    for space in view.contracts:
        for reservation in space.reservations:
            if reservation.seat == seat and space.contract is not None:
                out.append((space.contract, reservation.vp, space.row_vp))
    return out
