"""The ladder benchmark: does every level beat the one below it?

    python -m hearts_teach.tools.bench_bots --ladder [--deals N] [--search-deals N] [--log DIR]

For each step of the learner's ladder (``agents.hearts.ladder_levels()``), one bot of the level
plays three bots of the level below, duplicate (every deal four times, the lineup turned one
seat each time, so each entry holds every hand once). The edge is the field's mean points minus
the bot's, per hand; its 95 % interval comes from the per-deal means (the four seatings of one
deal are one paired block). Each level also meets three ``rule`` bots, the common yardstick.
The search levels (Monte Carlo) are slow, so they get ``--search-deals`` deals, the cheap ones
``--deals``. Decision times (wall and CPU, every non-forced play of the bot measured) are
printed beside; they depend on the load of the machine, the strength figures do not (seeded).
"""

from __future__ import annotations

import json
import math
import os
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from hearts_teach.agents.coach_stats import Z95
from hearts_teach.agents.hearts import ladder_levels, make_bot, registered
from hearts_teach.agents.hearts.base import Bot
from hearts_teach.agents.lineups import seating
from hearts_teach.agents.tournament import deal_for, play_hand
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.table import FOUR, SEAT_COUNT

LADDER_SEED = 2027


@dataclass
class Match:
    """One bot against three copies of another, duplicate; filled deal by deal."""

    top: str
    field_bot: str
    deal_edges: list[float] = field(default_factory=list)  # per deal: mean over the 4 seatings
    wall: list[float] = field(default_factory=list)  # the top bot's non-forced play decisions
    cpu: list[float] = field(default_factory=list)

    @property
    def deals(self) -> int:
        return len(self.deal_edges)

    def edge(self) -> tuple[float, float, float]:
        """Mean edge per hand and its 95 % interval (low, high), over deals."""
        n = len(self.deal_edges)
        m = sum(self.deal_edges) / n
        if n < 2:
            return m, -math.inf, math.inf
        sd = math.sqrt(sum((x - m) ** 2 for x in self.deal_edges) / (n - 1))
        half = Z95 * sd / math.sqrt(n)
        return m, m - half, m + half

    def row(self) -> str:
        m, lo, hi = self.edge()
        return f"{self.top:<8} vs 3× {self.field_bot:<8} {self.deals:>6}  {m:+6.2f} [{lo:+.2f}, {hi:+.2f}]"


class _Timed(Bot):
    """Wraps a bot and records the wall and CPU time of its play decisions with a choice."""

    def __init__(self, bot: Bot, match: Match):
        super().__init__(bot.seed)
        self.bot, self.match, self.name = bot, match, bot.name

    def pass_mask(self, view: View) -> int:
        return self.bot.pass_mask(view)

    def play_index(self, view: View) -> int:
        legal = view.legal_mask
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        t0, c0 = time.perf_counter(), time.process_time()
        card = self.bot.play_index(view)
        self.match.wall.append(time.perf_counter() - t0)
        self.match.cpu.append(time.process_time() - c0)
        return card


def play_match(top: str, field_bot: str, deals: int, seed: int = LADDER_SEED,
               log: Path | None = None, first: int = 0) -> Match:
    """``top`` against three ``field_bot`` bots over ``deals`` duplicate deals (the deals of
    ``run_tournament(..., seed=seed, duplicate=True)``). With ``log``, each deal's edge is
    appended to that file as it finishes (long runs can be watched, cut short, or split over
    processes by ``first``, the first deal number, and put together by ``read_logs``)."""
    match = Match(top, field_bot)
    done = 0  # decisions already logged
    bots = [_Timed(make_bot(top, seed=seed), match)] + [make_bot(field_bot, seed=seed) for _ in range(3)]
    for d in range(first, first + deals):
        edges = []
        for r in range(SEAT_COUNT):
            hand = deal_for(seed, d)
            seat_of = seating(r)
            play_hand(hand, [bots[seat_of.index(s)] for s in FOUR.seats])
            row = [hand.scores[s] for s in seat_of]
            edges.append(sum(row[1:]) / 3 - row[0])
        match.deal_edges.append(sum(edges) / SEAT_COUNT)
        if log is not None:
            with log.open("a") as f:
                f.write(json.dumps({"deal": d, "edge": match.deal_edges[-1], "wall": match.wall[done:],
                                    "cpu": match.cpu[done:]}) + "\n")
        done = len(match.wall)
    return match


def read_logs(folder: Path) -> list[Match]:
    """The matches logged in ``folder`` (files ``TOP-vs-FIELD*.jsonl``, several per match when
    a run was split by deal ranges), each deal counted once."""
    found: dict[tuple[str, str], dict[int, dict]] = {}
    for path in sorted(folder.glob("*-vs-*.jsonl")):
        top, rest = path.stem.split("-vs-", 1)
        field_bot = rest.split(".", 1)[0]
        rows = found.setdefault((top, field_bot), {})
        for line in path.read_text().splitlines():  # (a run cut short may leave an empty file)
            row = json.loads(line)
            rows.setdefault(row["deal"], row)
    out = []
    for (top, field_bot), rows in found.items():
        if not rows:
            continue
        m = Match(top, field_bot)
        for d in sorted(rows):
            m.deal_edges.append(rows[d]["edge"])
            m.wall += rows[d].get("wall", [])
            m.cpu += rows[d].get("cpu", [])
        out.append(m)
    return out


def steps(levels: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """The matches of the ladder benchmark: each level against the one below, and each level
    above ``rule`` against ``rule``."""
    names = list(levels) if levels is not None else [name for name, _label, _text in ladder_levels()]
    out = [(names[i], names[i - 1]) for i in range(1, len(names))]
    out += [(n, "rule") for n in names if n != "rule" and (n, "rule") not in out]
    return out


def is_search(name: str) -> bool:
    return registered(name).search


def time_summary(match: Match) -> str:
    """The bot's play decisions (those with a choice): median and 90th percentile, wall and CPU."""
    if not match.wall:
        return ""
    w, c = sorted(match.wall), sorted(match.cpu)
    k = int(0.9 * (len(w) - 1))
    return (f"{_ms(statistics.median(w))} / {_ms(w[k])} wall · {_ms(statistics.median(c))} / {_ms(c[k])} CPU "
            f"({len(w)} decisions)")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def run_ladder(deals: int = 1000, search_deals: int = 300, seed: int = LADDER_SEED,
               only: Sequence[tuple[str, str]] | None = None, log_dir: Path | None = None,
               echo: bool = True, first: int = 0) -> list[Match]:
    """Play every step (or ``only`` those) and print one line per match as it finishes."""
    out = []
    if echo:
        print(f"ladder benchmark · seed {seed} · duplicate · edge = field mean − bot, points per hand · "
              f"loadavg at start {[round(x, 2) for x in os.getloadavg()]}", flush=True)
        print(f"{'match':<22} {'deals':>6}  {'edge [95 % CI]':<22} decision time median / 90th pct",
              flush=True)
    for top, below in (only if only is not None else steps()):
        n = search_deals if is_search(top) or is_search(below) else deals
        part = f".from{first}" if first else ""
        log = None if log_dir is None else log_dir / f"{top}-vs-{below}{part}.jsonl"
        if log is not None:
            log.parent.mkdir(parents=True, exist_ok=True)
            log.write_text("")
        m = play_match(top, below, n, seed, log, first)
        out.append(m)
        if echo:
            print(f"{m.row():<52} {time_summary(m)}", flush=True)
    if echo:
        print(f"loadavg at end {[round(x, 2) for x in os.getloadavg()]}", flush=True)
    return out





def print_table(matches: Sequence[Match]) -> None:
    """The ladder table: one line per match, with the bot's decision times."""
    print(f"{'match':<22} {'deals':>6}  {'edge [95 % CI]':<22} decision time median / 90th pct")
    for m in matches:
        print(f"{m.row():<52} {time_summary(m)}")
__all__ = ["Match", "play_match", "print_table", "read_logs", "run_ladder", "steps"]
