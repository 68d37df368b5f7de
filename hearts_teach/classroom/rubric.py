"""The rubric of docs/teaching.md §5, computed: the marks of every gradebook row.

- Exercises 01–06, 09 and 10: 10 marks per exercise, split evenly between its checks; a check's
  marks are its share × its score, the score being the mean over the check's rules of the share
  of that rule's cases right (``checks.rules``: leaving out a whole rule costs at least 1/6 of the
  check). A ``timeout`` keeps what was right before it; ``not implemented``, ``missing``,
  ``wrong notebook`` and ``error`` rows have nothing right and score 0.
- Exercise 07: ``my_pass`` and ``my_discard`` are validity checks, 3 marks each when every case
  is right (0 otherwise); the drills are the coach's marks out of 10 scaled to 4. The 3 marks for
  the written reasoning are the teacher's to give by hand: not in the gradebook.
- Written answers (exercise 09's Markdown answer) are graded by hand: not in the gradebook.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

EXERCISE_MARKS = 10.0
# checks with marks of their own: (marks, all or nothing)
FIXED: dict[str, tuple[float, bool]] = {
    "my_pass": (3.0, True),
    "my_discard": (3.0, True),
    "drills": (4.0, False),
}
NO_EXERCISE = "-"  # the check of a row for a file that is no exercise of the course


class Graded(Protocol):
    student: str
    notebook: str
    check: str
    passed: int
    total: int
    marks: float
    out_of: float

    @property
    def score(self) -> float: ...


def out_of(check: str, checks: list[str]) -> float:
    """The marks ``check`` is worth in a notebook graded on ``checks``."""
    if check == NO_EXERCISE:
        return 0.0
    if check in FIXED:
        return FIXED[check][0]
    rest = [c for c in checks if c not in FIXED]
    left = EXERCISE_MARKS - sum(FIXED[c][0] for c in checks if c in FIXED)
    return left / len(rest) if rest else 0.0


def marks(row: Graded, worth: float) -> float:
    """The row's marks out of ``worth`` (rounded to hundredths: the CSV shows them so)."""
    if worth <= 0 or row.total <= 0:
        return 0.0
    if FIXED.get(row.check, (0.0, False))[1]:
        return worth if row.passed == row.total else 0.0
    return round(worth * row.score, 2)


def apply(rows: Iterable[Graded]) -> None:
    """Set every row's ``out_of`` and ``marks`` from the rubric (a notebook's checks are its rows)."""
    rows = list(rows)
    checks: dict[tuple[str, str], list[str]] = {}
    for r in rows:
        checks.setdefault((r.student, r.notebook), []).append(r.check)
    for r in rows:
        r.out_of = out_of(r.check, checks[(r.student, r.notebook)])
        r.marks = marks(r, r.out_of)
