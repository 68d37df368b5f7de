"""Lesson progress: the Quiz and the drill sessions keep each answer (best-effort, in the test's own
data folder), course/progress shows it; and ``python -m hearts_teach data`` exports or forgets it."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import matplotlib
import pytest

from hearts_teach.__main__ import main
from hearts_teach.course.drills import DRILLS, DrillSession
from hearts_teach.course.progress import (
    NO_PROGRESS,
    lesson_progress,
    plot_progress,
    progress_table,
    show_progress,
)
from hearts_teach.present import learner_db, progress_log
from hearts_teach.present.learner_db import open_db, shared_db
from hearts_teach.present.widgets import Quiz

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def off_screen():
    """Figures drawn off screen (no kernel here), and closed after each test."""
    import matplotlib.pyplot as plt

    backend = matplotlib.get_backend()
    plt.switch_backend("Agg")
    yield
    plt.close("all")
    plt.switch_backend(backend)


def test_a_clicked_quiz_keeps_its_answers_in_the_tests_own_folder(learner_data, monkeypatch):
    monkeypatch.setenv("JPY_SESSION_NAME", "/home/me/hearts/notebooks/03_breaking_hearts.ipynb")
    quiz = Quiz("How many points is the Q♠ worth?", [1, 13, 26], 13)
    quiz.buttons["1"].click()
    quiz.buttons["13"].click()
    quiz.buttons["26"].click()  # closed: not an answer
    assert (learner_data / "learner.sqlite3").exists()
    [p] = shared_db().progress()
    assert (p.lesson, p.item, p.passed, p.attempts) == ("03", "How many points is the Q♠ worth?", True, 2)


def test_the_lesson_of_an_answer(monkeypatch):
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.setattr(progress_log, "_lesson", [])
    assert progress_log.current_lesson() == "other"
    monkeypatch.setenv("JPY_SESSION_NAME", "notebooks/06a_guided_first_hand.ipynb")
    assert progress_log.current_lesson() == "06a"
    monkeypatch.setenv("JPY_SESSION_NAME", "rules_summary.ipynb")
    assert progress_log.current_lesson() == "rules_summary"
    progress_log.set_lesson("05")
    assert progress_log.current_lesson() == "05"
    Quiz("Q?", ["a", "b"], "a", lesson="01").choose("b")
    assert [(p.lesson, p.passed) for p in shared_db().progress()] == [("01", False)]
    assert progress_log.item_name("x " * 100).endswith("…") and len(progress_log.item_name("x " * 100)) == 120


def test_a_quiz_works_when_nothing_can_be_stored(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("HEARTS_TEACH_DATA", str(blocker / "data"))
    quiz = Quiz("2 + 2?", [3, 4], 4)
    assert quiz.choose(4).startswith("✔ Right: 4.")
    assert "Could not use the data folder" in shared_db().note

    def broken(*_a, **_k):
        raise RuntimeError("anything at all")
    monkeypatch.setattr(learner_db, "shared_db", broken)
    assert Quiz("2 + 2?", [3, 4], 4).choose(3).startswith("✘ Not 3.")


def test_the_fixed_drills_keep_progress_under_lesson_08():
    session = DrillSession(DRILLS[4:])
    session.answer("TS")
    [p] = shared_db().progress()
    assert (p.lesson, p.item, p.passed) == ("08", "The queen is on the table", True)


def test_a_session_that_is_not_the_learners_keeps_no_progress():
    """Lesson 08's notes answer drill 1 on a separate session (record=False), and its sample run grades
    on one of its own: neither is the learner's, so neither keeps progress; the learner's own does."""
    from hearts_teach.course.drills import SampleRun

    DrillSession(DRILLS[4:], record=False).answer("KS")
    assert shared_db().progress() == []
    practice = DrillSession(DRILLS[4:])
    sample = SampleRun(practice, [("KS", "take the trick with the king")])
    practice.answer("TS")
    assert "blunder" in sample.text()  # the sample's K♠, graded on its own session
    assert [(p.item, p.passed) for p in shared_db().progress()] == [("The queen is on the table", True)]


def test_no_progress_yet_is_said_plainly(capsys):
    show_progress()
    assert capsys.readouterr().out == NO_PROGRESS + "\n"


def test_the_table_and_the_plot_by_lesson(tmp_path, capsys):
    db = open_db(tmp_path)
    for lesson, item, passed, minutes in [("rules_summary", "a", True, 0), ("03", "q1", False, 1),
                                          ("03", "q1", True, 2), ("03", "q2", False, 3),
                                          ("your drills", "saved drill 1", False, 4), ("00", "q", True, 5)]:
        db.record_progress(lesson, item, passed, now=T0 + timedelta(minutes=minutes))
    lessons = lesson_progress(db)
    assert [(lp.name, lp.answered, lp.right, lp.attempts) for lp in lessons] == [
        ("00 Welcome", 1, 1, 1), ("03 Breaking hearts", 2, 1, 3), ("Your drills (lesson 08)", 1, 0, 1),
        ("Rules summary", 1, 1, 1)]
    assert progress_table(lessons) == "\n".join([
        "Lesson                   answered  right  attempts  last answer",
        "00 Welcome                      1      1         1  2026-03-01",
        "03 Breaking hearts              2      1         3  2026-03-01",
        "Your drills (lesson 08)         1      0         1  2026-03-01",
        "Rules summary                   1      1         1  2026-03-01",
        "In all: 3 of 5 answered right."])
    ax = plot_progress(lessons)
    top_down = sorted(ax.get_yticklabels(), key=lambda t: -t.get_position()[1])
    assert [t.get_text() for t in top_down] == [lp.name for lp in lessons]  # the series' order, top down
    assert sorted(t.get_text() for t in ax.texts) == ["0 of 1", "1 of 1", "1 of 1", "1 of 2"]
    show_progress(db)
    assert capsys.readouterr().out == progress_table(lessons) + "\n"


def test_data_says_where_exports_and_forgets(learner_data, tmp_path, capsys):
    where = (f"Your learner data lives on this machine in {learner_data} (learner.sqlite3); "
             "nothing is sent anywhere.")
    assert main(["data"]) == 0
    assert capsys.readouterr().out == f"{where}\nNothing is stored there yet.\n"
    assert not (learner_data / "learner.sqlite3").exists()  # looking creates nothing
    db = shared_db()
    db.record_progress("01", "q", True, now=T0)
    db.add_mistake(kind="play", seat=0, position=DRILLS[4].make().to_json(), chosen=["KS"], best=["TS"],
                   verdict="blunder", cost=13.0, reason="r", source="test", now=T0)
    assert main(["data"]) == 0
    assert capsys.readouterr().out == (f"{where}\nIt holds 1 drill, 0 drill answers, 1 lesson item and "
                                       "0 saved app states.\n")
    out = tmp_path / "mine.json"
    assert main(["data", "--export", str(out)]) == 0
    assert capsys.readouterr().out.endswith(f"Exported 1 drill, 0 drill answers, 1 lesson item and 0 saved app "
                                            f"states to {out}.\n")
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["drills"][0]["position"]["plays"][:3] == ["2C", "6C", "5C"] and data["progress"][0]["item"] == "q"
    assert main(["data", "--export", str(tmp_path / "no" / "such" / "folder.json")]) == 1
    assert capsys.readouterr().err == f"Could not write {tmp_path / 'no' / 'such' / 'folder.json'}: No such file or directory.\n"
    assert main(["data", "--forget"]) == 0
    assert capsys.readouterr().out == f"{where}\nDeleted learner.sqlite3.\n"  # this kernel closed it first
    assert list(learner_data.iterdir()) == []
    assert main(["data", "--forget"]) == 0
    assert capsys.readouterr().out == f"{where}\nNothing to delete: no data is stored there.\n"


def test_a_notebook_run_starts_with_empty_data_of_its_own(learner_data, tmp_path):
    """``hearts_teach.course.notebooks execute`` (and ``./dev notebooks``): a lesson's stored
    outputs never show the drills or progress of whoever runs it, and the run writes none."""
    import nbformat

    from hearts_teach.course.notebooks import execute_notebook

    shared_db().record_progress("03", "already here", True)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        "import os\nfrom hearts_teach.course.progress import show_progress\n"
        "from hearts_teach.present.learner_db import shared_db\nshow_progress()\n"
        "shared_db().record_progress('00', 'a question', True)\n"
        f"print(os.environ['HEARTS_TEACH_DATA'] != {str(learner_data)!r})")]
    path = tmp_path / "lesson.ipynb"
    nbformat.write(nb, path)
    [cell] = nbformat.reads(execute_notebook(path), as_version=4).cells
    assert [o.get("text") for o in cell.outputs] == [NO_PROGRESS + "\nTrue\n"]
    assert [p.item for p in shared_db().progress()] == ["already here"]
