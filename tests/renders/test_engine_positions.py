"""Renders of real positions the engine plays: every viewer's board is the public board, and
changing only hidden data (screens, secret projects, deck orders) changes nothing in it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from console.commands.render import play
from engine import registry
from engine.core.errors import EngineError
from renders import imaginarium
from renders.api import render_board, render_final, render_screen
from tests.renders.helpers import decode, public_images


def _imaginarium() -> Any:
    try:
        return registry.get("imaginarium")
    except EngineError:
        pytest.skip("the Imaginarium engine is not registered")


def _hide_differently(state: Any, rng: random.Random) -> list[str]:
    """Change every hidden part of an Imaginarium state that exists; returns what was changed."""
    changed = []
    for name in ("deck", "assistant_deck", "stock", "pile"):
        pile = getattr(state, name, None)
        if isinstance(pile, list) and len(pile) > 1:
            rng.shuffle(pile)
            changed.append(name)
    for player in getattr(state, "players", ()):
        goods = getattr(player, "goods", None)
        if isinstance(goods, list):
            goods[:] = [rng.randint(0, 30) for _ in goods]
            changed.append("goods")
        held = getattr(player, "held", None)
        if isinstance(held, list) and held:
            held[:] = [rng.randint(0, 3) for _ in held]
            changed.append("held")
        secret = getattr(player, "secret", None)
        stock = getattr(state, "stock", [])
        if isinstance(secret, list) and len(stock) >= 2:
            secret[:] = rng.sample(stock, 2)
            changed.append("secret")
    return changed


CONFIGS = [(seats, {"chimera": chimera}) for seats in (2, 3, 4, 5) for chimera in (False, True)]
CONFIGS += [(4, {"chimera": True, "teams": True}), (6, {"chimera": True, "teams": True})]


@pytest.mark.parametrize(("seats", "options"), CONFIGS)
@pytest.mark.parametrize("seed", (1, 2, 3))
def test_public_board_is_the_same_for_every_viewer_and_any_hidden_data(
    seats: int, seed: int, options: dict[str, bool]
) -> None:
    game = _imaginarium()
    rng = random.Random(seed * 100 + seats)
    played = play(
        "imaginarium", seats, seed, until_round=rng.randint(1, 4), extra=rng.randint(0, 4 * seats), options=options
    )
    public = public_images(game.view(played.state, None), zooms=seed == 1)
    for seat in range(seats):
        assert public_images(game.view(played.state, seat), zooms=seed == 1) == public
    other = game.copy(played.state)
    changed = _hide_differently(other, rng)
    expected = {"deck", "goods"} | ({"pile", "held"} if options["chimera"] else set())
    assert expected <= set(changed), f"hidden data not found in the state: {changed}"
    assert game.view(other, 0).screen != game.view(played.state, 0).screen, "the change must be a real one"
    assert public_images(game.view(other, None), zooms=seed == 1) == public


@pytest.mark.parametrize("seats", (2, 5))
def test_private_screen_of_every_seat_renders(seats: int) -> None:
    game = _imaginarium()
    played = play("imaginarium", seats, 5)
    for seat in range(seats):
        render = render_screen(game.view(played.state, seat))
        assert decode(render.png).width == 640
        assert f"Seat {seat + 1} — your screen" in render.text


def test_final_scores_of_a_finished_game() -> None:
    game = _imaginarium()
    played = play("imaginarium", 3, 9, until_round=None)
    assert played.finished
    render = render_final(game.view(played.state, None))
    assert decode(render.png).width == 640
    assert "Winner" in render.text
    for seat in range(3):
        assert f"Seat {seat + 1}:" in render.text


def test_a_game_state_is_refused_everywhere() -> None:
    """Renders take views; handing them the full state (with every screen in it) is an error."""
    _imaginarium()
    state = play("imaginarium", 3, 4).state
    for draw in (render_board, render_screen, render_final, imaginarium.board, imaginarium.screen, imaginarium.final):
        with pytest.raises(TypeError):
            draw(state)
