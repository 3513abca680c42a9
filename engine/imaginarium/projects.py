"""Project conditions (rulebook: Descriptions, the Projects). Only repaired machines count."""

from __future__ import annotations

from itertools import permutations

from engine.imaginarium.cards import CH, NIGHTMARE, PRODUCTION, RESOURCES, Data, ProjectDef
from engine.imaginarium.machines import stack_line
from engine.imaginarium.state import Player


def capability(data: Data, player: Player) -> tuple[list[int], int, list[int]]:
    """What the workshop's production can generate in one use of every stack holding a production card:
    fixed resources by kind, resources of free choice (one kind each), and groups of identical
    resources of free choice. Charcoalium is not a resource; lone transformation cards do not count."""
    fixed = [0, 0, 0, 0, 0]
    free = 0
    same: list[int] = []
    for stack in player.stacks:
        if not any(data.card[u].type == PRODUCTION for u in stack):
            continue
        line = stack_line(data, stack)
        if line is None:
            continue
        for r in RESOURCES:
            fixed[r] += line.gain[r]
        free += line.any_out
        if line.same_out:
            same.append(line.same_out)
    return fixed, free, same


def met(data: Data, player: Player, project: ProjectDef) -> bool:
    """Whether ``player`` fulfils ``project``'s condition now."""
    check = project.check
    cards = [data.card[u] for stack in player.stacks for u in stack]
    if check == "spaces_with":
        return sum(any(data.card[u].type == project.type for u in s) for s in player.stacks) >= project.count
    if check == "cards":
        return all(sum(1 for c in cards if kind < 0 or c.type == kind) >= n for kind, n in project.counts)
    if check == "level_cards":
        return sum(1 for c in cards if c.level == project.level) >= project.count
    if check == "identical":
        return any(
            len(s) >= project.count and all(data.card[u].serial == data.card[s[0]].serial for u in s)
            for s in player.stacks
        )
    if check == "assistants":
        return len(player.assistants) >= project.count
    if check == "charcoalium":
        return player.goods[CH] >= project.count
    if check == "goods":
        return all(player.goods[g] >= project.goods[g] for g in range(5))
    if check == "dream_run":
        return _longest_run(player.dream) >= project.count
    if check == "spaces_each":
        return _distinct_spaces(data, player, project.types)
    fixed, free, same = capability(data, player)
    sources = free + len(same)
    total = sum(fixed[r] for r in RESOURCES) + free + sum(same)
    kinds = sum(1 for r in RESOURCES if fixed[r])
    if check == "generate_total":
        return total >= project.count and min(3, kinds + sources) >= project.kinds
    if check == "generate_each":
        return 3 - kinds <= sources
    # generate_same: every free choice goes to the best kind
    return max(fixed[r] for r in RESOURCES) + free + sum(same) >= project.count


def _longest_run(dream: list[int]) -> int:
    """Chimera: the longest run of consecutive fragments of one colour (nightmares break runs)."""
    best = run = 0
    last = -1
    for kind in dream:
        run = run + 1 if kind == last and kind != NIGHTMARE else (0 if kind == NIGHTMARE else 1)
        last = kind
        best = max(best, run)
    return best


def _distinct_spaces(data: Data, player: Player, types: tuple[int, ...]) -> bool:
    """Chimera: one card of each type, each on its own space (a small matching, tried exhaustively)."""
    holds = [{data.card[u].type for u in stack} for stack in player.stacks]
    return any(
        all(t in holds[s] for t, s in zip(types, chosen, strict=True))
        for chosen in permutations(range(len(holds)), len(types))
    )


def _share(have: float, need: float) -> float:
    return min(1.0, have / need) if need > 0 else 1.0


def progress(data: Data, player: Player, project: ProjectDef) -> float:
    """How far ``player`` is towards ``project``'s condition, 0 to 1, and 1 exactly when :func:`met`
    holds (a condition of several parts averages them). The AI's look-ahead cannot see a project
    until its last step; this lets it see the steps towards one."""
    check = project.check
    if check == "spaces_with":
        have = sum(any(data.card[u].type == project.type for u in s) for s in player.stacks)
        return _share(have, project.count)
    if check == "cards":
        cards = [data.card[u] for stack in player.stacks for u in stack]
        parts = [_share(sum(1 for c in cards if kind < 0 or c.type == kind), n) for kind, n in project.counts]
        return sum(parts) / len(parts)
    if check == "level_cards":
        return _share(sum(1 for s in player.stacks for u in s if data.card[u].level == project.level), project.count)
    if check == "identical":
        tallest = max(
            (sum(1 for u in s if data.card[u].serial == data.card[s[0]].serial) for s in player.stacks), default=0
        )
        return _share(tallest, project.count)
    if check == "assistants":
        return _share(len(player.assistants), project.count)
    if check == "charcoalium":
        return _share(player.goods[CH], project.count)
    if check == "goods":
        parts = [_share(player.goods[g], project.goods[g]) for g in range(5) if project.goods[g]]
        return sum(parts) / len(parts) if parts else 1.0
    if check == "dream_run":
        return _share(_longest_run(player.dream), project.count)
    if check == "spaces_each":
        held = {data.card[u].type for s in player.stacks for u in s}
        return _share(sum(1 for t in project.types if t in held), len(project.types))
    fixed, free, same = capability(data, player)
    sources = free + len(same)
    total = sum(fixed[r] for r in RESOURCES) + free + sum(same)
    kinds = min(3, sum(1 for r in RESOURCES if fixed[r]) + sources)
    if check == "generate_total":
        return 0.5 * _share(total, project.count) + 0.5 * _share(kinds, project.kinds)
    if check == "generate_each":
        return _share(kinds, 3)
    return _share(max(fixed[r] for r in RESOURCES) + free + sum(same), project.count)
