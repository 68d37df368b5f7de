"""The project's own random number generator.

CPython promises only that ``random.Random(int_seed).random()`` gives the same stream on
every version; ``shuffle``, ``choice`` and ``randrange`` may change between minor
releases. ``Rng`` therefore uses nothing but ``random()`` and derives everything else
itself, so every seeded deal, bot decision and simulation is reproducible everywhere.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
MASK64 = (1 << 64) - 1


def hash64(text: str) -> int:
    """A stable 64-bit hash of a string (``hash()`` is salted per process)."""
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class Rng:
    """A seeded generator: ``Rng(7)``. Pass it explicitly; never share a global one."""

    __slots__ = ("seed", "_random")

    def __init__(self, seed: int | str = 0):
        if isinstance(seed, str):
            seed = hash64(seed)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"Rng seed must be an int or a str, not {type(seed).__name__}")
        self.seed = seed & MASK64
        # only .random() of this object is ever called: its stream is the guaranteed one
        self._random = random.Random(self.seed).random

    def __repr__(self) -> str:
        return f"Rng({self.seed})"

    def random(self) -> float:
        return self._random()

    def randbelow(self, n: int) -> int:
        """0 <= k < n. For the small n used here the float bias is below 2**-45."""
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, got {n}")
        return int(self._random() * n)

    def randint(self, a: int, b: int) -> int:
        return a + self.randbelow(b - a + 1)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[int(self._random() * len(items))]

    def shuffle(self, items: MutableSequence) -> None:
        """Fisher-Yates, in place."""
        rnd = self._random
        for i in range(len(items) - 1, 0, -1):
            j = int(rnd() * (i + 1))
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        if not 0 <= k <= len(pool):
            raise ValueError(f"sample of {k} from {len(pool)} items")
        rnd = self._random
        for i in range(k):
            j = i + int(rnd() * (len(pool) - i))
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def pick_bit(self, mask: int) -> int:
        """A uniformly chosen set bit of a non-empty mask, returned as an index."""
        n = mask.bit_count()
        k = int(self._random() * n)  # the k-th set bit, counting from the lowest
        # walk from whichever end is nearer, with while loops (no range object): every
        # random play of the benchmarks and of the random bots comes through here
        if 2 * k < n:
            while k:
                mask &= mask - 1
                k -= 1
            return (mask & -mask).bit_length() - 1
        k = n - 1 - k
        while k:
            mask ^= 1 << (mask.bit_length() - 1)
            k -= 1
        return mask.bit_length() - 1

    def spawn(self, label: str | int) -> Rng:
        """An independent child generator named by ``label`` (stable across call order)."""
        return Rng(hash64(f"{self.seed}/{label}"))
