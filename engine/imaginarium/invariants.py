"""Cheap consistency checks run after every self-play step: conservation of every card, no negative
quantity, VP by source adding up, stacks that the combination rules allow, completion tokens within
the box's six."""

from __future__ import annotations

from engine.imaginarium.machines import spaces, valid_stack
from engine.imaginarium.office import tokens_left
from engine.imaginarium.state import State


def check(state: State) -> str | None:
    """The first inconsistency found, or ``None``."""
    data = state.data
    machines = [*state.deck, *(u for u in state.belt if u >= 0), *state.crusher, *state.box]
    screens = [p for p in state.players if not state.teams or p.seat % 2 == 0]
    held = [0] * 5
    for p in screens:
        for k in p.dream:
            held[k] += 1
        for k in range(5):
            held[k] += p.held[k]
    if data.chimera:
        for k in (
            *state.pile,
            *state.discard,
            *state.belt_fragment,
            *state.flow.turn.drawn,
            *state.flow.turn.submitted,
        ):
            if k >= 0:
                held[k] += 1
        if held != list(data.fragments):
            return f"dream fragments are not each in exactly one place: {held} of {data.fragments}"
    elif any(held):
        return "dream fragments in a game without the Chimera expansion"
    if state.teams and any(
        a.goods is not b.goods or a.yard is not b.yard or a.position != b.position
        for a, b in zip(state.players[::2], state.players[1::2], strict=True)
    ):
        return "teammates do not share their screen, yard and dream token"
    assistants = [*state.assistant_deck, *state.meeting]
    projects = [*state.display, *state.stock, *state.removed]
    if state.flow.turn.paying >= 0:
        machines.append(state.flow.turn.paying)
    for p in screens:
        machines += p.yard  # shared by teammates in team play
        projects += p.secret
    for p in state.players:
        for stack in p.stacks:
            machines += stack
            if not valid_stack(data, stack):
                return f"seat {p.seat} holds a stack the rules forbid: {stack}"
        assistants += p.assistants
        if min(p.goods) < 0 or min(p.held) < 0:
            return f"seat {p.seat} has a negative quantity: {p.goods}"
        if sum(p.vp_from) != p.goods[4]:
            return f"seat {p.seat} VP by source {p.vp_from} do not add up to {p.goods[4]}"
        if len(p.stacks) > data.spaces and len(p.stacks) > spaces(data, p) and state.flow.step != "reorganise":
            return f"seat {p.seat} uses {len(p.stacks)} spaces"
        if len(p.assistants) > data.max_assistants:
            return f"seat {p.seat} has {len(p.assistants)} assistants"
        if tokens_left(state, p.seat) < 0:
            return f"seat {p.seat} placed more completion tokens than its {data.completion_tokens}"
    if sorted(machines) != list(range(len(data.card))):
        return "machine cards are not each in exactly one place"
    if sorted(assistants) != list(range(len(data.assistants))):
        return "assistants are not each in exactly one place"
    if sorted(projects) != list(range(len(data.projects))):
        return "projects are not each in exactly one place"
    return None
