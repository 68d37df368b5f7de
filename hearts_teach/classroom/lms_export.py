"""The gradebook as a learning platform imports it: Canvas or Moodle.

    python -m hearts_teach grade DIR --lms canvas FILE [--excel]
    python -m hearts_teach grade DIR --lms moodle FILE [--excel]

One row per student, one column per exercise: the score as a number from 0 to 100 (the share of
the exercise's cases right, as in the class report), 0 for an exercise not handed in, empty for
one that was not graded for that student.

Canvas (Grades → Import): the columns ``Student, ID, SIS User ID, SIS Login ID, Section``, then
one per assignment; only one of name, ID or SIS User ID is needed to find a student, and a column
whose name is no assignment yet becomes a new assignment (Ohio State's guide "Import CSV File for
Carmen Grades", teaching.resources.osu.edu, which also names the export of Canvas's gradebook as
the template). ``ID`` is Canvas's user id, which Canvas's submission download puts in every file
name (``sortable name[_LATE]_user id_attachment id_file``: canvas-lms ``lib/content_zipper.rb``);
the grader fills it in from there and leaves it empty when the files came another way.

Moodle (Grades → Import → CSV file): Moodle finds each student by one column the teacher maps
to the user's id, ID number, email address or username, and each other column to a grade item
or a new one (moodle ``grade/import/csv/classes/load_data.php``, ``map_user_data_with_value``).
The grader knows none of those (Moodle's download names carry the full name and a participant
number only), so the ``Email address`` column says what to fill in. An empty identifier is not
safe there: ``prepare_import_grade_data`` skips the look-up for an empty one and keeps the student
of the row above; a text that is no user stops the import (``check_user_exists``: a user mapping
error). An empty grade cell is imported as "no grade" there (``update_grade_item``).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from pathlib import Path

from hearts_teach.classroom.class_report import by_exercise, handed_in, number, score
from hearts_teach.classroom.grader import Row
from hearts_teach.classroom.submissions import canvas_user_id, spreadsheet_cell

SYSTEMS = ("canvas", "moodle")
CANVAS_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
MOODLE_COLUMNS = ("Full name", "Email address")
MOODLE_FILL_IN = "FILL IN the email address of "


def column(notebook: str) -> str:
    """The assignment's column: the notebook's name without ``.ipynb``."""
    return notebook.removesuffix(".ipynb")


def grade_table(rows: list[Row]) -> tuple[list[str], dict[str, list[str]]]:
    """The exercises (notebook names) and ``{student: [score text per exercise]}``."""
    exercises = by_exercise(rows)
    students = list(dict.fromkeys(r.student for r in rows))
    table = {s: [(number(score(per[s])) if handed_in(per[s]) else "0") if s in per else ""
                 for per in exercises.values()] for s in students}
    return list(exercises), table


def canvas_ids(submissions: dict[str, list[Path]], exercises: Iterable[str]) -> dict[str, str]:
    """``{student: Canvas user id}`` from the names of the files each student handed in (one id
    per student: a student whose files name two ids gets none, rather than a guess)."""
    names = list(exercises)
    out: dict[str, str] = {}
    for student, paths in submissions.items():
        ids = {i for p in paths if (i := canvas_user_id(p, names)) is not None}
        if len(ids) == 1:
            out[student] = ids.pop()
    return out


def write_lms(system: str, rows: list[Row], path: Path, ids: dict[str, str], *, excel: bool = False) -> list[str]:
    """Write the file; return what the teacher must still do (lines for the terminal)."""
    if system not in SYSTEMS:
        raise ValueError(f"--lms must be one of {', '.join(SYSTEMS)}, got {system!r}")
    exercises, table = grade_table(rows)
    head = [column(nb) for nb in exercises]
    todo: list[str] = []
    with open(path, "w", newline="", encoding="utf-8-sig" if excel else "utf-8") as fh:
        w = csv.writer(fh)
        if system == "canvas":
            w.writerow([*CANVAS_COLUMNS, *head])
            for student, scores in table.items():
                w.writerow([spreadsheet_cell(student), ids.get(student, ""), "", "", "", *scores])
            missing = [s for s in table if s not in ids]
            if missing:
                todo.append(f"{len(missing)} of {len(table)} students have no Canvas ID (their files did not come "
                            f"from Canvas's download): fill in their ID, SIS User ID or name as Canvas's own "
                            f"gradebook export shows it ({', '.join(missing[:5])}{' …' if len(missing) > 5 else ''})")
        else:
            w.writerow([*MOODLE_COLUMNS, *head])
            for student, scores in table.items():
                w.writerow([spreadsheet_cell(student), MOODLE_FILL_IN + student, *scores])
            todo.append("fill in the Email address column of every row (Moodle finds students by it; the "
                        "download names carry no email), then import with Map from 'Email address' to 'Email "
                        "address' and map each exercise column to its grade item")
    noted = sorted({r.student for r in rows if "note: " in r.message})
    if noted:  # the import file has no room for a note: a flagged answer would go in as it scored
        todo.append(f"{len(noted)} student{'s have' if len(noted) > 1 else ' has'} a note in grades.csv (code to "
                    f"check by hand): look before you import; the file holds their scores as graded "
                    f"({', '.join(noted[:5])}{' …' if len(noted) > 5 else ''})")
    todo.append(f"each exercise is a score out of 100: give its {system.capitalize()} "
                f"{'assignment' if system == 'canvas' else 'grade item'} 100 points")
    return todo
