"""nbgrader's autograder test cells: the verdict comes from a fresh process, not from the kernel.

nbgrader runs a notebook's test cells in the student's own kernel, where ``check`` may have
been redefined or the checker modules patched. A test cell therefore only calls

    from hearts_teach.classroom.autograde import verify
    verify("trick_winner", trick_winner)                # the visible cases
    verify("trick_winner", trick_winner, hidden=True)   # the hidden cases

Each test cell takes ``hearts_teach`` out of ``sys.modules``, imports ``verify`` afresh
(so attributes that earlier cells patched, ``check`` or ``verify`` itself, are gone) and puts
the notebook's modules back for the cells that follow. ``verify``
collects the code of the cells run so far and hands it to a new Python process
(``python -I -m hearts_teach.classroom.autograde_job``), started from the interpreter's own files. That
process is the grader: it computes the expected answers itself, runs the student's code in
a third process inside the OS sandbox (``hearts_teach.classroom.sandbox``, ``os_sandbox``),
compares the answers and prints one JSON verdict. Where bubblewrap is missing the test cell
fails and names the fix; ``HEARTS_NO_OS_SANDBOX=1`` in the autograder's environment runs
without isolation instead (the cell's line then says so).
``verify`` prints a line and raises ``AutograderTestFailed`` (shown as that line, not as a
traceback) unless every case is right, which is how nbgrader marks the cell failed.

What this cannot stop: code that reaches into the kernel that runs the test cell itself
(replacing ``subprocess`` or IPython's error display, say). The class grader
(``python -m hearts_teach.classroom.exercises grade``) runs nothing in the student's process at all;
use it to confirm nbgrader's scores.

The hidden cases are graded only when ``nbgrader autograde`` started the kernel (it sets
``NBGRADER_EXECUTION=autograde``); elsewhere, on a student's machine or in ``nbgrader
validate``, the hidden test cell only says that they are graded then, and passes. The grader
process reads that variable from the kernel's start environment (``/proc/PID/environ``),
which a notebook's code cannot change the way it can change ``os.environ``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

TIMEOUT = 180.0


class AutograderTestFailed(AssertionError):
    """A test cell's cases were not all right. IPython shows only the message."""

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


RECORD = "_hearts_teach_cells"  # attribute of the shell: the cells run since the checks were imported


def record_cells() -> None:
    """Keep the source of every cell run from now on (and of the one running now).

    IPython's history is not enough: a notebook run with ``store_history=False`` (nbval does
    that) has none. ``hearts_teach.classroom.checks`` calls this on import, in the notebook's setup cell."""
    try:
        from IPython import get_ipython

        ip = get_ipython()
    except ImportError:
        return
    if ip is None or getattr(ip, RECORD, None) is not None:
        return
    cells: list[str] = []
    setattr(ip, RECORD, cells)

    def after(result: Any) -> None:  # post_run_cell also fires for the cell that registered it
        cells.append(str(getattr(getattr(result, "info", None), "raw_cell", "") or ""))

    ip.events.register("post_run_cell", after)


def _history() -> list[str]:
    """The cells run before this one, except other test cells (they would only verify again)."""
    from IPython import get_ipython

    ip = get_ipython()
    if ip is None:
        raise RuntimeError("verify runs inside a notebook (an IPython kernel)")
    recorded = getattr(ip, RECORD, None)
    if isinstance(recorded, list) and recorded:
        cells = [str(c) for c in recorded]  # this cell is not there yet: it is still running
    else:
        cells = list(ip.history_manager.input_hist_raw)[1:-1]  # [0] is empty; [-1] is this cell
    return [c for c in cells if "verify(" not in c]


NO_SANDBOX = "HEARTS_NO_OS_SANDBOX"  # set to 1 (in the autograder's environment) to run without the OS sandbox


def _judge(check: str, function: str, sources: list[str], hidden: bool = False) -> dict:
    # no cache in the kernel: a student could fill it in; every test cell asks the grader again.
    # The opt-out is read here, in the process nbgrader started (a student's cell could set it
    # in the kernel's environment too: it is a teacher's switch for machines without bubblewrap)
    import os

    isolate = os.environ.get(NO_SANDBOX, "") not in ("1", "true", "yes")
    job = json.dumps({"check": check, "function": function, "sources": sources, "isolate": isolate,
                      "hidden": hidden})
    try:
        done = subprocess.run([sys.executable, "-I", "-m", "hearts_teach.classroom.autograde_job"], input=job,
                              capture_output=True, text=True, timeout=TIMEOUT)
        verdict = json.loads(done.stdout.strip().splitlines()[-1]) if done.stdout.strip() else {}
    except (subprocess.TimeoutExpired, ValueError, IndexError) as exc:
        verdict = {"error": f"the grader process failed: {type(exc).__name__}"}
    if not isinstance(verdict, dict) or not verdict:
        verdict = {"error": "the grader process gave no verdict"}
    return verdict


def verify(check: str, func: Any, *, hidden: bool = False, at_least: int | None = None) -> None:
    """Grade ``func`` for checker ``check`` outside this kernel; raise unless it passes.

    ``hidden`` grades the hidden cases instead of the visible ones; for the drills
    (``check="drills"``), ``at_least`` is the score needed, in marks out of 10."""
    function = getattr(func, "__name__", None)
    if not isinstance(function, str) or not function.isidentifier():
        raise AutograderTestFailed(f"{check}: verify needs the function itself, got {type(func).__name__}")
    v = _judge(check, function, _history(), hidden)
    if v.get("later"):  # not under nbgrader autograde: the hidden cases are not graded here
        print(f"{check}: the hidden cases are graded when your teacher runs nbgrader autograde on your work")
        return
    if "error" in v:
        raise AutograderTestFailed(f"{check}: {v['error']}")
    if check == "drills":
        need = v["total"] if at_least is None else at_least
        line = f"drills: {v['passed']} of {v['total']} marks from the coach (at least {need} needed)"
        ok = v["passed"] >= need
    else:
        right, total = (v["parts"][2], v["parts"][3]) if hidden else (v["parts"][0], v["parts"][1])
        which = "hidden" if hidden else "visible"
        line = f"{check}: {right} of {total} {which} cases right (graded again in a fresh process)"
        ok = right == total and v["status"] == "ok"
    if v.get("isolated") is False:
        line += " (NOT ISOLATED: no OS sandbox)"
    if not ok:
        message = v.get("message", "")
        problem = message.split("first problem: ", 1)[1] if "first problem: " in message else message
        raise AutograderTestFailed(f"{line}; {problem}" if problem else line)
    print(line)
