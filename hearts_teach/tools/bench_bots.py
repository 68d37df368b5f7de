"""Benchmark of the bots and the coach: strength figures and decision times.

    python -m hearts_teach.tools.bench_bots [--json] [--quick]
    python -m hearts_teach.tools.bench_bots --ladder [--deals 1000] [--search-deals 300] [--only A:B,...]
    python -m hearts_teach.tools.bench_bots --latency   # the coach beside one busy process (`yes`)
    python -m hearts_teach.tools.bench --json          # the engine figures plus these

Strength (seeded tournaments, so the figures repeat exactly):
  rule_vs_3_random_pts     the rule bot's points per hand against three random bots
  random_vs_3_rule_moon_pct   how often a random player shoots the moon against 3 rule bots
  random_vs_3_easy_moon_pct   the same against 3 rule bots without moon defence (contrast)
  medium_edge_vs_3_rule    duplicate: mean(rule bots' points) − medium's points, per hand
Speed (wall-clock seconds, so these vary a little from run to run):
  coach_assess_median_s    full ``assess_play`` (default widths) over a fixed set of
                           mid-hand decisions with 8 or more legal cards
  coach_play_median_s / coach_pass_median_s   full ``assess_play`` / ``assess_pass``
                           (default widths) over the stability positions, seed 0; the
                           ``*_cpu_s`` twins give the process CPU time (the box is shared)
  coach_serious_flips      over the stability positions (passes and plays) graded with seeds
                           0, 1 and 2: candidates called mistake/blunder under one seed and
                           best/fine under another (target 0)
  coach_class_change_rate  the share of those candidates whose class (best/fine,
                           inaccuracy, mistake/blunder) differs between seeds (target ≤ 5 %)
  hard_move_median_s       one ``hard`` bot decision on the same positions
  hard_move_all_median_s   one ``hard`` decision over every move of whole hands (forced
                           moves included, as a player experiences them)
``--quick`` uses small sizes (a smoke test; the strength figures are then rough).
``--ladder`` prints the ladder table instead (``tools.bench_ladder``): each level against three
of the level below and against three ``rule`` bots, duplicate, with 95 % intervals.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

from hearts_teach.agents.coach import assess_pass, assess_play
from hearts_teach.agents.hearts import RuleBot, make_bot
from hearts_teach.agents.hearts.base import Bot
from hearts_teach.agents.tournament import play_hand, run_tournament
from hearts_teach.games.hearts.hand import Hand
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import Card, CardList
from hearts_teach.kernel.cli import quiet_on_closed_pipe
from hearts_teach.kernel.table import SEAT_COUNT
from hearts_teach.tools.bench_engine import emit, watch_views

T = TypeVar("T")

SEED = 2026


def mid_hand_positions(count: int, min_legal: int = 8, seed: int = SEED) -> list:
    """A fixed set of views: the first ``count`` decisions with at least ``min_legal`` legal
    cards, after at least two tricks, in seeded hands played by four rule bots."""
    out: list = []
    k = 0
    while len(out) < count:
        taken_from_this_hand: list[View] = []

        def look(v: View, mine: list[View] = taken_from_this_hand) -> bool:
            if v.tricks_done >= 2 and v.legal_mask.bit_count() >= min_legal:
                out.append(v)
                mine.append(v)
            return len(out) == count or len(mine) == 2

        watch_views(Hand.deal(seed=seed + k, hand_number=k), [RuleBot() for _ in range(SEAT_COUNT)], look)
        k += 1
    return out


def pass_positions(count: int, seed: int = SEED) -> list:
    """A fixed set of pass views: South's hand in seeded deals, directions left/right/across."""
    return [Hand.deal(seed=seed + 500 + k, hand_number=k % 3).view(0) for k in range(count)]


CLASS = {"best": 0, "fine": 0, "inaccuracy": 1, "mistake": 2, "blunder": 2}


def coach_stability(quick: bool) -> dict:
    """Grade fixed positions (passes and plays) with seeds 0, 1 and 2 and count how often a
    candidate's verdict class changes with the seed. Seed-0 runs give the latency figures."""
    plays = mid_hand_positions(4 if quick else 16, seed=SEED + 7)
    passes = pass_positions(3 if quick else 15)
    flips = changes = total = 0
    by_kind = {"play": [0, 0], "pass": [0, 0]}  # changes, candidates
    times: dict[str, list[float]] = {"play": [], "pass": []}
    cpu: dict[str, list[float]] = {"play": [], "pass": []}
    deals: dict[str, list[int]] = {"play": [], "pass": []}
    for kind, views, fn in (("play", plays, assess_play), ("pass", passes, assess_pass)):
        for v in views:
            classes: dict[str, list[int]] = {}
            for seed in (0, 1, 2):
                c0 = time.process_time()
                dt, a = _timed(fn, v, seed=seed)
                if seed == 0:
                    times[kind].append(dt)
                    cpu[kind].append(time.process_time() - c0)
                    deals[kind].append(a.worlds)
                for c in a:
                    classes.setdefault(c.label if kind == "play" else str(c.cards.mask), []).append(CLASS[c.verdict])
            for cls in classes.values():
                total += 1
                changes += len(set(cls)) > 1
                flips += 0 in cls and 2 in cls
                by_kind[kind][0] += len(set(cls)) > 1
                by_kind[kind][1] += 1
    return {
        "coach_stability_positions": len(plays) + len(passes),
        "coach_stability_candidates": total,
        "coach_serious_flips": flips,
        "coach_class_change_rate": round(changes / total, 4),
        "coach_class_change_rate_play": round(by_kind["play"][0] / by_kind["play"][1], 4),
        "coach_class_change_rate_pass": round(by_kind["pass"][0] / by_kind["pass"][1], 4),
        "coach_play_median_s": round(statistics.median(times["play"]), 4),
        "coach_pass_median_s": round(statistics.median(times["pass"]), 4),
        "coach_pass_max_s": round(max(times["pass"]), 4),
        "coach_play_median_cpu_s": round(statistics.median(cpu["play"]), 4),
        "coach_pass_median_cpu_s": round(statistics.median(cpu["pass"]), 4),
        "coach_pass_mean_deals": round(sum(deals["pass"]) / len(deals["pass"]), 1),
        "coach_play_mean_deals": round(sum(deals["play"]) / len(deals["play"]), 1),
    }


def coach_latency(busy: bool = True) -> dict:
    """The coach's latency on the stability run's positions (seed 0 only), optionally beside one
    busy process (``yes > /dev/null``, the issue's "one other busy process"): median wall and CPU
    time per assessment, and the slowest wall time, for plays and for passes."""
    import shutil
    import subprocess

    plays, passes = mid_hand_positions(16, seed=SEED + 7), pass_positions(15)
    yes = shutil.which("yes") if busy else None
    other = subprocess.Popen([yes], stdout=subprocess.DEVNULL) if yes else None
    out: dict = {"coach_latency_beside_busy": other is not None}
    try:
        for kind, views, fn in (("play", plays, assess_play), ("pass", passes, assess_pass)):
            wall, cpu = [], []
            for v in views:
                c0 = time.process_time()
                dt, _a = _timed(fn, v, seed=0)
                wall.append(dt)
                cpu.append(time.process_time() - c0)
            out[f"coach_{kind}_median_s"] = round(statistics.median(wall), 3)
            out[f"coach_{kind}_median_cpu_s"] = round(statistics.median(cpu), 3)
            out[f"coach_{kind}_max_s"] = round(max(wall), 3)
    finally:
        if other is not None:
            other.kill()
            other.wait()
    return out


def _timed(fn: Callable[..., T], *args: Any, **kw: Any) -> tuple[float, T]:
    t0 = time.perf_counter()
    value = fn(*args, **kw)
    return time.perf_counter() - t0, value


def speed_figures(quick: bool) -> dict:
    positions = mid_hand_positions(6 if quick else 24)
    coach_times, worlds, groups = [], [], []
    for v in positions:
        dt, a = _timed(assess_play, v)
        coach_times.append(dt)
        worlds.append(a.worlds)
        groups.append(len(a))
    hard = make_bot("hard", seed=1)
    hard_times = [_timed(hard.choose_play, v)[0] for v in positions]
    # every move of whole hands: hard in seat 0 against three rule bots
    all_times: list[float] = []

    class Timed(Bot):
        name = "hard"

        def choose_pass(self, view: View) -> CardList:
            return hard.choose_pass(view)

        def choose_play(self, view: View) -> Card:
            dt, card = _timed(hard.choose_play, view)
            all_times.append(dt)
            return card

    for i in range(2 if quick else 8):
        play_hand(Hand.deal(seed=SEED + 100 + i, hand_number=i), [Timed(), RuleBot(), RuleBot(), RuleBot()])
    legal = [v.legal_mask.bit_count() for v in positions]
    return {
        "coach_assess_median_s": round(statistics.median(coach_times), 4),
        "coach_assess_max_s": round(max(coach_times), 4),
        "coach_positions": len(positions),
        "coach_positions_mean_legal": round(sum(legal) / len(legal), 2),
        "coach_mean_groups": round(sum(groups) / len(groups), 2),
        "coach_mean_worlds": round(sum(worlds) / len(worlds), 1),
        "hard_move_median_s": round(statistics.median(hard_times), 4),
        "hard_move_max_s": round(max(hard_times), 4),
        "hard_move_all_median_s": round(statistics.median(all_times), 4),
        "hard_move_all_moves": len(all_times),
    }


def strength_figures(quick: bool) -> dict:
    out: dict = {}
    n = 200 if quick else 2000
    r = run_tournament(["rule", "random", "random", "random"], hands=n, seed=SEED, progress=False)
    out["rule_vs_3_random_pts"] = round(r.bots[0].mean_points, 3)
    out["rule_vs_3_random_se"] = round(r.bots[0].se, 3)
    out["rule_vs_3_random_hands"] = r.hands
    n = 300 if quick else 3000
    for field in ("rule", "easy"):
        r = run_tournament(["random", field, field, field], hands=n, seed=SEED, progress=False)
        out[f"random_vs_3_{field}_moon_pct"] = round(100 * r.bots[0].moons / r.hands, 2)
        out[f"random_vs_3_{field}_hands"] = r.hands
    deals = 6 if quick else 100
    r = run_tournament(["medium", "rule", "rule", "rule"], hands=deals, seed=SEED, duplicate=True,
                       progress=False)
    edge, se = r.edge(0)
    out["medium_edge_vs_3_rule"] = round(edge, 3)
    out["medium_edge_vs_3_rule_se"] = round(se, 3)
    out["medium_pts"] = round(r.bots[0].mean_points, 3)
    beside = r.bots[1:]
    out["rule_pts_beside_medium"] = round(sum(b.mean_points for b in beside) / len(beside), 3)
    out["medium_duplicate_hands"] = r.hands
    return out


def bot_figures(quick: bool = False) -> dict:
    """Every figure of this benchmark, as one dict (called by ``hearts_teach.tools.bench``)."""
    t0 = time.perf_counter()
    out = speed_figures(quick)
    out.update(coach_stability(quick))
    out.update(strength_figures(quick))
    out["bench_bots_wall_s"] = round(time.perf_counter() - t0, 1)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m hearts_teach.tools.bench_bots", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--quick", action="store_true", help="small sizes (a smoke run, figures are rough)")
    ap.add_argument("--ladder", action="store_true", help="the ladder table (each level vs 3× the one below)")
    ap.add_argument("--latency", action="store_true",
                    help="the coach's latency beside one busy process (`yes`), seed 0, JSON")
    ap.add_argument("--deals", type=int, default=1000, help="--ladder: duplicate deals per cheap match")
    ap.add_argument("--search-deals", type=int, default=300, help="--ladder: deals per Monte Carlo match")
    ap.add_argument("--only", default=None, help="--ladder: matches to play, e.g. hard:medium,expert:rule")
    ap.add_argument("--log", default=None, help="--ladder: folder for per-deal logs (watch long runs)")
    ap.add_argument("--first-deal", type=int, default=0, help="--ladder: first deal number (split a run)")
    ap.add_argument("--from-logs", default=None, help="--ladder: print the table from a --log folder")
    a = ap.parse_args(argv)
    if a.latency:
        out = coach_latency()
        out["loadavg_after"] = [round(x, 2) for x in os.getloadavg()]
        emit(out, True)
        return 0
    if a.ladder:
        from pathlib import Path

        from hearts_teach.tools.bench_ladder import print_table, read_logs, run_ladder

        if a.from_logs is not None:
            print_table(read_logs(Path(a.from_logs)))
            return 0
        only = None if a.only is None else [tuple(m.split(":", 1)) for m in a.only.split(",")]
        run_ladder(a.deals, a.search_deals, only=only, log_dir=None if a.log is None else Path(a.log),
                   first=a.first_deal)
        return 0
    out = bot_figures(quick=a.quick)
    out["loadavg_after"] = [round(x, 2) for x in os.getloadavg()]  # timings depend on the load
    emit(out, a.json)
    return 0


if __name__ == "__main__":
    sys.exit(quiet_on_closed_pipe(main))
