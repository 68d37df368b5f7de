"""Benchmark figures of the batch engine, beside the scalar engine (printed by
``python -m hearts_teach.tools.bench``; never timed tests).

  batch_random_hands_per_s   complete random hands (deal, pass, 52 plays, score) per second
  batch_rule_hands_per_s     complete hands by four rule bots (pass and play) per second
  rule_hands_per_s           the same on the scalar engine (``agents.hearts.rollout``'s hot loop)
  rule_bot_hands_per_s       four ``RuleBot`` objects through ``Hand``/``View`` (the scalar
                             tournament path)
  *_per_cpu_s                the same rates per CPU second (less sensitive to other load)
  batch_rule_speedup(_per_cpu_s)  batch_rule_hands_per_s / rule_hands_per_s (wall; per CPU s)
  batch_rollouts_per_s       rollouts per second from one mid-hand position (trick 5, 8
                             legal cards): every candidate × sampled worlds, rule policy
  batch_peak_mb_100k_hands   peak memory (tracemalloc, in a fresh subprocess) while playing
                             100,000 rule-bot hands in one batch
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from hearts_teach.agents.hearts.batch_play import play_hands
from hearts_teach.agents.hearts.policy import rule_pass
from hearts_teach.agents.hearts.rollout import rollout
from hearts_teach.games.hearts.legality import opening_holder
from hearts_teach.games.hearts.scoring import final_scores
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import FULL_DECK
from hearts_teach.kernel.deal import deal_masks
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import SEAT_COUNT
from hearts_teach.tools.bench_engine import STANDARD, exchange, pass_offset, watch_views

ALL_DEFENCE = (True,) * SEAT_COUNT


def scalar_rule_hand(rng: Rng, hand_number: int = 0) -> tuple:
    """One complete hand by four rule bots on the scalar hot loop; (scores, moon)."""
    hands = deal_masks(rng)
    off = pass_offset(hand_number)
    if off:
        hands = exchange(hands, [rule_pass(h) for h in hands], off)
    taken, _ = rollout(hands, [0] * SEAT_COUNT, 0, 0, opening_holder(hands, STANDARD), -1, -1, -1, False,
                       0, 0, STANDARD, ALL_DEFENCE, -1, FULL_DECK)
    return final_scores(taken, "add_to_others", False)


_CPU: dict[str, float] = {}


def _rate(fn: Callable[[], object], n: int, reps: int, key: str = "") -> tuple[float, float, float]:
    """Median, min and max of ``n`` / wall seconds over ``reps`` runs (the median per CPU
    second goes to ``_CPU[key]``: on a shared machine it shows the rate without waiting)."""
    rates, cpu = [], []
    for _ in range(reps):
        c0, t0 = time.process_time(), time.perf_counter()
        fn()
        rates.append(n / (time.perf_counter() - t0))
        cpu.append(n / max(time.process_time() - c0, 1e-9))
    _CPU[key] = statistics.median(cpu)
    return statistics.median(rates), min(rates), max(rates)


def rollout_position() -> View:
    """The first view, in seeded hands by four rule bots, at trick 5 with 8 legal cards."""
    from hearts_teach.agents.hearts import RuleBot
    from hearts_teach.games.hearts.hand import Hand

    found: list[View] = []

    def look(v: View) -> bool:
        if v.tricks_done == 4 and v.legal_mask.bit_count() == 8:
            found.append(v)
        return bool(found) or v.tricks_done > 4

    k = 0
    while not found:
        watch_views(Hand.deal(seed=5000 + k, hand_number=k), [RuleBot()] * SEAT_COUNT, look)
        k += 1
    return found[0]


def peak_memory_mb(hands: int = 100_000) -> dict:
    """Play ``hands`` rule-bot hands in one batch in a fresh interpreter; its peak traced
    memory and peak resident size in MB."""
    code = ("import tracemalloc, resource, json\n"
            "from hearts_teach.agents.hearts.batch_play import play_hands\n"
            "tracemalloc.start()\n"
            f"play_hands({hands}, seed=1, seats='rule', batch={hands})\n"
            "peak = tracemalloc.get_traced_memory()[1]\n"
            "print(json.dumps([peak / 2**20, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024]))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    traced, rss = json.loads(out.stdout)
    return {"batch_peak_mb_100k_hands": round(traced, 1), "batch_maxrss_mb_100k_hands": round(rss, 1)}


def batch_figures(quick: bool = False) -> dict:
    from hearts_teach.agents.hearts.batch_sample import rollout as batch_rollout

    n = 4000 if quick else 20_000
    reps = 3 if quick else 5
    out: dict = {}
    play_hands(1000, seed=0, seats="random")  # warm-up (tables, caches)
    med, lo, hi = _rate(lambda: play_hands(n, seed=1, seats="random"), n, reps, "batch_random")
    out.update(batch_random_hands_per_s=round(med), batch_random_hands_per_s_min=round(lo),
               batch_random_hands_per_s_max=round(hi), batch_hands_per_rep=n)
    med, lo, hi = _rate(lambda: play_hands(n, seed=2, seats="rule"), n, reps, "batch_rule")
    out.update(batch_rule_hands_per_s=round(med), batch_rule_hands_per_s_min=round(lo),
               batch_rule_hands_per_s_max=round(hi))
    ns = 300 if quick else 2000
    rng = Rng(3)

    def scalar() -> None:
        for i in range(ns):
            scalar_rule_hand(rng, i)

    med, lo, hi = _rate(scalar, ns, reps, "rule")
    out.update(rule_hands_per_s=round(med), rule_hands_per_s_min=round(lo),
               rule_hands_per_s_max=round(hi), rule_hands_per_rep=ns)
    out["batch_rule_speedup"] = round(out["batch_rule_hands_per_s"] / out["rule_hands_per_s"], 1)
    view = rollout_position()
    worlds = 500 if quick else 2500
    cands = view.legal_mask.bit_count()
    med, lo, hi = _rate(lambda: batch_rollout(view, worlds=worlds, seed=1), cands * worlds, reps,
                        "batch_rollouts")
    out.update(batch_rollouts_per_s=round(med), batch_rollouts_per_s_min=round(lo),
               batch_rollouts_per_s_max=round(hi), batch_rollout_candidates=cands,
               batch_rollout_worlds=worlds)
    for key, rate in _CPU.items():
        out[f"{key}_per_cpu_s" if key == "batch_rollouts" else f"{key}_hands_per_cpu_s"] = round(rate)
    out["batch_rule_speedup_per_cpu_s"] = round(_CPU["batch_rule"] / _CPU["rule"], 1)
    out.update(scalar_bot_figures(quick))
    if not quick:
        out.update(peak_memory_mb())
    return out


def scalar_bot_figures(quick: bool) -> dict:
    """Four ``RuleBot``s through ``Hand`` and ``View`` (as tournaments played before the
    batch engine): the scalar path a player's lineup takes."""
    from hearts_teach.agents.hearts import RuleBot
    from hearts_teach.agents.tournament import play_hand
    from hearts_teach.games.hearts.hand import Hand

    n = 40 if quick else 200
    bots = [RuleBot() for _ in range(SEAT_COUNT)]

    def run() -> None:
        for i in range(n):
            play_hand(Hand.deal(seed=i, hand_number=i), bots)

    med, lo, hi = _rate(run, n, 3, "rule_bot")
    return {"rule_bot_hands_per_s": round(med), "rule_bot_hands_per_cpu_s": round(_CPU["rule_bot"])}
