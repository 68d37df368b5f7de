"""Benchmarks that print figures (never timed unit tests).

    python -m hearts_teach.tools.bench [--json] [--quick]

``random_hands_per_s``: complete hands per second on one core — deal, pass (three
random cards per seat, rotating direction), 52 random legal plays chosen from the
engine's own legality cascade, final scores — using the project's ``Rng``.
``batch_*`` and ``rule_hands_per_s``: the numpy batch engine beside the scalar engine
(``hearts_teach.tools.bench_batch``). Further keys come from the bots and coach benchmark, and
``league_*`` from ``bench_league`` (a 4-bot class league in-process and on Dask, 1 and 2
workers; skip with ``--no-league``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from hearts_teach.agents import driver
from hearts_teach.games.hearts.hand import Hand, Phase
from hearts_teach.games.hearts.legality import PlayState, cascade, opening_holder
from hearts_teach.games.hearts.rules import PASS_DIRECTIONS, PASS_OFFSETS
from hearts_teach.games.hearts.scoring import final_scores
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import BIT
from hearts_teach.kernel.cli import quiet_on_closed_pipe
from hearts_teach.kernel.deal import deal_masks
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import SEAT_COUNT

# seat offset of each hand's pass, hand after hand (left, right, across, hold), from the rules
_OFFSETS = tuple(PASS_OFFSETS[d] for d in PASS_DIRECTIONS)


def pass_offset(hand_number: int) -> int:
    """How many seats to the left hand ``hand_number``'s pass goes (0: a hold hand)."""
    return _OFFSETS[hand_number % len(_OFFSETS)]


def exchange(hands: list[int], chosen: list[int], off: int) -> list[int]:
    """The hands after every seat has passed ``chosen[seat]`` to the seat ``off`` places left."""
    n = len(hands)
    out = [hands[s] ^ chosen[s] for s in range(n)]
    for s in range(n):
        out[(s + off) % n] |= chosen[s]
    return out


def random_hand(rng: Rng, hand_number: int = 0, no_points_first: bool = True,
                queen_breaks: bool = False, moon: str = "add_to_others", omnibus: bool = False):
    """Play one complete random hand on the bitmask engine; returns (scores, moon).

    The documented fast path of ``StreamRandomBot`` on the driver (``agents.driver``): the
    same draws from ``rng`` in the same order, so the same game (``tests/test_driver.py``),
    without a ``Hand`` or a ``View`` per move."""
    hands = deal_masks(rng)
    off = pass_offset(hand_number)
    pick = rng.pick_bit
    if off:
        chosen = [0] * SEAT_COUNT
        for seat in range(SEAT_COUNT):
            left = hands[seat]
            for _ in range(3):  # a pass is three cards
                bit = BIT[pick(left)]
                chosen[seat] |= bit
                left ^= bit
        hands = exchange(hands, chosen, off)
    st = PlayState(hands, opening_holder(hands), no_points_first, queen_breaks)
    play = st.play
    hs = st.hands
    while st.tricks_done < 13:
        play(pick(cascade(hs[st.turn], st.led_suit, st.tricks_done == 0, st.broken, no_points_first)[0]))
    return final_scores(st.taken, moon, omnibus)


def watch_views(hand: Hand, bots: Sequence[Any], look: Callable[[View], bool]) -> None:
    """Let ``bots`` play ``hand`` on the driver, showing ``look`` the view of each seat about
    to play a card, until ``look`` returns True or the hand is over (benchmarks pick their
    positions this way)."""
    driver.play(hand, bots, stop=lambda h: h.phase is Phase.PLAY and look(h.view(h.turn)))


def bench_random_hands(hands: int = 5000, reps: int = 5, seed: int = 1) -> dict:
    """Median (and min/max) complete random hands per wall-clock second over ``reps`` runs."""
    rng = Rng(seed)
    for i in range(max(1, hands // 10)):  # warm-up
        random_hand(rng, i)
    rates, cpu_rates = [], []
    for _ in range(reps):
        c0, t0 = time.process_time(), time.perf_counter()
        for i in range(hands):
            random_hand(rng, i)
        dt, ct = time.perf_counter() - t0, time.process_time() - c0
        rates.append(hands / dt)
        cpu_rates.append(hands / ct)
    return {"random_hands_per_s": round(statistics.median(rates)),
            "random_hands_per_s_min": round(min(rates)), "random_hands_per_s_max": round(max(rates)),
            "random_hands_per_cpu_s": round(statistics.median(cpu_rates)),
            "random_hands_reps": reps, "random_hands_per_rep": hands}


def meta() -> dict:
    cpu = platform.processor()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"python": sys.version.split()[0], "cpu": cpu, "cpus": os.cpu_count(),
            "loadavg": [round(x, 2) for x in os.getloadavg()]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m hearts_teach.tools.bench", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--quick", action="store_true", help="small sizes (a smoke run, figures are rough)")
    ap.add_argument("--engine-only", action="store_true", help="skip the bots and coach figures")
    ap.add_argument("--no-league", action="store_true", help="skip the league (Dask) figures")
    a = ap.parse_args(argv)
    out = meta()
    out.update(bench_random_hands(hands=500 if a.quick else 5000, reps=3 if a.quick else 7))
    from hearts_teach.tools.bench_batch import (
        batch_figures,  # the numpy batch engine beside the scalar one
    )

    out.update(batch_figures(quick=a.quick))
    if not a.engine_only:
        from hearts_teach.tools.bench_bots import (
            bot_figures,  # imported late: it loads the bots and the coach
        )

        out.update(bot_figures(quick=a.quick))
    if not a.engine_only and not a.no_league:
        from hearts_teach.tools.bench_league import league_figures  # starts local Dask clusters

        out.update(league_figures(quick=a.quick))
    emit(out, a.json)
    return 0


def emit(figures: dict, as_json: bool) -> None:
    """Print benchmark figures as one JSON object or as aligned ``key value`` lines."""
    if as_json:
        print(json.dumps(figures, indent=1))
    else:
        for k, v in figures.items():
            print(f"{k:32s} {v}")


if __name__ == "__main__":
    sys.exit(quiet_on_closed_pipe(main))
