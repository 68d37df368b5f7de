"""Finding a class's notebooks, named as teachers actually receive them.

- ``DIR/STUDENT/NN_name.ipynb`` (one folder per student) and nbgrader's
  ``submitted/STUDENT/ASSIGNMENT/NN_name.ipynb``;
- a learning platform's download, where the notebook's name carries more than the exercise:
  Canvas names each file ``smithron_12345_67890_02_trick_winner.ipynb`` (``_LATE_`` after the
  name when late) and a resubmission ``02_trick_winner-1.ipynb``; Moodle puts each student's
  files in a folder ``Ron Smith_12345_assignsubmission_file_`` (or, flat, prefixes the file
  with it); a browser saves a second copy as ``02_trick_winner (1).ipynb``. The exercise is
  the end of the name, the student the start of it (in a flat folder).

``exercise_of`` reads a file name; ``find_submissions`` gives ``{student: [paths]}``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

SUFFIX = ".ipynb"
_COPY = re.compile(r"(?:-(\d+)| \((\d+)\))$")  # Canvas's "-1", a browser's " (1)"
_MOODLE = re.compile(r"_\d+_assign(?:submission|feedback)_\w+?_?$")  # "_12345_assignsubmission_file_"
_CANVAS_IDS = re.compile(r"(?:_LATE)?(?:_\d+){2,}$")  # "_LATE_12345_67890": user and submission ids


def exercise_of(filename: str, exercises: Iterable[str]) -> tuple[str, str, int] | None:
    """``(exercise, the name before it, copy number)`` when ``filename`` is the notebook of one of
    ``exercises`` (their file names), however a platform or a browser decorated it; else None.

    ``'02_trick_winner-1.ipynb'`` → ``('02_trick_winner.ipynb', '', 1)``;
    ``'Ron_Smith_04_hand_points.ipynb'`` → ``('04_hand_points.ipynb', 'Ron_Smith', 0)``."""
    if not filename.endswith(SUFFIX):
        return None
    stem = filename[: -len(SUFFIX)]
    copy = 0
    m = _COPY.search(stem)
    if m:
        copy = int(m.group(1) or m.group(2))
        stem = stem[: m.start()]
    for name in sorted(exercises, key=lambda n: (-len(n), n)):  # the longest name that fits
        if not name.endswith(SUFFIX):
            continue
        wanted = name[: -len(SUFFIX)]
        if stem == wanted:
            return name, "", copy
        if stem.endswith(wanted) and stem[-len(wanted) - 1] in "_- ":
            return name, stem[: -len(wanted) - 1], copy
    return None


def student_name(prefix: str, folder: bool = False) -> str:
    """The student in a platform's name: ``'smithron_12345_67890'`` (a Canvas file's prefix) →
    ``'smithron'``, ``'Ron Smith_12345_assignsubmission_file_'`` (Moodle) → ``'Ron Smith'``; any
    other name as it is (a folder ``s_1`` is the teacher's name for a student, never cut)."""
    name = _MOODLE.sub("", prefix)
    if name == prefix and not folder:
        name = _CANVAS_IDS.sub("", name)
    return name.strip(" _-") or prefix


_CANVAS_USER = re.compile(r"(?:_LATE)?_(\d+)(?:_\d+)+$")  # the first number of Canvas's ids is the user's


def canvas_user_id(path: Path, exercises: Iterable[str]) -> str | None:
    """The student's Canvas user id (the ``ID`` column of Canvas's gradebook) in a file name of
    Canvas's download, ``smithron_LATE_12345_67890_02_trick_winner.ipynb`` → ``'12345'``; else None.
    (Canvas names each file ``sortable name[_LATE]_user id_attachment id_file name``: canvas-lms,
    ``lib/content_zipper.rb``, ``get_filename`` and ``add_upload_submission``.)"""
    seen = exercise_of(path.name, exercises)
    m = _CANVAS_USER.search(seen[1]) if seen is not None and seen[1] else None
    return m.group(1) if m else None


def _notebooks(base: Path) -> list[Path]:
    paths = [p for pattern in ("*" + SUFFIX, "*/*" + SUFFIX) for p in base.glob(pattern)
             if not any(part.startswith(".") for part in p.relative_to(base).parts)]
    return sorted(paths, key=lambda p: (p.name, str(p)))


def find_submissions(folder: Path, exercises: Iterable[str] = ()) -> dict[str, list[Path]]:
    """``{student: [notebook paths]}``: one folder per student (nbgrader's ``submitted/`` too),
    Moodle's folders named after the student, and notebooks lying in ``folder`` itself whose names
    start with the student's (a platform's flat download; ``exercises`` names what to look for)."""
    if (folder / "submitted").is_dir():
        folder = folder / "submitted"
    found: dict[str, list[Path]] = {}
    for student in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")):
        # a student's folder that is a link is the teacher's doing (the students hand in what is in it);
        # a link inside it is the student's, and the grader refuses to follow it
        base = student.resolve() if student.is_symlink() else student
        found.setdefault(student_name(student.name, folder=True), []).extend(_notebooks(base))
    names = list(exercises)
    for path in sorted(folder.glob("*" + SUFFIX)):
        if path.name.startswith("."):
            continue
        seen = exercise_of(path.name, names)
        if seen is not None and seen[1]:  # a prefix names the student; a bare exercise name does not
            found.setdefault(student_name(seen[1]), []).append(path)
    return {s: sorted(p, key=lambda x: (x.name, str(x))) for s, p in sorted(found.items())}


def single_student(path: Path, exercises: Iterable[str] = ()) -> str:
    """The student of one notebook graded on its own: the name a platform put before the
    exercise's (``smithron_12345_67890_02_trick_winner.ipynb``), else its folder's name
    (``ada/02_trick_winner.ipynb``), else "-"."""
    seen = exercise_of(path.name, list(exercises))
    if seen is not None and seen[1]:
        return student_name(seen[1])
    parent = path.resolve().parent.name
    return student_name(parent, folder=True) if parent else "-"


def spreadsheet_cell(value: object) -> object:
    """A CSV cell that a spreadsheet program shows as the text it is: one starting with = + - @ (a
    name, or words a student's code printed) would be read as a formula, so it gets an apostrophe."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value
