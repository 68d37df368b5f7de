"""Tournaments between the built-in ``random``, ``rule`` and ``easy`` bots on the batch
engine, with the same deals, choices and results as ``tournament.run_tournament``'s scalar
path for the same seed.

The deals are ``tournament.deal_for``'s (one scalar shuffle per deal, seeded from the
tournament seed and the deal number); the rule bots are deterministic; the random bot's
choices come from ``KeyedRandomPolicy``, which draws from the same per-position generator
as ``RandomBot`` (``Bot.rng_for``), so every card matches the scalar path.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from hearts_teach.agents.hearts.batch_policy import KeyedRandomPolicy, RulePolicy
from hearts_teach.agents.lineups import seating
from hearts_teach.games.hearts.batch import Policy, deals_from_rngs, play_lineups
from hearts_teach.games.hearts.rules import Rules
from hearts_teach.kernel.rng import Rng, hash64
from hearts_teach.kernel.table import SEAT_COUNT

BATCH_BOTS = ("random", "rule", "greedy", "easy")


def batch_supported(seats: Sequence) -> bool:
    """Whether every seat is a built-in bot name the batch engine plays."""
    return all(isinstance(s, str) and s.strip().lower() in BATCH_BOTS for s in seats)


def tournament_rows(lineup: Sequence[str], hands: int, seed: int, duplicate: bool,
                    rules: Rules | None, first: int = 0) -> tuple[np.ndarray, np.ndarray, list[list[int]]]:
    """Play deals ``first`` .. ``first + hands - 1`` of the tournament; returns (scores (H, 4) by
    seat, moon (H,), seat_of per hand) with H = hands × rotations, in the scalar path's order
    (deal-major, then rotation). A tournament played in pieces gives the same rows."""
    rules = rules if rules is not None else Rules()
    rotations = SEAT_COUNT if duplicate else 1  # duplicate: each deal once per seat rotation
    deal_no = np.repeat(np.arange(first, first + hands), rotations)
    rot = np.tile(np.arange(rotations), hands)
    rngs = [Rng(hash64(f"tournament/{seed}/{d}")) for d in range(first, first + hands)]
    deals = np.repeat(deals_from_rngs(rngs), rotations, axis=0)
    keys = [s.strip().lower() for s in lineup]
    policies: list[Policy] = []
    kinds: dict[str, int] = {}
    for k in keys:
        kind = "rule" if k == "greedy" else k
        if kind in kinds:
            continue
        kinds[kind] = len(policies)
        if kind == "random":
            policies.append(KeyedRandomPolicy(seed, rules, deal_no))
        else:
            policies.append(RulePolicy(moon_defence=kind != "easy"))
    entry_policy = np.array([kinds["rule" if k == "greedy" else k] for k in keys])
    # lineup entry e sits in seat e + r (``tournament.seating``), so seat s holds entry s - r
    seat_entry = (np.arange(SEAT_COUNT)[None, :] - rot[:, None]) % SEAT_COUNT
    result = play_lineups(deals, policies, entry_policy[seat_entry], rules=rules,
                          hand_numbers=deal_no)
    seat_of = [seating(int(r)) for r in rot]
    return result.scores, result.moon, seat_of


__all__ = ["BATCH_BOTS", "batch_supported", "tournament_rows"]
