"""The engine benchmark and the helpers every benchmark shares (``python -m hearts_teach bench``
prints them; ``hearts_teach.tools.bench`` is the command, this module what it measures).

``random_hands_per_s``: complete hands per second on one core — deal, pass (three
random cards per seat, rotating direction), 52 random legal plays chosen from the
engine's own legality cascade, final scores — using the project's ``Rng``.
"""

from __future__ import annotations

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
from hearts_teach.games.hearts.rules import PASS_DIRECTIONS, PASS_OFFSETS, Rules, RuleTables
from hearts_teach.games.hearts.scoring import final_scores
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import BIT
from hearts_teach.kernel.deal import deal_masks
from hearts_teach.kernel.rng import Rng
from hearts_teach.kernel.table import SEAT_COUNT

STANDARD = Rules().compiled

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


def random_hand(rng: Rng, hand_number: int = 0, rules: RuleTables = STANDARD) -> tuple[tuple[int, ...], int | None]:
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
    st = PlayState(hands, opening_holder(hands, rules), rules)
    play = st.play
    hs = st.hands
    while st.tricks_done < 13:
        play(pick(cascade(hs[st.turn], st.led_suit, st.tricks_done == 0, st.broken, rules)[0]))
    return final_scores(st.taken, rules.moon, rules.omnibus)


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


def emit(figures: dict, as_json: bool) -> None:
    """Print benchmark figures as one JSON object or as aligned ``key value`` lines."""
    if as_json:
        print(json.dumps(figures, indent=1))
    else:
        for k, v in figures.items():
            print(f"{k:32s} {v}")

