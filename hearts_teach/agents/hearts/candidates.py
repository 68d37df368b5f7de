"""The pass candidates the Monte Carlo bot, the coach and the batch rollouts all weigh.

Below ``mc``, ``coach`` and ``batch_sample`` (each imports it; it imports none of them), so
none of them needs a function-level import of another to reach it.
"""

from __future__ import annotations

from itertools import combinations

from hearts_teach.agents.hearts.policy import pass_score, rule_pass
from hearts_teach.kernel.cards import SUIT_MASKS, indices_of


def pass_ranked(hand: int) -> list[int]:
    """The hand's cards (indices), the one the rule bot most wants to pass first (``pass_score``
    on the whole hand; ties by index): the order ``pass_pool`` draws its triples from."""
    return sorted(indices_of(hand), key=lambda c: (-pass_score(c, hand), c))


def pass_pool(hand: int) -> list[int]:
    """About 25 candidate triples (masks): the rule bot's sequential pick, every triple of
    the 6 best-scoring cards, and one void-making triple per short non-spade suit."""
    pool = [rule_pass(hand)]
    ranked = pass_ranked(hand)
    for tri in combinations(sorted(ranked[:6]), 3):
        m = (1 << tri[0]) | (1 << tri[1]) | (1 << tri[2])
        if m not in pool:
            pool.append(m)
    for suit in (0, 1, 2):
        sm = hand & SUIT_MASKS[suit]
        n = sm.bit_count()
        if 1 <= n <= 3:
            m = sm
            for c in ranked:
                if m.bit_count() == 3:
                    break
                m |= 1 << c
            if m not in pool:
                pool.append(m)
    return pool


__all__ = ["pass_pool", "pass_ranked"]
