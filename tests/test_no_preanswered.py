"""Nothing in a lesson arrives pre-answered.

A learner who runs every cell (or opens the lesson in Voilà) must find each question fresh.
A code cell *answers a quiz* when it calls the answering API (``Quiz.choose``, a drill's
``answer``, a guided hand's ``play``/``pass_cards``; a button's ``click()`` goes through the same
methods) of a question widget that a cell displayed to the learner. The notebook is run in
this process (``lesson_runner``) with those methods watched. Demonstrations stay possible on a
separate widget that is not displayed, e.g. ``print(demo.choose("QS"))``; the tests drive the
displayed ones (``test_lessons_00_05.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lesson_runner import ROOT, run

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_code_cell_answers_a_displayed_quiz(path: Path):
    result = run(path)
    assert not result.failed, f"{path.name}: code cells failed when run in order: {result.failed}"
    answered = result.answered
    assert not answered, (
        f"{path.name}: code cells answer questions shown to the learner (code cell number, call): "
        f"{answered}; move the answers to a test or make a separate, labelled demonstration")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_demonstrations_use_deals_of_their_own(path: Path):
    """A demonstration never plays the deal a displayed widget offers the learner (issue 27: the
    learner's own deal played and its result printed before the learner decides), and no cell
    builds a drill's position before the drill session shows it."""
    result = run(path)
    assert not result.demo_on_own_deal, (
        f"{path.name}: cells drive a second widget on the learner's own deal (cell, call): "
        f"{result.demo_on_own_deal}; give the demonstration a deal of its own")
    assert not result.drill_before_session, (
        f"{path.name}: cells {result.drill_before_session} build a drill's position before the drill session")


def test_the_watch_catches_a_demonstration_on_the_learners_deal(tmp_path):
    import nbformat

    cells = ["from hearts_teach import Hand\nfrom hearts_teach.present.widgets import HandWidget\n"
             "mine = HandWidget(Hand.deal(seed=3, pass_direction='hold'), seat=None)\nmine",
             "other = HandWidget(Hand.deal(seed=4, pass_direction='hold'), seat=None)\nprint(other.play('2C'))",
             "same = HandWidget(mine.hand.copy(), seat=None)\nprint(same.play('2C'))",
             "from hearts_teach.course.lessons import DRILLS, DrillSession\nDRILLS[0].make()",
             "DrillSession()"]
    path = tmp_path / "probe.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells]), path)
    result = run(path)
    assert not result.failed, result.failed
    assert [cell for cell, _call in result.demo_on_own_deal] == [2]
    assert result.drill_before_session == [3]


def test_the_watch_catches_an_answer_and_allows_a_fresh_quiz(tmp_path):
    """The check itself: an answered displayed quiz is caught, through click() too; an
    undisplayed demonstration and an unanswered displayed quiz are not."""
    import nbformat

    cells = ["from hearts_teach.present.widgets import Quiz\n"
             "shown = Quiz('2 + 2?', [3, 4], 4)\nshown",
             "demo = Quiz('1 + 1?', [1, 2], 2)\nprint(demo.choose(2))",
             "fresh = Quiz('3 + 3?', [6, 7], 6)\nfresh",
             "shown.buttons['4'].click()",
             "also = Quiz('5 + 5?', [10, 11], 10)\ndisplay(also)\nalso.choose(11)"]
    path = tmp_path / "probe.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells]), path)
    result = run(path)
    assert not result.failed
    assert result.answered == [(3, "Quiz.choose(4,)"), (4, "Quiz.choose(11,)")]
    assert result.namespace["demo"].solved and not result.namespace["fresh"].attempts


TEXT_LIMIT = 2000  # characters of one output's text: about a screen in a plain-text viewer


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_record_dump_as_a_cell_output(path: Path):
    """Outputs stay readable as text: no eval-able record (``Hand.from_record({...})``) and no
    text output longer than TEXT_LIMIT. Show a hand with ``print(hand)`` or
    ``hearts_teach.course.drawing.drawing(hand)`` (HTML table, readable text twin)."""
    import json

    bad = []
    for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        for out in cell.get("outputs", []):
            text = "".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))
            if "from_record(" in text or len(text) > TEXT_LIMIT:
                bad.append((i, len(text), text[:50]))
    assert not bad, f"{path.name}: cells with unreadable text outputs (cell, length, start): {bad}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_quiz_cell_keeps_its_code_and_answer_folded_away(path: Path):
    """A quiz's code names its answer and reasons: JupyterLab shows the cell's output (the
    question and its buttons) with the code folded (``source_hidden``), one click to unfold.
    A folded cell still shows its first line, so that line is a comment saying what is there."""
    import json
    import re

    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    shown = [i for i, c in enumerate(cells) if c["cell_type"] == "code"
             and re.search(r"\bQuiz(\.pick_card)?\(", "".join(c["source"]))
             and not c.get("metadata", {}).get("jupyter", {}).get("source_hidden")]
    assert not shown, f"{path.name}: cells {shown} show a quiz's answer in their code"
    quiz_cells = [c for c in cells if c["cell_type"] == "code" and re.search(r"\bQuiz(\.pick_card)?\(", "".join(c["source"]))]
    first_lines = {"".join(c["source"]).split("\n", 1)[0] for c in quiz_cells}
    assert all(line.startswith("# ") and "answer" in line for line in first_lines), first_lines
