"""Lesson 08's "Your drills" in a real JupyterLab: a mistake saved earlier (as the Play app saves
it) comes back in the lesson's last drill cell, is answered by a click on a card, graded by the
coach and rescheduled in the learner's database, the one the server's kernels were given."""

from __future__ import annotations

import shutil
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from .conftest import ROOT, _lab, run_fresh_in_lab

LESSON = "08_practice_decisions.ipynb"


@pytest.mark.timeout(300)
def test_a_saved_mistake_is_drilled_in_lesson_08(browser):
    from playwright.sync_api import expect

    from hearts_teach.course.drills import DRILLS
    from hearts_teach.present.learner_db import open_db

    queen = DRILLS[4]  # the queen on the table: K♠ takes her (a blunder), 9♠ or 10♠ ducks (best)
    tmp = Path(tempfile.mkdtemp(prefix="hearts-e2e-lesson08-"))
    (tmp / "nb").mkdir()
    shutil.copy(ROOT / "notebooks" / LESSON, tmp / "nb")
    saved_at = datetime.now().astimezone() - timedelta(minutes=5)
    db = open_db(tmp / "learner-data")  # the folder _lab gives its kernels (HEARTS_TEACH_DATA)
    try:
        drill_id = db.add_mistake(kind="play", seat=0, position=queen.make().to_json(), chosen=["KS"], best=["TS"],
                                  verdict="blunder", cost=13.0, reason="K♠ takes the queen",
                                  source="the Play app", now=saved_at)
    finally:
        db.close()
    server = _lab(tmp, tmp / "nb")
    page = browser.new_page(viewport={"width": 1280, "height": 1400})
    try:
        url = next(server)
        run_fresh_in_lab(page, url, LESSON)
        # the last drill widget of the lesson is "Your drills" (MyDrills)
        mine = page.locator(".jp-OutputArea-output", has_text="Saved from: the Play app").last
        expect(mine).to_contain_text("Drill 1 of 1 · Your play, trick 3", timeout=120_000)
        mine.locator(".ht-hand-buttons button", has_text="10♠").click()
        expect(mine).to_contain_text("Last time you chose K♠ (blunder). This drill comes back in ", timeout=60_000)
        expect(mine).to_contain_text("All drills are done.")
        drill = None
        for _ in range(60):  # the kernel writes as it handles the click
            db = open_db(tmp / "learner-data")
            try:
                drill = db.get_drill(drill_id)
            finally:
                db.close()
            if drill is not None and drill.due > datetime.now().astimezone() + timedelta(hours=12):
                break
            time.sleep(0.5)
        assert drill is not None and drill.due > datetime.now().astimezone() + timedelta(hours=12), drill
    finally:
        page.close()
        server.close()
        shutil.rmtree(tmp, ignore_errors=True)
