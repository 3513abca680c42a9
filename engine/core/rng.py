"""A small seeded generator whose whole state is one integer, so it serialises inside the game state.

SplitMix64 is fast in pure Python, passes the usual statistical batteries for game use, and its
state is trivially JSON-able; ``randbelow`` uses rejection sampling so no outcome is favoured.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng:
    """Deterministic RNG; copy it with :meth:`fork`-free plain state (``Rng(state=rng.state)``)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        self.state = (state if state is not None else (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019)) & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, got {n}")
        if n & (n - 1) == 0:
            return self.next_u64() & (n - 1)
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        return Rng(state=self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
