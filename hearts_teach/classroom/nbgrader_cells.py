"""nbgrader's cell metadata for the solution notebooks, written by a command, never by hand.

    python -m hearts_teach.classroom.exercises mark [NAME ...]   # add or refresh it in solutions/

- a code cell with a ``### BEGIN SOLUTION`` region becomes an *autograded answer*;
- a Markdown cell with one becomes a *manually graded answer* (``WRITTEN_POINTS`` points);
- after every ``check("name", function)`` cell come two *autograder test* cells, one point
  each: the visible cases, then the hidden cases (both graded outside the kernel, see
  ``hearts_teach.classroom.autograde``). The hidden cases are not in the cell, so the cell has no
  ``### BEGIN HIDDEN TESTS`` region: nbgrader stores a locked cell's checksum before it cuts such
  a region out, so every autograde would warn that the cell changed (jupyter/nbgrader#1961).
  ``verify(..., hidden=True)`` grades the hidden cases only under ``nbgrader autograde`` and
  elsewhere says that they are graded then;
- after the ``grade_drills(...)`` cell comes one test cell worth ``DRILL_POINTS``.

So ``nbgrader generate_assignment`` works on a copy of ``solutions/`` with no extra flags.
Running the command again changes nothing (the test cells are found by their ids).
"""

from __future__ import annotations

import ast
from typing import Any

SCHEMA = 3
WRITTEN_POINTS = 2
DRILL_POINTS = 2
DRILLS_NEEDED = 6  # marks of 10: the coach's score needed to pass the drills' test cell
TEST_PREFIX = "test-"
# every test cell imports the grader afresh, so that attributes patched by earlier cells
# (a replaced check, verify or checker) are gone before it grades; the modules the notebook
# imported are put back afterwards (objects of two copies of a module do not mix)
FRESH_IMPORT = ("import sys\n"
                "_kept = {n: m for n, m in sys.modules.items() if n.split('.')[0] == 'hearts_teach'}\n"
                "for _n in _kept:\n"
                "    del sys.modules[_n]  # import the grader afresh: nothing an earlier cell patched survives\n"
                "try:\n"
                "    from hearts_teach.classroom.autograde import verify\n"
                "finally:\n"
                "    sys.modules.update(_kept)  # later cells go on with the modules they imported\n")


def _meta(grade_id: str, *, grade: bool, solution: bool, locked: bool, points: int | None = None) -> dict:
    m: dict[str, Any] = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": SCHEMA,
                         "solution": solution}
    if points is not None:
        m["points"] = points
    if grade and solution:
        m["task"] = False
    return m


def is_test_cell(cell: Any) -> bool:
    """An autograder test cell (graded, not an answer)."""
    m = cell.get("metadata", {}).get("nbgrader", {})
    return bool(m.get("grade")) and not m.get("solution")


def _graded_calls(source: str) -> list[tuple[str, str]]:
    """(check name, function) for ``check("name", f)`` and ("drills", f) for ``grade_drills(f)``."""
    try:
        tree = ast.parse("\n".join(line for line in source.splitlines() if not line.lstrip().startswith("%")))
    except SyntaxError:
        return []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            a = node.args
            if node.func.id == "check" and len(a) >= 2 and isinstance(a[0], ast.Constant) \
                    and isinstance(a[0].value, str) and isinstance(a[1], ast.Name):
                found.append((a[0].value, a[1].id))
            elif node.func.id == "grade_drills" and a and isinstance(a[0], ast.Name):
                found.append(("drills", a[0].id))
    return found


def _test_cells(nbformat: Any, name: str, function: str) -> list[Any]:
    if name == "drills":
        src = (f"# Autograder test (nbgrader, {DRILL_POINTS} points): the coach grades your drill answers again in\n"
               f"# a fresh Python process; {DRILLS_NEEDED} of 10 marks or more pass.\n"
               + FRESH_IMPORT +
               f"verify(\"drills\", {function}, at_least={DRILLS_NEEDED})")
        cell = nbformat.v4.new_code_cell(src)
        cell.id = f"{TEST_PREFIX}drills"
        cell.metadata["nbgrader"] = _meta(cell.id, grade=True, solution=False, locked=True, points=DRILL_POINTS)
        return [cell]
    visible = nbformat.v4.new_code_cell(
        f"# Autograder test (nbgrader, 1 point): {function} is run again in a fresh Python process on the\n"
        "# cases the check above uses; every one must be right.\n"
        + FRESH_IMPORT +
        f"verify(\"{name}\", {function})")
    visible.id = f"{TEST_PREFIX}{name}"
    hidden = nbformat.v4.new_code_cell(
        f"# Autograder test (nbgrader, 1 point): more cases for {function}, hidden until your work is graded\n"
        "# (nbgrader autograde runs them; here the cell only says so).\n"
        + FRESH_IMPORT +
        f"verify(\"{name}\", {function}, hidden=True)")
    hidden.id = f"{TEST_PREFIX}{name}-hidden"
    visible.metadata["nbgrader"] = _meta(visible.id, grade=True, solution=False, locked=True, points=1)
    hidden.metadata["nbgrader"] = _meta(hidden.id, grade=True, solution=False, locked=True, points=1)
    return [visible, hidden]


def mark(nb: Any) -> Any:
    """``nb`` (a solution notebook) with nbgrader's metadata and test cells; changed in place."""
    import nbformat

    cells = []
    old = {c.get("id"): c for c in nb.cells if c.get("id", "").startswith(TEST_PREFIX) and is_test_cell(c)}
    for cell in nb.cells:
        if cell.get("id") in old:
            continue  # made again below, after their check cell
        cell.metadata.pop("nbgrader", None)
        if "BEGIN SOLUTION" in cell.source:
            gid = f"answer-{cell.get('id')}"
            if cell.cell_type == "code":
                cell.metadata["nbgrader"] = _meta(gid, grade=False, solution=True, locked=False)
            else:
                cell.metadata["nbgrader"] = _meta(gid, grade=True, solution=True, locked=False,
                                                  points=WRITTEN_POINTS)
        cells.append(cell)
        if cell.cell_type == "code":
            for name, function in _graded_calls(cell.source):
                for new in _test_cells(nbformat, name, function):
                    same = old.get(new.id)  # unchanged: keep it with its stored outputs
                    keep = same is not None and (same.source, same.metadata) == (new.source, new.metadata)
                    cells.append(same if keep else new)
    nb.cells = cells
    return nb


def deleted_test_cells(submitted: dict, solution: dict) -> list[str]:
    """The ids of the solution's test cells that a notebook nbgrader handed out no longer has
    (both as plain JSON). Empty for our own student copy (``exercises/``), which never had them:
    only nbgrader's copy carries the checksums that ``generate_assignment`` writes."""
    def meta(cell: Any) -> dict:
        m = cell.get("metadata", {}).get("nbgrader", {}) if isinstance(cell, dict) else {}
        return m if isinstance(m, dict) else {}

    cells = submitted.get("cells", [])
    if not any("checksum" in meta(c) for c in cells):
        return []
    present = {meta(c).get("grade_id") for c in cells}
    return [c["id"] for c in solution.get("cells", []) if is_test_cell(c) and c.get("id") not in present]
