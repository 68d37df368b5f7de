"""One plain-text feedback file per student, in the words the notebook's own ``check`` uses.

    python -m hearts_teach grade DIR --feedback FOLDER

For each exercise: the score, then per check the report ``check`` prints in the notebook (the
first case that went wrong, what was expected, what the function returned, the rule), which the
grader can give for its hidden cases too. Rows without a case to show (missing, timeout, error,
wrong notebook, the drills) give the gradebook's message.

The grader's notes for the teacher (``grader._note``: an engine word or importlib in a cell, a
refused write, a cell that hung; the NOT ISOLATED mark) are never written here: ``Row.for_student``
is the message before they were added. The first failing case is shown in full even when it is
a hidden one, so hand the files out after the deadline.
"""

from __future__ import annotations

import re
from pathlib import Path

from hearts_teach.classroom.checks import checker as find_checker
from hearts_teach.classroom.checks.framework import CheckResult, report_lines
from hearts_teach.classroom.class_report import (
    NOT_AN_EXERCISE,
    by_exercise,
    handed_in,
    number,
    score,
)
from hearts_teach.classroom.grader import DRILLS, Row


def file_name(student: str, taken: set[str]) -> str:
    """A file name for ``student`` that is safe on every system and not yet ``taken``:
    ``'Ron Smith'`` → ``'Ron_Smith.txt'`` (a second ``Ron/Smith`` → ``'Ron_Smith-2.txt'``)."""
    base = re.sub(r"[^\w.-]+", "_", student).strip("._-")[:100] or "student"
    name, k = f"{base}.txt", 1
    while name.lower() in taken:
        k += 1
        name = f"{base}-{k}.txt"
    taken.add(name.lower())
    return name


def _check_lines(r: Row) -> list[str]:
    """What the notebook's ``check`` would print for this row, or the row's own message."""
    if r.check == DRILLS and r.status == "ok" and r.for_student().startswith(DRILLS):
        return [r.for_student()]  # "drills: 6 of 10 marks (…): 1 best, 2 mistake, …"
    if r.check == DRILLS or r.check == NOT_AN_EXERCISE or r.status != "ok" and r.first is None:
        return [f"{r.check} ({r.status}): {r.for_student()}" if r.status != "ok" else f"{r.check}: {r.for_student()}"]
    if r.first is not None and r.first.kind == "not_run":
        return [f"{r.check} ({r.status}): {r.for_student()}"]
    try:
        chk = find_checker(r.check)
    except Exception:  # noqa: BLE001 - a checker that cannot be looked up: the gradebook's words
        return [f"{r.check}: {r.for_student()}"]
    lines = report_lines(chk, CheckResult(r.check, r.passed, r.total, first_failure=r.first, rules=r.rules))
    if r.parts is not None and r.parts[3] and not (r.first and r.first.kind == "not_implemented"):
        pv, v, ph, h = r.parts  # the grader's hidden cases count too: said under the case that went wrong
        lines.insert(len(lines) - 1 if r.first else len(lines),
                     f"  ({pv} of the {v} cases in your notebook right and {ph} of the grader's {h} hidden "
                     f"ones; cases {v + 1} to {v + h} are the hidden ones)")
    return lines


def feedback_text(student: str, rows: list[Row]) -> str:
    """The whole file for one student (their rows, in the grader's order)."""
    lines = [f"Feedback for {student}", "=" * len(f"Feedback for {student}"), "",
             "A score is the rubric's marks for the exercise as a %. Each rule of the game an exercise tests",
             "weighs the same, however many cases it has: a rule left out costs a share of the marks. For each",
             "check the first case that went wrong is shown as `check` shows it in your notebook.", ""]
    for notebook, per_student in by_exercise(rows).items():
        its = per_student.get(student, [])
        if not its:
            continue
        passed, total = sum(r.passed for r in its), sum(r.total for r in its)
        head = f"{notebook}: {number(score(its))}% ({passed} of {total} right)" if handed_in(its) \
            else f"{notebook}: not handed in"
        lines += [head, "-" * len(head)]
        for r in its:
            lines += _check_lines(r)
        lines.append("")
    others = [r for r in rows if r.student == student and r.check == NOT_AN_EXERCISE]
    if others:
        lines.append("Also handed in, not graded:")
        lines += [f"  {r.notebook}: {r.for_student()}" for r in others]
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def write_feedback(rows: list[Row], folder: Path) -> list[Path]:
    """``folder/STUDENT.txt`` for every student (the folder is made if missing); the files written."""
    folder.mkdir(exist_ok=True)
    taken: set[str] = set()
    written = []
    for student in dict.fromkeys(r.student for r in rows):
        path = folder / file_name(student, taken)
        path.write_text(feedback_text(student, [r for r in rows if r.student == student]), encoding="utf-8")
        written.append(path)
    return written
