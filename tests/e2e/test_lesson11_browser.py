"""Lesson 11 in a real browser (Voilà): the table of three draws three seats.

Voilà runs every cell and the learner's table arrives unplayed: a click on Finish hand lets the
bots play it (the expected result comes from the lesson's own cell run here in Python, then
``finish_hand()``). The trick board keeps three spots (South, West, East; nobody North), and a
click on Next hand deals 17 cards.
"""

from __future__ import annotations

import json

import pytest

from .conftest import LESSON_11

BOARD = ".ht-table .ht-trick-view"


def expected_result() -> str:
    cells = json.loads(LESSON_11.read_text(encoding="utf-8"))["cells"]
    code = [("".join(c["source"])) for c in cells if c["cell_type"] == "code"]
    build = next(c for c in code if "table = TableWidget(" in c)
    ns: dict = {}
    # the learner's table cell imports TableWidget itself (round 51); the first lines are lesson 11's cell 1
    imports = "from hearts_teach import Hand, Rules, make_bot\nfrom hearts_teach.present.widgets import TableWidget\n"
    exec(imports + build + "\ntable.finish_hand()", ns)
    t = ns["table"]
    names = t.hand.seat_names
    return "Hand 1 scores: " + ", ".join(f"{n} {v}" for n, v in zip(names, t.hand.scores, strict=True))


@pytest.mark.timeout(150)
def test_lesson11_table_of_three_in_voila(browser, voila_url):
    from playwright.sync_api import expect

    want = expected_result()
    page = browser.new_page(viewport={"width": 1280, "height": 1500})
    try:
        # Voilà sends the page as it runs the cells, and the lesson's Q♠ table plays 6,000 hands (about
        # 11 s of CPU on this 2-core box): wait for the widget below, not for the page's load event
        page.goto(f"{voila_url}/voila/render/{LESSON_11.name}", wait_until="commit")
        expect(page.locator(".ht-table .ht-pass-picker .htc-card")).to_have_count(17, timeout=90_000)
        page.locator(".ht-table .ht-finish-hand").click()
        expect(page.locator(".ht-table .ht-result")).to_contain_text(want, timeout=60_000)
        cells = page.locator(f"{BOARD} .htb-compass").first.locator(".htb-cell")
        expect(cells).to_have_count(3, timeout=30_000)
        for spot, name in ((".htb-s", "South"), (".htb-w", "West"), (".htb-e", "East")):
            expect(page.locator(f"{BOARD} .htb-compass").first.locator(spot)).to_contain_text(name)
        expect(page.locator(f"{BOARD} .htb-n")).to_have_count(0)
        page.locator(".ht-table .ht-next-hand").click()
        expect(page.locator(".ht-table .ht-pass-picker .htc-card")).to_have_count(17, timeout=30_000)
        expect(page.locator(".ht-table .ht-status")).to_contain_text("pass right")
    finally:
        page.close()
