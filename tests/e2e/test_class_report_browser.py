"""The class report in a real browser: no accessibility violations (axe), and at phone width the
page itself does not scroll sideways (a wide table scrolls inside its own region)."""

from __future__ import annotations

from hearts_teach.classroom.class_report import render
from hearts_teach.classroom.grader import Row

from .test_play_app import axe_violations


def _rows() -> list[Row]:
    rows = []
    for k in range(12):
        student = f"a student with a long name {k:02d}"
        for n, nb in enumerate(("02_trick_winner.ipynb", "03_legal_plays.ipynb", "04_hand_points.ipynb",
                                "05_moon_scoring.ipynb", "06_match_winner.ipynb")):
            passed = (7 * k + 3 * n) % 11
            rows.append(Row(student, nb, nb[3:-6], passed, 10, "ok" if k % 5 else "missing", ""))
    return rows


def test_the_report_passes_axe_and_fits_a_phone(browser, tmp_path):
    path = tmp_path / "report.html"
    path.write_text(render(_rows()), encoding="utf-8")
    page = browser.new_page()
    try:
        page.goto(path.as_uri())
        assert axe_violations(page) == []
        page.set_viewport_size({"width": 380, "height": 800})
        assert page.evaluate("document.documentElement.scrollWidth") <= 380
    finally:
        page.close()
