"""The gradebook: one row per student, notebook and check, written as CSV and summed up.

Each row has the cases right (``passed`` of ``total``), the check's **score** (the mean over the
check's rules of the share of that rule's cases right: ``checks.rules``), the **marks** the rubric
of docs/teaching.md §5 gives it out of **out_of** (``rubric``), and per rule the cases right
(**rules**, e.g. ``first trick: no hearts or Q♠ 0/5; follow suit 66/66``).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hearts_teach.classroom import rubric
from hearts_teach.classroom.checks.framework import Failure
from hearts_teach.classroom.checks.rules import RulePart, listing
from hearts_teach.classroom.checks.rules import score as rule_score
from hearts_teach.classroom.os_sandbox import NOT_ISOLATED
from hearts_teach.classroom.submissions import spreadsheet_cell

COLUMNS = ("student", "notebook", "check", "passed", "total", "status", "message", "score", "marks", "out_of",
           "rules")


@dataclass
class Row:
    student: str
    notebook: str
    check: str
    passed: int
    total: int
    status: str
    message: str
    # (visible right, visible cases, hidden right, hidden cases) for a check; not a CSV column
    parts: tuple[int, int, int, int] | None = None
    first: Failure | None = None  # a check's first failing case (the student's feedback); not a CSV column
    said: str | None = None  # the message before any note for the teacher was added (None: no note)
    rules: list[RulePart] = field(default_factory=list)  # per rule of the game: its cases right
    marks: float = 0.0  # the rubric's marks (``rubric.apply``)
    out_of: float = 0.0

    @property
    def score(self) -> float:
        """0..1: the mean over the check's rules of the share of its cases right (drills, and a row
        that reached no case: the share of its cases or marks)."""
        return rule_score(self.rules, self.passed, self.total)

    def as_list(self) -> list[Any]:
        return [self.student, self.notebook, self.check, self.passed, self.total, self.status, self.message,
                f"{100 * self.score:.1f}", f"{self.marks:.2f}", f"{self.out_of:.2f}", listing(self.rules)]

    def for_student(self) -> str:
        """The message without the teacher's notes (``_note``, the NOT ISOLATED mark)."""
        return self.message if self.said is None else self.said


def write_csv(rows: list[Row], path: Path, *, excel: bool = False) -> None:
    """The gradebook as CSV (UTF-8; with ``excel`` a byte-order mark first, which spreadsheet
    programs need to read ♠♥♦♣ and accented names as UTF-8)."""
    rubric.apply(rows)
    with open(path, "w", newline="", encoding="utf-8-sig" if excel else "utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(COLUMNS)
        for r in rows:
            w.writerow([spreadsheet_cell(v) for v in r.as_list()])


def summary(rows: list[Row]) -> str:
    """One line per student (cases right of all cases, the rubric's marks and their %, and which
    notebooks had problems), then totals."""
    rubric.apply(rows)
    students: dict[str, list[Row]] = {}
    for r in rows:
        students.setdefault(r.student, []).append(r)
    width = max([len(s) for s in students] + [7])
    lines = [f"{'student':<{width}}  {'passed':>7} / {'total':<6} {'marks':>7} / {'of':<5} {'%':>6}  problems"]
    all_p = all_t = 0
    all_m = all_o = 0.0
    for s, rs in students.items():
        p, t = sum(r.passed for r in rs), sum(r.total for r in rs)
        m, o = sum(r.marks for r in rs), sum(r.out_of for r in rs)
        all_p, all_t, all_m, all_o = all_p + p, all_t + t, all_m + m, all_o + o
        probs = sorted({f"{r.notebook} {r.status}" for r in rs if r.status not in ("ok",)}
                       # a note (a refused write or read, the engine in an answer) is the teacher's to read
                       | {f"{r.notebook} noted" for r in rs if "note: " in r.message})
        # the % is of the rubric's marks (each exercise 10), not of the cases: an exercise with many
        # cases weighs no more than one with few
        pct = f"{100 * m / o:5.1f}%" if o else "    -"
        lines.append(f"{s:<{width}}  {p:>7} / {t:<6} {m:>7.2f} / {o:<5g} {pct:>6}  {', '.join(probs)}".rstrip())
    pct = f"{100 * all_m / all_o:5.1f}%" if all_o else "    -"
    lines.append(f"{'total':<{width}}  {all_p:>7} / {all_t:<6} {all_m:>7.2f} / {all_o:<5g} {pct:>6}  "
                 f"{len(students)} students, "
                 f"{len({(r.student, r.notebook) for r in rows})} notebooks, {len(rows)} rows")
    graded_for: dict[str, set[str]] = {}
    for r in rows:
        if r.check != "-":  # a file that is no exercise of the course has a row of its own
            graded_for.setdefault(r.notebook, set()).add(r.student)
    for notebook, who in sorted(graded_for.items()):
        if len(who) < len(students):
            lines.append(f"{notebook}: graded for {len(who)} of {len(students)} students, who handed it in; "
                         f"the others are not marked missing (--notebooks {notebook} marks them)")
    if any(r.message.startswith(NOT_ISOLATED) for r in rows):
        lines.append(f"{NOT_ISOLATED} (every row of the gradebook says so)")
    if any("note: " in r.message for r in rows):
        lines.append("noted: the CSV's message says what the notebook did (a refused write or read, the "
                     "engine or importlib in a cell); the grade stands, read that cell")
    return "\n".join(lines)
