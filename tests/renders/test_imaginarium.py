"""Smoke renders of Imaginarium for every seat count, mid-game and ended, with structural checks."""

from __future__ import annotations

import dataclasses
import random

import pytest
from PIL import Image, ImageChops, ImageStat

from engine import registry
from engine.imaginarium import GAME
from engine.imaginarium.scenario import Scenario
from engine.imaginarium.view import Amount, CurrentTurn, DreamSpace
from renders.api import render_board, render_board_parts, render_card, render_final, render_screen
from renders.imaginarium import board, card, cards, dream, final, labels, phone, screen
from tests.renders import samples
from tests.renders.helpers import decode, distinct_colours
from tests.support.tinygame import TinyView

SEATS = (2, 3, 4, 5)


@pytest.mark.parametrize("seats", SEATS)
def test_board_is_wide_drawn_and_names_every_seat(seats: int) -> None:
    render = render_board(samples.mid_game(seats))
    image = decode(render.png)
    assert image.width >= 1600
    assert image.height > 1000
    assert distinct_colours(image) > 40
    assert len(render.png) <= 600 * 1024
    for seat in range(seats):
        assert f"Seat {seat + 1} (" in render.text
    assert "Round 4" in render.text and "Now: Seat 2." in render.text


def test_board_grows_with_the_seat_count_instead_of_shrinking_text() -> None:
    heights = [decode(render_board(samples.mid_game(n)).png).height for n in SEATS]
    widths = {decode(render_board(samples.mid_game(n)).png).width for n in (2, 5)}
    assert heights == sorted(heights) and heights[0] < heights[-1]
    assert widths == {1600}


def test_board_text_states_prices_reservations_and_stacks() -> None:
    text = render_board(samples.mid_game(3)).text
    assert "2. Flamelleur (P6, production, level 3), price 6, reserved by Seat 3" in text
    assert "Supertransmuteur (lvl 2) under Carpenteur (lvl 1)" in text
    assert "Diplomateur (lvl 3) [tangled]" in text
    assert "Six machines (5/4 VP) done by Seat 1" in text


def test_display_names_replace_seat_numbers_everywhere() -> None:
    names = ["Ada", "Bo", "Cy"]
    view = samples.mid_game(3, viewer=1)
    plain, named = render_board(view), render_board(view, names=names)
    assert plain.png != named.png
    assert "Now: Bo." in named.text and "Seat 2" not in named.text
    assert render_screen(view, names=names).text.startswith("Bo — your screen")
    assert "Winner: Cy." in render_final(samples.ended(3), names=names).text


@pytest.mark.parametrize("seats", SEATS)
def test_screen_shows_the_viewers_reserve_and_workshop(seats: int) -> None:
    viewer = seats - 1
    view = samples.mid_game(seats, viewer=viewer)
    assert view.screen is not None
    render = render_screen(view)
    image = decode(render.png)
    assert image.width == 640 and distinct_colours(image) > 40
    assert len(render.png) <= 600 * 1024
    s = view.screen
    reserve = f"{s.charcoalium} charcoalium, {s.wood} wood, {s.copper} copper, {s.crystal} crystal, {s.vp} VP"
    assert reserve in render.text
    assert f"Seat {viewer + 1} (" in render.text
    for other in range(seats):
        if other != viewer:
            assert f"Seat {other + 1} (" not in render.text


def test_screen_lists_secret_projects_only_when_held() -> None:
    with_secret = render_screen(samples.mid_game(3, viewer=1)).text
    without = render_screen(samples.mid_game(3, viewer=0)).text
    assert "Secret projects: Three assistants" in with_secret
    assert "Secret projects" not in without


def test_screen_needs_a_seat_with_a_screen() -> None:
    with pytest.raises(ValueError):
        render_screen(samples.mid_game(3))
    with pytest.raises(ValueError):
        screen(dataclasses.replace(samples.mid_game(3, viewer=0), screen=None))


@pytest.mark.parametrize("seats", SEATS)
def test_final_ranks_every_seat_and_names_the_winner(seats: int) -> None:
    view = samples.ended(seats)
    assert view.final is not None
    render = render_final(view)
    image = decode(render.png)
    assert image.width == 640 and distinct_colours(image) > 30
    for seat in range(seats):
        assert f"Seat {seat + 1}:" in render.text
    best = view.final[0]
    assert f"Winner: Seat {best.seat + 1}." in render.text
    assert f"1. Seat {best.seat + 1}: {best.total} VP" in render.text


def test_final_shares_the_win_on_a_full_tie() -> None:
    view = samples.ended(2)
    assert view.final is not None
    tied = tuple(dataclasses.replace(line, total=10, tiebreak=5, winner=True) for line in view.final)
    text = render_final(dataclasses.replace(view, final=tied)).text
    assert "Winners (shared): Seat" in text
    assert text.count("1. Seat") == 2


def test_final_needs_an_ended_game() -> None:
    with pytest.raises(ValueError):
        render_final(samples.mid_game(2))


def test_board_of_an_ended_game_says_so() -> None:
    render = render_board(samples.ended(4))
    assert render.text.startswith("Imaginarium — Game over.")
    assert "Now:" not in render.text


@pytest.mark.parametrize("serial", sorted(samples.CARDS))
def test_every_card_renders_with_its_facts(serial: str) -> None:
    machine = samples.machine(serial)
    render = render_card(machine)
    image = decode(render.png)
    assert image.width >= 1600 and distinct_colours(image) > 20
    assert render.text.startswith(f"{machine.name} — {serial}")
    assert "repair: " in render.text
    assert ("cannot be dismantled" in render.text) is (not machine.dismantlable)
    assert ("single use when repaired" in render.text) is machine.lightning


def test_assistant_and_project_sheets_state_their_terms() -> None:
    assistant = render_card(samples.assistant("AS09"))
    assert decode(assistant.png).width >= 1600
    assert assistant.text.startswith("The Diploma Dealer — costs 3 charcoalium")
    assert "a VP costs 3 charcoalium" in assistant.text
    tile = render_card(samples.project("PR06"))
    assert tile.text.startswith("Triple combination — 5 VP for the first to complete it, 4 VP for the others")
    assert assistant.png != tile.png


def test_renders_take_only_their_own_views() -> None:
    tiny = TinyView(kind="imaginarium", viewer=None, version=0)
    for draw in (board, screen, final):
        with pytest.raises(TypeError, match="ImaginariumView"):
            draw(tiny)
        with pytest.raises(TypeError):
            draw({"kind": "imaginarium"})
    with pytest.raises(TypeError):
        render_board({"kind": "imaginarium"})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="MachineCard"):
        card(samples.screen(0))
    with pytest.raises(TypeError):
        render_card(object())


def test_two_player_saboteurs_chimera_dreams_and_teams_are_shown() -> None:
    view = samples.mid_game(2)
    belt = (dataclasses.replace(view.belt[0], sabotaged_by=1, fragment="glory"), *view.belt[1:])
    extractors = (dataclasses.replace(view.extractors[0], sabotaged_by=0), *view.extractors[1:])
    players = (
        dataclasses.replace(view.players[0], dream=("romance", "romance", "nightmare"), dream_position=7, team=0),
        view.players[1],
    )
    changed = dataclasses.replace(view, belt=belt, extractors=extractors, players=players)
    render = render_board(changed)
    assert render.png != render_board(view).png
    assert "price 6, sabotage by Seat 2, fragment glory" in render.text
    assert "+1 charcoalium (sabotage: Seat 1)" in render.text
    assert "dream: romance ×2, nightmare" in render.text
    assert "Seat 1 (red circle, workshop 1) — team 1 —" in render.text


def test_turn_in_progress_ticks_actions_and_used_machines() -> None:
    view = samples.mid_game(3)
    turn = CurrentTurn(1, "actions", used_slots=(0,), pair=("repair", "transactions"), actions_done=("repair",))
    render = render_board(dataclasses.replace(view, turn=turn))
    assert "Turn of Seat 2: done Repair; machines used: space 1." in render.text
    assert render.png != render_board(view).png


def test_chimera_dream_track_shows_rewards_and_tokens() -> None:
    spaces = (
        DreamSpace(0, "start", (1,)),
        DreamSpace(1, "1", (2, 3), (Amount("wood", 1),)),
        DreamSpace(2, "2a", (4,), (Amount("vp", 2),), claimed=True),
        DreamSpace(3, "2b", (4,), (Amount("copper", 1),)),
        DreamSpace(4, "end", ()),
    )
    view = samples.mid_game(3)
    players = (dataclasses.replace(view.players[0], dream_position=3), *view.players[1:])
    chimera = dataclasses.replace(view, dream_spaces=spaces, players=players, fragment_pile=20, fragment_discard=3)
    render = render_board(chimera)
    assert decode(render.png).height > decode(render_board(view).png).height
    assert (
        "Dream track (fragments: 20 in the pile, 3 discarded): unclaimed rewards 1: 1 wood; 2b: 1 copper; Seat 1 on 2b."
    ) in render.text
    assert dream.layout(spaces) == {0: (0, 0), 1: (1, 0), 2: (2, -1), 3: (2, 1), 4: (3, 0)}


def test_french_renders_and_unknown_languages_fall_back_to_english() -> None:
    view = samples.mid_game(3, viewer=1)
    english, french = render_board(view), render_board(view, lang="fr")
    assert french.png != english.png
    assert french.text.startswith("Imaginarium — Manche 4 · Réalisation")
    assert "À jouer\u00a0: Place 2." in french.text
    assert "Tapis roulant (pioche\u00a0: 23)" in french.text
    assert "réservée par Place 3" in french.text
    assert (
        "Derrière votre paravent\u00a0: 5 charboniums, 3 bois, 2 cuivres, 1 cristal, 7 PV."
        in render_screen(view, lang="fr").text
    )
    assert "Départage" in render_final(samples.ended(3), lang="fr").text
    unknown = render_board(view, lang="xx")
    assert unknown.png == english.png and unknown.text == english.text


def test_a_player_recruiting_sees_the_meeting_room_on_their_screen() -> None:
    """While a seat chooses an assistant its private screen leads with the meeting room (names, prices)."""
    game = registry.get("imaginarium")
    rng = random.Random(4)
    state = game.new(3, 4, {}, {})
    for _ in range(3000):
        (decision, *_) = game.pending(state)
        view = game.view(state, decision.seat)
        if view.turn is not None and view.turn.step == "recruit" and view.meeting_room:
            break
        state = game.apply(state, decision.seat, rng.choice(decision.choices).id, state.flow.version).state
    else:
        raise AssertionError("no seat came to recruit")
    for lang, room in (("en", "Meeting room"), ("fr", "Salle de réunion")):
        shown = render_screen(view, lang=lang)
        assert room in shown.text and shown.ellipsized == 0
        assert labels.assistant_name(view.meeting_room[0].id, lang) in shown.text


@pytest.mark.parametrize("width", [608, 1568])
def test_dream_track_spaces_never_overlap(width: int) -> None:
    """A phone's width takes the track on two rows rather than packing "5a6a7a" together."""
    spaces = GAME.view(Scenario(3, chimera=True).build(), None).dream_spaces
    placed = dream.centres(spaces, (0, 0, width, dream.height(spaces, width)))
    assert dream.rows(spaces, width) == (2 if width < 1000 else 1)
    for a, (ax, ay, _) in placed.items():
        for b, (bx, by, _) in placed.items():
            if a < b:
                assert max(abs(ax - bx), abs(ay - by)) >= dream.NODE + dream.GAP, (a, b)
            assert ax - dream.NODE // 2 >= 0 and ax + dream.NODE // 2 <= width


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_belt_says_what_the_card_codes_mean(lang: str) -> None:
    """P, T, A, D and S and the "+" line are explained under the cards wherever the belt is drawn."""
    said = [(tag, word) for tag, word, _ in cards._legend_items(lang)]
    assert [tag for tag, _ in said[:-1]] == ["P", "T", "A", "D", "S"]
    assert [word for _, word in said[:-1]] == [labels.text(f"type.{k}", lang) for k in cards.SERIAL_LETTERS]
    view = GAME.view(Scenario(3).build(), None)
    belt = next(p for p in render_board_parts(view, lang=lang) if p.name == "belt")
    image = decode(belt.png)
    key = cards.legend(phone.INNER - 28, lang, phone.PANEL)
    top = phone.M + phone.belt_height(view, lang) - 8 - key.height
    shown = image.crop((phone.M + 14, top, phone.M + 14 + key.width, top + key.height))
    drawn = ImageStat.Stat(ImageChops.difference(shown, key.convert("RGB"))).mean
    blank = ImageStat.Stat(ImageChops.difference(shown, Image.new("RGB", key.size, phone.PANEL))).mean
    assert max(drawn) < 3 < max(blank), "the legend is drawn under the cards"
    assert belt.ellipsized == 0 and cards.legend_height(1568, lang) == cards.LEGEND_ROW, "one line on the full board"
