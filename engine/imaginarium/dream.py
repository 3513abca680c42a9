"""Chimera: dream fragments, the dream, the dream track and the nightmares.

Chimera rulebook: Picking up a machine and its dream fragment; the daydream action (place fragments
of different colours, move on the dream track, place a nightmare); dismantle and reorganise enriched;
the Exhausteur (A7), the Reposette (D4), the Achievette (S4); assistants CAS1-CAS7.
"""

from __future__ import annotations

from engine.core.contract import Choice, Transition
from engine.imaginarium.cards import CH, NIGHTMARE
from engine.imaginarium.machines import goods_code, has
from engine.imaginarium.procedures import choice, gain, missing, partner, shielded, team_key
from engine.imaginarium.state import MACHINES, OFF, OTHER, Player, State

BROKEN_CHARCOALIUM = 3
"""CAS5: "When you dismantle a broken machine, receive 3 additional charcoalium"."""

# -- the fragment pile ------------------------------------------------------------------------------


def draw(state: State, tx: Transition) -> int | None:
    """The top fragment of the pile; when it runs out the discarded fragments are shuffled into a new
    one (Chimera: Checking and resetting). ``None`` when there is none at all."""
    if not state.pile:
        if not state.discard:
            return None
        state.pile = state.discard
        state.discard = []
        state.flow.rng.shuffle(state.pile)
    tx.used_randomness()
    return state.pile.pop()


def draw_behind_screen(state: State, player: Player, tx: Transition) -> None:
    """Take the top fragment of the pile behind ``player``'s screen, without revealing it."""
    kind = draw(state, tx)
    if kind is not None:
        player.held[kind] += 1
        tx.emit(
            "imaginarium.event.fragment_drawn",
            to=state.screen(player.seat),
            seat=player.seat,
            fragment=kind_name(state, kind),
        )


def kind_name(state: State, kind: int) -> str:
    return "nightmare" if kind == NIGHTMARE else state.data.colours[kind]


def kind_of(state: State, name: str) -> int:
    """The inverse of :func:`kind_name`."""
    return NIGHTMARE if name == "nightmare" else state.data.colours.index(name)


def lay_on_belt(state: State, position: int, tx: Transition) -> None:
    """A fragment face up on a machine entering the belt."""
    kind = draw(state, tx)
    state.belt_fragment[position] = -1 if kind is None else kind


# -- placing fragments and moving on the track ------------------------------------------------------


def start_placement(state: State, origin: str, limit: int) -> None:
    """Begin laying fragments in the dream: ``limit`` of different colours, only one right after a
    nightmare (unless CAS2)."""
    player = state.player
    turn = state.flow.turn
    if player.dream and player.dream[-1] == NIGHTMARE and not has(state.data, player, "after_nightmare"):
        limit = 1
    turn.origin = origin
    turn.limit = limit
    turn.placed = []
    state.flow.step = "place"


def placeable_kinds(player: Player) -> list[int]:
    """Colours held behind the screen (nightmares are never laid in one's own dream)."""
    return [k for k in range(NIGHTMARE) if player.held[k]]


def placeable(state: State) -> list[int]:
    """Colours that may still be laid in the current placement."""
    turn = state.flow.turn
    if len(turn.placed) >= turn.limit:
        return []
    return [k for k in placeable_kinds(state.player) if k not in turn.placed]


def place_choices(state: State) -> list[Choice]:
    out = [
        choice(
            f"place:{kind_name(state, k)}",
            "place",
            "dream",
            describe=team_key(state, "place"),
            fragment=kind_name(state, k),
            move=_run(state, k) + 1,
            run=_run(state, k),
        )
        for k in placeable(state)
    ]
    left = len(state.flow.turn.placed) < state.flow.turn.limit
    return [
        *out,
        choice(
            "stop",
            "stop_placing",
            describe=team_key(state, "stop_placing"),
            placed=len(state.flow.turn.placed),
            n=int(left),
        ),
    ]


def _run(state: State, kind: int) -> int:
    """Fragments of ``kind`` ending the dream: each one directly before adds a space (example C)."""
    run = 0
    for k in reversed(state.player.dream):
        if k != kind:
            break
        run += 1
    return run


def place_apply(state: State, cid: str, tx: Transition) -> None:
    player = state.player
    turn = state.flow.turn
    if cid == "stop":
        end_placement(state)
        return
    kind = state.data.colours.index(cid.split(":")[1])
    turn.moves = 1 + _run(state, kind)
    player.held[kind] -= 1
    player.dream.append(kind)
    turn.placed.append(kind)
    tx.emit(
        team_key(state, "imaginarium.event.placed"), seat=player.seat, fragment=kind_name(state, kind), move=turn.moves
    )
    state.flow.step = "move"


def move(state: State, tx: Transition) -> None:
    """Move the token space by space; a fork waits for the player's choice (step "branch")."""
    player = state.player
    track = state.data.track
    while state.flow.turn.moves > 0:
        nxt = track[player.position].next
        if not nxt:
            state.flow.turn.moves = 0
        elif len(nxt) > 1:
            state.flow.step = "branch"
            return
        else:
            enter(state, player, nxt[0], tx)
    state.flow.step = "place"


def branch_choices(state: State) -> list[Choice]:
    track = state.data.track
    out = []
    for n in track[state.player.position].next:
        reward = track[n].reward
        describe = "branch_claimed" if n in state.claimed else "branch_reward"
        out.append(
            choice(
                f"branch:{track[n].id}",
                "branch",
                "dream",
                describe=describe,
                space=track[n].id,
                reward=goods_code(reward),
                amount=state.data.later_visitors,
            )
        )
    return out


def branch_apply(state: State, cid: str, tx: Transition) -> None:
    track = state.data.track
    space = next(n for n in track[state.player.position].next if track[n].id == cid.split(":")[1])
    enter(state, state.player, space, tx)
    state.flow.step = "move"


def enter(state: State, player: Player, space: int, tx: Transition) -> None:
    """Chimera: the first to pass or stop on a reward space takes it; later ones take 1 charcoalium."""
    data = state.data
    for mate in state.mates(player.seat):  # Chimera team play: one token per team
        state.players[mate].position = space
    state.flow.turn.moves -= 1
    reward = data.track[space].reward
    if not any(reward) or space in player.visited:
        return
    player.visited.append(space)
    if space not in state.claimed:
        state.claimed.append(space)
        gain(player, reward, OTHER)
        tx.emit(
            "imaginarium.event.dream_reward", seat=player.seat, space=data.track[space].id, reward=goods_code(reward)
        )
    else:
        player.goods[CH] += data.later_visitors
        tx.emit(
            "imaginarium.event.dream_later", seat=player.seat, space=data.track[space].id, amount=data.later_visitors
        )


def end_placement(state: State) -> None:
    """Back to where the placement came from."""
    origin = state.flow.turn.origin
    if origin == "daydream":
        state.flow.step = "nightmare"
    elif origin == "effect":
        state.flow.turn.uses -= 1
        state.flow.step = "effect" if state.flow.turn.uses > 0 else "menu"
    else:
        state.flow.step = "machines"


def reached_end(state: State) -> bool:
    """Chimera: the game ends when a token reaches or passes the End space."""
    last = len(state.data.track) - 1
    return any(p.position == last for p in state.players)


# -- daydream step 3: nightmares ---------------------------------------------------------------------


def nightmare_choices(state: State) -> list[Choice]:
    """Chimera: a nightmare on an opponent's dream, not on a Reposette owner's. The text allows one on
    a dream that already ends with a nightmare (its owner then has more to discard)."""
    player = state.player
    if not player.held[NIGHTMARE]:
        return []
    return [
        choice(
            f"nightmare:{o.seat}",
            team_key(state, "nightmare"),
            "dream",
            describe="nightmare",
            target=o.seat,
            **partner(state, o.seat),
        )
        for o in state.opponents(player.seat)
        if not shielded(state, o, "nightmare")
    ]


def nightmare_step_choices(state: State) -> list[Choice]:
    return [*nightmare_choices(state), choice("skip", "skip_nightmare")]


def nightmare_missing(state: State) -> list[tuple[str, dict[str, object]]]:
    """Opponents whose dream a Reposette protects."""
    player = state.player
    if not player.held[NIGHTMARE]:
        return []
    return [
        missing(team_key(state, "dream_protected"), target=o.seat, **partner(state, o.seat))
        for o in state.opponents(player.seat)
        if shielded(state, o, "nightmare")
    ]


def nightmare_apply(state: State, cid: str, tx: Transition) -> None:
    state.flow.step = "menu"
    if cid == "skip":
        return
    player = state.player
    target = state.players[int(cid.split(":")[1])]
    player.held[NIGHTMARE] -= 1
    target.dream.append(NIGHTMARE)
    tx.emit(
        team_key(state, "imaginarium.event.nightmare"),
        seat=player.seat,
        target=target.seat,
        **partner(state, target.seat),
    )


def ends_in_nightmare(player: Player) -> bool:
    """Whether the last fragment of ``player``'s dream is a nightmare."""
    return bool(player.dream) and player.dream[-1] == NIGHTMARE


def wake(state: State, tx: Transition) -> None:
    """Chimera: Reorganise. If the last fragment of your dream is a nightmare, you can discard it."""
    player = state.player
    state.discard.append(player.dream.pop())
    tx.emit(team_key(state, "imaginarium.event.woke"), seat=player.seat)


# -- CAS1: a fragment from a belt machine ------------------------------------------------------------


def catch_choices(state: State) -> list[Choice]:
    """CAS1: once per turn, at the beginning of the implementation, a fragment of a non-reserved machine."""
    if state.flow.turn.caught or not has(state.data, state.player, "catch_fragment"):
        return []
    taken = {s for s in state.spot if s != OFF}
    aid = next(a.id for a in state.data.assistants if a.effect == "catch_fragment")
    return [
        choice(
            f"catch:{pos}",
            "catch",
            "dream",
            position=pos + 1,
            fragment=kind_name(state, kind),
            machine=state.data.card[state.belt[pos]].serial,
            assistant=aid,
        )
        for pos, kind in enumerate(state.belt_fragment)
        if kind >= 0 and state.belt[pos] >= 0 and pos not in taken
    ]


def catch_step_choices(state: State) -> list[Choice]:
    return [*catch_choices(state), choice("next", "next_catch")]


def catch_apply(state: State, cid: str, tx: Transition) -> None:
    state.flow.turn.caught = True
    state.flow.step = "machines"
    if cid == "next":
        return
    pos = int(cid.split(":")[1])
    kind = state.belt_fragment[pos]
    state.belt_fragment[pos] = -1
    state.player.held[kind] += 1
    tx.emit("imaginarium.event.caught_belt", seat=state.player.seat, fragment=kind_name(state, kind), position=pos + 1)


# -- dismantling: fragments drawn, one kept ----------------------------------------------------------


def after_dismantle(state: State, broken: bool, serial: str, level: int, tx: Transition) -> None:
    """Chimera: a broken machine gives the top fragment of the pile; a repaired one draws its level in
    fragments, one kept (step "keep"). CAS4 adds a fragment after either."""
    player = state.player
    state.flow.step = "menu"
    if broken:
        draw_behind_screen(state, player, tx)
        _extra(state, tx)
        return
    for _ in range(level):
        kind = draw(state, tx)
        if kind is not None:
            state.flow.turn.drawn.append(kind)
    if state.flow.turn.drawn:
        tx.emit(
            "imaginarium.event.fragments_drawn",
            to=state.screen(player.seat),
            seat=player.seat,
            fragments=",".join(kind_name(state, k) for k in state.flow.turn.drawn),
            machine=serial,
            n=len(state.flow.turn.drawn),
        )
        state.flow.step = "keep"
    else:
        _extra(state, tx)


def _extra(state: State, tx: Transition) -> None:
    if has(state.data, state.player, "dismantle_fragment"):
        draw_behind_screen(state, state.player, tx)


def keep_choices(state: State) -> list[Choice]:
    kinds = sorted(set(state.flow.turn.drawn))
    others = len(state.flow.turn.drawn) - 1
    return [
        choice(f"keep:{kind_name(state, k)}", "keep", "dream", fragment=kind_name(state, k), n=others) for k in kinds
    ]


def _keep_one(state: State, pool: list[int], cid: str) -> None:
    """The chosen fragment of ``pool`` goes behind the player's screen, the rest to the discard."""
    kind = kind_of(state, cid.split(":")[1])
    pool.remove(kind)
    state.player.held[kind] += 1
    state.discard += pool
    state.flow.step = "menu"


def keep_apply(state: State, cid: str, tx: Transition) -> None:
    _keep_one(state, state.flow.turn.drawn, cid)
    state.flow.turn.drawn = []
    tx.emit("imaginarium.event.kept", seat=state.player.seat)
    _extra(state, tx)


# -- the Exhausteur (A7) -----------------------------------------------------------------------------


def start_exhaust(state: State, tx: Transition) -> None:
    """Each opponent without a Reposette and with a fragment hands one in (a nightmare is allowed)."""
    player = state.player
    state.flow.turn.victims = [
        o.seat for o in state.opponents(player.seat) if any(o.held) and not shielded(state, o, "fragments")
    ]
    state.flow.turn.submitted = []
    state.flow.step = "submit" if state.flow.turn.victims else "menu"
    tx.emit(
        team_key(state, "imaginarium.event.exhausted"),
        seat=player.seat,
        machine=state.data.card[state.flow.turn.target].serial,
    )


def submit_choices(state: State) -> list[Choice]:
    victim = state.players[state.flow.turn.victims[0]]
    return [
        choice(
            f"submit:{kind_name(state, k)}", "submit", "dream", fragment=kind_name(state, k), thief=state.player.seat
        )
        for k in range(NIGHTMARE + 1)
        if victim.held[k]
    ]


def submit_apply(state: State, cid: str, tx: Transition) -> None:
    turn = state.flow.turn
    victim = state.players[turn.victims.pop(0)]
    name = cid.split(":")[1]
    kind = kind_of(state, name)
    victim.held[kind] -= 1
    turn.submitted.append(kind)
    tx.revealed_hidden()
    tx.emit(
        "imaginarium.event.submitted",
        to=state.screen(victim.seat) | state.screen(state.player.seat),
        seat=victim.seat,
        fragment=name,
        thief=state.player.seat,
    )
    if not turn.victims:
        state.flow.step = "collect"


def collect_choices(state: State) -> list[Choice]:
    kinds = sorted(set(state.flow.turn.submitted))
    others = len(state.flow.turn.submitted) - 1
    return [
        choice(f"collect:{kind_name(state, k)}", "collect", "dream", fragment=kind_name(state, k), n=others)
        for k in kinds
    ]


def collect_apply(state: State, cid: str, tx: Transition) -> None:
    _keep_one(state, state.flow.turn.submitted, cid)
    state.flow.turn.submitted = []
    tx.emit("imaginarium.event.collected", seat=state.player.seat)


def broken_bonus(state: State, serial: str, tx: Transition) -> None:
    """CAS5 (+3 charcoalium) and CAS6 (+1 VP) when dismantling a broken machine."""
    data = state.data
    player = state.player
    to = state.screen(player.seat)
    for a in player.assistants:
        if data.assistants[a].effect == "broken_charcoalium":
            player.goods[CH] += BROKEN_CHARCOALIUM
            bonus = goods_code((BROKEN_CHARCOALIUM, 0, 0, 0, 0))
        elif data.assistants[a].effect == "broken_vp":
            gain(player, (0, 0, 0, 0, 1), MACHINES)
            bonus = goods_code((0, 0, 0, 0, 1))
        else:
            continue
        tx.emit(
            "imaginarium.event.assistant_bonus",
            to=to,
            seat=player.seat,
            gain=bonus,
            assistant=data.assistants[a].id,
            machine=serial,
        )
