from __future__ import annotations

from collections import Counter

from engine.core import Rng


def test_reproducible_and_serialisable() -> None:
    a = Rng(42)
    seq = [a.randbelow(10) for _ in range(20)]
    b = Rng(42)
    assert [b.randbelow(10) for _ in range(20)] == seq
    c = Rng(state=a.state)
    assert c.next_u64() == a.next_u64()


def test_roughly_uniform() -> None:
    rng = Rng(1)
    counts = Counter(rng.randbelow(6) for _ in range(60_000))
    assert all(9_000 < n < 11_000 for n in counts.values())


def test_shuffle_is_a_permutation() -> None:
    items = list(range(50))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))
