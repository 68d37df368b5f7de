"""Measure the Play Hearts app in Voilà: first render, and click to settled screen.

    .venv/bin/python tests/e2e/measure_play.py [--runs 3] [--pause 0] [--wait 15] [--width 1366 --height 768]

Each run opens a fresh page (a kernel Voilà preheated, see hearts_teach/share/config/voila.json,
after ``--wait`` seconds for the pool to refill): *first render* is the time from the request
to the thirteen card faces of the pass on screen, drawn by the still picture the page carries
(``present/widgets/snapshot.py``); *ready to play* is the time to the live table's thirteen cards,
which replace the picture (JupyterLab's scripts, the widget manager and the kernel connected). Then it plays the hand like the browser
tests (pass the first three cards, click the first playable card); *click to settled* is
the time from a card click to the screen being ready for the next click: your card gone,
the status line back to "▶ you to play" (or the hand over) and the trick board settled,
which includes the trick pause (``--pause`` seconds, default 0, the app's own is 0.8).
Figures are wall-clock times on this machine, printed, never asserted.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # run as a script from the repository root

from tests.e2e.conftest import CHROME_ARGS, CHROMIUM, PLAY, _server_env, _stop, start_voila  # noqa: E402
from tests.e2e.driver import PASS_CARDS, play_hand, replay, stub_grade  # noqa: E402

STILL_CARDS = ".ht-snapshot .htc-still"  # the still picture the page carries (present/widgets/snapshot.py)


def summary(name: str, values: list[float]) -> str:
    return f"{name}: median {statistics.median(values):.2f} s, max {max(values):.2f} s over {len(values)}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--pause", type=float, default=0.0, help="trick pause in seconds (the app's default is 0.8)")
    ap.add_argument("--width", type=int, default=1366)
    ap.add_argument("--height", type=int, default=768)
    ap.add_argument("--wait", type=float, default=15.0,
                    help="seconds before each visit, for Voilà to preheat the next kernel (a page "
                         "visited sooner waits for the kernel still starting)")
    args = ap.parse_args(argv)

    from playwright.sync_api import expect, sync_playwright

    import hearts_teach.present.widgets.verdict_queue as vq
    from hearts_teach.present.learner_db import open_db
    from hearts_teach.present.widgets import PlayApp
    from hearts_teach.present.widgets.learner_store import APP_KEY

    vq.DEFAULT_GRADER = stub_grade  # the replay here needs no verdicts (the page's kernel grades for real)
    want = replay(PlayApp(seed=1, trick_pause=0).table)
    tmp = Path(tempfile.mkdtemp(prefix="hearts-measure-"))
    (tmp / "nb").mkdir()
    shutil.copy(PLAY, tmp / "nb" / PLAY.name)
    proc, url = start_voila(tmp / "nb", tmp / "voila.log", _server_env(tmp, trick_pause=str(args.pause)))
    renders: list[float] = []
    readies: list[float] = []
    clicks: list[float] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_ARGS)
            for _ in range(args.runs):
                time.sleep(args.wait)
                page = browser.new_page(viewport={"width": args.width, "height": args.height})
                start = time.monotonic()
                page.goto(f"{url}/voila/render/{PLAY.name}", wait_until="commit")
                try:
                    expect(page.locator(STILL_CARDS)).to_have_count(13, timeout=120_000)
                except AssertionError:
                    page.screenshot(path=str(HERE / "measure_failed.png"))
                    print(f"visit {len(renders) + 1}: no cards in the still picture: {HERE / 'measure_failed.png'}")
                    raise
                expect(page.locator(STILL_CARDS).first).to_be_visible(timeout=120_000)
                renders.append(time.monotonic() - start)
                expect(page.locator(PASS_CARDS)).to_have_count(13, timeout=120_000)
                readies.append(time.monotonic() - start)
                expect(page.locator(STILL_CARDS).first).to_be_hidden()  # the picture gives way to the table
                try:
                    clicks += play_hand(page, want)
                except Exception:
                    page.screenshot(path=str(HERE / "measure_failed.png"))
                    print(f"visit {len(renders)} failed: {HERE / 'measure_failed.png'}")
                    raise
                page.close()
                # the hand played is stored for "Continue": forget it, so each run is a first visit
                # the closed page's kernel lives on (Voilà culls it later) and may still be answering
                # the last click, which stores the match again: delete until it stays deleted
                for _ in range(30):
                    with open_db(tmp / "learner-data") as db:
                        db.delete_state(APP_KEY)
                    time.sleep(2)
                    with open_db(tmp / "learner-data") as db:
                        if db.get_state(APP_KEY) is None:
                            break
                # the kernel preheated during this visit read the stored match (its page offers
                # "Continue"): one request takes it, and the pool refills after the deletion
                urllib.request.urlopen(f"{url}/voila/render/{PLAY.name}", timeout=120).read()
            browser.close()
    finally:
        _stop(proc)
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"Voilà (preheated kernels, {args.wait:g} s before each visit), {args.width}×{args.height}, "
          f"trick pause {args.pause} s")
    print(summary("first render (request to your 13 cards on screen, the page's still picture)", renders))
    print(summary("ready to play (request to the live table's 13 cards)", readies))
    print(summary("click to settled screen", clicks))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
