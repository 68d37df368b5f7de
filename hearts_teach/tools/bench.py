"""Benchmarks that print figures (never timed unit tests).

    python -m hearts_teach bench [--json] [--quick]   (or ./dev bench; python -m hearts_teach.tools.bench)

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
import sys

from hearts_teach.kernel.cli import quiet_on_closed_pipe
from hearts_teach.tools.bench_batch import (
    batch_figures,  # the numpy batch engine beside the scalar one
)
from hearts_teach.tools.bench_bots import bot_figures
from hearts_teach.tools.bench_engine import (
    STANDARD,
    bench_random_hands,
    emit,
    exchange,
    meta,
    pass_offset,
    random_hand,
    watch_views,
)


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The benchmark's options (``python -m hearts_teach bench`` and this module's own main)."""
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--quick", action="store_true", help="small sizes (a smoke run, figures are rough)")
    ap.add_argument("--engine-only", action="store_true", help="skip the bots and coach figures")
    ap.add_argument("--no-league", action="store_true", help="skip the league (Dask) figures")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m hearts_teach bench", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(ap)
    return run(ap.parse_args(argv))


def run(a: argparse.Namespace) -> int:
    """Measure and print the figures (``a``: the options of ``add_arguments``)."""
    out = meta()
    out.update(bench_random_hands(hands=500 if a.quick else 5000, reps=3 if a.quick else 7))
    out.update(batch_figures(quick=a.quick))
    if not a.engine_only:
        out.update(bot_figures(quick=a.quick))
    if not a.engine_only and not a.no_league:
        from hearts_teach.tools.bench_league import league_figures  # starts local Dask clusters

        out.update(league_figures(quick=a.quick))
    emit(out, a.json)
    return 0


__all__ = ["STANDARD", "add_arguments", "bench_random_hands", "emit", "exchange", "main", "meta",
           "pass_offset", "random_hand", "run", "watch_views"]

if __name__ == "__main__":
    sys.exit(quiet_on_closed_pipe(main))
