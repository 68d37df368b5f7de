"""Sampled hidden deals shared by the coach and the Monte Carlo bots.

Deals come in fixed blocks of ``BLOCK``. Block ``b`` of a position is drawn from its own
generator, seeded by the position's key, a seed and ``b`` only. So deal number ``j`` is the
same whatever else is asked: more deals, fewer candidates, another caller, another process.
That is what lets the coach grow its sample until the verdicts are decided and still keep
every number it already has (common random numbers across candidates and across calls).

During the pass the key leaves out the cards the seat has already chosen: grading a pass
before or after committing to it uses the same deals.
"""

from __future__ import annotations

from dataclasses import replace

from ..rng import MASK64, Rng, hash64
from ..view import View
from .rollout import sample_hands, view_worlds

BLOCK = 64
FULL = (1 << 52) - 1

Deal = list[int]  # four hand masks (the seat's own hand included)


def position_key(view: View) -> str:
    """The canonical key the deals derive from (the pass already chosen left out)."""
    if view.phase == "pass" and view.passed:
        view = replace(view, passed=0)
    return view.key()


def block_seed(key: str, seed: int, block: int) -> int:
    """The 64-bit seed of one block of deals: a function of position, seed and block only."""
    return hash64(f"deals|{key}|{seed & MASK64}|{block}")


def deal_block(view: View, seed: int, block: int, key: str | None = None,
               count: int = BLOCK) -> list[Deal]:
    """Deals ``block·BLOCK`` … ``block·BLOCK + count − 1`` for ``view`` (the first ``count``
    of the block: a shorter block is a prefix of the full one).

    Play phase: the unseen cards dealt to the other seats consistently with what the seat
    knows (shown voids, hand sizes, the cards it passed). Pass phase: the 39 unseen cards
    dealt uniformly, 13 to each other seat (before anybody passes)."""
    rng = Rng(block_seed(key if key is not None else position_key(view), seed, block))
    if view.phase == "pass":
        unseen = FULL & ~view.hand
        return [sample_hands(rng, view.seat, view.hand, unseen, (13, 13, 13, 13), (0, 0, 0, 0))
                for _ in range(count)]
    return view_worlds(view, rng, count)


def deals(view: View, seed: int, count: int) -> list[Deal]:
    """The first ``count`` deals of ``view`` under ``seed``: the same deals the coach uses."""
    key = position_key(view)
    out: list[Deal] = []
    b = 0
    while len(out) < count:
        out.extend(deal_block(view, seed, b, key, min(BLOCK, count - len(out))))
        b += 1
    return out


__all__ = ["BLOCK", "Deal", "deal_block", "deals", "position_key", "block_seed"]
