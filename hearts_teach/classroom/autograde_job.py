"""The grader process behind nbgrader's test cells (``python -I -m hearts_teach.classroom.autograde_job``).

``autograde.verify`` (run in the student's kernel) starts this process with the job on stdin:
the check, the function's name and the sources of the cells run so far. It grades them with
the class grader (``grader.grade_sources``: expected answers computed here, the student's
code in the OS sandbox) and prints one JSON verdict. It is its own module so that
``autograde``, which the checkers import in every notebook, does not import the grader
(which imports the checkers).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from hearts_teach.classroom.autograde import NO_SANDBOX
from hearts_teach.classroom.checks.hidden import GradingKeyError
from hearts_teach.classroom.grader import Expect, course, grade_sources, prepare
from hearts_teach.classroom.os_sandbox import OsSandboxMissing, PackageSnapshot

AUTOGRADE = b"NBGRADER_EXECUTION=autograde"  # set by nbgrader autograde in the kernel it starts


def autograding(kernel: int | None = None) -> bool:
    """Whether ``nbgrader autograde`` started the kernel that asked (this process's parent).

    Read from the kernel's start environment, which the notebook's code cannot rewrite the way it
    can ``os.environ``; where /proc exists but that cannot be read, yes (the hidden cases are
    graded rather than passed unseen). Without /proc (macOS) the environment we were given."""
    if not Path("/proc/self/environ").exists():
        return os.environ.get("NBGRADER_EXECUTION") == "autograde"
    try:
        start = Path(f"/proc/{kernel or os.getppid()}/environ").read_bytes()
    except OSError:
        return True
    return AUTOGRADE in start.split(b"\0")


def main() -> int:
    """The grader process: read the job from stdin, print one JSON verdict."""
    job = json.loads(sys.stdin.read())
    if job.get("hidden") and not autograding():
        print(json.dumps({"later": True}))  # the hidden cases are graded under nbgrader autograde only
        return 0
    item = Expect(str(job["check"]), str(job["function"]))
    try:
        prepared = prepare([item], hidden_cases=bool(job.get("hidden")))  # a visible test needs no key
    except (KeyError, GradingKeyError) as exc:  # no such check; the teacher's grading key unreadable
        print(json.dumps({"error": str(exc.args[0])}))
        return 0
    isolate = job.get("isolate", True) is not False
    # the sandbox shows a copy of the package alone, as the class grader's does: never the folder
    # it is installed from, which in a checkout holds solutions/ and tests/ beside it
    snapshot = PackageSnapshot()
    try:
        rows = grade_sources("-", "-", [str(s) for s in job["sources"]], [item], prepared, course(),
                             timeout=120.0, memory_mb=2048, isolate=isolate, package=snapshot.path)
    except OsSandboxMissing as exc:  # the cell fails with the fix named, never runs unisolated quietly
        print(json.dumps({"error": str(exc).replace("pass --no-os-sandbox", f"set {NO_SANDBOX}=1")}))
        return 0
    finally:
        snapshot.close()
    r = rows[0]
    print(json.dumps({"status": r.status, "passed": r.passed, "total": r.total, "message": r.message,
                      "parts": list(r.parts) if r.parts else [r.passed, r.total, 0, 0], "isolated": isolate}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
