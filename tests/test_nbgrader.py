"""Real nbgrader on a fake class: generate_assignment, autograde and export, with a student
who patches check (and verify) and one whose file is broken. The grades come from the
autograder test cells, which grade outside the student's kernel (hearts_teach.classroom.autograde)."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from fake_class import HIGHEST_OF_ANY_SUIT, RIGHT, notebook_with

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
pytestmark = pytest.mark.skipif(not (BIN / "nbgrader").exists(), reason="nbgrader is not installed (dev extra)")

WRONG = "def trick_winner(trick):\n    return 0\n"
PATCHER = [WRONG,
           # every trick in one cell: a fake check, patched checker modules, a no-op verify
           "import hearts_teach.classroom.checks as hc, hearts_teach.classroom.checks.framework as fw, hearts_teach.classroom.autograde as ag\n"
           "class R:\n    ok = True; passed = total = 38\n"
           "def check(*a, **k):\n    print('trick_winner: all 38 of 38 cases right. Well done!'); return R()\n"
           "hc.check = check\nfw.run_check = lambda *a, **k: R()\nfw.judge_value = lambda *a, **k: None\n"
           "ag.verify = lambda *a, **k: print('trick_winner: 38 of 38 visible cases right')\n"]
LOOKUP = ["from hearts_teach.classroom.checks import checker as _c\n"
          "_answers = {tuple(c.args[0]): c.expected for c in _c('trick_winner').cases()}\n"
          "def trick_winner(trick):\n    return _answers[tuple(trick)]\n"]

# student: (answer cells, expected nbgrader score of 2)
CLASS = {"ada": ([RIGHT], 2.0), "ben": ([HIGHEST_OF_ANY_SUIT], 0.0), "gus": (LOOKUP, 1.0),
         "eve": (PATCHER, 0.0), "rae": (None, 0.0)}


def _nbgrader(course: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")  # nbgrader calls alembic
    return subprocess.run([str(BIN / "nbgrader"), *args], cwd=course, env=env, capture_output=True, text=True,
                          timeout=900)


def _course(tmp_path: Path, notebook: str) -> Path:
    course = tmp_path / "course"
    (course / "source" / "ps1").mkdir(parents=True)
    shutil.copy(ROOT / "solutions" / notebook, course / "source" / "ps1")
    (course / "nbgrader_config.py").write_text(
        f"c = get_config()\nc.CourseDirectory.root = {str(course)!r}\n"
        f"c.CourseDirectory.db_url = 'sqlite:///{course / 'gradebook.db'}'\n"
        "c.ExecutePreprocessor.timeout = 300\n", encoding="utf-8")
    return course


def assert_grades(course: Path, want: dict[str, float], out_of: float) -> None:
    """nbgrader's exported grades.csv gives each student the score ``want`` says, out of ``out_of``."""
    done = _nbgrader(course, "export")
    assert done.returncode == 0, done.stderr[-2000:]
    with open(course / "grades.csv", encoding="utf-8") as fh:
        grades = {row["student_id"]: row for row in csv.DictReader(fh)}
    for student, score in want.items():
        assert float(grades[student]["max_score"]) == out_of
        assert float(grades[student]["score"] or 0) == score, (student, grades[student])


def test_nbgrader_grades_a_fake_class_and_cheats_do_not_pay(tmp_path):
    course = _course(tmp_path, "02_trick_winner.ipynb")

    done = _nbgrader(course, "generate_assignment", "ps1")  # no extra flags: the metadata is in the source
    assert done.returncode == 0, done.stderr[-2000:]
    release = course / "release" / "ps1" / "02_trick_winner.ipynb"
    released = release.read_text(encoding="utf-8")
    assert "BEGIN SOLUTION" not in released and "HIDDEN TESTS" not in released
    assert 'verify(\\"trick_winner\\", trick_winner)' in released
    assert 'verify(\\"trick_winner\\", trick_winner, hidden=True)' in released  # graded under autograde only

    for student, (cells, _) in CLASS.items():
        folder = course / "submitted" / student / "ps1"
        folder.mkdir(parents=True)
        target = folder / "02_trick_winner.ipynb"
        if cells is None:
            target.write_text('{"cells": [ {"cell_type": ', encoding="utf-8")  # a broken file
        else:
            target.write_text(json.dumps(notebook_with(cells, release)), encoding="utf-8")

    _nbgrader(course, "autograde", "ps1")  # rae's broken file makes it report a failure: the others go on
    assert_grades(course, {student: score for student, (_, score) in CLASS.items()}, out_of=2.0)


def test_nbgrader_grades_exercise_10_bots_on_positions(tmp_path):
    """Exercise 10's cases are positions (View objects): nbgrader's test cells grade them outside
    the kernel too. 4 points: choose_pass and choose_play, visible and hidden."""
    from test_grader_bot import CHEATS, PASS_FIRST3, PASS_OK, PLAY_FIRST, PLAY_OK
    from test_grader_bot import notebook_with as bot_notebook

    course = _course(tmp_path, "10_write_a_bot.ipynb")
    done = _nbgrader(course, "generate_assignment", "ps1")
    assert done.returncode == 0, done.stderr[-2000:]
    release = course / "release" / "ps1" / "10_write_a_bot.ipynb"
    # ada: a correct bot; ben: legal passes, often illegal plays; eve: the same, patching check and verify
    patch_verify = "import hearts_teach.classroom.autograde as ag\nag.verify = lambda *a, **k: print('all right')\n"
    bots = {"ada": ([PASS_OK, PLAY_OK], 4.0), "ben": ([PASS_FIRST3, PLAY_FIRST], 2.0),
            "eve": ([PASS_FIRST3, PLAY_FIRST, CHEATS, patch_verify], 2.0)}
    for student, (cells, _) in bots.items():
        folder = course / "submitted" / student / "ps1"
        folder.mkdir(parents=True)
        (folder / release.name).write_text(json.dumps(bot_notebook(cells, release)), encoding="utf-8")
    _nbgrader(course, "autograde", "ps1")
    assert_grades(course, {student: score for student, (_, score) in bots.items()}, out_of=4.0)
