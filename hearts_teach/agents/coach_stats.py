"""The coach's statistics: common deals, an honest best, certain verdicts, enough deals.

Rules (each one has a test in tests/test_coach_stats.py):

- **Common deals.** Every candidate is played out on the same sampled deals (deal ``j``
  depends only on the position, the seed and ``j``: ``agents.hearts.deals``), so differences are
  paired and the luck of the deal cancels out.
- **Include-invariance.** The candidates the position defines (``base``) decide everything:
  which one is the reference best, how many deals are sampled, which candidates stop early.
  Extra candidates (``extras``: a learner's own pass) are only measured on those deals, so
  adding one never changes another candidate's numbers or verdict.
- **No winner's curse.** A best is chosen on the even-numbered deals and every difference
  from it is measured on the odd-numbered ones; a second best is chosen on the odd deals and
  measured on the even ones, and the two held-out differences are averaged (cross-fitting:
  every deal is used for measuring, never by the half that chose). Choosing and measuring
  on the same deals would make the winner look better than it is, and every other option worse.
- **Verdicts at 95 % confidence.** A verdict worse than "fine" needs the whole 95 % interval of the
  difference beyond the band: worse by more than 0.25 points ("inaccuracy"), more than 1
  ("mistake"), more than 3 ("blunder"). "best" needs the whole interval within 0.25 points
  of the reference (a tie with it); anything in between is "fine", which the coach shows as
  "too close to call" (the deals could not tell whether it costs more than 0.25 points).
- **Enough deals.** Deals are added in doubling rounds until no interval straddles the
  0.25 or the 1-point edge (the edges between the classes best/fine, inaccuracy and
  mistake/blunder), or until a budget of deals and rollouts is spent. Candidates whose class is already
  settled (by a stricter 99 % interval) stop being rolled out, so the later rounds spend
  their rollouts on the close calls. Only counts decide, never the clock, so results are
  reproducible.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from hearts_teach.agents.hearts.coach_backend import Backend, Outcomes
from hearts_teach.agents.hearts.deals import BLOCK, deal_range, position_key
from hearts_teach.games.hearts.view import View

BAND = 0.25  # points: within this of the best a choice is as good as the best
INACCURACY_MAX = 1.0
MISTAKE_MAX = 3.0
THRESHOLDS = (BAND, INACCURACY_MAX, MISTAKE_MAX)
Z95 = 1.959964
Z_SETTLE = 2.575829  # a candidate stops early only on 99 % evidence (repeated looks)

VERDICT_MEANINGS = {
    "best": "as good as the coach's top choice: within 0.25 points a hand of it, as far as "
            "the sampled deals show at 95 % confidence",
    "fine": "about as good as the best as far as the deals show: they cannot tell whether it "
            "costs more than 0.25 points a hand",
    "inaccuracy": "worse than the best by more than 0.25 points a hand, as far as the sampled "
                  "deals show at 95 % confidence, but not shown to cost more than 1 (\"inaccuracy "
                  "or worse\" when the deals cannot tell whether it costs more than 1)",
    "mistake": "worse than the best by more than 1 point a hand, as far as the sampled deals "
               "show at 95 % confidence, but not shown to cost more than 3",
    "blunder": "worse than the best by more than 3 points a hand, as far as the sampled deals "
               "show at 95 % confidence",
}


def verdict_of(lo: float, hi: float) -> str:
    """The verdict for a 95 % interval ``[lo, hi]`` of (points with this − points with the best)."""
    if lo > MISTAKE_MAX:
        return "blunder"
    if lo > INACCURACY_MAX:
        return "mistake"
    if lo > BAND:
        return "inaccuracy"
    if hi <= BAND:
        return "best"
    return "fine"


def decided(lo: float, hi: float, edges: tuple[float, ...] = THRESHOLDS) -> bool:
    """True when no band edge lies inside the interval (more deals would not change the verdict)."""
    return not any(lo <= t <= hi for t in edges)


# Deals are spent on the edges that change a drill's marks and the verdict's class: the
# 0.25 and 1-point edges. A choice shown (95 %) to be worse by more than a point is a mistake
# or a blunder either way; telling those two apart is not worth a close call's deals.
GROWTH_EDGES = (BAND, INACCURACY_MAX)


@dataclass(frozen=True)
class Difference:
    """A paired difference from the reference, measured on the held-out (odd) deals."""

    mean: float
    se: float
    lo: float
    hi: float
    deals: int  # held-out deals it was measured on


def _half(x: np.ndarray, ref: np.ndarray, parity: int) -> tuple[float, float, int]:
    """Mean and variance of the mean of ``x − ref`` over the deals of one parity that both
    were played on. Integer sums keep it exact and identical in every process."""
    n = min(len(x), len(ref))
    d = x[parity:n:2].astype(np.int64) - ref[parity:n:2].astype(np.int64)
    m = len(d)
    if m < 2:
        return (float(d.sum()) / m if m else 0.0), math.inf, m
    s, s2 = int(d.sum()), int((d * d).sum())
    return s / m, max(0.0, (s2 - s * s / m) / (m - 1)) / m, m


def difference(x: np.ndarray, ref_even: np.ndarray, ref_odd: np.ndarray | None = None,
               z: float = Z95) -> Difference:
    """The cross-fitted difference of ``x`` from the best: ``ref_even`` is the best chosen
    on the even-numbered deals and is compared on the odd ones, ``ref_odd`` (default: the
    same) the best chosen on the odd deals, compared on the even ones; the two held-out
    halves are independent, so their average has variance (v₁ + v₂) / 4."""
    if ref_odd is None:
        ref_odd = ref_even
    m1, v1, n1 = _half(x, ref_even, 1)
    m2, v2, n2 = _half(x, ref_odd, 0)
    mean = (m1 + m2) / 2
    if math.isinf(v1) or math.isinf(v2):
        return Difference(mean, math.inf, -math.inf, math.inf, n1 + n2)
    se = math.sqrt(v1 + v2) / 2
    return Difference(mean, se, mean - z * se, mean + z * se, n1 + n2)


@dataclass(frozen=True)
class Evidence:
    """Everything the coach measured in one position."""

    candidates: tuple[int, ...]  # base candidates first, then the extras
    base: int  # how many of them the position defines
    ref: int  # index of the best chosen on the even deals (always a base candidate)
    ref_odd: int  # index of the best chosen on the odd deals
    outcomes: tuple[Outcomes, ...]  # per candidate, shape (1, deals it was played on)
    diffs: tuple[Difference, ...]
    verdicts: tuple[str, ...]
    deals: int  # deals sampled
    rounds: int

    def points(self, i: int) -> np.ndarray:
        return self.outcomes[i].points[0]


def _select_ref(points: list[np.ndarray], base: int, active: list[bool], n: int, parity: int) -> int:
    """The live base candidate with the fewest points on the deals of one parity (ties: first)."""
    best, best_sum = -1, None
    for i in range(base):
        if not active[i] or len(points[i]) < n:
            continue
        s = int(points[i][parity:n:2].astype(np.int64).sum())
        if best_sum is None or s < best_sum:
            best, best_sum = i, s
    return best


def gather(view: View, candidates: Sequence[int], base: int, seed: int, backend: Backend,
           first_blocks: int, max_blocks: int, max_cost: int) -> Evidence:
    """Sample deals in doubling rounds and roll the candidates out until the verdicts are
    decided (see the module docstring). ``candidates[:base]`` are the position's own.

    A round stops the growth when no base candidate's 95 % interval straddles a band edge,
    when ``max_blocks`` blocks are sampled, or when the cost reaches ``max_cost`` (a rollout
    of a base candidate costs 2, sampling a deal 1; extras are not counted, so they cannot
    change the growth).
    A base candidate whose stricter 99 % interval already lies inside one band is settled:
    it keeps the deals it has and the later rounds spend their rollouts on the close calls.
    If the best changes later and a settled candidate's interval against the new best is no
    longer decided, it is woken up and caught up on the deals it missed.
    """
    key = position_key(view)
    k = len(candidates)
    chunks: list[list[Outcomes]] = [[] for _ in range(k)]
    have = [0] * k  # deals each candidate has been played on (always a prefix)
    active = [True] * k
    sampled: list[list[int]] = []
    blocks, target, rounds, spent = 0, max(1, min(first_blocks, max_blocks)), 0, 0
    last = False
    while True:
        rounds += 1
        sampled.extend(deal_range(view, seed, blocks * BLOCK, target * BLOCK, key))
        spent += (target - blocks) * BLOCK
        blocks = target
        n = blocks * BLOCK
        behind = sorted({have[i] for i in range(k) if active[i] and have[i] < n})
        for start in behind:  # one backend call per starting point (catch-ups are rare)
            rows = [i for i in range(k) if active[i] and have[i] == start]
            out = backend(view, [candidates[i] for i in rows], sampled[start:n])
            for r, i in enumerate(rows):
                chunks[i].append(out.rows([r]))
                have[i] = n
            spent += 2 * (n - start) * sum(1 for i in rows if i < base)
        pts = [np.concatenate([c.points[0] for c in chunks[i]]) for i in range(k)]
        ref, ref_odd = _select_ref(pts, base, active, n, 0), _select_ref(pts, base, active, n, 1)
        open_ = woken = False
        for i in range(base):
            if i in (ref, ref_odd):
                continue
            strict = difference(pts[i], pts[ref], pts[ref_odd], Z_SETTLE)
            if not active[i]:
                if not decided(strict.lo, strict.hi, GROWTH_EDGES):
                    active[i] = woken = True  # settled against a best that has changed
                continue
            d = difference(pts[i], pts[ref], pts[ref_odd])
            if not decided(d.lo, d.hi, GROWTH_EDGES):
                open_ = True
            if decided(strict.lo, strict.hi, GROWTH_EDGES):
                active[i] = False  # its class is settled: spend the next rounds elsewhere
        if last:
            break
        live_base = sum(1 for i in range(base) if active[i])
        room = (max_cost - spent) // ((1 + 2 * live_base) * BLOCK)
        if not open_ or blocks >= max_blocks or room < 1:
            if not woken:
                break
            last = True  # one more pass, without new deals, to catch the woken ones up
            continue
        target = blocks + min(blocks, room, max_blocks - blocks)
    outcomes = tuple(Outcomes.concat(c) for c in chunks)
    diffs = tuple(difference(o.points[0], outcomes[ref].points[0], outcomes[ref_odd].points[0])
                  for o in outcomes)
    verdicts = tuple(verdict_of(d.lo, d.hi) for d in diffs)
    return Evidence(tuple(candidates), base, ref, ref_odd, outcomes, diffs, verdicts,
                    blocks * BLOCK, rounds)


__all__ = ["BAND", "Difference", "Evidence", "INACCURACY_MAX", "MISTAKE_MAX", "THRESHOLDS",
           "VERDICT_MEANINGS", "decided", "difference", "gather", "verdict_of"]
