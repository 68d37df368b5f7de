"""A class's notebooks as platforms and browsers name them (issue 26: files downloaded from an
LMS, ``02_trick_winner-1.ipynb`` and ``Ron_Smith_04_hand_points.ipynb``, scored 0 as "wrong notebook")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts_teach.classroom import grader
from hearts_teach.classroom.submissions import exercise_of, find_submissions, student_name

EXERCISES = ["02_trick_winner.ipynb", "04_hand_points.ipynb"]


@pytest.mark.parametrize("filename, seen", [
    ("02_trick_winner.ipynb", ("02_trick_winner.ipynb", "", 0)),
    ("02_trick_winner-1.ipynb", ("02_trick_winner.ipynb", "", 1)),       # Canvas: a resubmission
    ("02_trick_winner (2).ipynb", ("02_trick_winner.ipynb", "", 2)),     # a browser's second copy
    ("Ron_Smith_04_hand_points.ipynb", ("04_hand_points.ipynb", "Ron_Smith", 0)),
    ("smithron_LATE_12345_67890_02_trick_winner-2.ipynb", ("02_trick_winner.ipynb", "smithron_LATE_12345_67890", 2)),
    ("Ron Smith_12345_assignsubmission_file_04_hand_points.ipynb",
     ("04_hand_points.ipynb", "Ron Smith_12345_assignsubmission_file", 0)),
    ("x02_trick_winner.ipynb", None),  # not a separator: another name
    ("02_trick_winner.py", None),
    ("notes.ipynb", None),
])
def test_the_exercise_is_read_from_the_end_of_the_name(filename, seen):
    assert exercise_of(filename, EXERCISES) == seen


def test_the_student_is_read_from_a_platforms_prefix_and_a_teachers_folder_is_kept():
    assert student_name("smithron_LATE_12345_67890") == "smithron"
    assert student_name("Ron Smith_12345_assignsubmission_file_", folder=True) == "Ron Smith"
    assert student_name("Ron_Smith") == "Ron_Smith"
    assert student_name("s_1", folder=True) == "s_1" and student_name("s_1") == "s_1"


def _notebook(path: Path, answer: str) -> None:
    nb = json.loads((grader.ROOT / "exercises" / "02_trick_winner.ipynb").read_text(encoding="utf-8"))
    next(c for c in nb["cells"] if c.get("id") == "solution")["source"] = answer
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb), encoding="utf-8")


RIGHT = ("def trick_winner(trick):\n    best = 0\n    for i in range(1, 4):\n"
         "        if suit(trick[i]) == suit(trick[0]) and rank(trick[i]) > rank(trick[best]):\n"
         "            best = i\n    return best\n")


def test_a_platforms_download_is_graded_as_the_exercise_for_the_right_student(tmp_path):
    """Canvas's flat folder (with a resubmission), Moodle's folders, a browser's copy: each
    file graded as exercise 02 for its student, the latest copy of a resubmission."""
    _notebook(tmp_path / "smithron_12345_67890_02_trick_winner.ipynb", "def trick_winner(trick):\n    return 0\n")
    _notebook(tmp_path / "smithron_12345_67891_02_trick_winner-1.ipynb", RIGHT)
    _notebook(tmp_path / "Ada Lee_222_assignsubmission_file_" / "02_trick_winner.ipynb", RIGHT)
    _notebook(tmp_path / "kim" / "02_trick_winner (1).ipynb", RIGHT)
    found = find_submissions(tmp_path, EXERCISES)
    assert sorted(found) == ["Ada Lee", "kim", "smithron"]
    assert len(found["smithron"]) == 2
    rows = {r.student: r for r in grader.grade_class(tmp_path, progress=False)}
    assert {s: (r.notebook, r.status, r.passed == r.total) for s, r in rows.items()} == {
        "Ada Lee": ("02_trick_winner.ipynb", "ok", True), "kim": ("02_trick_winner.ipynb", "ok", True),
        "smithron": ("02_trick_winner.ipynb", "ok", True)}
    # the handed-out cells are known under any of these names: no honest student is noted
    assert [r.message for r in rows.values() if "note:" in r.message] == []


def test_a_single_notebook_is_graded_for_the_student_its_name_or_folder_names(tmp_path):
    from hearts_teach.classroom.submissions import single_student

    assert single_student(tmp_path / "hang2" / "04_hand_points.ipynb", EXERCISES) == "hang2"
    assert single_student(tmp_path / "smithron_12345_67890_02_trick_winner.ipynb", EXERCISES) == "smithron"
    _notebook(tmp_path / "ada" / "02_trick_winner.ipynb", RIGHT)
    [row] = grader.grade_class(tmp_path / "ada" / "02_trick_winner.ipynb", progress=False)
    assert (row.student, row.status, row.passed == row.total) == ("ada", "ok", True)  # was "-"


def test_a_renamed_download_of_an_honest_notebook_is_not_noted(tmp_path):
    # exercise 03 hands out a cell that imports the engine (a demo): under Canvas's or a
    # browser's name it was taken for the student's own and noted
    nb = json.loads((grader.SOLUTIONS / "03_legal_plays.ipynb").read_text(encoding="utf-8"))
    for name in ("ada/03_legal_plays.ipynb", "leeann_22222_67892_03_legal_plays.ipynb",
                 "Ron Smith_12345_assignsubmission_file_/03_legal_plays (1).ipynb"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(json.dumps(nb), encoding="utf-8")
    rows = grader.grade_class(tmp_path, progress=False)
    assert sorted(r.student for r in rows) == ["Ron Smith", "ada", "leeann"]
    assert all(r.status == "ok" and r.passed == r.total and "note:" not in r.message for r in rows), rows


def test_a_cell_a_spreadsheet_would_read_as_a_formula_is_kept_as_text():
    from hearts_teach.classroom.submissions import spreadsheet_cell

    assert spreadsheet_cell("=HYPERLINK(\"http://x\")") == "'=HYPERLINK(\"http://x\")"
    assert [spreadsheet_cell(v) for v in ("+1", "-2", "@x", "Ron Smith", 12, "")] == ["'+1", "'-2", "'@x", "Ron Smith", 12, ""]
