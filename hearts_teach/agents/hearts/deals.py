"""Sampled hidden deals shared by the coach and the Monte Carlo bots.

Deal number ``j`` of a position depends only on the position's key, a seed and ``j``: the
batch engine's sampler (``batch_sample.sample_worlds``) draws world ``j`` from a counter-based
stream of its own. So deal ``j`` is the same whatever else is asked: more deals, fewer
candidates, another caller, another process. That is what lets the coach grow its sample
until the verdicts are decided and keep every number it already has (common random numbers
across candidates and across calls).

During the pass the key leaves out the cards the seat has already chosen: grading a pass
before or after committing to it uses the same deals.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.errors import Rule, WrongPhaseError
from hearts_teach.kernel.rng import MASK64, Rng, hash64
from hearts_teach.kernel.table import SEAT_COUNT

if TYPE_CHECKING:
    import numpy as np  # (numpy itself loads only when deals are drawn)

BLOCK = 64  # deals are added in whole blocks (the coach's rounds are made of blocks)

Deal = list[int]  # four hand masks (the seat's own hand included)


def position_key(view: View) -> str:
    """The canonical key the deals derive from (the pass already chosen left out)."""
    if view.phase == "pass" and view.passed:
        view = replace(view, passed=0)
    return view.key()


def deal_seed(key: str, seed: int) -> int:
    """The 64-bit seed of a position's deals: a function of its key and ``seed`` only."""
    return hash64(f"deals|{key}|{seed & MASK64}")


def deal_range(view: View, seed: int, start: int, stop: int, key: str | None = None) -> list[Deal]:
    """Deals ``start`` … ``stop − 1`` of ``view`` under ``seed``.

    Play phase: the unseen cards dealt to the other seats consistently with what the seat
    knows (shown voids, hand sizes, the cards it passed). Pass phase: the 39 unseen cards
    dealt uniformly, 13 to each other seat (before anybody passes). At a table of 3, 5 or
    6 the deals come from the scalar sampler (``rollout.sample_hands``; the batch engine
    seats four): one hand per seat, only the cards in play, deal j from its own stream."""
    if stop <= start:
        return []
    if view.rules.players != SEAT_COUNT:
        rng = Rng(deal_seed(key if key is not None else position_key(view), seed))
        return [table_deal(view, rng.spawn(f"world/{j}")) for j in range(start, stop)]
    # world j is a function of (seed, j) alone, so the first `stop` worlds hold deals start…stop−1
    return [list(map(int, row)) for row in deal_array(view, seed, stop, key)[start:stop]]


def deal_array(view: View, seed: int, count: int, key: str | None = None) -> np.ndarray:
    """The first ``count`` deals of ``view`` under ``seed`` as a (count, 4) array of hand masks: the
    same deals as ``deals``, without the lists (a table of four only)."""
    from hearts_teach.agents.hearts.batch_sample import (
        sample_worlds,  # the batch engine loads numpy: only when needed
    )

    return sample_worlds(view, count, Rng(deal_seed(key if key is not None else position_key(view), seed)))


def table_deal(view: View, rng: Rng) -> Deal:
    """One hidden deal consistent with ``view`` at any table size (the scalar sampler)."""
    from hearts_teach.agents.hearts.rollout import sample_hands

    rules, me = view.rules, view.seat
    if view.phase == "pass":
        unseen = rules.deck_mask & ~view.hand
        sizes = [rules.hand_size] * rules.players
        return sample_hands(rng, me, view.hand, unseen, sizes, [0] * rules.players)
    if view.phase != "play":
        raise WrongPhaseError(f"cannot sample hidden deals from a {view.phase!r} position: "
                              f"use a view from the pass or the play", rule=Rule.WRONG_PHASE)
    known: dict[int, int] = {}
    if view.passed and view.pass_to is not None:
        known[view.pass_to] = view.passed  # the seat knows where its passed cards went
    return sample_hands(rng, me, view.hand, view.unseen_mask, view.sizes, view.void, known)


def deal_block(view: View, seed: int, block: int, key: str | None = None) -> list[Deal]:
    """Deals ``block·BLOCK`` … ``block·BLOCK + BLOCK − 1``."""
    return deal_range(view, seed, block * BLOCK, (block + 1) * BLOCK, key)


def deals(view: View, seed: int, count: int) -> list[Deal]:
    """The first ``count`` deals of ``view`` under ``seed``: the same deals the coach uses."""
    return deal_range(view, seed, 0, count)


__all__ = ["BLOCK", "Deal", "deal_array", "deal_block", "deal_range", "deal_seed", "deals", "position_key", "table_deal"]
