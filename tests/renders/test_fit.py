"""Every posted image fits its text: no label shortened with "…" (the render kit counts each one), and
every text alternative within what Discord keeps of an attachment's description.

Whole games the engine plays are drawn at intervals from start to end, for every table size and
option, in English and in French, with the default seat names and with display names as the bot
gives them (AI levels, long first names): the phone board's parts, the acting seat's private screen
and the final scores.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.core.contract import RandomPolicy
from engine.core.errors import EngineError
from engine.core.rng import Rng
from renders.api import Render, render_board_parts, render_final, render_screen

CASES = [("imaginarium", seats, {"chimera": chimera}) for seats in (2, 3, 4, 5) for chimera in (False, True)]
CASES += [("imaginarium", seats, {"chimera": True, "teams": True}) for seats in (4, 6)]
CASES += [("botfactory", seats, {}) for seats in (1, 2, 3, 4)]
CASES += [("botfactory", seats, {"variant": variant}) for seats in (1, 4) for variant in (1, 2)]
CASES += [("botfactory", 1, {"task": task}) for task in "ABCD"]
SNAPSHOTS = 6
DESCRIPTION_LIMIT = 1024
"""Discord's limit on an attachment's description, where a render's text goes."""
NAMES = ("IA · à objectif (1)", "Dominique-Alexandre", "AI · hard (3)", "Marie-Léopoldine", "IA · difficile", "Léa")
"""Display names as the bot passes them: AI seats by level (told apart by seat), long first names."""


def _positions(kind: str, seats: int, options: dict[str, Any]) -> tuple[Any, list[Any]]:
    """The game, and :data:`SNAPSHOTS` positions spread over one game played to its end."""
    try:
        game = registry.get(kind)
    except EngineError:
        pytest.skip(f"the {kind} engine is not registered")
    state = game.new(seats, 2000 + seats, options)
    rng, policy = Rng(seats + 7), RandomPolicy()
    saved = []
    for _ in range(20_000):
        if game.outcome(state) is not None:
            break
        saved.append(game.to_json(state))
        decisions = game.pending(state)
        decision = decisions[0] if len(decisions) == 1 else rng.choice(decisions)
        game.advance(state, decision.seat, policy.choose(game, state, decision, rng))
    assert game.outcome(state) is not None, "the game did not end"
    step = max(1, len(saved) // SNAPSHOTS)
    return game, [game.from_json(data) for data in saved[step::step]] + [state]


def _check(render: Render, where: str, problems: list[str]) -> None:
    if render.ellipsized:
        problems.append(f"{where}: {render.ellipsized} label(s) cut short")
    if len(render.text) > DESCRIPTION_LIMIT:
        problems.append(f"{where}: text alternative of {len(render.text)} characters")


@pytest.mark.parametrize(("kind", "seats", "options"), CASES)
def test_posted_images_shorten_no_label_and_their_texts_fit(kind: str, seats: int, options: dict[str, Any]) -> None:
    game, positions = _positions(kind, seats, options)
    problems: list[str] = []
    longest = 0
    for lang in ("en", "fr"):
        for names in (None, NAMES[:seats]):
            for i, state in enumerate(positions):
                public = game.view(state, None)
                where = f"{kind} {seats} {options} {lang} names={names is not None} position {i}"
                if game.outcome(state) is not None:
                    final = render_final(public, lang=lang, names=names)
                    _check(final, f"{where} final", problems)
                    longest = max(longest, len(final.text))
                    continue
                for part in render_board_parts(public, lang=lang, names=names):
                    _check(part, f"{where} board-{part.name}", problems)
                    longest = max(longest, len(part.text))
                viewer = public.active[0] if public.active else i % seats
                screen = render_screen(game.view(state, viewer), lang=lang, names=names)
                _check(screen, f"{where} screen of seat {viewer}", problems)
                longest = max(longest, len(screen.text))
    assert not problems, "\n".join(problems)
    assert longest > 0
