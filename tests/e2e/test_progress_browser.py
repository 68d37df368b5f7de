"""Progress kept from a real JupyterLab: a quiz clicked in lesson 03 is counted for lesson "03"
(the kernel learns its notebook from JupyterLab's JPY_SESSION_NAME) in the data folder the server
was given, never in the user's own."""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

import pytest

from .conftest import ROOT, _lab, run_fresh_in_lab


@pytest.mark.timeout(240)
def test_a_quiz_clicked_in_jupyterlab_counts_for_its_lesson(browser, learner_data):
    from playwright.sync_api import expect

    from hearts_teach.present.learner_db import open_db
    from hearts_teach.present.progress_log import item_name  # a long question is kept shortened

    tmp = Path(tempfile.mkdtemp(prefix="hearts-e2e-progress-"))
    server = _lab(tmp, tmp / "nb")  # started below: its kernels get this test's HEARTS_TEACH_DATA
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        (tmp / "nb").mkdir()
        shutil.copy(ROOT / "notebooks" / "03_breaking_hearts.ipynb", tmp / "nb")
        url = next(server)
        run_fresh_in_lab(page, url, "03_breaking_hearts.ipynb")
        choice = page.locator(".ht-quiz .ht-choice-0").first
        expect(choice).to_be_visible(timeout=90_000)
        question = page.locator(".ht-quiz").first.locator("b").first.inner_text()
        choice.click()
        expect(page.locator(".ht-quiz .ht-feedback").first).not_to_be_empty(timeout=30_000)
        rows = []
        for _ in range(60):  # the kernel writes as the click is handled; give it a moment
            rows = open_db(tmp / "learner-data").progress()  # the folder the server's kernels were given
            if rows:
                break
            time.sleep(0.5)
        assert [(p.lesson, p.item, p.attempts) for p in rows] == [("03", item_name(" ".join(question.split())), 1)]
    finally:
        page.close()
        server.close()  # stops the server
        shutil.rmtree(tmp, ignore_errors=True)
