"""The guided first hand (lesson 06a) in JupyterLab: run the lesson, click a card thirteen
times, and read the rule and the coach's verdict after each card on the page.

The expected scores come from the same GuidedHand driven in Python by the same clicks (always
the first enabled card): the bots and the coach are deterministic, so the page must agree.
"""

from __future__ import annotations

import pytest

from .conftest import run_fresh_in_lab

CARDS = ".ht-guided-hand .ht-guided-cards button"
ENABLED = CARDS + ":not(:disabled)"
FEEDBACK = ".ht-guided-hand .ht-guided-feedback"


def expected_scores() -> str:
    from hearts_teach.course.guided_hand import GuidedHand

    guided = GuidedHand()
    while not guided.done:
        first = next(k for k, b in guided.buttons.items() if not b.disabled)
        guided.buttons[first].click()
    names, scores = guided.hand.seat_names, guided.hand.scores
    return "Scores: " + ", ".join(f"{names[s]} {scores[s]}" for s in guided.hand.table.seats)


@pytest.mark.timeout(200)
def test_guided_hand_by_clicks_in_jupyterlab(browser, course_url, tmp_path):
    from playwright.sync_api import expect

    want = expected_scores()
    page = browser.new_page(viewport={"width": 1280, "height": 1400})
    try:
        run_fresh_in_lab(page, course_url, "notebooks/06a_guided_first_hand.ipynb", timeout_ms=60_000)
        for n in range(13, 0, -1):
            expect(page.locator(CARDS)).to_have_count(n, timeout=60_000)
            if n == 10:  # mid-hand: the table, the cards (illegal ones greyed), the last feedback
                page.locator(".ht-guided-hand").screenshot(path=str(tmp_path / "guided_mid_hand.png"))
                assert (tmp_path / "guided_mid_hand.png").stat().st_size > 10_000
            card = page.locator(ENABLED).first
            label = card.inner_text().strip()
            card.click()
            expect(page.locator(CARDS)).to_have_count(n - 1, timeout=60_000)
            # the kernel sets the feedback after every button's state: once it names this card,
            # the next card's `disabled` is current (the count alone drops first, and a button
            # enabled a moment earlier could be disabled under the click: CI saw that once)
            expect(page.locator(FEEDBACK)).to_contain_text(f"your {label}", timeout=30_000)
            expect(page.locator(FEEDBACK)).to_contain_text("✔ Legal")
            expect(page.locator(FEEDBACK)).to_contain_text("The rule: ")
        expect(page.locator(FEEDBACK)).to_contain_text(want, timeout=30_000)
        expect(page.locator(".ht-guided-hand .ht-hint")).to_be_disabled()
    finally:
        page.close()
