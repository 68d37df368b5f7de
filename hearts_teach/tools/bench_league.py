"""League throughput for ``python -m hearts_teach.tools.bench``: deals per second of a 4-bot
league (one table, 4 seatings per deal, every bot in its own sandboxed process) played in
this process, on a local Dask cluster of 1 worker and of 2 workers.

``league_deals_per_s_*`` is end to end (cluster start included, Dask's import not);
``*_steady`` counts from the first finished deal to the last, so it leaves out the start-up.
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
    steady = (len(stamps) - 1) / (stamps[-1] - stamps[0]) if len(stamps) > 1 and stamps[-1] > stamps[0] else 0.0
    return deals / total, steady


def league_figures(quick: bool = False) -> dict:
    deals = 20 if quick else 100
    out: dict = {"league_bots": len(BOTS), "league_deals": deals}
    try:  # imported before the clocks start, so the 1-worker run does not pay for it and the 2-worker run not
        import dask.distributed  # noqa: F401
    except ImportError:  # pragma: no cover - Dask not installed
        pass
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for name, src in BOTS.items():
            path = Path(tmp) / f"{name}.py"
            path.write_text(src, encoding="utf-8")
            files.append(path)
        for label, workers in (("inline", None), ("1_worker", 1), ("2_workers", 2)):
            try:
                total, steady = _rate(files, deals, workers)
            except ImportError:  # pragma: no cover - Dask not installed
                continue
            out[f"league_deals_per_s_{label}"] = round(total, 1)
            out[f"league_deals_per_s_{label}_steady"] = round(steady, 1)
    return out
