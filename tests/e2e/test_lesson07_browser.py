"""Lesson 07 in a real browser: JupyterLab and Voilà, a whole hand played by clicking cards.

The expected final points come from the same table built in Python from the notebook's
own cell and driven by the same clicks (pass the first three cards shown, then always
the first enabled card): bots and table are deterministic, so the page must show exactly
that result. Set HEARTS_SCREENSHOTS=docs/img to refresh the README screenshots.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from hearts_teach import Phase

from .conftest import LESSON, ROOT, run_fresh_in_lab

CARDS = ".ht-table .ht-your-area .ht-hand-widget .htc-card"
PASS_CARDS = ".ht-table .ht-pass-picker .htc-card"
CONFIRM = ".ht-table .ht-confirm-pass"
PLAYABLE = CARDS + ".htc-active"


def table_cell_source() -> str:
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    src = next("".join(c["source"]) for c in cells
               if c["cell_type"] == "code" and "table = TableWidget(" in "".join(c["source"]))
    return src


def expected_result() -> str:
    """Replay the browser's clicks on the notebook's table, in Python."""
    import hearts_teach.present.widgets.verdict_queue as vq
    from hearts_teach.present.widgets import TableWidget

    from .driver import stub_grade

    ns: dict = {"TableWidget": TableWidget}
    grader, vq.DEFAULT_GRADER = vq.DEFAULT_GRADER, stub_grade  # the score needs no verdicts
    try:
        exec(table_cell_source(), ns)  # the cell that builds the lesson's table
        return _replay(ns["table"])
    finally:
        vq.DEFAULT_GRADER = grader


def _replay(t) -> str:
    if t.hand.phase is Phase.PASS:
        for key in list(t.pass_picker.buttons)[:3]:
            t.pass_picker.buttons[key].click()
        t.pass_picker.confirm.click()
    while not t.hand.is_over:
        first = next(k for k, b in t.hand_widget.buttons.items() if b.active)
        t.hand_widget.buttons[first].click()
    names = t.hand.seat_names
    return "Hand 1 scores: " + ", ".join(f"{n} {v}" for n, v in zip(names, t.hand.scores, strict=True))


def play_hand(page, shots: Path | None) -> list[float]:
    """Ask for a hint, pass the first three cards, then click the first enabled card until
    the hand ends (a hint changes nothing, so the Python replay needs no hint)."""
    from playwright.sync_api import expect

    expect(page.locator(PASS_CARDS)).to_have_count(13, timeout=60_000)
    page.locator(".ht-table .ht-hint").click()
    expect(page.locator(".ht-table .ht-message")).to_contain_text("Hint: Pass ", timeout=30_000)
    for i in range(3):
        page.locator(PASS_CARDS).nth(i).click()
    expect(page.locator(CONFIRM)).to_be_enabled()
    page.locator(CONFIRM).click()
    timings = []
    shot_taken = shots is None
    for n in range(13, 0, -1):
        cards = page.locator(CARDS)
        expect(cards).to_have_count(n, timeout=30_000)
        expect(page.locator(".ht-table .ht-status")).to_contain_text("▶ you to play", timeout=30_000)
        enabled = page.locator(PLAYABLE)
        expect(enabled.first).to_be_visible(timeout=30_000)
        page.wait_for_selector(".htb[data-state=settled]", timeout=30_000)  # after the trick pause
        # mid-hand picture: a trick in progress, the last trick, the seat list, your legal cards
        if not shot_taken and n <= 9 and "led by" in page.locator(".ht-table .ht-trick-view").inner_text():
            page.locator(".ht-table").screenshot(path=str(shots / "table_mid_hand.png"))
            shot_taken = True
        start = time.monotonic()
        enabled.first.click()
        expect(page.locator(CARDS)).to_have_count(n - 1, timeout=30_000)
        timings.append(time.monotonic() - start)
    return timings


def docs_dir() -> Path | None:
    """Where to refresh the README screenshots (HEARTS_SCREENSHOTS=docs/img), else None."""
    docs = os.environ.get("HEARTS_SCREENSHOTS")
    return ROOT / docs if docs else None


@pytest.mark.timeout(480)
def test_lesson07_play_a_hand_in_jupyterlab(browser, lab_url, tmp_path):
    from playwright.sync_api import expect

    want = expected_result()
    docs = docs_dir()
    page = browser.new_page(viewport={"width": 1280, "height": 1500})
    try:
        run_fresh_in_lab(page, lab_url, LESSON.name, timeout_ms=60_000)
        clicks = play_hand(page, docs)
        print(f"JupyterLab: 13 cards, slowest click-to-update {max(clicks):.2f} s")
        result = page.locator(".ht-table .ht-result")
        expect(result).to_contain_text(want, timeout=30_000)
        expect(page.locator(".ht-table .ht-scores")).to_contain_text("Match to 100")
        # the coach graded each of your moves in the background: marks, then the hand's review
        expect(page.locator(".ht-table .ht-moves details")).to_have_count(14, timeout=300_000)
        expect(page.locator(".ht-table .ht-review")).to_contain_text("Accuracy: ", timeout=60_000)
        page.locator(".ht-table").screenshot(path=str(tmp_path / "lab_after_hand.png"))
        assert (tmp_path / "lab_after_hand.png").stat().st_size > 10_000
        if docs is not None:
            page.locator(".ht-table").screenshot(path=str(docs / "table_after_hand.png"))
            page.locator(".ht-table .ht-scores").screenshot(path=str(docs / "score_table.png"))
    finally:
        page.close()


@pytest.mark.timeout(150)
def test_lesson07_play_a_hand_in_voila(browser, voila_url, tmp_path):
    from playwright.sync_api import expect

    want = expected_result()
    page = browser.new_page(viewport={"width": 1280, "height": 1500})
    try:
        page.goto(f"{voila_url}/voila/render/{LESSON.name}")
        clicks = play_hand(page, None)
        print(f"Voilà: 13 cards, slowest click-to-update {max(clicks):.2f} s")
        expect(page.locator(".ht-table .ht-result")).to_contain_text(want, timeout=30_000)
        page.screenshot(path=str(tmp_path / "voila_after_hand.png"), full_page=True)
        assert (tmp_path / "voila_after_hand.png").stat().st_size > 10_000
    finally:
        page.close()
