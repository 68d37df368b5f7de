"""The ``grade`` command: check every option and the grading key before any work, grade the
class here or on a Dask cluster (``--scheduler``, ``grade_cluster``), print the summary, write
the gradebook and the other outputs (``class_outputs``)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from hearts_teach.classroom import grade_cluster, grader
from hearts_teach.classroom.checks.hidden import (
    GradingKeyError,
    need_grading_key,
    where_hidden_cases_come_from,
)
from hearts_teach.classroom.dask_cluster import ClusterError
from hearts_teach.classroom.os_sandbox import OsSandboxMissing, require
from hearts_teach.classroom.output_paths import check_output


def main(args: Any, outputs: Any = None) -> int:
    """The ``grade`` command; ``outputs`` (``class_outputs``) checks and writes --report, --feedback, --lms."""
    folder = Path(args.dir)
    isolate = not getattr(args, "no_os_sandbox", False)
    scheduler = getattr(args, "scheduler", None)
    try:
        grader.check_limits(args.timeout, args.memory, args.jobs)
        if getattr(args, "excel", False) and not (args.csv or getattr(args, "lms", None)):
            raise ValueError("--excel changes how the --csv and --lms files are written: give --csv FILE or --lms too")
        if outputs is not None:
            outputs.check_outputs(args)
        if args.csv:
            check_output(args.csv, "--csv")
        if scheduler is not None and args.jobs != 1:
            raise ValueError("give --jobs or --scheduler, not both: on a cluster each worker thread grades one "
                             "notebook at a time (start the workers with 'dask worker ADDRESS --nthreads N')")
        if scheduler is None:  # on a cluster, every worker's sandbox is checked instead
            require(isolate)
    except (ValueError, OsSandboxMissing) as e:
        print(f"grade: {e}", file=sys.stderr)
        return 2
    if not folder.exists():
        print(f"no such folder: {folder}", file=sys.stderr)
        return 2
    if not any(grader.course().values()):
        print(f"no solution notebooks with checks in {grader.SOLUTIONS}: run the grader from a checkout of the "
              f"repository (it reads what each exercise is graded on from solutions/)", file=sys.stderr)
        return 2
    exercises = grader.graded(grader.course())
    unknown = [n for n in args.notebooks or [] if n not in exercises]
    if unknown:  # a typo would otherwise grade nothing (or everyone "missing" nothing) and say so quietly
        print(f"--notebooks: {', '.join(unknown)} is not an exercise of this course; the exercises are "
              f"{', '.join(sorted(exercises))}", file=sys.stderr)
        return 2
    if folder.is_dir() and not any(grader.find_submissions(folder, exercises).values()):
        loose = sorted(folder.glob("*.ipynb"))
        hint = (f"; it holds {len(loose)} notebook(s) itself: to grade one student, give the class folder "
                f"(one folder per student) or one notebook file ({loose[0]})" if loose else "")
        print(f"no submissions in {folder}: the grader looks for {folder}/STUDENT/*.ipynb (or nbgrader's "
              f"submitted/STUDENT/ASSIGNMENT/*.ipynb){hint}", file=sys.stderr)
        return 2
    try:  # the hidden cases need the grading key: a missing or broken one is said before any work
        hidden_cases = where_hidden_cases_come_from()
        need_grading_key()
    except GradingKeyError as e:
        print(f"grade: {e}", file=sys.stderr)
        return 2
    client = None
    if scheduler is not None:  # the address, the workers, their sandbox and their package: checked before any work
        try:
            client, workers = grade_cluster.open_cluster(scheduler, isolate)
        except ClusterError as e:
            print(f"grade: {e}", file=sys.stderr)
            return 2
        where = f"on the Dask cluster at {scheduler}, {workers} worker{'s' if workers != 1 else ''}"
    else:
        where = f"{args.jobs} job{'s' if args.jobs != 1 else ''}"
    start = time.monotonic()
    try:
        rows = grader.grade_class(folder, timeout=args.timeout, jobs=args.jobs, memory_mb=args.memory,
                                  only=args.notebooks or None, isolate=isolate,
                                  runner=grade_cluster.on_cluster(client) if client is not None else None)
    except ClusterError as e:  # a worker that joined later, set up unlike the others
        print(f"grade: {e}; nothing was written", file=sys.stderr)
        return 1
    finally:
        if client is not None:
            client.close()
    print(grader.summary(rows))
    print(f"graded in {time.monotonic() - start:.1f} s ({where}, {args.timeout:g} s per notebook)")
    print(hidden_cases)
    if args.csv:
        try:
            grader.write_csv(rows, Path(args.csv), excel=getattr(args, "excel", False))
        except OSError as e:  # a full disk, say: checked at the start, it can still fail at the end
            print(f"grade: the gradebook could not be written to {args.csv} ({e.strerror or e}); "
                  f"the summary above is complete: free the space and grade again", file=sys.stderr)
            return 1
        print(f"gradebook: {args.csv} ({len(rows)} rows: {', '.join(grader.COLUMNS)})")
    return outputs.write_outputs(args, rows, folder, exercises) if outputs is not None else 0
