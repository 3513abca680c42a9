"""Scenario states built by hand: a real game from a seed, then cards moved and goods set directly,
keeping every card in exactly one place so the invariant checks still hold."""

from __future__ import annotations

from typing import Any

from engine.core.contract import ApplyResult, Transition
from engine.imaginarium import GAME, flow
from engine.imaginarium.cards import GOODS
from engine.imaginarium.state import IDLE, OFF, State, Turn
from engine.imaginarium.view import ACTIONS


class Table:
    """A game under construction. ``choose`` goes through the checked API and keeps the new state."""

    def __init__(self, seats: int = 3, seed: int = 0, chimera: bool = False) -> None:
        self.state: State = GAME.new(seats, seed, {"chimera": chimera})
        self.events: list[Any] = []

    @property
    def data(self) -> Any:
        return self.state.data

    def _touch(self) -> None:
        self.state.cache = None

    def card(self, serial: str) -> int:
        """Take a card of ``serial`` out of the deck (or belt, crusher) for use elsewhere."""
        s = self.state
        for pile in (s.deck, s.crusher):
            for uid in pile:
                if s.data.card[uid].serial == serial:
                    pile.remove(uid)
                    return uid
        for pos, uid in enumerate(s.belt):
            if uid >= 0 and s.data.card[uid].serial == serial:
                s.belt[pos] = -1
                return uid
        raise LookupError(f"no free {serial} card left")

    def goods(self, seat: int, **amounts: int) -> Table:
        """Set goods behind a screen; unnamed goods (except VP) become 0."""
        player = self.state.players[seat]
        for g, name in enumerate(GOODS[:4]):
            player.goods[g] = amounts.get(name, 0)
        if "vp" in amounts:
            player.goods[4] = amounts["vp"]
            player.vp_from[:] = [0, 0, 0, 0, amounts["vp"]]
        self._touch()
        return self

    def workshop(self, seat: int, *stacks: str) -> Table:
        """Replace the repaired machines: each argument is a stack such as "P2+T3"."""
        player = self.state.players[seat]
        for stack in player.stacks:
            self.state.deck.extend(stack)
        player.stacks = [[self.card(serial) for serial in stack.split("+")] for stack in stacks]
        self._touch()
        return self

    def yard(self, seat: int, *serials: str) -> Table:
        player = self.state.players[seat]
        self.state.deck.extend(player.yard)
        player.yard[:] = [self.card(serial) for serial in serials]  # in place: teammates share it
        self._touch()
        return self

    def assistants(self, seat: int, *ids: str) -> Table:
        s = self.state
        for i in ids:
            a = next(a.index for a in s.data.assistants if a.id == i)
            for pile in (s.assistant_deck, s.meeting):
                if a in pile:
                    pile.remove(a)
            s.players[seat].assistants.append(a)
            if s.data.assistants[a].effect == "free_actions":
                s.players[seat].free_from = s.round
        self._touch()
        return self

    def meeting(self, *ids: str) -> Table:
        s = self.state
        s.assistant_deck.extend(s.meeting)
        s.meeting = []
        for i in ids:
            a = next(a.index for a in s.data.assistants if a.id == i)
            s.assistant_deck.remove(a)
            s.meeting.append(a)
        self._touch()
        return self

    def display(self, *ids: str) -> Table:
        s = self.state
        s.stock.extend(s.display)
        s.display = []
        for i in ids:
            p = next(p.index for p in s.data.projects if p.id == i)
            s.stock.remove(p)
            s.display.append(p)
        self._touch()
        return self

    def _kind(self, name: str) -> int:
        return 4 if name == "nightmare" else self.data.colours.index(name)

    def _take_fragment(self, kind: int) -> None:
        s = self.state
        for pile in (s.pile, s.discard):
            if kind in pile:
                pile.remove(kind)
                return
        raise LookupError(f"no free fragment of kind {kind}")

    def fragments(self, seat: int, *names: str) -> Table:
        """Set the fragments behind a screen (Chimera)."""
        player = self.state.players[seat]
        for kind, n in enumerate(player.held):
            self.state.pile += [kind] * n
        player.held[:] = [0] * 5
        for name in names:
            kind = self._kind(name)
            self._take_fragment(kind)
            player.held[kind] += 1
        self._touch()
        return self

    def dream(self, seat: int, *names: str) -> Table:
        """Set the fragments laid in a dream (Chimera)."""
        player = self.state.players[seat]
        self.state.pile += player.dream
        player.dream.clear()
        for name in names:
            kind = self._kind(name)
            self._take_fragment(kind)
            player.dream.append(kind)
        self._touch()
        return self

    def secret(self, seat: int, *ids: str) -> Table:
        """Give ``seat`` secret projects (as the secret-projects assistant would)."""
        s = self.state
        s.stock.extend(s.players[seat].secret)
        s.players[seat].secret.clear()
        for i in ids:
            p = next(p.index for p in s.data.projects if p.id == i)
            for pile in (s.stock, s.display):
                if p in pile:
                    pile.remove(p)
            s.players[seat].secret.append(p)
        self._touch()
        return self

    def turn(self, seat: int, step: str = "menu", pair: tuple[str, str] | None = None, spot: int = IDLE) -> Table:
        """Make ``seat`` the player resolving now, at ``step`` (with the action ``pair`` chosen)."""
        s = self.state
        piece = seat * 2
        s.phase = "implementation"
        s.spot = [OFF] * len(s.spot)
        s.spot[piece] = spot
        s.queue = [piece]
        s.qpos = 1
        s.track = []
        s.turn = Turn(piece=piece)
        if pair is not None:
            a, b = sorted(ACTIONS.index(x) for x in pair)
            s.turn.pair = a * 6 + b
            s.players[seat].last_pair = a * 6 + b
        s.step = step
        self._touch()
        tx = Transition()
        flow.proceed(s, tx)
        self.events += tx.events
        return self

    def ids(self) -> list[str]:
        decisions = GAME.pending(self.state)
        return [c.id for d in decisions for c in d.choices]

    def choose(self, *cids: str) -> ApplyResult[State]:
        result = None
        for cid in cids:
            seat = GAME.pending(self.state)[0].seat
            result = GAME.apply(self.state, seat, cid, self.state.version)
            self.state = result.state
            self.events += result.events
            GAME.check_invariants(self.state)
        assert result is not None
        return result

    def player(self, seat: int) -> Any:
        return self.state.players[seat]

    def serials(self, seat: int) -> list[str]:
        return ["+".join(self.data.card[u].serial for u in st) for st in self.player(seat).stacks]
