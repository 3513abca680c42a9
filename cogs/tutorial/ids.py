"""The tutorial's custom_ids (see :mod:`cogs.kit.ids` for the grammar of every other component).

    tut:<kind>:<chapter|*>:<step|->:<pickN|retry|next|play|guide>

``pickN`` is the N-th menu of a step's choices (its values are choice ids); ``retry`` and ``next``
follow a choice other than the taught one; ``play`` opens a lobby with AI seats and ``guide`` the
game's "How to play" guide, at the tutorial's end. ``*`` is a run of every chapter, ``-`` no step.
"""

from __future__ import annotations

import re

from cogs.kit.ids import CUSTOM_ID_LIMIT

TEMPLATE = (
    r"tut:(?P<kind>[a-z0-9_]{1,30}):(?P<chapter>[a-z0-9_]{1,20}|\*):(?P<step>[a-z0-9_]{1,30}|-)"
    r":(?P<action>pick[0-4]|retry|next|play|guide)"
)
ALL = "*"
NONE = "-"


def custom_id(kind: str, chapter: str | None, step: str | None, action: str) -> str:
    made = f"tut:{kind}:{chapter or ALL}:{step or NONE}:{action}"
    if len(made) > CUSTOM_ID_LIMIT or re.fullmatch(TEMPLATE, made) is None:
        raise ValueError(f"no tutorial custom_id for {made!r}")
    return made
