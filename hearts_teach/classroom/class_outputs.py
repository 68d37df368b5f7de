"""The grader's outputs beside the CSV: ``--report``, ``--feedback`` and ``--lms`` (``grade_command.main``
checks them before grading anyone and writes them after the summary; the command line hands
this module to it, so that the grader imports none of the writers)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hearts_teach.classroom.grader import Row
from hearts_teach.classroom.lms_export import SYSTEMS
from hearts_teach.classroom.output_paths import check_output, folder_problem


def check_outputs(args: Any) -> None:
    """Refuse, with a one-line ``ValueError``, what could not be written, before any work."""
    if getattr(args, "report", None):
        check_output(args.report, "--report")
    lms = getattr(args, "lms", None)
    if lms:
        system, path = lms
        if system not in SYSTEMS:
            raise ValueError(f"--lms {system}: the gradebook formats are {' and '.join(SYSTEMS)} (--lms canvas FILE)")
        check_output(path, f"--lms {system}")
    folder = getattr(args, "feedback", None)
    problem = folder_problem(folder, "--feedback") if folder else ""
    if problem:
        raise ValueError(problem)


def write_outputs(args: Any, rows: list[Row], folder: Path, exercises: list[str]) -> int:
    """Write what was asked for; 0, or 1 with a line on stderr when a file could not be written."""
    import sys

    from hearts_teach.classroom.class_report import write_report
    from hearts_teach.classroom.feedback_files import write_feedback
    from hearts_teach.classroom.lms_export import canvas_ids, write_lms
    from hearts_teach.classroom.submissions import find_submissions

    what = ""
    try:
        if getattr(args, "report", None):
            what = args.report
            write_report(rows, Path(args.report).expanduser())
            print(f"class report: {args.report}")
        if getattr(args, "feedback", None):
            what = args.feedback
            files = write_feedback(rows, Path(args.feedback).expanduser())
            print(f"feedback: {len(files)} files in {args.feedback} (one per student, without the notes for the teacher)")
        if getattr(args, "lms", None):
            system, what = args.lms
            subs = find_submissions(folder, exercises) if folder.is_dir() else {}
            todo = write_lms(system, rows, Path(what).expanduser(), canvas_ids(subs, exercises),
                             excel=getattr(args, "excel", False))
            print(f"{system} gradebook: {what}" + "".join(f"\n  to do before importing: {t}" for t in todo))
    except OSError as e:
        print(f"grade: {what} could not be written ({e.strerror or e}); the summary above is complete: "
              f"free the space and grade again", file=sys.stderr)
        return 1
    return 0

