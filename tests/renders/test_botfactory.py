"""Bot Factory renders on positions the engine plays: structure, every seat named, final scores,
view-type checks, and no difference between viewers or under changes of hidden orders."""

from __future__ import annotations

import random
from typing import Any

import pytest

from console.commands.render import play
from engine import registry
from engine.botfactory.view import ContractTile
from engine.core.errors import EngineError
from renders.api import render_board, render_card, render_final, render_screen
from renders.botfactory import board, final, screen
from tests.renders import botfactory_samples, samples
from tests.renders.helpers import decode, distinct_colours, public_images


def _game() -> Any:
    try:
        return registry.get("botfactory")
    except EngineError:
        pytest.skip("the Bot Factory engine is not registered")


@pytest.mark.parametrize("seats", (1, 2, 3, 4))
def test_board_is_wide_drawn_and_names_every_seat(seats: int) -> None:
    game = _game()
    played = play("botfactory", seats, 3)
    render = render_board(game.view(played.state, None))
    image = decode(render.png)
    assert image.width == 1600 and image.height > 1200
    assert distinct_colours(image) > 40
    assert len(render.png) <= 600 * 1024
    for seat in range(seats):
        assert f"Seat {seat + 1} (" in render.text
    assert render.text.startswith("Bot Factory — Round")


@pytest.mark.parametrize("seed", (1, 2, 3, 4))
def test_every_viewer_sees_the_same_board_and_hidden_orders_do_not_show(seed: int) -> None:
    game = _game()
    rng = random.Random(seed)
    seats = 2 + seed % 3
    played = play("botfactory", seats, seed, until_round=rng.randint(1, 5), extra=rng.randint(0, 6))
    public = public_images(game.view(played.state, None), zooms=seed == 1)
    for seat in range(seats):
        assert public_images(game.view(played.state, seat), zooms=seed == 1) == public
    other = game.copy(played.state)
    changed = 0
    for pile in getattr(other, "piles", ()):
        if len(pile) > 2:
            under = pile[:-1]
            rng.shuffle(under)
            pile[:-1] = under
            changed += 1
    deck = getattr(other, "deck", None)
    if isinstance(deck, list) and len(deck) > 1:
        rng.shuffle(deck)
        changed += 1
    assert changed, "no hidden order found in the state"
    assert public_images(game.view(other, None), zooms=seed == 1) == public


def test_close_up_of_each_seat() -> None:
    game = _game()
    played = play("botfactory", 3, 8)
    for seat in range(3):
        render = render_screen(game.view(played.state, seat), names=["Ada", "Bo", "Cy"])
        assert decode(render.png).width == 640
        assert render.text.startswith(["Ada", "Bo", "Cy"][seat] + " (")


def test_final_scores_name_the_winner_and_rank_every_seat() -> None:
    game = _game()
    played = play("botfactory", 3, 5, until_round=None)
    assert played.finished
    view = game.view(played.state, None)
    render = render_final(view)
    assert decode(render.png).width == 640
    winners = [line.seat for line in view.final if line.winner]
    assert f"Seat {winners[0] + 1}" in render.text.splitlines()[1]
    for seat in range(3):
        assert f"Seat {seat + 1}:" in render.text
    totals = [int(line.split(": ")[1].split(" VP")[0]) for line in render.text.splitlines()[2:-1]]
    assert totals == sorted(totals, reverse=True)


def test_bot_factory_renders_take_only_their_own_views() -> None:
    wrong = samples.mid_game(2, viewer=0)
    for draw in (board, screen, final):
        with pytest.raises(TypeError, match="BotFactoryView"):
            draw(wrong)


def test_render_card_says_when_a_game_has_no_card_drawings() -> None:
    with pytest.raises(LookupError, match="botfactory"):
        render_card(ContractTile(0, "C01", ("red", "yellow"), (4, 2)))


def test_solo_board_shows_vilela() -> None:
    game = _game()
    played = play("botfactory", 1, 8)
    view = game.view(played.state, None)
    assert view.solo_info is not None
    text = render_board(view).text
    assert "Vilela: task " in text and "Decks left: actions" in text


def test_a_bot_factory_state_is_refused() -> None:
    _game()
    state = play("botfactory", 2, 4).state
    for draw in (render_board, board, screen, final):
        with pytest.raises(TypeError):
            draw(state)


def test_close_up_lists_the_seats_reserved_contracts() -> None:
    render = render_screen(botfactory_samples.mid_game(viewer=1))
    assert "Reserved contracts: Yellow + blue for 4 VP." in render.text
    assert "Robot values: red 6, yellow 7, blue 8, green 9." in render.text
    other = render_screen(botfactory_samples.mid_game(viewer=0))
    assert "Reserved contracts" not in other.text


def test_french_bot_factory() -> None:
    view = botfactory_samples.mid_game(viewer=1)
    english, french = render_board(view), render_board(view, lang="fr")
    assert french.png != english.png
    assert french.text.startswith("Bot Factory — Manche 5 · Actions.")
    assert "Jaune + bleu (réservation 3, +5 PV) réservé par Place 2 (4)" in french.text
    assert "Contrats réservés\u00a0: Jaune + bleu pour 4 PV." in render_screen(view, lang="fr").text
