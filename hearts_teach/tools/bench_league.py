"""League throughput for ``python -m hearts_teach.tools.bench``: deals per second of a 4-bot
league (one table, 4 seatings per deal, every bot in its own sandboxed process) played in
this process, on a local Dask cluster of 1 worker and of 2 workers.

``league_deals_per_s_*`` is end to end (cluster start included, Dask's import not);
``*_steady`` counts from the first finished group of tables to the last, so it leaves out the
start-up (starting the cluster and every bot's sandbox: 2-3 s on a 2-core box, more with more workers).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

BOTS = {
    "highest": "def choose_pass(view):\n    return sorted(view.cards, key=lambda c: c.rank)[-3:]\n"
               "def choose_play(view):\n    return max(view.legal, key=lambda c: c.rank)\n",
    "lowest": "def choose_pass(view):\n    return sorted(view.cards, key=lambda c: c.rank)[-3:]\n"
              "def choose_play(view):\n    return min(view.legal, key=lambda c: c.rank)\n",
    "ruled": "from hearts_teach.agents.hearts import make_bot\nbot = make_bot('rule')\n"
             "def choose_pass(view):\n    return bot.choose_pass(view)\n"
             "def choose_play(view):\n    return bot.choose_play(view)\n",
    "randomly": "import random\ndef choose_pass(view):\n    return random.sample(list(view.cards), 3)\n"
                "def choose_play(view):\n    return random.choice(list(view.legal))\n",
}


def _rate(files: list[Path], deals: int, workers: int | None) -> tuple[float, float]:
    from hearts_teach.classroom.league import run_league

    stamps: list[float] = []
    t0 = time.perf_counter()
    run_league(files, hands=deals, seed=1, workers=workers, progress=False,
               on_result=lambda _r: stamps.append(time.perf_counter()))
    total = time.perf_counter() - t0
    # tables come back in groups (league.table_groups): count those after the first group's
    later = sum(1 for t in stamps if t > stamps[0] + 1e-3) if stamps else 0
    steady = later / (stamps[-1] - stamps[0]) if later and stamps[-1] > stamps[0] else 0.0
    return deals / total, steady


def bot_files(folder: Path) -> list[Path]:
    """The benchmark's four bots, written as files in ``folder``."""
    files = []
    for name, src in BOTS.items():
        path = folder / f"{name}.py"
        path.write_text(src, encoding="utf-8")
        files.append(path)
    return files


def league_figures(quick: bool = False) -> dict:
    deals = 20 if quick else 100
    out: dict = {"league_bots": len(BOTS), "league_deals": deals}
    try:  # imported before the clocks start, so the 1-worker run does not pay for it and the 2-worker run not
        import dask.distributed  # noqa: F401
    except ImportError:  # pragma: no cover - Dask not installed
        pass
    with tempfile.TemporaryDirectory() as tmp:
        files = bot_files(Path(tmp))
        for label, workers in (("inline", None), ("1_worker", 1), ("2_workers", 2)):
            try:
                total, steady = _rate(files, deals, workers)
            except ImportError:  # pragma: no cover - Dask not installed
                continue
            out[f"league_deals_per_s_{label}"] = round(total, 1)
            out[f"league_deals_per_s_{label}_steady"] = round(steady, 1)
    return out


_ONE_RUN = """
import json, sys, tempfile
from pathlib import Path
from hearts_teach.tools.bench_league import _rate
try:
    from hearts_teach.tools.bench_league import bot_files
except ImportError:  # a checkout from before bot_files: the same four bots
    from hearts_teach.tools.bench_league import BOTS
    def bot_files(folder):
        for name, src in BOTS.items():
            (folder / f"{name}.py").write_text(src, encoding="utf-8")
        return [folder / f"{name}.py" for name in BOTS]
print(json.dumps(_rate(bot_files(Path(tempfile.mkdtemp())), int(sys.argv[1]), None)))
"""


def compare(against: str, runs: int = 5, deals: int = 60) -> dict[str, list[list[float]]]:
    """The in-process league of this checkout and of the checkout ``against`` (e.g. a
    ``git worktree`` of an older commit), alternating, ``runs`` each: on a machine whose speed
    drifts, pairs run side by side say more than two figures taken apart."""
    import json
    import os
    import subprocess
    import sys

    here = str(Path(__file__).resolve().parents[2])
    rates: dict[str, list[list[float]]] = {"this": [], "against": []}
    for _ in range(runs):
        for label, root in (("against", against), ("this", here)):
            env = {**os.environ, "PYTHONPATH": root}
            done = subprocess.run([sys.executable, "-c", _ONE_RUN, str(deals)], env=env, cwd=tempfile.gettempdir(),
                                  capture_output=True, text=True, check=True)
            rates[label].append(json.loads(done.stdout.strip().splitlines()[-1]))
    return rates


def main(argv: list[str] | None = None) -> int:
    import argparse
    import statistics

    ap = argparse.ArgumentParser(prog="python -m hearts_teach.tools.bench_league",
                                 description="League deals per second; --against DIR: side by side with another checkout")
    ap.add_argument("--against", metavar="DIR", help="a checkout to compare with (git worktree add DIR COMMIT)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--deals", type=int, default=60)
    a = ap.parse_args(argv)
    if not a.against:
        import json

        print(json.dumps(league_figures()))
        return 0
    rates = compare(a.against, a.runs, a.deals)
    print(f"in-process 4-bot league, {a.deals} deals a run, alternating: deals/s (steady)")
    for (ta, sa), (tt, st) in zip(rates["against"], rates["this"], strict=True):
        print(f"  against {ta:4.2f} ({sa:4.2f})   this {tt:4.2f} ({st:4.2f})   ratio {tt / ta:4.2f}")
    med = {k: statistics.median(r[0] for r in v) for k, v in rates.items()}
    print(f"median: against {med['against']:.2f}, this {med['this']:.2f} deals/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
