"""Consistency checks run after every step of self-play, the tests and the scenario builder: every
tile, robot and token is somewhere, exactly once (54 parts, 24 projects, 16 robots, 14 contracts,
Vilela's tiles; tokens 0-9 a player), an action space holds one meeple at most, and an assembly
column holds parts of its colour (or universal) in the rows of their kinds."""

from __future__ import annotations

from engine.botfactory.procedures import on_contracts
from engine.botfactory.state import EMPTY, State
from engine.core.errors import InvariantBroken


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise InvariantBroken(message)


def check(state: State) -> None:
    rules = state.rules
    parts = [t for pile in state.piles for t in pile]
    parts += [t for pile in state.discards for t in pile]
    parts += [t for t in state.wheel if t != EMPTY] + [t for t in state.spares if t != EMPTY]
    parts += [t for col in state.columns for t in col if t != EMPTY] + state.universal
    for player in state.players:
        parts += player.parts
    _need(sorted(parts) == list(range(len(rules.parts))), f"part tiles lost or duplicated ({len(parts)} found)")
    projects = [t for t in state.display if t != EMPTY] + state.deck + state.project_discard
    for player in state.players:
        projects += player.projects + player.robots
    _need(sorted(projects) == list(range(len(rules.projects))), f"project tiles lost or duplicated ({len(projects)})")
    contracts = [t for t in state.grid if t != EMPTY] + state.contract_box
    _need(sorted(contracts) == list(range(len(rules.contracts))), "contract tiles lost or duplicated")
    for colour in range(4):
        built = sum(
            1 for p in state.players for t in p.robots if rules.projects[t] == colour and t != p.universal_robot
        )
        total = state.robots_board[colour] + state.robots_box[colour] + built
        _need(total == rules.group_size, f"{rules.colours[colour]} robots: {total} instead of {rules.group_size}")
        _need(min(state.robots_board[colour], state.robots_box[colour]) >= 0, "a negative count of robots")
        _need(rules.value_min <= state.values[colour] <= rules.value_max, "a robot value left its track")
    for seat, player in enumerate(state.players):
        held = player.tokens + on_contracts(state, seat)
        _need(player.tokens >= 0 and held <= rules.tokens_per_player, f"seat {seat} has {held} tokens in use")
    for pos, holders in enumerate(state.reservations):
        _need(len(holders) == len(set(holders)), f"a seat holds two tokens on contract {pos}")
        _need(
            not holders or len(holders) <= len(rules.contracts[state.grid[pos]].slots),
            f"more reservers than slots on contract {pos}",
        )
        _need(not holders or state.grid[pos] != EMPTY, f"tokens on removed contract {pos}")
    _check_floor(state)
    if state.solo is not None:
        solo = state.solo
        for deck, discard, face_up, count in (
            (solo.action_deck, solo.action_discard, solo.action, len(rules.action_tiles)),
            (solo.robot_deck, solo.robot_discard, solo.robot, len(rules.robot_tiles)),
            (solo.inspection_deck, solo.inspection_discard, EMPTY, len(rules.inspection)),
        ):
            tiles = deck + discard + ([face_up] if face_up != EMPTY else [])
            _need(sorted(tiles) == list(range(count)), "Vilela's tiles lost or duplicated")


def _check_floor(state: State) -> None:
    rules = state.rules
    keys = [p.pos for p in state.players if p.pos != EMPTY and p.pos % 2 == 0]
    keys += [state.sandra] + ([state.vilela] if state.vilela != EMPTY else [])
    _need(len(keys) == len(set(keys)), "an action space holds more than one meeple")
    for col, column in enumerate(state.columns):
        for kind, tile in enumerate(column):
            if tile != EMPTY:
                colour, tile_kind = rules.parts[tile]
                _need(tile_kind == kind and colour in (col, -1), f"a part out of place in column {col}")
